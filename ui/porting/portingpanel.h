// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/engines/porting/porttypes.h"

#include <QThreadPool>
#include <QWidget>

#include <atomic>
#include <memory>

class PluginManager;
class QAction;
class PortDiffView;
class PortFindingsFilter;
class PortFindingsModel;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableView;

/// The porting dock: pick a folder (or .py file) and a target, scan off the GUI thread with
/// progress and cancel, browse the findings (filter by severity, file, text), review each file's
/// side-by-side diff, apply to a new tree or in place, export the report.
class PortingPanel : public QWidget
{
    Q_OBJECT

public:
    explicit PortingPanel(const PluginManager &plugins, QWidget *parent = nullptr);
    ~PortingPanel() override;

    /// Sets the source (a dropped folder or .py file) and starts a scan.
    void openPath(const QString &path);
    const Port::Result &result() const { return m_result; }
    PortFindingsModel *model() const { return m_model; }
    PortDiffView *diffView() const { return m_diff; }
    /// True when the findings shown were made for another source, target or direction than the one
    /// now chosen (the summary says so, Apply is off until the next scan).
    bool isResultOutdated() const;

public Q_SLOTS:
    void scan();
    /// Verifies the path as an already ported tree for the selected device (PortChecker).
    void checkPort();
    void cancel();

Q_SIGNALS:
    void scanFinished();
    void message(const LocalizedText &text);

protected:
    void changeEvent(QEvent *event) override;

private:
    /// The summary line of `result`: a port's or a check's (`checking`), marked when `outdated`.
    static QString summaryLine(const Port::Result &result, bool checking, bool outdated);
    /// `result` with the files' texts dropped: what summaryLine() needs, for a message to keep.
    static Port::Result withoutTexts(Port::Result result);
    void retranslateUi();
    void showSummary();
    /// What a scan's findings depend on besides the files' contents.
    QString inputsKey(bool check) const;
    void updateOutdated();
    /// Offers the target's automatic migration import (its porting rules' transferImport), if any.
    void updateAutomaticMigration();
    void start(bool check);
    void setResult(const Port::Result &result);
    void showFile(const QString &path);
    void applyToNewTree();
    void applyInPlace();
    void exportReport();
    void setBusy(bool busy);

    const PluginManager &m_plugins;
    QLineEdit *m_path;
    QComboBox *m_target;
    QCheckBox *m_reverse;
    QCheckBox *m_transfer;
    QPushButton *m_browse;
    QPushButton *m_scan;
    QPushButton *m_check;
    QPushButton *m_cancel;
    QProgressBar *m_progress;
    QLabel *m_summary;
    QLabel *m_showLabel;
    QComboBox *m_file;
    QLineEdit *m_filterText;
    QList<QCheckBox *> m_severityBoxes;
    QTableView *m_table;
    PortFindingsModel *m_model;
    PortFindingsFilter *m_filter;
    PortDiffView *m_diff;
    QPushButton *m_apply;
    QPushButton *m_export;
    QAction *m_writeCopyAction;
    QAction *m_rewriteAction;
    Port::Result m_result;
    QString m_resultInputs; ///< inputsKey() of the scan that made m_result
    int m_generation = 0;
    bool m_checking = false; ///< the result shown is a check of a ported tree, not a port
    std::shared_ptr<std::atomic_bool> m_cancelFlag;
    /// This panel's background jobs. Declared last, so it is destroyed first: the panel waits for
    /// them, and none finishes after it is gone (a crash at exit in cleanupThreadData).
    QThreadPool m_jobs;
};
