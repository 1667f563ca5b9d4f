// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/workflows/report/reportdocument.h"
#include "core/workflows/report/reportinput.h"
#include "core/workflows/report/reportoptions.h"

#include <QDialog>
#include <QHash>
#include <QImage>
#include <QPicture>
#include <QThreadPool>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTextBrowser;
class QTimer;
class ChartFontFallback;
class LoadedRunsModel;
class RunMetrics;

/// File > Export Report… (Ctrl+E): built from what the window shows now. The runs and baseline
/// start as selected in the Parity dock, the environment, topology, config, porting and tensor
/// results come from their docks; a section without input is greyed with the reason. The preview
/// and the export go through the same ReportGenerator as `portbench-cli report`, in the language
/// chosen here (the interface's by default).
///
/// The preview never holds the window: the document is assembled (parity over every point,
/// statistics, curves) on a thread of the dialog's own, then its figures are drawn one per turn of
/// the event loop (charts are a QGraphicsScene: GUI thread only), with progress and a Cancel
/// button; a newer choice or closing the dialog cancels what is under way.
///
/// Export runs on that thread too, with the same progress and Cancel: the report is assembled and
/// written there, its figures drawn on the GUI thread one per turn (ReportFigureRelay), the
/// dialog's choices disabled meanwhile. A cancelled export writes no file.
class ReportDialog : public QDialog
{
    Q_OBJECT

public:
    /// What the other docks hold when the dialog opens.
    struct Context
    {
        int baselineId = -1; ///< the Parity dock's baseline (LoadedRunsModel id); -1 = none selected
        QList<int> candidateIds; ///< the Parity dock's candidates; empty = none selected
        ReportInput results; ///< environment, topology, config, porting and tensors; its runs are unused
        /// The Parity dock's result while it is current (not outdated): the report shows it as is
        /// while the dialog's baseline, runs and preset are the ones it compared.
        std::optional<ParityResult> parity;
        double smoothing = 0.6; ///< the Charts dock's smoothing, the figures' starting one
        /// The presets the preset box lists (the plugins' and core's): the Parity dock's set.
        ParityPresets parityPresets;
    };

    explicit ReportDialog(const LoadedRunsModel &runs, const Context &context, QWidget *parent = nullptr);
    /// Cancels an assembly under way and waits for it to stop.
    ~ReportDialog() override;

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
    /// Starts exporting to path by suffix in the background (a preview under way is stopped and
    /// built again after); exported() tells how it went.
    void exportTo(const QString &path);

    /// Whether a preview is being built or drawn now.
    bool isPreviewing() const;
    /// Whether an export is under way.
    bool isExporting() const { return m_exporting; }
    /// Called on the thread that assembles the preview's or the export's document, before it does
    /// (a test sees which thread, or holds the assembly there).
    void setAssemblyHook(const std::function<void()> &hook) { m_assemblyHook = hook; }

Q_SIGNALS:
    void message(const LocalizedText &text);
    /// The preview shows the current choices.
    void previewReady();
    /// An export finished: error is empty when the report was written, else why not (also when
    /// it was cancelled; then nothing was written).
    void exported(const QString &path, const QString &error);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    /// Starts a preview of the current choices in the background, cancelling the one under way.
    void refreshPreview();
    /// Draws the next figure of the assembled document (a chart as a picture), or fills the charts'
    /// images when all are drawn.
    void drawNextFigure(quint64 generation);
    /// Fills the charts' images from their pictures in the background, then writes the preview.
    void fillFigures(quint64 generation);
    /// Shows the Markdown of the assembled document with the drawn figures.
    void writePreview();
    void cancelPreview();
    /// The end of an export: its message, the choices enabled again, the preview if it is due.
    void finishExport(const QString &path, const QString &error, bool cancelled);
    /// Disables the choices and Export while an export is under way; names what Cancel stops.
    void setExporting(bool exporting);
    /// The progress row: visible with text while a preview is built, hidden with maximum < 0.
    void setProgress(const QString &text, int value, int maximum);
    /// Greys the sections without input (again after the runs' choice changed).
    void updateSections();
    void exportWithDialog();
    ReportOptions options() const;
    /// The context's results with the included runs, their offsets, colours and baseline.
    ReportInput input() const;
    /// input() for a job on another thread: its runs are copies, kept alive by copies, since a
    /// followed run grows in the model meanwhile.
    ReportInput jobInput(std::vector<std::shared_ptr<const RunMetrics>> *copies) const;
    /// True while the baseline, runs and preset chosen are those of the Parity dock's result.
    bool showsPanelParity() const;

    const LoadedRunsModel &m_runs;
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
    QProgressBar *m_progress;
    QPushButton *m_cancelButton;
    std::function<void()> m_assemblyHook;
    quint64 m_generation = 0; ///< of the preview under way: a result of an older one is dropped
    bool m_previewing = false;
    bool m_exporting = false;
    /// A preview was stopped or asked for while exporting: built when the export is done.
    bool m_previewAfterExport = false;
    /// Tells the assembly under way to stop (checked between its sections).
    std::shared_ptr<std::atomic<bool>> m_cancel;
    ReportDocument m_previewDocument; ///< assembled; its figures are being drawn
    QHash<QString, QImage> m_figureImages; ///< by figure id, drawn so far
    QHash<QString, QPicture> m_figurePictures; ///< charts by figure id, recorded so far, not yet filled
    /// Held from before an export's job starts until after it ended: it changes process-wide
    /// font substitutions, which the job's thread reads. Declared before m_jobs, so it outlives
    /// a job the closing dialog waits for.
    std::unique_ptr<ChartFontFallback> m_chartFonts;
    /// The previews are assembled here. Declared last, so it is destroyed first: the dialog waits
    /// for an assembly under way (cancelled), and none finishes after it is gone.
    QThreadPool m_jobs;
};
