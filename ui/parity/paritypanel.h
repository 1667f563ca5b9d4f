#pragma once

#include "parity/parityresult.h"

#include <QWidget>

#include <memory>
#include <vector>

class ParityStatsModel;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableView;
class QTreeWidget;
class Run;

/// The Parity dock: pick a baseline and up to six candidates among the loaded runs, choose the
/// metric and preset, and see the verdict badge with its reasons, the statistics table and the
/// fairness checklist. The comparison runs off the GUI thread (latest request wins).
/// "Jump to first divergence" and a double-click on a reason or a statistic emit jumpToStep(),
/// which the charts follow.
class ParityPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ParityPanel(QWidget *parent = nullptr);
    ~ParityPanel() override;

    /// Makes a run available for comparison (the charts' loaded runs, or a log opened here).
    void addRun(std::shared_ptr<const Run> run);
    /// Reads logs with LogReader and adds them; errors go to message().
    void openLogs(const QStringList &paths);
    int runCount() const { return int(m_runs.size()); }

    /// Selects the baseline and candidates by index into the added runs, then compares.
    void select(int baseline, const QList<int> &candidates);
    const ParityResult &result() const { return m_result; }
    ParityStatsModel *statsModel() const { return m_stats; }

public Q_SLOTS:
    void compare();
    void jumpToFirstDivergence();
    void exportJson();

Q_SIGNALS:
    void message(const QString &text);
    void resultReady();
    /// The step the charts should zoom to.
    void jumpToStep(qint64 step);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    ParityOptions currentOptions() const;
    void applyPreset();
    void refreshRunLists();
    void showResult(const ParityResult &result);
    void addLogsFromDialog();

    std::vector<std::shared_ptr<const Run>> m_runs;
    ParityResult m_result;
    quint64 m_generation = 0;

    QComboBox *m_baseline;
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
};
