#pragma once

#include "parity/parityresult.h"

#include <QWidget>

class ChartView;
class CurveChart;
class ParityStatsModel;
class QTimer;
class RunListModel;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableView;
class QTreeWidget;

/// The Parity dock: pick a baseline and up to six candidates among the loaded runs (the Runs
/// dock's RunListModel, whose step offsets apply), choose metric and preset, and see the verdict
/// badge with its reasons and the fairness checklist, the statistics table, an overlay chart of the
/// compared values and a difference chart (absolute or relative) with the tolerance band. The
/// comparison runs off the GUI thread (latest request wins). "Jump to first divergence" and a
/// double-click on a reason or a statistic zoom both charts there and emit jumpToStep().
class ParityPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ParityPanel(RunListModel &runs, QWidget *parent = nullptr);
    ~ParityPanel() override;

    /// Selects the baseline and candidates by run id (RunListModel), then compares.
    void select(int baselineId, const QList<int> &candidateIds);
    const ParityResult &result() const { return m_result; }
    ParityStatsModel *statsModel() const { return m_stats; }
    CurveChart *overlayChart() const { return m_overlay; }
    CurveChart *differenceChart() const { return m_difference; }
    /// Shows |B − A| (false) or |B − A| / |A| (true) in the difference chart.
    void setRelativeDifference(bool relative);

public Q_SLOTS:
    void compare();
    void jumpToFirstDivergence();
    void zoomToStep(qint64 step);
    void exportJson();

Q_SIGNALS:
    void message(const QString &text);
    void resultReady();
    /// The step the charts should zoom to.
    void jumpToStep(qint64 step);

private:
    ParityOptions currentOptions() const;
    void applyPreset();
    void refreshRunLists();
    void showResult(const ParityResult &result);
    void updateCharts();

    RunListModel &m_runs;
    QList<int> m_comparedIds; ///< baseline first, for the chart colours
    QTimer *m_recompare; ///< compares again, at most twice a second, while compared runs grow
    ParityResult m_result;
    quint64 m_generation = 0;

    QComboBox *m_baseline;
    QComboBox *m_differenceMode;
    QListWidget *m_candidates;
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
    QLabel *m_badge;
    QTreeWidget *m_reasons;
    QTableView *m_table;
    ParityStatsModel *m_stats;
    CurveChart *m_overlay;
    CurveChart *m_difference;
    ChartView *m_overlayView;
    ChartView *m_differenceView;
};
