// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "paritypanel.h"

#include "charts/chartview.h"
#include "charts/curvechart.h"
#include "core/base/i18n/languagechange.h"
#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/base/io/safefilewriter.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/runmetrics.h"
#include "core/base/model/verdictcolors.h"
#include "core/engines/parity/paritycriteria.h"
#include "core/engines/parity/paritypresets.h"
#include "core/engines/parity/parityengine.h"
#include "core/engines/parity/parityenvdiff.h"
#include "core/engines/parity/parityjson.h"
#include "core/engines/parity/parityneighbours.h"
#include "core/engines/parity/paritystatsmodel.h"
#include "parityreasontree.h"
#include "core/engines/telemetry/runtelemetrylookup.h"
#include "theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QSystemTrayIcon>
#include <QTableView>
#include <QTreeWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <memory>

ParityPanel::ParityPanel(LoadedRunsModel &runs, const ParityPresets &presets, QWidget *parent)
    : QWidget(parent)
    , m_runs(runs)
    , m_presets(presets)
    , m_baseline(new QComboBox(this))
    , m_differenceMode(new QComboBox(this))
    , m_candidates(new QListWidget(this))
    , m_envelope(new QListWidget(this))
    , m_metric(new QComboBox(this))
    , m_preset(new QComboBox(this))
    , m_relTol(new QDoubleSpinBox(this))
    , m_absTol(new QDoubleSpinBox(this))
    , m_minWithin(new QDoubleSpinBox(this))
    , m_skipWarmup(new QSpinBox(this))
    , m_window(new QSpinBox(this))
    , m_interpolate(new QCheckBox(this))
    , m_compare(new QPushButton(this))
    , m_jump(new QPushButton(this))
    , m_export(new QPushButton(this))
    , m_environments(new QPushButton(this))
    , m_form(new QFormLayout)
    , m_badge(new QLabel(this))
    , m_reasons(new QTreeWidget(this))
    , m_table(new QTableView(this))
    , m_stats(new ParityStatsModel(this))
    , m_overlay(new CurveChart)
    , m_difference(new CurveChart)
    , m_overlayView(new ChartView(m_overlay, this))
    , m_differenceView(new ChartView(m_difference, this))
{
    m_differenceMode->addItems({QString(), QString()});
    // Their size hints follow their texts (run names, the language).
    for (QComboBox *box : {m_baseline, m_differenceMode})
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_metric->setEditable(true);
    m_metric->addItems({MetricNames::loss, MetricNames::gradNorm, MetricNames::tokensPerSecond, MetricNames::evalLoss});
    m_preset->addItems(m_presets.names());
    m_preset->setCurrentText(m_presets.defaultName());
    m_relTol->setRange(0, 100);
    m_relTol->setDecimals(3);
    m_relTol->setSuffix(QStringLiteral(" %"));
    m_absTol->setRange(0, 1e6);
    m_absTol->setDecimals(6);
    m_minWithin->setRange(0, 100);
    m_minWithin->setDecimals(2);
    m_minWithin->setSuffix(QStringLiteral(" %"));
    // Three runs in sight in each list however short the dock (it scrolls rather than squeeze them
    // to one row).
    for (QListWidget *list : {m_candidates, m_envelope})
        list->setMinimumHeight(list->fontMetrics().lineSpacing() * 3 + list->horizontalScrollBar()->sizeHint().height()
                               + 2 * list->frameWidth());
    m_skipWarmup->setRange(0, std::numeric_limits<int>::max());
    m_window->setRange(1, 1000);
    m_jump->setEnabled(false);
    m_export->setEnabled(false);
    m_badge->setAlignment(Qt::AlignCenter);
    m_reasons->setColumnCount(2);
    m_reasons->setRootIsDecorated(true);
    m_table->setModel(m_stats);
    // Whole run names over the columns: a narrow dock scrolls sideways instead of cutting them.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    // The labels' texts are set by retranslateUi(). A field too wide beside its label goes under
    // it: the dock stays narrow enough to leave the Compare perspective's centre to the result.
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    auto form = m_form;
    // (addRow with an empty text would make no label at all.)
    const auto addRow = [this, form](QWidget *field) {
        auto *label = new QLabel(this);
        label->setBuddy(field);
        form->addRow(label, field);
    };
    for (QWidget *field : std::initializer_list<QWidget *>{m_baseline, m_candidates, m_envelope, m_metric, m_preset,
                                                           m_relTol, m_absTol, m_minWithin, m_skipWarmup, m_window})
        addRow(field);
    form->addRow(QString(), m_interpolate);
    addRow(m_differenceMode);
    // Two rows of two: in one row the four buttons made the dock the widest of the Compare
    // perspective and left the result in the centre too little room.
    auto buttons = new QGridLayout;
    buttons->addWidget(m_compare, 0, 0);
    buttons->addWidget(m_jump, 0, 1);
    buttons->addWidget(m_export, 1, 0);
    buttons->addWidget(m_environments, 1, 1);

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
    // The preset's tooltip states the rules the next comparison applies, so it follows every box they read.
    connect(m_preset, &QComboBox::currentIndexChanged, this, &ParityPanel::updateCriteria);
    connect(m_metric, &QComboBox::currentTextChanged, this, &ParityPanel::updateCriteria);
    for (QDoubleSpinBox *box : {m_relTol, m_absTol, m_minWithin})
        connect(box, &QDoubleSpinBox::valueChanged, this, &ParityPanel::updateCriteria);
    for (QSpinBox *box : {m_skipWarmup, m_window})
        connect(box, &QSpinBox::valueChanged, this, &ParityPanel::updateCriteria);
    connect(m_compare, &QPushButton::clicked, this, &ParityPanel::compare);
    connect(m_jump, &QPushButton::clicked, this, &ParityPanel::jumpToFirstDivergence);
    connect(m_export, &QPushButton::clicked, this, &ParityPanel::exportJson);
    connect(m_environments, &QPushButton::clicked, this, &ParityPanel::chooseEnvironments);
    connect(m_differenceMode, &QComboBox::currentIndexChanged, this, &ParityPanel::updateCharts);
    // Any change of what is compared, or how, marks the verdict on screen as outdated.
    connect(m_baseline, &QComboBox::currentIndexChanged, this, &ParityPanel::updateOutdated);
    connect(m_candidates, &QListWidget::itemChanged, this, &ParityPanel::updateOutdated);
    connect(m_envelope, &QListWidget::itemChanged, this, &ParityPanel::updateOutdated);
    connect(m_metric, &QComboBox::currentTextChanged, this, &ParityPanel::updateOutdated);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &ParityPanel::updateOutdated);
    for (QDoubleSpinBox *box : {m_relTol, m_absTol, m_minWithin})
        connect(box, &QDoubleSpinBox::valueChanged, this, &ParityPanel::updateOutdated);
    for (QSpinBox *box : {m_skipWarmup, m_window})
        connect(box, &QSpinBox::valueChanged, this, &ParityPanel::updateOutdated);
    connect(m_interpolate, &QCheckBox::toggled, this, &ParityPanel::updateOutdated);
    connect(this, &ParityPanel::jumpToStep, this, &ParityPanel::zoomToStep);
    for (auto signal : {&LoadedRunsModel::rowsInserted, &LoadedRunsModel::rowsRemoved})
        connect(&m_runs, signal, this, &ParityPanel::refreshRunLists);
    connect(&m_runs, &LoadedRunsModel::dataChanged, this, &ParityPanel::refreshRunLists);
    connect(&m_runs, &LoadedRunsModel::modelReset, this, &ParityPanel::refreshRunLists);
    // A live (followed) run keeps growing after it was compared: the verdict follows it.
    m_recompare = new QTimer(this);
    m_recompare->setSingleShot(true);
    m_recompare->setInterval(500);
    connect(m_recompare, &QTimer::timeout, this, &ParityPanel::compare);
    connect(&m_runs, &LoadedRunsModel::runPointsChanged, this, [this](int id) {
        feedMonitor(id);
        // The newest request's runs, not the shown result's: points that land while a comparison
        // works must ask for another, or its result stays the last picture of a finished run.
        if (m_requestedIds.contains(id) && !m_recompare->isActive())
            m_recompare->start();
    });
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
    retranslateUi();
}

ParityPanel::~ParityPanel() = default;

void ParityPanel::retranslateUi()
{
    const auto label = [this](QWidget *field, const QString &text) {
        if (auto *l = qobject_cast<QLabel *>(m_form->labelForField(field)))
            l->setText(text);
    };
    //: The reference run of a parity comparison.
    label(m_baseline, tr("Baseline"));
    label(m_candidates, tr("Candidates"));
    //: Further baseline runs whose spread makes the noise envelope.
    label(m_envelope, tr("Envelope"));
    label(m_metric, tr("Metric"));
    label(m_preset, tr("Preset"));
    label(m_relTol, tr("Relative tolerance"));
    label(m_absTol, tr("Absolute tolerance"));
    label(m_minWithin, tr("Within tolerance ≥"));
    label(m_skipWarmup, tr("Skip warm-up steps ≤"));
    label(m_window, tr("Divergence window"));
    label(m_differenceMode, tr("Difference chart"));
    m_interpolate->setText(tr("Interpolate candidate steps"));
    m_compare->setText(tr("&Compare"));
    // setText() makes the mnemonic the shortcut; Ctrl+Return is the one the panel documents.
    m_compare->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_jump->setText(tr("&Jump to First Divergence"));
    m_export->setText(tr("Export &JSON…"));
    m_environments->setText(tr("&Environments…"));
    m_differenceMode->setItemText(0, tr("Absolute difference B − A"));
    m_differenceMode->setItemText(1, tr("Relative difference (B − A) / |A|"));
    // Its longest choice whole in this language (the combo box's own minimum is the one of its
    // first, empty items): a narrow dock then puts it under its label.
    m_differenceMode->setMinimumWidth(m_differenceMode->sizeHint().width());
    m_differenceMode->setToolTip(tr("The difference chart's y; the shaded band is the per-step tolerance."));
    m_baseline->setToolTip(tr("The reference run, usually the CUDA one."));
    m_candidates->setToolTip(
        tr("Check up to %1 runs to judge against the baseline.").arg(ParityOptions::maxCandidates));
    m_envelope->setToolTip(tr("Check further runs of the baseline's setup (same settings, another CUDA run): the "
                              "candidates are then judged against the baselines' spread widened by the tolerance, "
                              "and the baselines against each other."));
    m_metric->setToolTip(tr("\"loss\" means each run's primary loss: lm_loss where logged, else loss."));
    updateCriteria();
    m_relTol->setToolTip(tr("A step is within tolerance when |B − A| ≤ abs + rel·|A|."));
    m_absTol->setToolTip(m_relTol->toolTip());
    m_minWithin->setToolTip(tr("FAIL when fewer judged steps than this are within tolerance."));
    m_skipWarmup->setToolTip(tr("Steps up to this one are left out of the judgement (the NaN rule still applies)."));
    m_window->setToolTip(tr("First divergence: a step beyond tolerance where most of this many steps from it are "
                            "beyond too. 1 makes a single noisy step count."));
    m_jump->setToolTip(tr("Zoom the charts to the first divergence of the selected candidate."));
    m_environments->setToolTip(
        tr("Compare two machines' `portbench-cli env --json` (the baseline's and the candidate's): "
           "versions, host facts and check findings that differ."));
    ParityReasonTree::retranslateHeaders(m_reasons);
    m_table->setToolTip(tr("Double-click a cell with a step to jump there."));
    if (m_result.candidates.isEmpty())
        m_badge->setText(m_result.error.isEmpty() ? tr("No comparison yet") : tr("Cannot compare"));
    else
        updateOutdated();
    // The reasons, checklist titles included, in the language of now (their sentences are kept);
    // the statistics' row names; the charts' titles and markers (drawn again, fitted).
    ParityReasonTree::fill(m_reasons, m_result, m_baselineEnv, m_candidateEnv);
    LanguageChange::notifyModel(m_stats);
    if (m_result.candidates.isEmpty())
        updateChartTitles();
    else
        updateCharts();
}

void ParityPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::PaletteChange) // View > Theme
        setBadgeVerdict(m_badgeVerdict);
    QWidget::changeEvent(event);
}

void ParityPanel::setBadgeVerdict(std::optional<ParityResult::Verdict> verdict)
{
    m_badgeVerdict = verdict;
    VerdictColors::Level level;
    if (!verdict || !VerdictColors::fromName(ParityResult::verdictName(*verdict), &level)) {
        m_badge->setStyleSheet(QString());
        Q_EMIT shownChanged();
        return;
    }
    const bool dark = Theme::isDark(palette());
    m_badge->setStyleSheet(QStringLiteral("QLabel { color: %1; background: %2; border-radius: 4px; padding: 4px 10px; "
                                          "font-weight: bold; }")
                               .arg(VerdictColors::css(VerdictColors::fill(level, dark)),
                                    VerdictColors::css(VerdictColors::strong(level, dark))));
    Q_EMIT shownChanged();
}

void ParityPanel::updateChartTitles()
{
    if (m_result.candidates.isEmpty()) {
        m_overlay->setTitles(tr("Compared metric"), tr("step"), QString());
        m_difference->setTitles(tr("Difference to the baseline"), tr("step"), QString());
        return;
    }
    const bool relative = m_differenceMode->currentIndex() == 1;
    const QString metric = m_result.candidates.first().baselineMetric;
    m_overlay->setTitles(metric, tr("step"), metric);
    m_difference->setTitles(relative ? tr("(B − A) / |A|") : tr("B − A"), tr("step"),
                            relative ? tr("relative difference") : tr("difference"));
}

void ParityPanel::applyPreset()
{
    const ParityOptions o = ParityOptions::forPreset(m_presets, m_preset->currentText());
    const bool custom = o.preset == ParityOptions::customPreset();
    m_relTol->setValue(o.relTol * 100.0);
    m_absTol->setValue(o.absTol);
    m_minWithin->setValue(o.minWithinShare * 100.0);
    m_skipWarmup->setValue(int(o.skipWarmup)); // flagperf judges from step 21 on
    m_window->setValue(o.divergenceWindow);
    for (QWidget *w :
         {static_cast<QWidget *>(m_relTol), static_cast<QWidget *>(m_absTol), static_cast<QWidget *>(m_minWithin)})
        w->setEnabled(custom);
}

void ParityPanel::updateCriteria()
{
    const ParityOptions o = currentOptions();
    QStringList lines{ParityCriteria::preset(o).translated()};
    lines << ParityCriteria::sentences(o, true);
    m_preset->setToolTip(lines.join(QLatin1Char('\n')));
}

ParityOptions ParityPanel::currentOptions() const
{
    const QString preset = m_preset->currentText();
    // The boxes are editable for custom only; the mean limits follow them as on the command line.
    const bool custom = preset == ParityOptions::customPreset();
    ParityOptions o = custom ? ParityOptions::forPreset(m_presets, preset, m_relTol->value() / 100.0, m_absTol->value())
                             : ParityOptions::forPreset(m_presets, preset);
    if (custom)
        o.minWithinShare = m_minWithin->value() / 100.0;
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
    QList<int> envelope;
    for (int i = 0; i < m_envelope->count(); ++i) {
        if (m_envelope->item(i)->checkState() == Qt::Checked)
            envelope.append(m_envelope->item(i)->data(Qt::UserRole).toInt());
    }
    const QSignalBlocker block(m_baseline);
    m_baseline->clear();
    m_candidates->clear();
    m_envelope->clear();
    for (int row = 0; row < m_runs.rowCount(); ++row) {
        const int id = m_runs.idAt(row);
        const QString label = m_runs.index(row, LoadedRunsModel::Name).data().toString();
        const QString path = m_runs.run(id) ? m_runs.run(id)->sourcePath : QString();
        m_baseline->addItem(label, id);
        auto item = new QListWidgetItem(label, m_candidates);
        item->setData(Qt::UserRole, id);
        item->setToolTip(path);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(checked.contains(id) ? Qt::Checked : Qt::Unchecked);
        auto extra = new QListWidgetItem(label, m_envelope);
        extra->setData(Qt::UserRole, id);
        extra->setToolTip(path);
        extra->setFlags(extra->flags() | Qt::ItemIsUserCheckable);
        extra->setCheckState(envelope.contains(id) ? Qt::Checked : Qt::Unchecked);
    }
    const int index = m_baseline->findData(baseline);
    m_baseline->setCurrentIndex(index >= 0 ? index : 0);
    // The longest run name whole (a narrow dock puts the box under its label).
    m_baseline->setMinimumWidth(m_baseline->sizeHint().width());
    updateOutdated();
}

void ParityPanel::select(int baselineId, const QList<int> &candidateIds, const QList<int> &envelopeIds)
{
    m_baseline->setCurrentIndex(m_baseline->findData(baselineId));
    for (int i = 0; i < m_candidates->count(); ++i) {
        QListWidgetItem *item = m_candidates->item(i);
        item->setCheckState(candidateIds.contains(item->data(Qt::UserRole).toInt()) ? Qt::Checked : Qt::Unchecked);
    }
    setEnvelope(envelopeIds);
    compare();
}

void ParityPanel::setEnvelope(const QList<int> &ids)
{
    for (int i = 0; i < m_envelope->count(); ++i) {
        QListWidgetItem *item = m_envelope->item(i);
        item->setCheckState(ids.contains(item->data(Qt::UserRole).toInt()) ? Qt::Checked : Qt::Unchecked);
    }
}

void ParityPanel::compare()
{
    const QVariant baseline = m_baseline->currentData();
    if (!baseline.isValid() || !m_runs.run(baseline.toInt())) {
        Q_EMIT message([] { return tr("Parity: load the runs to compare first (File > Open or the Runs dock)."); });
        return;
    }
    QList<int> ids{baseline.toInt()};
    for (int i = 0; i < m_candidates->count(); ++i) {
        if (m_candidates->item(i)->checkState() == Qt::Checked)
            ids.append(m_candidates->item(i)->data(Qt::UserRole).toInt());
    }
    if (ids.size() < 2) {
        Q_EMIT message([] { return tr("Parity: check at least one candidate run."); });
        return;
    }
    const int candidateCount = int(ids.size()) - 1;
    for (int i = 0; i < m_envelope->count(); ++i) {
        const int id = m_envelope->item(i)->data(Qt::UserRole).toInt();
        if (m_envelope->item(i)->checkState() == Qt::Checked && !ids.contains(id) && m_runs.run(id))
            ids.append(id);
    }
    ParityOptions options = currentOptions();
    // The job gets copies: a live run may grow or be removed while it works. Everything else it
    // does there: the facts read beside the logs, the comparison, and the live monitors judging
    // what a run holds already (a whole 1 M-step run each).
    std::vector<std::shared_ptr<RunMetrics>> runs;
    for (int id : ids) {
        auto copy = std::make_shared<RunMetrics>(*m_runs.run(id));
        copy->name = m_runs.index(m_runs.rowOf(id), LoadedRunsModel::Name).data().toString(); // renamed in Runs
        runs.push_back(std::move(copy));
        if (runs.size() == 1)
            options.baselineStepOffset = m_runs.stepOffset(id);
        else if (int(runs.size()) <= candidateCount + 1)
            options.candidateStepOffsets.append(m_runs.stepOffset(id));
    }
    const QByteArray monitorKey = newMonitorKey(options, ids);
    const quint64 generation = ++m_generation;
    m_requestedIds = ids;
    const QByteArray inputs = inputsKey();
    m_comparing = true;
    m_badge->setText(tr("Comparing…"));
    setBadgeVerdict(std::nullopt);
    auto watcher = new QFutureWatcher<Comparison>(this);
    connect(watcher, &QFutureWatcher<Comparison>::finished, this, [this, watcher, generation, ids, inputs] {
        watcher->deleteLater();
        const Comparison done = watcher->result();
        m_facts.insert(done.facts);
        m_telemetry.insert(done.telemetry);
        // Monitors made for what is still to be monitored, even by a comparison a newer one
        // supersedes: that one made none when it monitors the same.
        if (!done.monitorKey.isEmpty() && done.monitorKey == property("monitorKey").toByteArray()) {
            m_monitorBaselines = done.monitorBaselines;
            m_live = done.live;
            m_alerts = done.alerts;
        }
        if (generation != m_generation) // a newer request supersedes this one
            return;
        m_comparing = false;
        m_comparedIds = ids;
        m_resultInputs = inputs;
        showResult(done.result);
    });
    watcher->setFuture(QtConcurrent::run(
        &m_jobs,
        [runs, options, candidateCount, ids, monitorKey, known = m_facts, recorded = m_telemetry, hook = m_jobHook] {
            if (hook)
                hook();
            Comparison done;
            std::vector<std::shared_ptr<const RunMetrics>> judged;
            for (const std::shared_ptr<RunMetrics> &run : runs) {
                addNeighbourFacts(*run, known, &done.facts);
                judged.push_back(run);
            }
            QVector<const RunMetrics *> candidates, envelope;
            for (size_t i = 1; i < judged.size(); ++i)
                (int(i) <= candidateCount ? candidates : envelope).append(judged[i].get());
            done.result = ParityEngine(options).compare(*judged.front(), candidates, envelope);
            done.result.baselineTelemetry = runTelemetry(*judged.front(), recorded, &done.telemetry);
            for (int k = 0; k < done.result.candidates.size(); ++k)
                done.result.candidates[k].telemetry = runTelemetry(*judged[size_t(k) + 1], recorded, &done.telemetry);
            if (!monitorKey.isEmpty()) {
                done.monitorKey = monitorKey;
                makeMonitors(done, judged, options, ids, candidateCount);
            }
            return done;
        }));
}

void ParityPanel::addNeighbourFacts(RunMetrics &run, const QHash<QString, QVariantMap> &known,
                                    QHash<QString, QVariantMap> *found)
{
    // What trainer_state.json and the TensorBoard arguments beside a log state, read once per log
    // (the recompare timer comes back twice a second while a run grows).
    const auto cached = known.constFind(run.sourcePath);
    if (cached != known.cend()) {
        for (auto it = cached->cbegin(); it != cached->cend(); ++it) {
            if (!run.meta.contains(it.key()))
                run.meta.insert(it.key(), it.value());
        }
        return;
    }
    const QVariantMap before = run.meta;
    if (ParityNeighbours::addFacts(run).isEmpty())
        return; // perhaps too few points yet to tell the neighbour is this run: try again later
    QVariantMap added;
    for (auto it = run.meta.cbegin(); it != run.meta.cend(); ++it) {
        if (!before.contains(it.key()) || it.key() == ParityNeighbours::factSourcesKey)
            added.insert(it.key(), it.value());
    }
    found->insert(run.sourcePath, added);
}

RunTelemetrySummary ParityPanel::runTelemetry(const RunMetrics &run, const QHash<QString, RecordedTelemetry> &known,
                                              QHash<QString, RecordedTelemetry> *found)
{
    // The recompare timer comes back twice a second while a run grows: a recording is read
    // again only when one of its files changed.
    const QStringList files = RunTelemetryLookup::besideLog(run.sourcePath);
    if (files.isEmpty())
        return {};
    QString stamp;
    for (const QString &file : files) {
        const QFileInfo info(file);
        stamp += QStringLiteral("%1:%2:%3;").arg(file).arg(info.size()).arg(info.lastModified().toMSecsSinceEpoch());
    }
    const auto cached = known.constFind(run.sourcePath);
    if (cached != known.cend() && cached->stamp == stamp)
        return cached->summary;
    // The workspace's recordings are PortBench's own files: no backend reader is needed.
    const RecordedTelemetry read{stamp, RunTelemetryLookup::read(files, {})};
    found->insert(run.sourcePath, read);
    return read.summary;
}

QByteArray ParityPanel::newMonitorKey(const ParityOptions &options, const QList<int> &ids)
{
    // The recompare timer calls compare() while runs grow: the monitors carry on unless what is
    // compared, or how, changed.
    const QByteArray key = QJsonDocument(ParityJson::optionsToJson(options)).toJson(QJsonDocument::Compact)
        + QByteArray::number(qHash(ids));
    if (key == property("monitorKey").toByteArray())
        return {};
    setProperty("monitorKey", key);
    return key;
}

void ParityPanel::makeMonitors(Comparison &done, const std::vector<std::shared_ptr<const RunMetrics>> &runs,
                               const ParityOptions &options, const QList<int> &ids, int candidates)
{
    done.monitorBaselines.assign(runs.begin() + 0, runs.begin() + 1);
    for (size_t i = size_t(candidates) + 1; i < runs.size(); ++i)
        done.monitorBaselines.push_back(runs[i]);
    QVector<const RunMetrics *> envelope;
    for (size_t i = 1; i < done.monitorBaselines.size(); ++i)
        envelope.append(done.monitorBaselines[i].get());
    for (int k = 1; k <= candidates; ++k) {
        auto live = std::make_shared<Live>();
        ParityOptions own = options;
        own.candidateStepOffsets = {options.candidateStepOffset(k - 1)};
        live->monitor = std::make_unique<ParityMonitor>(own, *done.monitorBaselines.front(), envelope);
        live->name = runs[size_t(k)]->name;
        // What is already there is judged at once, silently: the verdict shows it. Alerts are news
        // only for points that arrive later.
        live->fedPoints = runs[size_t(k)]->pointCount();
        done.alerts += live->monitor->append(*runs[size_t(k)]);
        done.live.insert(ids.at(k), live);
    }
}

void ParityPanel::feedMonitor(int id)
{
    const std::shared_ptr<Live> live = m_live.value(id);
    const RunMetrics *run = m_runs.run(id);
    if (!live || !run || !live->monitor->error().isEmpty())
        return;
    const int column = run->columnIndex(live->monitor->candidateMetric(*run));
    const int n = run->pointCount();
    if (column < 0 || n < live->fedPoints) {
        live->fedPoints = n; // the run was reloaded shorter: the next compare() starts over
        return;
    }
    for (int p = live->fedPoints; p < n; ++p) {
        const double v = run->columnAt(column)[size_t(p)];
        if (RunMetrics::isMissing(v))
            continue;
        for (const ParityMonitor::Alert &a : live->monitor->append(run->step(p), v)) {
            m_alerts.append(a);
            Q_EMIT alertRaised(live->name, a);
            Q_EMIT message(
                [name = live->name, text = a.message] { return tr("Parity alert: %1 — %2").arg(name, text); });
            notify(tr("PortBench parity %1: %2").arg(ParityResult::verdictName(a.level), live->name), a.message);
        }
    }
    live->fedPoints = n;
    updateCharts(); // the alert markers
}

void ParityPanel::notify(const QString &title, const QString &text)
{
    // A desktop notification needs a system tray; offscreen and many CI sessions have none.
    if (!QSystemTrayIcon::isSystemTrayAvailable() || !QSystemTrayIcon::supportsMessages())
        return;
    if (!m_tray) {
        m_tray = new QSystemTrayIcon(windowIcon(), this);
        m_tray->show();
    }
    m_tray->showMessage(title, text, QSystemTrayIcon::Warning);
}

void ParityPanel::showResult(const ParityResult &result)
{
    m_result = result;
    m_stats->setResult(result);
    m_reasons->clear();
    m_export->setEnabled(bool(result));
    if (!result) {
        m_badge->setText(tr("Cannot compare"));
        setBadgeVerdict(ParityResult::Verdict::Fail);
        m_badge->setToolTip(result.error);
        Q_EMIT message([error = result.error] { return tr("Parity: %1").arg(error); });
        m_jump->setEnabled(false);
        Q_EMIT resultReady();
        return;
    }
    ParityReasonTree::fill(m_reasons, result, m_baselineEnv, m_candidateEnv);
    const bool divergence = std::any_of(result.candidates.cbegin(), result.candidates.cend(),
                                        [](const ParityResult::Candidate &c) { return c.firstDivergenceStep >= 0; });
    m_jump->setEnabled(divergence);
    updateOutdated();
    updateCharts();
    Q_EMIT resultReady();
}

QByteArray ParityPanel::inputsKey() const
{
    // Everything a verdict depends on besides the runs' points: which runs in which role, their step
    // offsets, and the options.
    QStringList roles;
    const auto add = [this, &roles](QChar role, int id) {
        roles << QStringLiteral("%1%2@%3").arg(role).arg(id).arg(m_runs.stepOffset(id));
    };
    add(QLatin1Char('b'), m_baseline->currentData().toInt());
    for (QListWidget *list : {m_candidates, m_envelope}) {
        for (int i = 0; i < list->count(); ++i) {
            if (list->item(i)->checkState() == Qt::Checked)
                add(list == m_candidates ? QLatin1Char('c') : QLatin1Char('e'),
                    list->item(i)->data(Qt::UserRole).toInt());
        }
    }
    return roles.join(QLatin1Char(' ')).toUtf8()
        + QJsonDocument(ParityJson::optionsToJson(currentOptions())).toJson(QJsonDocument::Compact);
}

bool ParityPanel::isOutdated() const
{
    return !m_result.candidates.isEmpty() && inputsKey() != m_resultInputs;
}

void ParityPanel::updateOutdated()
{
    if (m_result.candidates.isEmpty() || m_comparing)
        return;
    const bool outdated = isOutdated();
    const QString verdict = ParityResult::verdictName(m_result.verdict);
    //: Badge of a parity verdict whose runs or options were changed since: %1 is PASS/WARN/FAIL.
    m_badge->setText(outdated ? tr("%1 · outdated").arg(verdict) : verdict);
    // An outdated verdict keeps its word but loses its colour: it no longer judges what is selected.
    setBadgeVerdict(outdated ? std::nullopt : std::optional<ParityResult::Verdict>(m_result.verdict));
    m_badge->setToolTip(outdated ? tr("The baseline, candidates, envelope or options changed since this verdict: it "
                                      "judges other runs. Press Compare to judge the selection.")
                                 : tr("The worst verdict over the candidates; the reasons are listed below."));
    // Reasons and statistics of the old selection stay readable, greyed.
    m_reasons->setEnabled(!outdated);
    m_table->setEnabled(!outdated);
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
    // The envelope of several baselines, widened by the tolerance, behind the overlay's curves.
    ChartBand envelopeBand;
    if (!m_result.candidates.isEmpty() && !m_result.candidates.first().envelopeBounds.empty()) {
        const ParityResult::Candidate &c = m_result.candidates.first();
        envelopeBand.label = tr("envelope");
        for (size_t i = 0; i < c.rows.size(); ++i) {
            const auto [lo, hi] = c.envelopeBounds[i];
            if (std::isnan(lo))
                continue;
            envelopeBand.x.push_back(double(c.rows[i].step));
            envelopeBand.lower.push_back(lo - (o.absTol + o.relTol * std::abs(lo)));
            envelopeBand.upper.push_back(hi + (o.absTol + o.relTol * std::abs(hi)));
        }
    }
    // Vertical markers: each candidate's first divergence, and the live alerts' steps.
    // Candidates that diverge at the same step share one marker (and one legend entry): five runs
    // diverging at step 3 made five entries that pushed the runs' own out of the legend.
    QVector<QPair<qint64, QString>> marks;
    QVector<QStringList> diverging;
    for (const ParityResult::Candidate &c : m_result.candidates) {
        if (c.firstDivergenceStep < 0)
            continue;
        const auto same = std::find_if(marks.cbegin(), marks.cend(), [&c](const QPair<qint64, QString> &m) {
            return m.first == c.firstDivergenceStep;
        });
        if (same == marks.cend()) {
            marks.append({c.firstDivergenceStep, QString()});
            diverging.append({c.name});
        } else {
            diverging[same - marks.cbegin()].append(c.name);
        }
    }
    for (int i = 0; i < marks.size(); ++i) {
        const QStringList &names = diverging.at(i);
        marks[i].second = names.size() == 1
            ? tr("first divergence of %1 (step %2)").arg(names.first()).arg(marks.at(i).first)
            : tr("first divergence of %n candidate(s) (step %1)", nullptr, int(names.size())).arg(marks.at(i).first);
    }
    for (const ParityMonitor::Alert &a : m_alerts) {
        // One marker per step: a divergence alert sits where the divergence marker already is.
        if (std::none_of(marks.cbegin(), marks.cend(),
                         [&a](const QPair<qint64, QString> &m) { return m.first == a.step; }))
            marks.append({a.step, tr("alert %1 at step %2").arg(a.code).arg(a.step)});
    }
    const auto addMarks = [&marks](QVector<ChartCurve> &curves) {
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (const ChartCurve &c : curves) {
            for (double y : c.y) {
                if (std::isfinite(y)) {
                    lo = std::min(lo, y);
                    hi = std::max(hi, y);
                }
            }
        }
        if (!std::isfinite(lo))
            return;
        for (int i = 0; i < marks.size(); ++i) {
            ChartCurve m;
            m.id = QStringLiteral("marker-%1").arg(i);
            m.label = marks.at(i).second;
            m.rgb = 0xffd32f2f;
            m.x = {double(marks.at(i).first), double(marks.at(i).first)};
            m.y = {lo, hi};
            m.steps = {marks.at(i).first, marks.at(i).first};
            curves.append(std::move(m));
        }
    };
    addMarks(overlay);
    addMarks(difference);
    updateChartTitles();
    m_overlay->setCurves(overlay);
    m_overlay->setBand(envelopeBand);
    m_overlay->fitAll();
    m_difference->setCurves(difference);
    m_difference->setBand(band);
    m_difference->fitAll();
    Q_EMIT shownChanged();
}

void ParityPanel::zoomToStep(qint64 step)
{
    const QRectF all
        = m_overlay->dataBounds(-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity());
    // A window of a few percent of the run around the step, at least a few steps wide, kept
    // inside the compared steps: a divergence at step 3 shows steps 1.. on, not negative ones.
    const double half = std::max(5.0, all.width() * 0.03);
    double lo = double(step) - half, hi = double(step) + half;
    if (all.isValid() && lo < all.left()) {
        hi = std::min(all.right(), hi + (all.left() - lo));
        lo = all.left();
    }
    if (all.isValid() && hi > all.right()) {
        lo = std::max(all.left(), lo - (hi - all.right()));
        hi = all.right();
    }
    for (CurveChart *chart : {m_overlay, m_difference})
        chart->setXRange(lo, hi);
    Q_EMIT shownChanged();
}

void ParityPanel::requestJump(qint64 step)
{
    Q_EMIT jumpToStep(step);
}

void ParityPanel::setResultsShown(bool shown)
{
    for (QWidget *w : std::initializer_list<QWidget *>{m_reasons, m_overlayView, m_differenceView, m_table})
        w->setVisible(shown);
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

void ParityPanel::setEnvironments(const QJsonObject &baseline, const QJsonObject &candidate)
{
    m_baselineEnv = baseline;
    m_candidateEnv = candidate;
    if (m_comparedIds.isEmpty()) // nothing compared yet: the diff alone
        ParityReasonTree::fill(m_reasons, m_result, m_baselineEnv, m_candidateEnv);
    else
        showResult(m_result);
}

void ParityPanel::chooseEnvironments()
{
    QJsonObject env[2];
    const QString titles[2] = {tr("Baseline machine: env --json"), tr("Candidate machine: env --json")};
    for (int i = 0; i < 2; ++i) {
        const QString path = QFileDialog::getOpenFileName(this, titles[i], QString(), tr("JSON (*.json)"));
        if (path.isEmpty())
            return;
        QString error;
        env[i] = ParityEnvDiff::read(path, &error);
        if (env[i].isEmpty()) {
            Q_EMIT message([error] { return tr("Parity: %1").arg(error); });
            return;
        }
    }
    setEnvironments(env[0], env[1]);
}

void ParityPanel::exportJson()
{
    if (!m_result)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Parity JSON"), QStringLiteral("parity.json"),
                                                      tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QString error
        = SafeFileWriter::writeFile(path, QJsonDocument(ParityJson::toJson(m_result)).toJson(QJsonDocument::Indented));
    if (!error.isEmpty())
        Q_EMIT message([error] { return tr("Parity: %1").arg(error); });
}
