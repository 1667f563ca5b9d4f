#pragma once

#include "report/reportdocument.h"

#include <QDialog>
#include <QHash>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QTextBrowser;
class QTimer;
class RunListModel;

/// File > Export Report… (Ctrl+E): choose sections, baseline and parity preset for the runs in the
/// Runs dock, see a preview, and export HTML, PDF or Markdown through the same ReportBuilder and
/// ReportExporter as `portbench-cli report`.
class ReportDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ReportDialog(const RunListModel &runs, QWidget *parent = nullptr);

    /// The document for the current choices (what the preview shows and Export writes).
    ReportDocument document() const;
    /// Exports to path by suffix; returns an error, empty on success.
    QString exportTo(const QString &path);

Q_SIGNALS:
    void message(const QString &text);

private:
    void refreshPreview();
    void exportWithDialog();

    const RunListModel &m_runs;
    QHash<int, QCheckBox *> m_sections; ///< by ReportOptions::Section
    QComboBox *m_baseline;
    QComboBox *m_preset;
    QDoubleSpinBox *m_smoothing;
    QLineEdit *m_title;
    QTextBrowser *m_preview;
    QLabel *m_status;
    QTimer *m_refresh;
};
