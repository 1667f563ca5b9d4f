// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportdialog.h"

#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/base/i18n/translationcatalog.h"
#include "core/engines/parity/paritypresets.h"
#include "core/workflows/report/reportgenerator.h"
#include "core/workflows/report/reportlanguagescope.h"
#include "core/workflows/report/reportmarkdownwriter.h"
#include "chartfontfallback.h"
#include "reportexporter.h"
#include "reportfigurepainter.h"
#include "reportfigurerelay.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPixmap>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <vector>

namespace {

/// The preview's figures are the images the dialog drew, not PNG files (encoding and decoding
/// them took longer than drawing): the Markdown writer learns only that each was drawn, as the
/// figure's id in place of its bytes, and the preview takes the image from that id.
class DrawnFigures : public ReportFigureRenderer
{
public:
    explicit DrawnFigures(const QHash<QString, QImage> &images)
        : m_images(images)
    { }
    QString svg(const ReportDocument::Figure &) override { return {}; }
    QByteArray png(const ReportDocument::Figure &figure) override
    {
        return m_images.contains(figure.id) ? figure.id.toUtf8() : QByteArray();
    }

private:
    const QHash<QString, QImage> &m_images;
};

} // namespace

ReportDialog::ReportDialog(const LoadedRunsModel &runs, const Context &context, QWidget *parent)
    : QDialog(parent)
    , m_runs(runs)
    , m_context(context)
    , m_runList(new QListWidget(this))
    , m_baseline(new QComboBox(this))
    , m_preset(new QComboBox(this))
    , m_smoothing(new QDoubleSpinBox(this))
    , m_title(new QLineEdit(this))
    , m_language(new QComboBox(this))
    , m_preview(new QTextBrowser(this))
    , m_status(new QLabel(this))
    , m_refresh(new QTimer(this))
    , m_progress(new QProgressBar(this))
    , m_cancelButton(new QPushButton(this))
{
    // Fits a 1366×768 screen with the window's frame and the desktop's panel.
    resize(1100, 660);

    m_sectionBox = new QGroupBox(this);
    auto *sectionLayout = new QVBoxLayout(m_sectionBox);
    for (ReportOptions::Section s : ReportOptions::allSections()) {
        auto *box = new QCheckBox(m_sectionBox);
        box->setChecked(true);
        sectionLayout->addWidget(box);
        m_sections.insert(int(s), box);
        connect(box, &QCheckBox::toggled, m_refresh, qOverload<>(&QTimer::start));
    }
    sectionLayout->addStretch();

    // The runs: those compared in the Parity dock when it has a selection, else the first seven
    // (a baseline and the at most six candidates a parity comparison takes).
    m_paritySelection = m_context.baselineId >= 0 && !m_context.candidateIds.isEmpty();
    const bool paritySelection = m_paritySelection;
    m_baseline->addItem(QString(), -1); // "None", named in retranslateUi()
    m_runList->setObjectName(QStringLiteral("ReportRuns"));
    for (int row = 0; row < m_runs.rowCount(); ++row) {
        const int id = m_runs.idAt(row);
        m_baseline->addItem(m_runs.run(id)->name, id);
        auto *item = new QListWidgetItem(m_runs.run(id)->name, m_runList);
        item->setData(Qt::UserRole, id);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        const bool included
            = paritySelection ? (id == m_context.baselineId || m_context.candidateIds.contains(id)) : row < 7;
        item->setCheckState(included ? Qt::Checked : Qt::Unchecked);
        item->setForeground(QColor::fromRgba(m_runs.color(id)));
    }
    if (paritySelection)
        m_baseline->setCurrentIndex(std::max(0, m_baseline->findData(m_context.baselineId)));
    else if (m_runs.rowCount() > 1)
        m_baseline->setCurrentIndex(1);
    connect(m_runList, &QListWidget::itemChanged, this, [this] {
        updateSections();
        m_refresh->start();
    });
    m_preset->addItems(m_context.parityPresets.names());
    m_preset->setCurrentText(m_context.parity ? m_context.parity->options.preset
                                              : m_context.parityPresets.defaultName());
    m_smoothing->setRange(0, 0.999);
    m_smoothing->setSingleStep(0.05);
    m_smoothing->setDecimals(3);
    m_smoothing->setValue(m_context.smoothing); // the figures start as the charts on screen
    // The report's language starts as the window's; a Chinese team may still send an English report.
    for (const QString &language : TranslationCatalog::languages())
        m_language->addItem(TranslationCatalog::nativeName(language), language);
    m_language->setObjectName(QStringLiteral("ReportLanguage"));
    m_language->setCurrentIndex(std::max(0, m_language->findData(TranslationCatalog::current())));

    auto *form = new QFormLayout;
    for (QWidget *field : std::initializer_list<QWidget *>{m_title, m_baseline, m_preset, m_smoothing, m_language}) {
        auto *label = new QLabel(this);
        label->setBuddy(field);
        form->addRow(label, field);
        m_formLabels << label;
    }

    auto *left = new QVBoxLayout;
    left->addLayout(form);
    m_runsLabel = new QLabel(this);
    left->addWidget(m_runsLabel);
    left->addWidget(m_runList, 1);
    left->addWidget(m_sectionBox);
    auto *body = new QHBoxLayout;
    body->addLayout(left);
    body->addWidget(m_preview, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_exportButton = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    connect(m_exportButton, &QPushButton::clicked, this, &ReportDialog::exportWithDialog);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    m_status->setObjectName(QStringLiteral("ReportStatus"));
    m_progress->setObjectName(QStringLiteral("ReportProgress"));
    m_progress->hide();
    m_cancelButton->hide();
    connect(m_cancelButton, &QPushButton::clicked, this, [this] {
        if (m_exporting) {
            // The job ends at its next look at the flag; finishExport() says so.
            m_cancel->store(true);
            setProgress(tr("Cancelling the export…"), 0, 0);
            m_cancelButton->setEnabled(false);
            return;
        }
        cancelPreview();
        m_status->setText(tr("Preview cancelled; change a choice to build it again."));
    });
    auto *statusRow = new QHBoxLayout;
    statusRow->addWidget(m_status, 1);
    statusRow->addWidget(m_progress);
    statusRow->addWidget(m_cancelButton);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(body, 1);
    layout->addLayout(statusRow);
    layout->addWidget(buttons);

    m_refresh->setSingleShot(true);
    m_refresh->setInterval(300);
    connect(m_refresh, &QTimer::timeout, this, &ReportDialog::refreshPreview);
    connect(m_baseline, &QComboBox::currentIndexChanged, this, [this] {
        updateSections();
        m_refresh->start();
    });
    connect(m_preset, &QComboBox::currentIndexChanged, m_refresh, qOverload<>(&QTimer::start));
    connect(m_smoothing, &QDoubleSpinBox::valueChanged, m_refresh, qOverload<>(&QTimer::start));
    connect(m_title, &QLineEdit::textChanged, m_refresh, qOverload<>(&QTimer::start));
    connect(m_language, &QComboBox::currentIndexChanged, m_refresh, qOverload<>(&QTimer::start));
    retranslateUi();
}

ReportDialog::~ReportDialog()
{
    if (m_cancel)
        m_cancel->store(true); // m_jobs, destroyed first, then waits for less
}

void ReportDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

void ReportDialog::retranslateUi()
{
    setWindowTitle(tr("Export Report"));
    m_sectionBox->setTitle(tr("Sections"));
    m_baseline->setItemText(0, tr("None (no parity)"));
    m_baseline->setToolTip(tr("The reference run (usually CUDA); every other run is compared with it (at most six)."));
    m_runList->setToolTip(
        tr("The runs in the report; a parity comparison takes a baseline and at most six candidates."));
    // The presets the loaded plugins bring beside core's, each with its source.
    QStringList presets{tr("Parity criteria (default %1):").arg(m_context.parityPresets.defaultName())};
    for (const ParityPreset &preset : m_context.parityPresets.all())
        presets << QStringLiteral("%1 — %2").arg(preset.name, preset.source);
    m_preset->setToolTip(presets.join(QLatin1Char('\n')));
    m_smoothing->setToolTip(tr("EMA weight of the smoothed curves; the raw curve is drawn faint behind them."));
    m_title->setPlaceholderText(tr("PortBench report"));
    m_language->setToolTip(
        tr("The language of the report's text; numbers are written the same way in every language."));
    const QStringList labels = {tr("&Title:"), tr("&Baseline:"), tr("&Preset:"), tr("&Smoothing:"), tr("&Language:")};
    for (int i = 0; i < m_formLabels.size(); ++i)
        m_formLabels.at(i)->setText(labels.at(i));
    m_runsLabel->setText(m_paritySelection ? tr("Runs (as selected in the Parity panel):") : tr("Runs:"));
    m_exportButton->setText(tr("&Export…"));
    m_exportButton->setToolTip(tr("HTML (self-contained), PDF (A4) or Markdown with PNG figures beside it"));
    m_cancelButton->setText(m_exporting ? tr("Cancel Export") : tr("Cancel Preview"));
    updateSections();
    m_refresh->start(0); // the preview is written in the language of the moment
}

QList<int> ReportDialog::includedRuns() const
{
    QList<int> ids;
    for (int row = 0; row < m_runList->count(); ++row) {
        if (m_runList->item(row)->checkState() == Qt::Checked)
            ids << m_runList->item(row)->data(Qt::UserRole).toInt();
    }
    return ids;
}

int ReportDialog::baselineId() const
{
    return m_baseline->currentData().toInt();
}

QString ReportDialog::missingInput(ReportOptions::Section section) const
{
    const ReportInput &r = m_context.results;
    const QList<int> runs = includedRuns();
    switch (section) {
    case ReportOptions::Section::Summary: return {};
    case ReportOptions::Section::Environment:
        return r.environment ? QString() : tr("No environment check yet: run one in the Environment panel.");
    case ReportOptions::Section::Topology:
        return r.topology ? QString() : tr("No topology: probe this machine or open a capture in the Topology panel.");
    case ReportOptions::Section::Config:
        return r.config ? QString()
                        : tr("No training config: the Training Config panel holds its untouched defaults. Import "
                             "or edit one there to report it.");
    case ReportOptions::Section::Runs:
    case ReportOptions::Section::Charts:
        return runs.isEmpty() ? tr("No runs included: load runs in the Runs panel and tick them here.") : QString();
    case ReportOptions::Section::Parity:
        if (!runs.contains(baselineId()))
            return tr("No baseline among the included runs: choose one above or in the Parity panel.");
        if (runs.size() < 2)
            return tr("No candidate: include a second run.");
        if (runs.size() > 7)
            return tr("%1 candidates included; a parity comparison takes at most six.").arg(runs.size() - 1);
        return {};
    case ReportOptions::Section::Porting:
        return r.portReport.isEmpty() ? tr("No porting scan: scan a script or folder in the Porting panel.")
                                      : QString();
    case ReportOptions::Section::Tensors:
        return r.tensorsReport.isEmpty() ? tr("No tensor comparison: compare two dumps in the Tensors panel.")
                                         : QString();
    }
    return {};
}

void ReportDialog::updateSections()
{
    for (ReportOptions::Section s : ReportOptions::allSections()) {
        QCheckBox *box = m_sections.value(int(s));
        const QString why = missingInput(s);
        box->setEnabled(why.isEmpty());
        box->setToolTip(why.isEmpty() ? tr("Include this section") : why);
        box->setText(why.isEmpty() ? ReportOptions::sectionTitle(s)
                                   : tr("%1 — no input").arg(ReportOptions::sectionTitle(s)));
    }
}

QString ReportDialog::language() const
{
    return m_language->currentData().toString();
}

ReportOptions ReportDialog::options() const
{
    ReportOptions options;
    options.sections.clear();
    for (ReportOptions::Section s : ReportOptions::allSections()) {
        const QCheckBox *box = m_sections.value(int(s));
        if (box->isChecked() && box->isEnabled())
            options.sections << s;
    }
    options.title = m_title->text();
    options.smoothing = m_smoothing->value();
    options.parity = ParityOptions::forPreset(m_context.parityPresets, m_preset->currentText());
    options.language = language();
    return options;
}

ReportInput ReportDialog::input() const
{
    ReportInput input = m_context.results;
    input.runs.clear();
    input.stepOffsets.clear();
    input.colors.clear();
    const int baselineId = this->baselineId();
    const QList<int> included = includedRuns();
    for (const int id : included) {
        if (id == baselineId)
            input.baseline = int(input.runs.size());
        input.runs << m_runs.run(id);
        input.stepOffsets << m_runs.stepOffset(id);
        input.colors << m_runs.color(id);
    }
    if (showsPanelParity())
        input.parity = m_context.parity;
    return input;
}

bool ReportDialog::showsPanelParity() const
{
    if (!m_context.parity || baselineId() != m_context.baselineId)
        return false;
    QList<int> compared = m_context.candidateIds;
    compared << m_context.baselineId;
    QList<int> included = includedRuns();
    std::sort(compared.begin(), compared.end());
    std::sort(included.begin(), included.end());
    return included == compared && m_preset->currentText() == m_context.parity->options.preset;
}

ReportInput ReportDialog::jobInput(std::vector<std::shared_ptr<const RunMetrics>> *copies) const
{
    ReportInput input = this->input();
    for (const RunMetrics *&run : input.runs) {
        copies->push_back(std::make_shared<const RunMetrics>(*run));
        run = copies->back().get();
    }
    return input;
}

ReportDocument ReportDialog::document() const
{
    return ReportGenerator(options()).build(input());
}

bool ReportDialog::isPreviewing() const
{
    return m_previewing;
}

void ReportDialog::refreshPreview()
{
    if (m_exporting) {
        m_previewAfterExport = true; // the export's job holds m_cancel
        return;
    }
    cancelPreview();
    const quint64 generation = m_generation;
    m_previewing = true;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancel;
    std::vector<std::shared_ptr<const RunMetrics>> runs;
    const ReportInput input = jobInput(&runs);
    setProgress(tr("Assembling the report…"), 0, 0);
    ReportLanguageScope::serveOtherThreads();
    (void)QtConcurrent::run(&m_jobs, [options = options(), input, runs, cancel, hook = m_assemblyHook] {
        if (hook)
            hook();
        ReportDocument doc = ReportGenerator(options).build(input, nullptr, [cancel] { return cancel->load(); });
        // The figures are drawn on the GUI thread, one a turn: from no more points than they show.
        for (ReportDocument::Figure &figure : doc.figures)
            figure = ReportFigurePainter::thinned(std::move(figure), figure.size.width());
        return doc;
    }).then(this, [this, generation](const ReportDocument &doc) {
        if (generation != m_generation)
            return; // cancelled, or a newer preview is under way
        m_previewDocument = doc;
        m_figureImages.clear();
        m_figurePictures.clear();
        drawNextFigure(generation);
    });
}

void ReportDialog::drawNextFigure(quint64 generation)
{
    if (generation != m_generation)
        return;
    const QVector<ReportDocument::Figure> &figures = m_previewDocument.figures;
    const int drawn = int(m_figureImages.size() + m_figurePictures.size());
    if (drawn == figures.size()) {
        fillFigures(generation);
        return;
    }
    setProgress(tr("Drawing figure %1 of %2…").arg(drawn + 1).arg(figures.size()), drawn, int(figures.size()));
    const ReportDocument::Figure &figure = figures.at(drawn);
    if (figure.kind == ReportDocument::Figure::Kind::Chart)
        m_figurePictures.insert(figure.id, ReportFigurePainter::picture(figure));
    else
        m_figureImages.insert(figure.id, ReportFigurePainter::image(figure));
    // One figure per turn of the event loop: the window repaints and Cancel is heard in between.
    QTimer::singleShot(0, this, [this, generation] { drawNextFigure(generation); });
}

void ReportDialog::fillFigures(quint64 generation)
{
    // The pixels of the charts (noisy curves of a million-step run: 80 ms a chart) are filled
    // from their pictures on the preview's thread.
    QHash<QString, QSize> sizes;
    for (const ReportDocument::Figure &figure : std::as_const(m_previewDocument.figures))
        sizes.insert(figure.id, figure.size);
    (void)QtConcurrent::run(&m_jobs, [pictures = std::exchange(m_figurePictures, {}), sizes] {
        QHash<QString, QImage> images;
        for (auto it = pictures.cbegin(); it != pictures.cend(); ++it)
            images.insert(it.key(), ReportFigurePainter::rasterized(it.value(), sizes.value(it.key())));
        return images;
    }).then(this, [this, generation](const QHash<QString, QImage> &images) {
        if (generation != m_generation)
            return;
        m_figureImages.insert(images);
        writePreview();
    });
}

void ReportDialog::writePreview()
{
    // The preview is the Markdown form with its figures as document resources: QTextBrowser
    // cannot show inline SVG, and this way the preview is what the Markdown export writes.
    // The Markdown writer's own words (date, overall verdict) in the report's language too.
    const ReportLanguageScope scope(language());
    DrawnFigures figures(m_figureImages);
    const ReportMarkdownWriter::Output out
        = ReportMarkdownWriter::write(m_previewDocument, &figures, QStringLiteral("preview"));
    // Read into a document of its own, then shown: setMarkdown() on the shown one laid its tables
    // out again for every cell it added (1.5 s for six runs), this lays out what is in view.
    auto *document = new QTextDocument(m_preview);
    document->setMarkdown(out.markdown); // clears the resources: the figures come after it
    // Each figure a pixmap, made once: the browser takes a QImage resource as a pixmap again at
    // every look at it while laying out (0.5 s of layout for six runs, in turns of the event loop
    // of up to 175 ms, against 10 ms now). Taken, not copied, the image becomes the pixmap in place.
    for (const auto &[name, id] : out.files) {
        QImage image = m_figureImages.take(QString::fromUtf8(id));
        image.setDevicePixelRatio(2.0 * 900 / std::max(300, m_preview->viewport()->width() - 30));
        document->addResource(QTextDocument::ImageResource, QUrl(name), QPixmap::fromImage(std::move(image)));
    }
    // The browser deletes the document it made itself, not one of ours (the previous preview).
    const QPointer<QTextDocument> shown = m_preview->document();
    m_preview->setDocument(document);
    if (shown && shown->parent() == m_preview)
        delete shown;

    const int runCount = int(includedRuns().size());
    const QString verdict = m_previewDocument.verdict;
    m_previewing = false;
    m_previewDocument = ReportDocument();
    m_figureImages.clear();
    setProgress(verdict.isEmpty() ? tr("%n run(s)", nullptr, runCount)
                                  : tr("%n run(s) — verdict %1", nullptr, runCount).arg(verdict),
                0, -1);
    Q_EMIT previewReady();
}

void ReportDialog::cancelPreview()
{
    ++m_generation;
    if (m_cancel)
        m_cancel->store(true);
    m_cancel.reset();
    m_previewing = false;
    m_previewDocument = ReportDocument();
    m_figureImages.clear();
    m_figurePictures.clear();
    setProgress(m_status->text(), 0, -1);
}

void ReportDialog::setProgress(const QString &text, int value, int maximum)
{
    m_status->setText(text);
    const bool working = maximum >= 0;
    m_progress->setVisible(working);
    m_cancelButton->setVisible(working);
    if (working) {
        m_progress->setRange(0, maximum);
        m_progress->setValue(value);
    }
}

void ReportDialog::exportTo(const QString &path)
{
    if (m_exporting)
        return;
    m_previewAfterExport = m_previewing;
    m_refresh->stop();
    cancelPreview();
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancel;
    std::vector<std::shared_ptr<const RunMetrics>> runs;
    const ReportInput input = jobInput(&runs);
    const ReportOptions options = this->options();
    setExporting(true);
    setProgress(tr("Assembling the report…"), 0, 0);
    m_chartFonts = std::make_unique<ChartFontFallback>(options.language);
    ReportLanguageScope::serveOtherThreads();
    const QString name = QFileInfo(path).fileName();
    auto figures = std::make_shared<ReportFigureRelay>(this, cancel, [this, name](int drawn, int count) {
        if (drawn < count)
            setProgress(tr("Drawing figure %1 of %2…").arg(drawn + 1).arg(count), drawn, count);
        else
            setProgress(tr("Writing %1…").arg(name), 0, 0);
    });
    (void)QtConcurrent::run(&m_jobs, [options, input, runs, path, cancel, figures, hook = m_assemblyHook] {
        if (hook)
            hook();
        return ReportGenerator(options)
            .write(input, path,
                   [&](const ReportDocument &doc, const QString &file, QStringList *written) {
                       figures->setFigureCount(int(doc.figures.size()));
                       return ReportExporter::write(
                           doc, file, *figures, [&cancel] { return cancel->load(); }, written);
                   })
            .error;
    }).then(this, [this, path, cancel](const QString &error) { finishExport(path, error, cancel->load()); });
}

void ReportDialog::finishExport(const QString &path, const QString &error, bool cancelled)
{
    m_chartFonts.reset(); // the job is over: nothing else reads the substitutions now
    m_cancel.reset();
    setExporting(false);
    // Cancelled after its last look at the flag, the export was written all the same.
    const QString why = error.isEmpty() || !cancelled ? error : tr("Export cancelled; nothing was written.");
    setProgress(why.isEmpty() ? tr("Wrote %1").arg(path) : why, 0, -1);
    if (why.isEmpty())
        Q_EMIT message([path] { return tr("Report written to %1").arg(path); });
    if (m_previewAfterExport) {
        m_previewAfterExport = false;
        m_refresh->start(0);
    }
    Q_EMIT exported(path, why);
}

void ReportDialog::setExporting(bool exporting)
{
    m_exporting = exporting;
    for (QWidget *choice : std::initializer_list<QWidget *>{m_title, m_baseline, m_preset, m_smoothing, m_language,
                                                            m_runList, m_sectionBox, m_exportButton})
        choice->setEnabled(!exporting);
    m_cancelButton->setEnabled(true);
    m_cancelButton->setText(exporting ? tr("Cancel Export") : tr("Cancel Preview"));
}

void ReportDialog::exportWithDialog()
{
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Export Report"), QStringLiteral("report.html"),
                                       tr("HTML (*.html);;PDF (*.pdf);;Markdown with PNG figures (*.md)"));
    if (path.isEmpty())
        return;
    exportTo(path);
}
