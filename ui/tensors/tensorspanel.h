// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/sources/tensors/tensordumpreport.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class TensorComparisonModel;

/// The Parity dock's Tensors tab: msprobe-style comparison of two tensor dumps (torch.save files
/// with libtorch, safetensors files, or folders of them), the same core as `portbench-cli tensors`.
/// Reading and comparing run off the GUI thread; the table is a TensorComparisonModel.
class TensorsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit TensorsPanel(QWidget *parent = nullptr);
    ~TensorsPanel() override;

    /// Reads both sides and compares them (a request while one runs replaces it when it ends).
    void compareFiles(const QString &baseline, const QString &candidate);
    const TensorDumpReport &report() const { return m_report; }
    TensorComparisonModel *model() const { return m_model; }

Q_SIGNALS:
    void message(const LocalizedText &text);
    /// A comparison ended; the report is empty when a side could not be read (see message()).
    void compared();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Outcome;
    /// The widgets of one side's row in the form.
    struct Row
    {
        QLabel *label;
        QPushButton *file;
        QPushButton *folder;
    };
    void retranslateUi();
    /// Shows the outcome in the verdict line.
    void showVerdict(const Outcome &outcome);
    /// A comparison's verdict line, in the language of now.
    static QString verdictText(const TensorDumpReport &report);
    void browse(QLineEdit *edit);
    void compareEntered();
    void showOutcome(const Outcome &outcome);

    QLineEdit *m_baseline;
    QLineEdit *m_candidate;
    QPushButton *m_compare;
    QLabel *m_verdict;
    QList<Row> m_rows; ///< baseline, candidate
    QTableView *m_table;
    TensorComparisonModel *m_model;
    TensorDumpReport m_report;
    QFutureWatcher<void> m_watcher;
    std::shared_ptr<Outcome> m_outcome; ///< what the running comparison fills
    QStringList m_queued; ///< baseline, candidate asked for while a comparison ran
};
