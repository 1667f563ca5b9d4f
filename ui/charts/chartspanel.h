// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/engines/charts/chartcurve.h"
#include "core/engines/charts/chartxaxis.h"

#include <QHash>
#include <QSet>
#include <QWidget>

class ChartView;
class CurveChart;
class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QMenu;
class QSlider;
class QTimer;
class QToolButton;
class LoadedRunsModel;

/// The Charts dock: one chart per metric (loss, tokens/s, learning rate and grad norm by default,
/// any metric the runs carry can be added), every loaded run overlaid in its own colour, with the
/// shared controls: x axis, smoothing, raw curve, log y, linked zoom, follow latest, export.
///
/// Live runs are redrawn at most 10 times a second; the user's zoom is kept unless "Follow
/// latest" is on.
class ChartsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ChartsPanel(LoadedRunsModel &runs, QWidget *parent = nullptr);
    ~ChartsPanel() override;

    /// Room for the default 2×2 grid of charts when the dock is first laid out.
    QSize sizeHint() const override { return QSize(980, 640); }

    static QStringList defaultMetrics();
    /// Human title of a metric ("Tokens/s" for tokens_per_s).
    static QString metricTitle(const QString &metric);

    int chartCount() const { return int(m_charts.size()); }
    CurveChart *chart(int index) const;
    ChartView *view(int index) const;
    QString metric(int index) const;
    /// Index of the chart for a metric, -1 if none.
    int indexOf(const QString &metric) const;
    void addChart(const QString &metric);
    void removeChart(int index);

    ChartXAxis::Kind xAxis() const { return m_axis; }
    void setXAxis(ChartXAxis::Kind axis);
    double smoothing() const { return m_smoothing; }
    void setSmoothing(double weight);
    void setShowRaw(bool on);
    void setLogY(bool on);
    void setFollowLatest(bool on);
    void setLinkedZoom(bool on);
    /// Shows or hides a run on every chart (what clicking its legend entry does).
    void setRunVisible(int runId, bool visible);
    bool isRunVisible(int runId) const { return !m_hidden.contains(runId); }

    /// Exports: image by suffix (.png, .svg), CSV of the chart's visible curves at full resolution.
    bool exportImage(int index, const QString &path, QString *error);
    bool exportCsv(int index, const QString &path, QString *error, qint64 *rows = nullptr);

protected:
    void changeEvent(QEvent *event) override;

Q_SIGNALS:
    /// Something worth a line in the Messages dock (export done, axis unavailable for a run).
    void message(const LocalizedText &text);

private:
    struct Entry
    {
        QString metric;
        CurveChart *chart;
        ChartView *view;
    };

    void createToolBar();
    void retranslateUi();
    void rebuildAll();
    void rebuildRun(int runId);
    void rebuildCurve(const Entry &entry, int runId);
    /// Linked charts fit to the union of every chart's x range, so they line up before any zoom.
    void alignX();
    void flushLive();
    void relayout();
    void resizeEvent(QResizeEvent *event) override;
    static constexpr int chartMinimumWidth = 300;
    void syncFrom(CurveChart *source);
    void followLatest();
    void showChartMenu(int index, const QPoint &globalPos);
    void exportWithDialog(int index, const QString &kind);
    void populateAddMenu();
    void updateAxisNote();
    /// What a chart without curves says: no run loaded, or no run has its metric.
    void updateEmptyTexts();
    int currentIndex() const;
    ChartCurve curveFor(int runId, const QString &metric) const;

    LoadedRunsModel &m_runs;
    std::vector<Entry> m_charts;
    QGridLayout *m_grid = nullptr;
    QWidget *m_gridHost = nullptr;
    QComboBox *m_axisCombo = nullptr;
    QSlider *m_smoothSlider = nullptr;
    QDoubleSpinBox *m_smoothSpin = nullptr;
    QCheckBox *m_rawCheck = nullptr;
    QAction *m_logAction = nullptr;
    QAction *m_followAction = nullptr;
    QAction *m_linkAction = nullptr;
    QAction *m_resetAction = nullptr;
    QAction *m_exportPngAction = nullptr;
    QAction *m_exportSvgAction = nullptr;
    QAction *m_exportCsvAction = nullptr;
    QLabel *m_axisLabel = nullptr;
    QLabel *m_smoothLabel = nullptr;
    QToolButton *m_addButton = nullptr;
    QToolButton *m_exportButton = nullptr;
    QMenu *m_addMenu = nullptr;
    QLabel *m_note = nullptr;
    QTimer *m_liveTimer;
    QTimer *m_smoothTimer;
    QHash<int, int> m_dirty; ///< run id → first new or changed point since the last redraw
    QSet<int> m_hidden;
    ChartXAxis::Kind m_axis = ChartXAxis::Step;
    double m_smoothing = 0.6;
    bool m_showRaw = true;
    bool m_logY = false;
    bool m_follow = false;
    bool m_linked = true;
    bool m_syncing = false;
    int m_current = 0;
    int m_columns = 2;
};
