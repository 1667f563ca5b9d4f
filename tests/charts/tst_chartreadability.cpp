// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "charts/chartview.h"
#include "charts/curvechart.h"
#include "theme.h"

#include <QApplication>
#include <QCategoryAxis>
#include <QLegendMarker>
#include <QGraphicsTextItem>
#include <QTest>

#include <cmath>

/// What a person reads off a chart: round tick labels, read-outs of runs that reach the cursor,
/// legends that tell runs apart, and the theme's colours.
class TestChartReadability : public QObject
{
    Q_OBJECT

private:
    static ChartCurve curve(const QString &id, const QString &label, int points, double scale)
    {
        ChartCurve c;
        c.id = id;
        c.label = label;
        for (int i = 0; i < points; ++i) {
            c.x.push_back(i + 1);
            c.y.push_back(scale * (2.5 + std::sin(i * 0.1)));
            c.steps.push_back(i + 1);
        }
        return c;
    }

    /// One curve per name (its id the name's index) on a chart shown at a size, as a dock draws it.
    struct NamedCurves
    {
        CurveChart *chart = new CurveChart; // owned by the view
        ChartView view{chart};

        bool show(const QSize &size, const QStringList &names)
        {
            view.resize(size);
            view.show();
            if (!QTest::qWaitForWindowExposed(&view))
                return false;
            ChartSpec spec;
            for (int i = 0; i < names.size(); ++i)
                spec.curves << curve(QString::number(i), names.at(i), 50, 1 + i * 0.01);
            chart->setSpec(spec);
            return true;
        }
        /// The name the chart gives each curve's legend entry, in the names' order.
        QStringList legendNames(int count) const
        {
            QStringList shown;
            for (int i = 0; i < count; ++i)
                shown << chart->legendName(QString::number(i));
            return shown;
        }
    };

    /// The names a legend draws, in its order (its entries' text items, as laid out).
    static QStringList legendTexts(const QGraphicsItem *item)
    {
        QStringList texts;
        for (const QGraphicsItem *child : item->childItems()) {
            const auto *text = dynamic_cast<const QGraphicsTextItem *>(child);
            if (text && text->isVisible() && !text->toPlainText().isEmpty())
                texts << text->toPlainText();
            texts << legendTexts(child);
        }
        return texts;
    }

    static QStringList labels(QAbstractAxis *axis)
    {
        auto *category = qobject_cast<QCategoryAxis *>(axis);
        return category ? category->categoriesLabels() : QStringList();
    }

private Q_SLOTS:
    void ticksAreRoundOnEveryAxis()
    {
        auto *chart = new CurveChart;
        ChartView view(chart);
        view.resize(800, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        ChartSpec spec;
        spec.curves = {curve(QStringLiteral("a"), QStringLiteral("run a"), 1100, 1e-5)};
        chart->setSpec(spec);
        chart->setView(QRectF(QPointF(0, 0), QPointF(1.1e6, 5e-5)));
        QTRY_VERIFY(!labels(chart->axes(Qt::Horizontal).first()).isEmpty());
        const QStringList x = labels(chart->axes(Qt::Horizontal).first());
        QVERIFY2(x.contains(QStringLiteral("0.4M")), qPrintable(x.join(QLatin1Char(' '))));
        const QStringList y = labels(chart->axes(Qt::Vertical).first());
        QVERIFY2(y.contains(QStringLiteral("20µ")), qPrintable(y.join(QLatin1Char(' '))));

        // Log y: round labels inside a decade too (the overlay axis carries them).
        chart->setLogY(true);
        chart->setView(QRectF(QPointF(0, 2.2), QPointF(1000, 3.1)));
        QStringList logLabels;
        for (QAbstractAxis *a : chart->axes(Qt::Vertical))
            logLabels << labels(a);
        QVERIFY2(logLabels.contains(QStringLiteral("2.6")), qPrintable(logLabels.join(QLatin1Char(' '))));
    }

    void readOutLeavesOutRunsThatEndedBeforeTheCursor()
    {
        CurveChart chart;
        ChartSpec spec;
        spec.curves = {curve(QStringLiteral("short"), QStringLiteral("400 steps"), 400, 1),
                       curve(QStringLiteral("long"), QStringLiteral("1000 steps"), 1000, 1)};
        chart.setSpec(spec);
        QCOMPARE(chart.readAt(300).size(), 2);
        const QVector<CurveChart::Reading> late = chart.readAt(900);
        QCOMPARE(late.size(), 1);
        QCOMPARE(late.first().label, QStringLiteral("1000 steps"));
        QCOMPARE(late.first().step, qint64(900));
    }

    void legendElidesInTheMiddle()
    {
        auto *owned = new CurveChart;
        CurveChart &chart = *owned;
        ChartView view(owned);
        view.resize(500, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        ChartSpec spec;
        const QString a = QStringLiteral("cuda_fp32_llama3_8b_zero3_seq4096_run_2024_07_01_seed1");
        const QString b = QStringLiteral("cuda_fp32_llama3_8b_zero3_seq4096_run_2024_07_01_seed2");
        spec.curves = {curve(QStringLiteral("a"), a, 10, 1), curve(QStringLiteral("b"), b, 10, 1)};
        chart.setSpec(spec);
        QStringList shown;
        for (QLegendMarker *m : chart.legend()->markers()) {
            if (!shown.contains(m->label()))
                shown << m->label();
        }
        QCOMPARE(shown.size(), 2);
        // Both ends kept, so the seeds still tell the runs apart.
        QVERIFY2(shown.at(0) != shown.at(1), qPrintable(shown.join(QLatin1String(" | "))));
        for (const QString &s : shown) {
            QVERIFY2(s.contains(QChar(0x2026)), qPrintable(s)); // elided …
            QVERIFY(s.startsWith(QStringLiteral("cuda_")));
            QVERIFY(s.endsWith(QStringLiteral("seed1")) || s.endsWith(QStringLiteral("seed2")));
        }
    }

    void legendNamesThatDifferInTheMiddleStayApart_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QStringList>("parts"); ///< what each legend name must still show
        // Elided in the middle, names that differ only there read alike ("cuda…sole" twice).
        const QString fp32 = QStringLiteral("megatron_llama3_8b_zero3_cuda_fp32_seq4096_gbs512_run.console");
        const QString bf16 = QStringLiteral("megatron_llama3_8b_zero3_cuda_bf16_seq4096_gbs512_run.console");
        QTest::newRow("precision in the middle") << QSize(500, 300) << QStringList{fp32, bf16}
                                                 << QStringList{QStringLiteral("fp32"), QStringLiteral("bf16")};
        QTest::newRow("precision in the middle, narrow")
            << QSize(270, 170) << QStringList{fp32, bf16} << QStringList{QStringLiteral("fp"), QStringLiteral("bf")};
        QTest::newRow("a word more in the middle")
            << QSize(500, 300)
            << QStringList{QStringLiteral("megatron_llama3_8b_zero3_cuda_fp32_seq4096_gbs512_run.console"),
                           QStringLiteral("megatron_llama3_8b_zero3_cuda_fp32_rep2_seq4096_gbs512_run.console")}
            << QStringList{QString(), QStringLiteral("rep2")};
    }
    void legendNamesThatDifferInTheMiddleStayApart()
    {
        QFETCH(QSize, size);
        QFETCH(QStringList, names);
        QFETCH(QStringList, parts);
        NamedCurves curves;
        QVERIFY(curves.show(size, names));
        const QStringList shown = curves.legendNames(names.size());
        for (int i = 0; i < names.size(); ++i) {
            QVERIFY2(shown.count(shown.at(i)) == 1, qPrintable(shown.join(QLatin1String(" | "))));
            QVERIFY2(shown.at(i).contains(parts.at(i)), qPrintable(shown.join(QLatin1String(" | "))));
        }
    }

    void legendNamesAreNotCutByQt_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("elided");
        QTest::addColumn<bool>("distinct");
        // The Compare perspective's parity overlay and a Monitor chart at 1024×640 showed six runs as
        // "cuda_fp..." (Qt cut the names at their end to fit the legend's column).
        QTest::newRow("compare overlay at 1024x640") << QSize(270, 170) << true << true;
        QTest::newRow("monitor at 1024x640") << QSize(330, 220) << true << true;
        QTest::newRow("wide") << QSize(900, 400) << false << true;
    }
    void legendNamesAreNotCutByQt()
    {
        QFETCH(QSize, size);
        QFETCH(bool, elided);
        QFETCH(bool, distinct);
        const QStringList names
            = {QStringLiteral("cpu_fp32.console"),         QStringLiteral("cuda_fp32_rep2.console"),
               QStringLiteral("cuda_fp32.console"),        QStringLiteral("cuda_bf16.console"),
               QStringLiteral("cuda_fp32_lr2e-3.console"), QStringLiteral("cuda_fp32_seed1.console")};
        NamedCurves curves;
        QVERIFY(curves.show(size, names));
        const CurveChart &chart = *curves.chart;
        // What the legend draws: each name as the chart elided it, never cut again by Qt.
        QTRY_COMPARE(legendTexts(chart.legend()).size(), names.size());
        const QStringList expected = curves.legendNames(names.size());
        QTRY_COMPARE(legendTexts(chart.legend()), expected);
        for (int i = 0; i < names.size(); ++i) {
            const QString &shown = expected.at(i);
            QCOMPARE(shown.contains(QChar(0x2026)), elided);
            if (distinct)
                QCOMPARE(expected.count(shown), 1); // still tells the runs apart
            QVERIFY(chart.legendToolTip(QString::number(i)).startsWith(names.at(i)));
        }
    }

    void chartsFollowTheTheme()
    {
        auto *chart = new CurveChart;
        ChartView view(chart);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        Theme::apply(Theme::Kind::Dark);
        QTRY_COMPARE(chart->backgroundBrush().color(), QApplication::palette().color(QPalette::Base));
        QVERIFY(chart->backgroundBrush().color().lightness() < 100);
        Theme::apply(Theme::Kind::Light);
        QTRY_VERIFY(chart->backgroundBrush().color().lightness() > 200);
    }
};

QTEST_MAIN(TestChartReadability)
#include "tst_chartreadability.moc"
