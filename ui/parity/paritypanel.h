// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/engines/parity/paritymonitor.h"
#include "core/engines/parity/paritypresets.h"
#include "core/engines/parity/parityresult.h"

#include <QHash>
#include <QJsonObject>
#include <QVariantMap>
#include <QThreadPool>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class ChartView;
class CurveChart;
class ParityStatsModel;
class QTimer;
class LoadedRunsModel;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;
class QSystemTrayIcon;
class QTableView;
class QTreeWidget;

/// The Parity dock: pick a baseline and up to six candidates among the loaded runs (the Runs
/// dock's LoadedRunsModel, whose step offsets apply), choose metric and preset, and see the verdict
/// badge with its reasons and the fairness checklist, the statistics table, an overlay chart of the
/// compared values and a difference chart (absolute or relative) with the tolerance band. Further
/// runs of the baseline's setup (the Envelope list) make a noise envelope, drawn as the overlay's
/// band. The comparison runs off the GUI thread (latest request wins). "Jump to first divergence"
/// and a double-click on a reason or a statistic zoom both charts to a window around that step
/// (marked on both charts) and emit jumpToStep(). While a compared candidate grows (a followed run)
/// a ParityMonitor judges each appended point and the first alert of each kind is shown, marked on
/// the charts and sent as a desktop notification where a system tray exists (docs/parity.md).
class ParityPanel : public QWidget
{
    Q_OBJECT

public:
    /// `presets`: what the preset box lists and the comparisons resolve (the plugins' and core's).
    ParityPanel(LoadedRunsModel &runs, const ParityPresets &presets, QWidget *parent = nullptr);
    ~ParityPanel() override;

    /// Selects the baseline, candidates and envelope by run id (LoadedRunsModel), then compares
    /// exactly these: an envelope checked for an earlier comparison is cleared unless named.
    void select(int baselineId, const QList<int> &candidateIds, const QList<int> &envelopeIds = {});
    /// True when the verdict on screen was judged on other runs, roles or options than those now
    /// selected (marked on the badge; Compare judges the selection).
    bool isOutdated() const;
    const ParityResult &result() const { return m_result; }
    ParityStatsModel *statsModel() const { return m_stats; }
    CurveChart *overlayChart() const { return m_overlay; }
    CurveChart *differenceChart() const { return m_difference; }
    /// Shows |B − A| (false) or |B − A| / |A| (true) in the difference chart.
    void setRelativeDifference(bool relative);
    /// Checks these runs (ids) as further baselines: the noise envelope. Takes effect at the next compare().
    void setEnvelope(const QList<int> &ids);
    /// Two machines' `env --json` (baseline's, candidate's): what differs is listed under the reasons.
    void setEnvironments(const QJsonObject &baseline, const QJsonObject &candidate);
    const QJsonObject &baselineEnvironment() const { return m_baselineEnv; }
    const QJsonObject &candidateEnvironment() const { return m_candidateEnv; }
    /// The verdict badge as shown (word, outdated mark, colours, tooltip).
    const QLabel *badge() const { return m_badge; }
    /// Shows the reasons, charts and statistics below the controls (true), or the controls and the
    /// badge only while another view shows the result (the Compare perspective's ParityResultView).
    void setResultsShown(bool shown);
    /// The live alerts raised since the last compare(), oldest first.
    const QVector<ParityMonitor::Alert> &alerts() const { return m_alerts; }
    /// Called on the thread that compares, before it reads anything (a test sees which thread, or
    /// holds the comparison there).
    void setJobHook(const std::function<void()> &hook) { m_jobHook = hook; }

public Q_SLOTS:
    void compare();
    void jumpToFirstDivergence();
    /// As a double-click on a reason: the charts zoom to the step (jumpToStep()).
    void requestJump(qint64 step);
    void zoomToStep(qint64 step);
    void exportJson();
    /// Asks for the two `env --json` files and shows their differences.
    void chooseEnvironments();

protected:
    void changeEvent(QEvent *event) override;

Q_SIGNALS:
    void message(const LocalizedText &text);
    void resultReady();
    /// The badge or the charts changed (a comparison started, the verdict is outdated, a zoom).
    void shownChanged();
    /// The step the charts should zoom to.
    void jumpToStep(qint64 step);
    /// A live alert on a growing candidate (also shown as a desktop notification where possible).
    void alertRaised(const QString &candidate, const ParityMonitor::Alert &alert);

private:
    ParityOptions currentOptions() const;
    void applyPreset();
    /// The preset box's tooltip: ParityCriteria's sentences for the options the boxes give now.
    void updateCriteria();
    /// The badge in the verdict's colours (VerdictColors, the dark set on a dark palette); none: plain.
    void setBadgeVerdict(std::optional<ParityResult::Verdict> verdict);
    void refreshRunLists();
    void showResult(const ParityResult &result);
    /// The selection and options a verdict depends on, to tell whether the shown one is outdated.
    QByteArray inputsKey() const;
    void updateOutdated();
    void updateCharts();
    /// The charts' titles in the current language (the difference chart's follow its mode).
    void updateChartTitles();
    void retranslateUi();
    struct Comparison;
    /// The monitors' key for what compare() asks for now, empty when the monitors there are for it.
    QByteArray newMonitorKey(const ParityOptions &options, const QList<int> &ids);
    /// Live monitors for the candidates (runs: baseline, candidates, envelope), on the job's thread.
    static void makeMonitors(Comparison &done, const std::vector<std::shared_ptr<const RunMetrics>> &runs,
                             const ParityOptions &options, const QList<int> &ids, int candidates);
    void feedMonitor(int id);
    /// Adds the facts read beside run's log, from known when read before; what is read now goes
    /// to found. On the job's thread.
    static void addNeighbourFacts(RunMetrics &run, const QHash<QString, QVariantMap> &known,
                                  QHash<QString, QVariantMap> *found);
    /// What a workspace run's devices did (RunTelemetryLookup::besideLog beside its log), from known
    /// while its files are as they were; what is read now goes to found. On the job's thread.
    struct RecordedTelemetry;
    static RunTelemetrySummary runTelemetry(const RunMetrics &run, const QHash<QString, RecordedTelemetry> &known,
                                            QHash<QString, RecordedTelemetry> *found);
    void notify(const QString &title, const QString &text);

    LoadedRunsModel &m_runs;
    const ParityPresets m_presets;
    QList<int> m_comparedIds; ///< baseline first, for the chart colours
    /// What the newest comparison request judges (shown or still working): their growth asks again.
    QList<int> m_requestedIds;
    QTimer *m_recompare; ///< compares again, at most twice a second, while compared runs grow
    ParityResult m_result;
    QByteArray m_resultInputs; ///< inputsKey() when m_result was asked for
    quint64 m_generation = 0;
    bool m_comparing = false; ///< a comparison is running: the badge says so

    QComboBox *m_baseline;
    QComboBox *m_differenceMode;
    QListWidget *m_candidates;
    QListWidget *m_envelope;
    QComboBox *m_metric;
    QComboBox *m_preset;
    QDoubleSpinBox *m_relTol;
    QDoubleSpinBox *m_absTol;
    QDoubleSpinBox *m_minWithin;
    QSpinBox *m_skipWarmup;
    QSpinBox *m_window;
    QCheckBox *m_interpolate;
    QPushButton *m_compare;
    QPushButton *m_jump;
    QPushButton *m_export;
    QPushButton *m_environments;
    QFormLayout *m_form;
    QLabel *m_badge;
    std::optional<ParityResult::Verdict> m_badgeVerdict;
    QTreeWidget *m_reasons;
    QTableView *m_table;
    ParityStatsModel *m_stats;
    CurveChart *m_overlay;
    CurveChart *m_difference;
    ChartView *m_overlayView;
    ChartView *m_differenceView;

    /// Live alerts: the baselines the monitors read (kept alive with them), one monitor per candidate id.
    std::vector<std::shared_ptr<const RunMetrics>> m_monitorBaselines;
    struct Live
    {
        std::unique_ptr<ParityMonitor> monitor;
        int fedPoints = 0; ///< points of the run already judged
        QString name;
    };
    QHash<int, std::shared_ptr<Live>> m_live;
    QVector<ParityMonitor::Alert> m_alerts;
    /// What a comparison job hands back.
    struct RecordedTelemetry
    {
        QString stamp; ///< the files' names, sizes and times when read
        RunTelemetrySummary summary;
    };
    struct Comparison
    {
        ParityResult result;
        QHash<QString, QVariantMap> facts; ///< read beside logs for the first time
        QHash<QString, RecordedTelemetry> telemetry; ///< per log path, read now
        QByteArray monitorKey; ///< set when the job made monitors (the rest below)
        std::vector<std::shared_ptr<const RunMetrics>> monitorBaselines;
        QHash<int, std::shared_ptr<Live>> live;
        QVector<ParityMonitor::Alert> alerts;
    };
    std::function<void()> m_jobHook;
    QSystemTrayIcon *m_tray = nullptr;
    QHash<QString, QVariantMap> m_facts; ///< per log path: the facts its neighbours added
    QHash<QString, RecordedTelemetry> m_telemetry; ///< per log path: its workspace telemetry
    QJsonObject m_baselineEnv, m_candidateEnv;
    /// This panel's background jobs. Declared last, so it is destroyed first: the panel waits for
    /// them, and none finishes after it is gone (a crash at exit in cleanupThreadData).
    QThreadPool m_jobs;
};
