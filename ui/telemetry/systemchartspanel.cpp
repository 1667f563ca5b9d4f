// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "systemchartspanel.h"

#include "charts/chartview.h"
#include "charts/curvechart.h"
#include "core/engines/telemetry/telemetrychart.h"
#include "core/engines/telemetry/telemetrymetric.h"

#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <memory>

SystemChartsPanel::SystemChartsPanel(QList<const DeviceBackend *> backends, QWidget *parent)
    : QWidget(parent)
    , m_backends(std::move(backends))
    , m_metricLabel(new QLabel(this))
    , m_metric(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_chart(new CurveChart)
    , m_flagsLabel(new QLabel(this))
    , m_flags(new QListWidget(this))
{
    m_metric->setObjectName(QStringLiteral("metric"));
    m_flags->setObjectName(QStringLiteral("flags"));
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *top = new QHBoxLayout;
    top->addWidget(m_metricLabel);
    top->addWidget(m_metric);
    top->addWidget(m_summary, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(new ChartView(m_chart, this), 3);
    layout->addWidget(m_flagsLabel);
    layout->addWidget(m_flags, 1);
    connect(m_metric, &QComboBox::currentIndexChanged, this, &SystemChartsPanel::showMetric);
    // Latest wins: setFuture() of a later open detaches the watcher from an earlier read.
    connect(&m_reading, &QFutureWatcher<std::shared_ptr<Reading>>::finished, this, [this] {
        const std::shared_ptr<Reading> r = m_reading.result();
        for (const QString &error : std::as_const(r->errors))
            Q_EMIT message([error] { return tr("Cannot read telemetry: %1").arg(error); });
        if (r->captures.empty())
            return;
        m_following = std::move(r->captures);
        m_flagState = std::move(r->flags);
        m_flagged = std::move(r->flagged);
        const QString source = m_readingPaths.join(QStringLiteral(", "));
        // Moved, not copied: a week of 16 devices is hundreds of MB.
        setRecording(std::move(r->recording), source);
        m_follow.start();
        Q_EMIT loaded(source);
    });
    // A file still being written (monitor --out) grows on the charts.
    m_follow.setInterval(1000);
    connect(&m_follow, &QTimer::timeout, this, &SystemChartsPanel::readAppended);
    retranslateUi();
}

bool SystemChartsPanel::canOpen(const QString &path) const
{
    return TelemetryCapture::recognises(TelemetryCapture::head(path), m_backends);
}

void SystemChartsPanel::openFiles(const QStringList &paths)
{
    m_follow.stop();
    m_following.clear();
    m_readingPaths = paths;
    m_reading.setFuture(
        QtConcurrent::run([paths, backends = m_backends] { return SystemChartsPanel::read(paths, backends); }));
}

std::shared_ptr<SystemChartsPanel::Reading> SystemChartsPanel::read(const QStringList &paths,
                                                                    const QList<const DeviceBackend *> &backends)
{
    auto r = std::make_shared<Reading>();
    for (const QString &path : paths) {
        r->captures.push_back(std::make_unique<TelemetryCapture>(
            path, backends, paths.size() == 1 ? QStringLiteral("local") : QFileInfo(path).completeBaseName()));
    }
    readMore(r->captures, r->recording, &r->errors);
    // Here, not on the GUI thread: a week of 16 devices is seconds of work.
    r->flags.addSince(r->recording, r->flagged);
    return r;
}

void SystemChartsPanel::readMore(std::vector<std::unique_ptr<TelemetryCapture>> &captures,
                                 TelemetryRecording &recording, QStringList *errors)
{
    QStringList tools;
    for (auto it = captures.begin(); it != captures.end();) {
        QString error;
        if (!(*it)->readMore(recording, false, &error)) {
            *errors << error;
            it = captures.erase(it);
            continue;
        }
        if (!tools.contains(recording.tool))
            tools << recording.tool;
        ++it;
    }
    recording.tool = tools.join(QStringLiteral(", "));
}

void SystemChartsPanel::readAppended()
{
    const qint64 before = m_recording.sampleCount;
    const qint64 problemsBefore = m_recording.problemCount;
    const size_t seriesBefore = m_recording.series.size();
    const QStringList metricsBefore = TelemetryChart::metrics(m_recording);
    QStringList errors;
    readMore(m_following, m_recording, &errors);
    for (const QString &error : std::as_const(errors))
        Q_EMIT message([error] { return tr("Stopped following telemetry: %1").arg(error); });
    if (m_following.empty())
        m_follow.stop();
    if (m_recording.sampleCount == before && m_recording.problemCount == problemsBefore)
        return;
    m_flagState.addSince(m_recording, m_flagged);
    // The same devices and metrics: their curves are extended, not rebuilt (a week of 16 devices
    // is ten million points to rebuild every second).
    if (m_recording.series.size() == seriesBefore && TelemetryChart::metrics(m_recording) == metricsBefore
        && extendCurves()) {
        showFlags();
        retranslateUi();
    } else {
        setRecording(std::move(m_recording), m_source);
    }
    Q_EMIT grown(m_source);
}

bool SystemChartsPanel::extendCurves()
{
    const QString shown = metric();
    for (const TelemetrySeries &s : m_recording.series) {
        if (s.has(shown)
            && !m_chart->extendCurve(s.label(), [&](ChartCurve &c) { return TelemetryChart::extend(s, shown, c); }))
            return false;
    }
    return true;
}

void SystemChartsPanel::showFlags()
{
    m_flags->clear();
    // The open rounds ended on a copy: the next samples may still join them.
    TelemetryFlags shown = m_flagState;
    shown.finish();
    for (const TelemetryFlag &f : shown.flags())
        m_flags->addItem(f.text());
    for (const QString &p : m_recording.problems)
        m_flags->addItem(p);
}

void SystemChartsPanel::setRecording(TelemetryRecording recording, const QString &source)
{
    m_recording = std::move(recording);
    m_source = source;
    const QString previous = metric();
    const QSignalBlocker block(m_metric);
    m_metric->clear();
    for (const QString &m : TelemetryChart::metrics(m_recording)) {
        const QString unit = TelemetryMetric::unit(m);
        m_metric->addItem(unit.isEmpty() ? m : QStringLiteral("%1 (%2)").arg(m, unit), m);
    }
    const int keep = m_metric->findData(previous);
    m_metric->setCurrentIndex(keep >= 0 ? keep : 0);
    showFlags();
    retranslateUi();
    showMetric();
}

QString SystemChartsPanel::metric() const
{
    return m_metric->currentData().toString();
}

void SystemChartsPanel::setMetric(const QString &metric)
{
    const int at = m_metric->findData(metric);
    if (at >= 0)
        m_metric->setCurrentIndex(at);
}

void SystemChartsPanel::showMetric()
{
    ChartSpec spec = TelemetryChart::spec(m_recording, metric());
    m_chart->setSpec(spec);
}

void SystemChartsPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        showMetric(); // the axis titles
    }
    QWidget::changeEvent(event);
}

void SystemChartsPanel::retranslateUi()
{
    m_metricLabel->setText(tr("Metric:"));
    m_flagsLabel->setText(tr("Flags and unread lines:"));
    m_summary->setText(
        m_source.isEmpty()
            ? tr("Open a telemetry file (portbench-cli monitor --out, or an nvidia-smi / npu-smi / "
                 "mthreads-gmi capture) with File > Open.")
            : tr("%1: %2, %n device(s)", nullptr, int(m_recording.series.size())).arg(m_source, m_recording.tool));
}
