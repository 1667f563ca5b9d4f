// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/charts/chartspec.h"
#include "core/engines/charts/decimator.h"
#include "core/engines/charts/lodpyramid.h"
#include "core/engines/charts/minmaxindex.h"

#include <QChart>
#include <QFuture>
#include <QHash>
#include <QThreadPool>

#include <atomic>
#include <functional>
#include <memory>

class CurveLayer;
class QAbstractAxis;
class QAreaSeries;
class QCategoryAxis;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QScatterSeries;

/// A QChart that draws ChartCurves at full resolution, handing Qt Charts only what the plot's pixel
/// columns can show through QXYSeries::replace() whenever the range or the plot size changes:
/// with level of detail (interactive views), a slice of each line's LodPyramid; without (exports),
/// the per-column first/min/max/last points of the visible range (Decimator). Logged NaN/inf become markers
/// at the last finite value before them; with smoothing on, the raw curve is drawn faint behind the
/// smoothed one. Works in a QChartView and offscreen in a bare QGraphicsScene (ChartRenderer).
///
/// Legend: one entry per curve; clicking it emits legendToggled() (the owner decides whether the
/// curve hides on this chart only or, as the Charts dock does, on every chart).
class CurveChart : public QChart
{
    Q_OBJECT

public:
    struct Reading
    {
        QString label;
        quint32 rgb = 0;
        double x = 0; ///< x of the nearest point
        double y = 0; ///< raw value
        double smoothed = 0; ///< NaN when smoothing is off
        qint64 step = -1; ///< -1 when the curve has no steps
    };

    explicit CurveChart(QGraphicsItem *parent = nullptr);
    ~CurveChart() override;

    /// Replaces titles, scales, curves and band. A null spec.view fits all visible data.
    void setSpec(const ChartSpec &spec);
    /// The spec with `view` set to what is on screen now (for export and reports).
    ChartSpec spec() const;

    /// Replaces the curves, keeping the current view unless the chart is fitting its data
    /// (not zoomed by the user): then it fits again, so a live run grows into view.
    void setCurves(const QVector<ChartCurve> &curves);
    /// Adds or replaces one curve by id; same view rule as setCurves(). The other curves' series
    /// are left as they are (adding a run to a chart of millions of points costs that run only).
    /// Taken by value: a caller that moves its curve in spares a copy of every point.
    void setCurve(ChartCurve curve);
    void removeCurve(const QString &id);
    /// Live append: `extend` grows the curve in place (RunCurveBuilder::extend()) and returns the
    /// first index whose values changed, or -1 to say it cannot (the curve must be untouched then).
    /// Indexes are extended, not rebuilt, and the curve is re-decimated only when the change reaches
    /// the visible range (or the chart follows its data). False when the id is unknown or extend
    /// refused: the caller rebuilds the curve with setCurve().
    bool extendCurve(const QString &id, const std::function<int(ChartCurve &)> &extend);
    const QVector<ChartCurve> &curves() const { return m_spec.curves; }
    void setBand(const ChartBand &band);
    void setCurveVisible(const QString &id, bool visible);
    bool isCurveVisible(const QString &id) const;
    void setLogY(bool on);
    bool logY() const { return m_spec.logY; }
    void setTimeX(bool on);
    void setShowRaw(bool on);
    /// Legend names shortened to the part that tells the curves apart ("…fp32…", LegendNames).
    void setShortLegend(bool on);
    /// The legend text of a curve as shown (shortened, elided).
    QString legendName(const QString &id) const;
    /// The legend entry's tooltip: the full label and where the curve comes from.
    QString legendToolTip(const QString &id) const;
    void setTitles(const QString &title, const QString &xTitle, const QString &yTitle);
    /// Colours from the application palette (called when the theme changes).
    void applyTheme();

    /// Shown instead of axes while no curve has a point ("No run has Tokens/s"); empty: axes only.
    void setEmptyText(const QString &text);
    QString emptyText() const;
    /// True while the chart shows its empty text instead of axes.
    bool isShowingEmptyText() const;

    /// Visible x/y range in data units (top() is the lowest y).
    ///
    /// The ranges are derived, never patched: x is either the data's (fitting, with the shared x
    /// bounds) or the user's; y is either fitted to the visible data in that x range on the
    /// current scale (log: positive values only) or the user's. Every change of data, scale or
    /// zoom derives both again from that state.
    QRectF view() const;
    /// The user's x and y (rubber band, Ctrl+wheel, a vertical pan, a spec's view).
    void setView(const QRectF &view);
    /// The user's x; y fits the data in it (fitY false: y stays as it is, the user's or fitted).
    void setXRange(double min, double max, bool fitY = true);
    /// Fits x and y to all visible data and goes back to following the data.
    void fitAll();
    /// An x range that fitAll() always includes besides this chart's data (NaN for none): the
    /// Charts dock passes the union of all its charts' data so linked charts line up from the start.
    void setSharedXBounds(double min, double max);
    /// y fits the data in the current x range again (after the user's own y).
    void fitY();
    /// False once the user zoomed or panned; fitAll() sets it again.
    bool isFitting() const { return m_fitting; }
    /// x and y fit the data again from the next change of curves (rebuilt for another x axis),
    /// without deriving the ranges from the curves about to be replaced.
    void fitOnNextChange()
    {
        m_fitting = true;
        m_yAuto = true;
    }
    /// Bounding box of the visible curves' finite values with x in [xMin, xMax] (log y: positive
    /// values only); a null rectangle when there are none.
    QRectF dataBounds(double xMin, double xMax) const;

    /// The nearest point at or before x of every visible curve.
    QVector<Reading> readAt(double x) const;
    /// Converts a scene position in the plot area to a data x.
    double xAt(const QPointF &scenePos) const;

    /// Level of detail, for interactive views (ChartView turns it on): each line is drawn from a
    /// LodPyramid built once per curve and y scale — for a curve of more than backgroundPoints
    /// points on a worker thread, a coarse pyramid showing meanwhile — so a pan or zoom frame
    /// copies a slice of it instead of decimating. Off (the default: offscreen exports), every
    /// range change decimates the points in view exactly for the width and nothing runs in the
    /// background.
    void setLevelOfDetail(bool on);
    bool levelOfDetail() const { return m_lod; }
    /// True while some curve's full pyramid is still being built (its coarse picture is shown).
    bool isDetailPending() const;
    /// True while the plot says that it shows a sample (a detail build is pending): a coarse
    /// picture can miss a spike, and a picture that may be wrong says so.
    bool isShowingSampleNote() const;
    static constexpr int backgroundPoints = 1 << 18;

    /// Decimates the visible range again for the current plot width (called on every range or size
    /// change; public for the benchmark and tests).
    void redecimate();
    /// Points drawn after the last redecimate(), summed over all series.
    int shownPointCount() const;
    /// The points (data units) drawn for one of seriesOf()'s series: with level of detail, a
    /// line's are drawn by the chart's own layer and its QLineSeries is empty.
    QList<QPointF> shownPoints(const QAbstractSeries *series) const;
    /// Legend marker visibility per curve id, for tests.
    QList<QAbstractSeries *> seriesOf(const QString &id) const;

Q_SIGNALS:
    void xRangeChanged(double min, double max);
    void legendToggled(const QString &id);
    /// The last pending full pyramid is in and drawn.
    void detailReady();

protected:
    void resizeEvent(QGraphicsSceneResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /// A background build's result: one pyramid per piece of the raw and the smoothed line.
    struct Detail
    {
        std::vector<LodPyramid> raw;
        std::vector<LodPyramid> smooth;
    };
    struct Drawn
    {
        QVector<QLineSeries *> raw; ///< one per piece
        QVector<QLineSeries *> smooth; ///< one per piece, empty when not smoothed
        QScatterSeries *markers = nullptr;
        MinMaxIndex rawIndex; ///< without level of detail, for the current y scale (log or linear)
        MinMaxIndex smoothIndex;
        std::vector<LodPyramid> rawLod; ///< with level of detail, one per piece, for the current y scale
        std::vector<LodPyramid> smoothLod;
        /// The background build of the full pyramids while one runs: stopped (cancelled and
        /// awaited) before the curve changes or goes; also the build's identity.
        std::shared_ptr<std::atomic_bool> cancel;
        QFuture<Detail> detailJob;
        std::vector<int> nonFinite; ///< indices of logged NaN/inf
        int shownPoints = 0;
    };

    /// Sets both axes from the state (see view()); re-decimates when a range moved or when asked.
    /// True when it re-decimated.
    bool applyRanges(bool redecimateAnyway = false);
    bool bounds(double xMin, double xMax, QRectF *out) const;
    bool hasData() const;
    void updateEmptyText();
    /// Shows or hides the sample note with isDetailPending(), in the plot's top right corner.
    void updateSampleNote();
    void rebuildAxes();
    void rebuildSeries();
    void buildCurveSeries(int index);
    /// Re-reads curve `index` into its series: reused when the shape (pieces, smoothing) is the
    /// same, rebuilt otherwise.
    void refreshCurveSeries(int index);
    void removeCurveSeries(int index);
    /// Indexes (or pyramids) and non-finite markers of curve `index` for the current scale.
    void indexCurve(int index);
    /// The curve to change, with no build reading it any more.
    ChartCurve &editCurve(int index);
    /// Cancels and awaits the background build of curve `index` (-1: of every curve).
    void stopDetail(int index);
    void startDetail(int index);
    /// Starts the full build again for every curve still showing a coarse pyramid with none
    /// running (after an edit stopped builds).
    void resumeDetail();
    void installDetail(const std::atomic_bool *cancel, Detail detail);
    Decimator::Options decimation() const;
    void redecimateCurve(int index, const Decimator::Options &options);
    void attach(QAbstractSeries *series);
    QAbstractSeries *legendSeries(int index) const;
    void connectLegend(int index);
    /// Names every curve's series after its label, shortened (spec's shortLegend) and elided.
    void updateLegendNames();
    void onXRangeChanged();
    /// Round ticks (AxisTicks) for the current ranges and plot size.
    void updateTicks();
    /// The axis that shows the y labels and title (the tick overlay on log scales).
    QAbstractAxis *yTitleAxis() const;
    quint32 colourOf(int index) const;
    int indexOf(const QString &id) const;
    void applyVisibility(int index);

    ChartSpec m_spec;
    QVector<Drawn> m_drawn;
    QAreaSeries *m_band = nullptr;
    QAbstractAxis *m_xAxis = nullptr;
    QAbstractAxis *m_yAxis = nullptr;
    QCategoryAxis *m_logLabels = nullptr; ///< round-tick labels over log10(y) on log scales
    bool m_fitting = true; ///< x follows the data (and the shared x bounds)
    bool m_yAuto = true; ///< y fits the data in the x range
    double m_xMin = 0, m_xMax = 1; ///< the user's x, when not fitting
    double m_yMin = 0, m_yMax = 1; ///< the user's y, when not m_yAuto
    bool m_settingRange = false;
    bool m_building = false;
    double m_sharedXMin;
    double m_sharedXMax;
    QGraphicsSimpleTextItem *m_emptyText;
    QGraphicsSimpleTextItem *m_sampleNote;
    CurveLayer *m_layer; ///< draws the lines with level of detail
    bool m_lod = false;
    /// About this many buckets a line in a coarse pyramid: more than any plot has pixel columns.
    static constexpr int coarseBuckets = 4096;
    QThreadPool m_jobs; ///< the pyramid builds; declared last, so destroying the chart waits for them
};
