#include "paritypanel.h"

#include "charts/chartview.h"
#include "charts/curvechart.h"
#include "charts/runlistmodel.h"
#include "io/safefilewriter.h"
#include "model/metricnames.h"
#include "model/run.h"
#include "parity/parityengine.h"
#include "parity/parityjson.h"
#include "parity/paritystatsmodel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTreeWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>
#include <memory>

namespace {

QString badgeStyle(ParityResult::Verdict v)
{
    const char *colour = v == ParityResult::Verdict::Pass ? "#1e7d32" : v == ParityResult::Verdict::Warn ? "#b26a00" : "#b71c1c";
    return QStringLiteral("QLabel { color: white; background: %1; border-radius: 4px; padding: 4px 10px; "
                          "font-weight: bold; }")
        .arg(QLatin1String(colour));
}

} // namespace

ParityPanel::ParityPanel(RunListModel &runs, QWidget *parent)
    : QWidget(parent)
    , m_runs(runs)
    , m_baseline(new QComboBox(this))
    , m_differenceMode(new QComboBox(this))
    , m_candidates(new QListWidget(this))
    , m_metric(new QComboBox(this))
    , m_preset(new QComboBox(this))
    , m_relTol(new QDoubleSpinBox(this))
    , m_absTol(new QDoubleSpinBox(this))
    , m_minWithin(new QDoubleSpinBox(this))
    , m_skipWarmup(new QSpinBox(this))
    , m_window(new QSpinBox(this))
    , m_interpolate(new QCheckBox(tr("Interpolate candidate steps"), this))
    , m_compare(new QPushButton(tr("&Compare"), this))
    , m_jump(new QPushButton(tr("&Jump to First Divergence"), this))
    , m_export(new QPushButton(tr("Export &JSON…"), this))
    , m_badge(new QLabel(this))
    , m_reasons(new QTreeWidget(this))
    , m_table(new QTableView(this))
    , m_stats(new ParityStatsModel(this))
    , m_overlay(new CurveChart)
    , m_difference(new CurveChart)
    , m_overlayView(new ChartView(m_overlay, this))
    , m_differenceView(new ChartView(m_difference, this))
{
    m_differenceMode->addItems({tr("Absolute difference B − A"), tr("Relative difference (B − A) / |A|")});
    m_differenceMode->setToolTip(tr("The difference chart's y; the shaded band is the per-step tolerance."));
    m_baseline->setToolTip(tr("The reference run, usually the CUDA one."));
    m_candidates->setToolTip(tr("Check up to %1 runs to judge against the baseline.").arg(ParityOptions::maxCandidates));
    m_metric->setEditable(true);
    m_metric->addItems({MetricNames::loss, MetricNames::gradNorm, MetricNames::tokensPerSecond, MetricNames::evalLoss});
    m_metric->setToolTip(tr("\"loss\" means each run's primary loss: lm_loss where logged, else loss."));
    m_preset->addItems(ParityOptions::presetNames());
    m_preset->setToolTip(tr("ascend: every step within 2 % relative, mean below 2 %, 99.9 % of steps within "
                            "(MindSpeed-LLM CI, ModelLink reports).\nstrict: every step within 1e-4 absolute "
                            "(deterministic runs with dropout off, MUSA porting guide).\ncustom: your tolerances."));
    m_relTol->setRange(0, 100);
    m_relTol->setDecimals(3);
    m_relTol->setSuffix(QStringLiteral(" %"));
    m_relTol->setToolTip(tr("A step is within tolerance when |B − A| ≤ abs + rel·|A|."));
    m_absTol->setRange(0, 1e6);
    m_absTol->setDecimals(6);
    m_absTol->setToolTip(m_relTol->toolTip());
    m_minWithin->setRange(0, 100);
    m_minWithin->setDecimals(2);
    m_minWithin->setSuffix(QStringLiteral(" %"));
    m_minWithin->setToolTip(tr("FAIL when fewer judged steps than this are within tolerance."));
    m_skipWarmup->setRange(0, std::numeric_limits<int>::max());
    m_skipWarmup->setToolTip(tr("Steps up to this one are left out of the judgement (the NaN rule still applies)."));
    m_window->setRange(1, 1000);
    m_window->setToolTip(tr("First divergence: a step beyond tolerance where most of this many steps from it are "
                            "beyond too. 1 makes a single noisy step count."));
    m_jump->setToolTip(tr("Zoom the charts to the first divergence of the selected candidate."));
    m_jump->setEnabled(false);
    m_export->setEnabled(false);
    m_compare->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_badge->setAlignment(Qt::AlignCenter);
    m_badge->setText(tr("No comparison yet"));
    m_reasons->setHeaderLabels({tr("Level"), tr("Reason / fairness item")});
    m_reasons->setRootIsDecorated(true);
    m_reasons->setToolTip(tr("Double-click a reason to jump to its step."));
    m_table->setModel(m_stats);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setToolTip(tr("Double-click a cell with a step to jump there."));

    auto form = new QFormLayout;
    form->addRow(tr("Baseline"), m_baseline);
    form->addRow(tr("Candidates"), m_candidates);
    form->addRow(tr("Metric"), m_metric);
    form->addRow(tr("Preset"), m_preset);
    form->addRow(tr("Relative tolerance"), m_relTol);
    form->addRow(tr("Absolute tolerance"), m_absTol);
    form->addRow(tr("Within tolerance ≥"), m_minWithin);
    form->addRow(tr("Skip warm-up steps ≤"), m_skipWarmup);
    form->addRow(tr("Divergence window"), m_window);
    form->addRow(QString(), m_interpolate);
    form->addRow(tr("Difference chart"), m_differenceMode);
    auto buttons = new QHBoxLayout;
    buttons->addWidget(m_compare);
    buttons->addWidget(m_jump);
    buttons->addWidget(m_export);

    auto controls = new QWidget(this);
    auto controlsLayout = new QVBoxLayout(controls);
    controlsLayout->setContentsMargins(0, 0, 0, 0);
    controlsLayout->addLayout(form);
    controlsLayout->addLayout(buttons);
    controlsLayout->addWidget(m_badge);

    auto split = new QSplitter(Qt::Vertical, this);
    split->addWidget(controls);
    split->addWidget(m_reasons);
    split->addWidget(m_overlayView);
    split->addWidget(m_differenceView);
    split->addWidget(m_table);
    auto layout = new QVBoxLayout(this);
    layout->addWidget(split);

    applyPreset();
    connect(m_preset, &QComboBox::currentIndexChanged, this, &ParityPanel::applyPreset);
    connect(m_compare, &QPushButton::clicked, this, &ParityPanel::compare);
    connect(m_jump, &QPushButton::clicked, this, &ParityPanel::jumpToFirstDivergence);
    connect(m_export, &QPushButton::clicked, this, &ParityPanel::exportJson);
    connect(m_differenceMode, &QComboBox::currentIndexChanged, this, &ParityPanel::updateCharts);
    connect(this, &ParityPanel::jumpToStep, this, &ParityPanel::zoomToStep);
    for (auto signal : {&RunListModel::rowsInserted, &RunListModel::rowsRemoved})
        connect(&m_runs, signal, this, &ParityPanel::refreshRunLists);
    connect(&m_runs, &RunListModel::dataChanged, this, &ParityPanel::refreshRunLists);
    connect(&m_runs, &RunListModel::modelReset, this, &ParityPanel::refreshRunLists);
    // A live (followed) run keeps growing after it was compared: the verdict follows it.
    m_recompare = new QTimer(this);
    m_recompare->setSingleShot(true);
    m_recompare->setInterval(500);
    connect(m_recompare, &QTimer::timeout, this, &ParityPanel::compare);
    connect(&m_runs, &RunListModel::runPointsChanged, this, [this](int id) {
        if (m_comparedIds.contains(id) && !m_recompare->isActive())
            m_recompare->start();
    });
    m_overlay->setTitles(tr("Compared metric"), tr("step"), QString());
    m_difference->setTitles(tr("Difference to the baseline"), tr("step"), QString());
    refreshRunLists();
    connect(m_reasons, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *item) {
        const qint64 step = item->data(0, Qt::UserRole).toLongLong();
        if (item->data(0, Qt::UserRole).isValid() && step >= 0)
            Q_EMIT jumpToStep(step);
    });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        const qint64 step = index.data(ParityStatsModel::StepRole).toLongLong();
        if (step >= 0)
            Q_EMIT jumpToStep(step);
    });
}

ParityPanel::~ParityPanel() = default;

void ParityPanel::applyPreset()
{
    ParityOptions::Preset preset = ParityOptions::Preset::Ascend;
    ParityOptions::presetFromName(m_preset->currentText(), &preset);
    const ParityOptions o = ParityOptions::forPreset(preset);
    const bool custom = preset == ParityOptions::Preset::Custom;
    m_relTol->setValue(o.relTol * 100.0);
    m_absTol->setValue(o.absTol);
    m_minWithin->setValue(o.minWithinShare * 100.0);
    m_window->setValue(o.divergenceWindow);
    for (QWidget *w : {static_cast<QWidget *>(m_relTol), static_cast<QWidget *>(m_absTol),
                       static_cast<QWidget *>(m_minWithin)})
        w->setEnabled(custom);
}

ParityOptions ParityPanel::currentOptions() const
{
    ParityOptions::Preset preset = ParityOptions::Preset::Ascend;
    ParityOptions::presetFromName(m_preset->currentText(), &preset);
    ParityOptions o = ParityOptions::forPreset(preset);
    if (preset == ParityOptions::Preset::Custom) {
        // As on the command line: the mean limits follow the tolerances.
        o.relTol = m_relTol->value() / 100.0;
        o.absTol = m_absTol->value();
        o.minWithinShare = m_minWithin->value() / 100.0;
        o.meanRelLimit = o.relTol;
        o.meanAbsLimit = o.relTol > 0 ? 0.0 : o.absTol;
    }
    o.metric = m_metric->currentText().trimmed();
    o.skipWarmup = m_skipWarmup->value();
    o.divergenceWindow = m_window->value();
    o.interpolate = m_interpolate->isChecked();
    return o;
}

void ParityPanel::refreshRunLists()
{
    const int baseline = m_baseline->currentData().toInt();
    QList<int> checked;
    for (int i = 0; i < m_candidates->count(); ++i) {
        if (m_candidates->item(i)->checkState() == Qt::Checked)
            checked.append(m_candidates->item(i)->data(Qt::UserRole).toInt());
    }
    const QSignalBlocker block(m_baseline);
    m_baseline->clear();
    m_candidates->clear();
    for (int row = 0; row < m_runs.rowCount(); ++row) {
        const int id = m_runs.idAt(row);
        const QString label = m_runs.index(row, RunListModel::Name).data().toString();
        const QString path = m_runs.run(id) ? m_runs.run(id)->sourcePath : QString();
        m_baseline->addItem(label, id);
        auto item = new QListWidgetItem(label, m_candidates);
        item->setData(Qt::UserRole, id);
        item->setToolTip(path);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(checked.contains(id) ? Qt::Checked : Qt::Unchecked);
    }
    const int index = m_baseline->findData(baseline);
    m_baseline->setCurrentIndex(index >= 0 ? index : 0);
}

void ParityPanel::select(int baselineId, const QList<int> &candidateIds)
{
    m_baseline->setCurrentIndex(m_baseline->findData(baselineId));
    for (int i = 0; i < m_candidates->count(); ++i) {
        QListWidgetItem *item = m_candidates->item(i);
        item->setCheckState(candidateIds.contains(item->data(Qt::UserRole).toInt()) ? Qt::Checked : Qt::Unchecked);
    }
    compare();
}

void ParityPanel::compare()
{
    const QVariant baseline = m_baseline->currentData();
    if (!baseline.isValid() || !m_runs.run(baseline.toInt())) {
        Q_EMIT message(tr("Parity: load the runs to compare first (File > Open or the Runs dock)."));
        return;
    }
    QList<int> ids{baseline.toInt()};
    for (int i = 0; i < m_candidates->count(); ++i) {
        if (m_candidates->item(i)->checkState() == Qt::Checked)
            ids.append(m_candidates->item(i)->data(Qt::UserRole).toInt());
    }
    if (ids.size() < 2) {
        Q_EMIT message(tr("Parity: check at least one candidate run."));
        return;
    }
    ParityOptions options = currentOptions();
    // The job gets copies: a live run may grow or be removed while it works.
    std::vector<std::shared_ptr<const Run>> runs;
    for (int id : ids) {
        auto copy = std::make_shared<Run>(*m_runs.run(id));
        copy->name = m_runs.index(m_runs.rowOf(id), RunListModel::Name).data().toString(); // renamed in Runs
        runs.push_back(std::move(copy));
        if (runs.size() == 1)
            options.baselineStepOffset = m_runs.stepOffset(id);
        else
            options.candidateStepOffsets.append(m_runs.stepOffset(id));
    }
    const quint64 generation = ++m_generation;
    m_badge->setText(tr("Comparing…"));
    m_badge->setStyleSheet(QString());
    auto watcher = new QFutureWatcher<ParityResult>(this);
    connect(watcher, &QFutureWatcher<ParityResult>::finished, this, [this, watcher, generation, ids] {
        watcher->deleteLater();
        if (generation != m_generation) // a newer request supersedes this one
            return;
        m_comparedIds = ids;
        showResult(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([runs, options] {
        QVector<const Run *> candidates;
        for (size_t i = 1; i < runs.size(); ++i)
            candidates.append(runs[i].get());
        return ParityEngine(options).compare(*runs.front(), candidates);
    }));
}

void ParityPanel::showResult(const ParityResult &result)
{
    m_result = result;
    m_stats->setResult(result);
    m_reasons->clear();
    m_export->setEnabled(bool(result));
    if (!result) {
        m_badge->setText(tr("Cannot compare"));
        m_badge->setStyleSheet(badgeStyle(ParityResult::Verdict::Fail));
        m_badge->setToolTip(result.error);
        Q_EMIT message(tr("Parity: %1").arg(result.error));
        m_jump->setEnabled(false);
        Q_EMIT resultReady();
        return;
    }
    m_badge->setText(ParityResult::verdictName(result.verdict));
    m_badge->setStyleSheet(badgeStyle(result.verdict));
    m_badge->setToolTip(tr("The worst verdict over the candidates; the reasons are listed below."));
    bool divergence = false;
    for (const ParityResult::Candidate &c : result.candidates) {
        auto top = new QTreeWidgetItem(m_reasons, {ParityResult::verdictName(c.verdict), c.name});
        top->setData(0, Qt::UserRole, c.firstDivergenceStep);
        for (const ParityResult::Reason &r : c.reasons) {
            auto item = new QTreeWidgetItem(top, {ParityResult::verdictName(r.level), r.message});
            item->setData(0, Qt::UserRole, r.step);
            item->setToolTip(1, r.message);
        }
        auto fairness = new QTreeWidgetItem(top, {QString(), tr("Fairness checklist")});
        for (const ParityResult::FairnessItem &f : c.fairness) {
            QString text = f.label + QStringLiteral(": ") + ParityResult::FairnessItem::statusName(f.status);
            if (f.status == ParityResult::FairnessItem::Status::Mismatch)
                text += QStringLiteral(" — %1 vs %2").arg(f.baselineValue, f.candidateValue);
            auto item = new QTreeWidgetItem(fairness, {QString(), text});
            item->setData(0, Qt::UserRole, f.step);
            item->setToolTip(1, f.detail);
        }
        top->setExpanded(true);
        divergence = divergence || c.firstDivergenceStep >= 0;
    }
    m_jump->setEnabled(divergence);
    updateCharts();
    Q_EMIT resultReady();
}

void ParityPanel::setRelativeDifference(bool relative)
{
    m_differenceMode->setCurrentIndex(relative ? 1 : 0);
}

void ParityPanel::updateCharts()
{
    const bool relative = m_differenceMode->currentIndex() == 1;
    QVector<ChartCurve> overlay, difference;
    ChartBand band;
    const ParityOptions &o = m_result.options;
    for (int k = 0; k < m_result.candidates.size(); ++k) {
        const ParityResult::Candidate &c = m_result.candidates.at(k);
        const quint32 colour = k + 1 < m_comparedIds.size() ? m_runs.color(m_comparedIds.at(k + 1)) : 0;
        ChartCurve values, diff;
        values.id = QStringLiteral("candidate-%1").arg(k);
        values.label = c.name;
        values.rgb = colour;
        diff.id = values.id;
        diff.label = c.name;
        diff.rgb = colour;
        const bool first = k == 0;
        ChartCurve base;
        for (const ParityResult::Row &r : c.rows) {
            const double x = double(r.step);
            values.x.push_back(x);
            values.y.push_back(r.candidate);
            values.steps.push_back(r.step);
            diff.x.push_back(x);
            diff.y.push_back(relative ? (r.baseline != 0 ? r.diff() / std::abs(r.baseline) : r.diff()) : r.diff());
            diff.steps.push_back(r.step);
            if (first) {
                base.x.push_back(x);
                base.y.push_back(r.baseline);
                base.steps.push_back(r.step);
                // The band is the tolerance around zero difference at the baseline's value.
                const double tol = relative ? o.relTol + (r.baseline != 0 ? o.absTol / std::abs(r.baseline) : 0.0)
                                            : o.absTol + o.relTol * std::abs(r.baseline);
                if (std::isfinite(tol)) {
                    band.x.push_back(x);
                    band.lower.push_back(-tol);
                    band.upper.push_back(tol);
                }
            }
        }
        if (first) {
            base.id = QStringLiteral("baseline");
            base.label = m_result.baselineName + tr(" (baseline)");
            base.rgb = m_comparedIds.isEmpty() ? 0 : m_runs.color(m_comparedIds.first());
            overlay.append(std::move(base));
        }
        overlay.append(std::move(values));
        difference.append(std::move(diff));
    }
    band.label = tr("tolerance");
    const QString metric = m_result.candidates.isEmpty() ? QString() : m_result.candidates.first().baselineMetric;
    m_overlay->setTitles(metric, tr("step"), metric);
    m_overlay->setCurves(overlay);
    m_overlay->fitAll();
    m_difference->setTitles(relative ? tr("(B − A) / |A|") : tr("B − A"), tr("step"),
                            relative ? tr("relative difference") : tr("difference"));
    m_difference->setCurves(difference);
    m_difference->setBand(band);
    m_difference->fitAll();
}

void ParityPanel::zoomToStep(qint64 step)
{
    const QRectF all = m_overlay->dataBounds(-std::numeric_limits<double>::infinity(),
                                             std::numeric_limits<double>::infinity());
    // A window of a few percent of the run around the step, at least a few steps wide.
    const double half = std::max(5.0, all.width() * 0.03);
    for (CurveChart *chart : {m_overlay, m_difference}) {
        chart->setXRange(double(step) - half, double(step) + half);
        chart->fitY();
    }
}

void ParityPanel::jumpToFirstDivergence()
{
    qint64 first = -1;
    for (const ParityResult::Candidate &c : m_result.candidates) {
        if (c.firstDivergenceStep >= 0 && (first < 0 || c.firstDivergenceStep < first))
            first = c.firstDivergenceStep;
    }
    if (first >= 0)
        Q_EMIT jumpToStep(first);
}

void ParityPanel::exportJson()
{
    if (!m_result)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Parity JSON"), QStringLiteral("parity.json"),
                                                      tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QString error =
        SafeFileWriter::writeFile(path, QJsonDocument(ParityJson::toJson(m_result)).toJson(QJsonDocument::Indented));
    if (!error.isEmpty())
        Q_EMIT message(tr("Parity: %1").arg(error));
}
