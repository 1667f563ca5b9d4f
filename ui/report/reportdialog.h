#pragma once

#include "report/reportdocument.h"
#include "report/reportinput.h"
#include "report/reportoptions.h"

#include <QDialog>
#include <QHash>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTextBrowser;
class QTimer;
class RunListModel;

/// File > Export Report… (Ctrl+E): built from what the window shows now. The runs and baseline
/// start as selected in the Parity dock, the environment, topology, config, porting and tensor
/// results come from their docks; a section without input is greyed with the reason. The preview
/// and the export go through the same ReportGenerator as `portbench-cli report`, in the language
/// chosen here (the interface's by default).
class ReportDialog : public QDialog
{
    Q_OBJECT

public:
    /// What the other docks hold when the dialog opens.
    struct Context
    {
        int baselineId = -1; ///< the Parity dock's baseline (RunListModel id); -1 = none selected
        QList<int> candidateIds; ///< the Parity dock's candidates; empty = none selected
        ReportInput results; ///< environment, topology, config, porting and tensors; its runs are unused
        /// The Parity dock's result while it is current (not outdated): the report shows it as is
        /// while the dialog's baseline, runs and preset are the ones it compared.
        std::optional<ParityResult> parity;
        double smoothing = 0.6; ///< the Charts dock's smoothing, the figures' starting one
    };

    explicit ReportDialog(const RunListModel &runs, const Context &context, QWidget *parent = nullptr);

    /// Run ids the report includes (checked in the Runs list), in the Runs dock's order.
    QList<int> includedRuns() const;
    int baselineId() const;
    /// Why a section cannot be included; empty when it has input.
    QString missingInput(ReportOptions::Section section) const;

    /// The report's language ("en", "zh_CN"); it starts as the user interface's.
    QString language() const;
    /// The document for the current choices (what the preview shows and Export writes), built
    /// by ReportGenerator in the chosen language.
    ReportDocument document() const;
    /// Exports to path by suffix; returns an error, empty on success.
    QString exportTo(const QString &path);

Q_SIGNALS:
    void message(const QString &text);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void refreshPreview();
    /// Greys the sections without input (again after the runs' choice changed).
    void updateSections();
    void exportWithDialog();
    ReportOptions options() const;
    /// The context's results with the included runs, their offsets, colours and baseline.
    ReportInput input() const;
    /// True while the baseline, runs and preset chosen are those of the Parity dock's result.
    bool showsPanelParity() const;

    const RunListModel &m_runs;
    Context m_context;
    QListWidget *m_runList;
    QHash<int, QCheckBox *> m_sections; ///< by ReportOptions::Section
    QComboBox *m_baseline;
    QComboBox *m_preset;
    QDoubleSpinBox *m_smoothing;
    QLineEdit *m_title;
    QComboBox *m_language;
    QTextBrowser *m_preview;
    QLabel *m_status;
    QLabel *m_runsLabel;
    bool m_paritySelection = false; ///< the runs come from the Parity dock's selection
    QList<QLabel *> m_formLabels; ///< title, baseline, preset, smoothing
    QGroupBox *m_sectionBox;
    QPushButton *m_exportButton;
    QTimer *m_refresh;
};
