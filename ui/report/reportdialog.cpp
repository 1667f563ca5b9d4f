#include "reportdialog.h"

#include "charts/runlistmodel.h"
#include "report/reportbuilder.h"
#include "report/reportmarkdownwriter.h"
#include "reportexporter.h"
#include "reportfigurepainter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTextBrowser>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

ReportDialog::ReportDialog(const RunListModel &runs, QWidget *parent)
    : QDialog(parent)
    , m_runs(runs)
    , m_baseline(new QComboBox(this))
    , m_preset(new QComboBox(this))
    , m_smoothing(new QDoubleSpinBox(this))
    , m_title(new QLineEdit(this))
    , m_preview(new QTextBrowser(this))
    , m_status(new QLabel(this))
    , m_refresh(new QTimer(this))
{
    setWindowTitle(tr("Export Report"));
    resize(1100, 760);

    auto *sections = new QGroupBox(tr("Sections"), this);
    auto *sectionLayout = new QVBoxLayout(sections);
    for (ReportOptions::Section s : ReportOptions::allSections()) {
        auto *box = new QCheckBox(ReportOptions::sectionTitle(s), sections);
        box->setChecked(true);
        box->setToolTip(tr("Sections without input (no environment report, no config…) are left out anyway."));
        sectionLayout->addWidget(box);
        m_sections.insert(int(s), box);
        connect(box, &QCheckBox::toggled, m_refresh, qOverload<>(&QTimer::start));
    }
    sectionLayout->addStretch();

    m_baseline->addItem(tr("None (no parity)"), -1);
    for (int row = 0; row < m_runs.rowCount(); ++row) {
        const int id = m_runs.idAt(row);
        m_baseline->addItem(m_runs.run(id)->name, id);
    }
    if (m_runs.rowCount() > 1)
        m_baseline->setCurrentIndex(1);
    m_baseline->setToolTip(tr("The reference run (usually CUDA); every other run is compared with it (at most six)."));
    for (const QString &name : ParityOptions::presetNames())
        m_preset->addItem(name);
    m_preset->setToolTip(tr("Parity criteria: ascend = MindSpeed-LLM CI (2 % per step), strict = MUSA guide (1e-4)."));
    m_smoothing->setRange(0, 0.999);
    m_smoothing->setSingleStep(0.05);
    m_smoothing->setDecimals(3);
    m_smoothing->setValue(0.6);
    m_smoothing->setToolTip(tr("EMA weight of the smoothed curves; the raw curve is drawn faint behind them."));
    m_title->setPlaceholderText(tr("PortBench report"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Title:"), m_title);
    form->addRow(tr("&Baseline:"), m_baseline);
    form->addRow(tr("&Preset:"), m_preset);
    form->addRow(tr("&Smoothing:"), m_smoothing);

    auto *left = new QVBoxLayout;
    left->addLayout(form);
    left->addWidget(sections, 1);
    auto *body = new QHBoxLayout;
    body->addLayout(left);
    body->addWidget(m_preview, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *exportButton = buttons->addButton(tr("&Export…"), QDialogButtonBox::AcceptRole);
    exportButton->setToolTip(tr("HTML (self-contained), PDF (A4) or Markdown with PNG figures beside it"));
    connect(exportButton, &QPushButton::clicked, this, &ReportDialog::exportWithDialog);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(body, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    m_refresh->setSingleShot(true);
    m_refresh->setInterval(300);
    connect(m_refresh, &QTimer::timeout, this, &ReportDialog::refreshPreview);
    connect(m_baseline, &QComboBox::currentIndexChanged, m_refresh, qOverload<>(&QTimer::start));
    connect(m_preset, &QComboBox::currentIndexChanged, m_refresh, qOverload<>(&QTimer::start));
    connect(m_smoothing, &QDoubleSpinBox::valueChanged, m_refresh, qOverload<>(&QTimer::start));
    connect(m_title, &QLineEdit::textChanged, m_refresh, qOverload<>(&QTimer::start));
    m_refresh->start(0);
}

ReportDocument ReportDialog::document() const
{
    ReportOptions options;
    options.sections.clear();
    for (ReportOptions::Section s : ReportOptions::allSections()) {
        if (m_sections.value(int(s))->isChecked())
            options.sections << s;
    }
    options.title = m_title->text();
    options.smoothing = m_smoothing->value();
    ParityOptions::Preset preset = ParityOptions::Preset::Ascend;
    ParityOptions::presetFromName(m_preset->currentText(), &preset);
    options.parity = ParityOptions::forPreset(preset);

    ReportInput input;
    const int baselineId = m_baseline->currentData().toInt();
    for (int row = 0; row < m_runs.rowCount(); ++row) {
        const int id = m_runs.idAt(row);
        if (id == baselineId)
            input.baseline = int(input.runs.size());
        input.runs << m_runs.run(id);
        input.stepOffsets << m_runs.stepOffset(id);
        input.colors << m_runs.color(id);
    }
    return ReportBuilder(options).build(input);
}

void ReportDialog::refreshPreview()
{
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    const ReportDocument doc = document();
    // The preview is the Markdown form with its PNG figures as document resources: QTextBrowser
    // cannot show inline SVG, and this way the preview is exactly what the Markdown export writes.
    ReportFigurePainter figures;
    const ReportMarkdownWriter::Output out = ReportMarkdownWriter::write(doc, &figures, QStringLiteral("preview"));
    for (const auto &[name, bytes] : out.files) {
        QImage image = QImage::fromData(bytes, "PNG");
        image.setDevicePixelRatio(2.0 * 900 / std::max(300, m_preview->viewport()->width() - 30));
        m_preview->document()->addResource(QTextDocument::ImageResource, QUrl(name), image);
    }
    m_preview->setMarkdown(out.markdown);
    QGuiApplication::restoreOverrideCursor();
    m_status->setText(doc.verdict.isEmpty() ? tr("%n run(s)", nullptr, m_runs.rowCount())
                                            : tr("%n run(s) — verdict %1", nullptr, m_runs.rowCount()).arg(doc.verdict));
}

QString ReportDialog::exportTo(const QString &path)
{
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    const QString error = ReportExporter::write(document(), path);
    QGuiApplication::restoreOverrideCursor();
    return error;
}

void ReportDialog::exportWithDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Report"), QStringLiteral("report.html"),
                                                      tr("HTML (*.html);;PDF (*.pdf);;Markdown with PNG figures (*.md)"));
    if (path.isEmpty())
        return;
    const QString error = exportTo(path);
    if (error.isEmpty()) {
        m_status->setText(tr("Wrote %1").arg(path));
        Q_EMIT message(tr("Report written to %1").arg(path));
    } else {
        m_status->setText(error);
    }
}
