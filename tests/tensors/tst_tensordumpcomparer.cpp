// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/tensors/tensorcomparisonmodel.h"
#include "core/sources/tensors/tensordumpcomparer.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QTest>

#include <cmath>
#include <limits>

namespace {

TensorData tensor(const QString &name, std::vector<double> values, const QString &dtype = QStringLiteral("float32"))
{
    TensorData t;
    t.name = name;
    t.dtype = dtype;
    t.shape = {qint64(values.size())};
    t.values = std::move(values);
    return t;
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

} // namespace

class TestTensorDumpComparer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void statisticsByHand()
    {
        // rel errors: 0, 0.0005, 0.002, 0.01 → below 0.001: 2 of 4, below 0.005: 3 of 4.
        const auto a = tensor(QStringLiteral("t"), {1.0, 2.0, 4.0, -10.0});
        const auto b = tensor(QStringLiteral("t"), {1.0, 2.001, 4.008, -10.1});
        const TensorComparison r = TensorDumpComparer::compare(a, b);
        QVERIFY(r.shapeMatch);
        QVERIFY(r.dtypeMatch);
        QCOMPARE(r.elements, 4);
        const double dot = 1 * 1.0 + 2 * 2.001 + 4 * 4.008 + 10 * 10.1;
        const double expectedCosine
            = dot / std::sqrt(1 + 4 + 16 + 100.0) / std::sqrt(1 + 2.001 * 2.001 + 4.008 * 4.008 + 10.1 * 10.1);
        QVERIFY(qFuzzyCompare(r.cosine, expectedCosine));
        QVERIFY(std::abs(r.maxAbsError - 0.1) < 1e-12);
        QVERIFY(std::abs(r.maxRelError - 0.01) < 1e-12);
        QCOMPARE(r.relErrorBelow1e3, 0.5);
        QCOMPARE(r.relErrorBelow5e3, 0.75);
        // cosine ≈ 0.99999 ≥ 0.99 and max abs 0.1 ≤ 1: passes.
        QVERIFY2(r.passed, qPrintable(r.reason));
    }

    void verdictRules_data()
    {
        QTest::addColumn<std::vector<double>>("baseline");
        QTest::addColumn<std::vector<double>>("candidate");
        QTest::addColumn<bool>("passed");
        QTest::addColumn<QString>("reason");
        QTest::newRow("identical") << std::vector<double>{1, 2, 3} << std::vector<double>{1, 2, 3} << true << QString();
        QTest::newRow("opposite: cosine < 0.9")
            << std::vector<double>{1, 2, 3} << std::vector<double>{-1, -2, -3} << false << QStringLiteral("cosine");
        // cosine ≈ 0.98 (< 0.99) with max abs 0.2 > 0.001
        QTest::newRow("cosine < 0.99 and abs > 0.001")
            << std::vector<double>{1, 0} << std::vector<double>{1, 0.2} << false << QStringLiteral("and max abs error");
        // cosine ≈ 0.98 but max abs 0.0002 ≤ 0.001: tiny tensors may pass
        QTest::newRow("cosine < 0.99, abs small")
            << std::vector<double>{0.001, 0} << std::vector<double>{0.001, 0.0002} << true << QString();
        QTest::newRow("abs > 1 with cosine ~1") << std::vector<double>{1000, 2000} << std::vector<double>{1001.5, 2001}
                                                << false << QStringLiteral("max abs error 1.5");
        QTest::newRow("NaN in candidate") << std::vector<double>{1, 2} << std::vector<double>{1, kNaN} << false
                                          << QStringLiteral("1 NaN (baseline none, candidate 1 NaN)");
        QTest::newRow("Inf in baseline") << std::vector<double>{kInf, 2} << std::vector<double>{1, 2} << false
                                         << QStringLiteral("1 Inf (baseline 1 Inf, candidate none)");
        QTest::newRow("both all zero") << std::vector<double>{0, 0} << std::vector<double>{0, 0} << true << QString();
    }

    void verdictRules()
    {
        QFETCH(std::vector<double>, baseline);
        QFETCH(std::vector<double>, candidate);
        QFETCH(bool, passed);
        QFETCH(QString, reason);
        const TensorComparison r = TensorDumpComparer::compare(tensor(QStringLiteral("t"), baseline),
                                                               tensor(QStringLiteral("t"), candidate));
        QCOMPARE(r.passed, passed);
        QVERIFY2(r.reason.contains(reason), qPrintable(r.reason));
        QCOMPARE(r.reason.isEmpty(), passed);
    }

    void nanIsCountedAndStatisticsSkipIt()
    {
        const TensorComparison r = TensorDumpComparer::compare(tensor(QStringLiteral("t"), {1, 2, 3}),
                                                               tensor(QStringLiteral("t"), {1, kNaN, 3}));
        QCOMPARE(r.candidateNan, 1);
        QCOMPARE(r.baselineNan, 0);
        QCOMPARE(r.maxAbsError, 0.0); // over the finite pairs
        QCOMPARE(r.cosine, 1.0);
        QVERIFY(!r.passed);
    }

    void zeroBaselineUsesEpsilonLikeMsprobe()
    {
        // Baseline 0, candidate 0: rel 0. Baseline 0, candidate 1e-7 in float32: rel = 1e-7 / eps(float32).
        const TensorComparison r = TensorDumpComparer::compare(tensor(QStringLiteral("t"), {0, 0, 1}),
                                                               tensor(QStringLiteral("t"), {0, 1e-7, 1}));
        const double eps = double(std::numeric_limits<float>::epsilon());
        QVERIFY(std::abs(r.maxRelError - 1e-7 / eps) < 1e-6);
        QCOMPARE(r.relErrorBelow1e3, 2.0 / 3.0);
    }

    void shapeAndDtypeMismatch()
    {
        TensorData a = tensor(QStringLiteral("t"), {1, 2, 3, 4});
        TensorData b = a;
        b.shape = {2, 2};
        TensorComparison r = TensorDumpComparer::compare(a, b);
        QVERIFY(!r.shapeMatch);
        QVERIFY(!r.passed);
        QCOMPARE(r.reason, QStringLiteral("shape [4] vs [2, 2]"));

        b = tensor(QStringLiteral("t"), {1, 2, 3, 4}, QStringLiteral("bfloat16"));
        r = TensorDumpComparer::compare(a, b);
        QVERIFY(!r.dtypeMatch);
        QVERIFY2(r.passed, "bf16 against fp32 with equal values is comparable and passes");

        b = tensor(QStringLiteral("t"), {1, 2, 3, 4}, QStringLiteral("int64"));
        r = TensorDumpComparer::compare(a, b);
        QVERIFY(!r.passed);
        QVERIFY(r.reason.startsWith(QLatin1String("dtype")));
    }

    void reportMatchesByNameInBaselineOrder()
    {
        TensorFile a, b;
        a.path = QStringLiteral("a");
        b.path = QStringLiteral("b");
        a.tensors = {tensor(QStringLiteral("z.first"), {1, 2}), tensor(QStringLiteral("bad.second"), {1, 2}),
                     tensor(QStringLiteral("a.third"), {1, 2}), tensor(QStringLiteral("only.a"), {1})};
        b.tensors = {tensor(QStringLiteral("a.third"), {-1, -2}), tensor(QStringLiteral("only.b"), {1}),
                     tensor(QStringLiteral("bad.second"), {1, kNaN}), tensor(QStringLiteral("z.first"), {1, 2})};
        const TensorDumpReport report = TensorDumpComparer::compare(a, b);
        QCOMPARE(report.rows.size(), 3);
        QCOMPARE(report.rows.at(0).name, QStringLiteral("z.first"));
        QCOMPARE(report.rows.at(1).name, QStringLiteral("bad.second"));
        QCOMPARE(report.failedCount(), 2);
        QCOMPARE(report.firstFailing(), 1);
        QCOMPARE(report.onlyInBaseline, QStringList{QStringLiteral("only.a")});
        QCOMPARE(report.onlyInCandidate, QStringList{QStringLiteral("only.b")});
        QVERIFY(!report.passed());

        const QJsonObject json = report.toJson();
        QCOMPARE(json.value(QStringLiteral("verdict")).toString(), QStringLiteral("fail"));
        QCOMPARE(json.value(QStringLiteral("first_failing")).toString(), QStringLiteral("bad.second"));
        const QJsonObject row = json.value(QStringLiteral("tensors")).toArray().at(1).toObject();
        QCOMPARE(row.value(QStringLiteral("candidate_nan")).toInt(), 1);
        QVERIFY(
            json.value(QStringLiteral("tensors")).toArray().at(2).toObject().value(QStringLiteral("cosine")).toDouble()
            < -0.99);

        TensorDumpReport none;
        QVERIFY2(!none.passed(), "nothing compared is not a pass");
    }

    void modelShowsRows()
    {
        TensorFile a, b;
        a.tensors = {tensor(QStringLiteral("x"), {1, 2}), tensor(QStringLiteral("y"), {1, 2})};
        b.tensors = {tensor(QStringLiteral("x"), {1, 2}), tensor(QStringLiteral("y"), {1, kNaN})};
        TensorComparisonModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setReport(TensorDumpComparer::compare(a, b));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(TensorComparisonModel::ColumnCount));
        QCOMPARE(model.index(0, TensorComparisonModel::Verdict).data().toString(), QStringLiteral("pass"));
        QVERIFY(model.index(1, TensorComparisonModel::Verdict).data().toString().startsWith(QLatin1String("FAIL")));
        QCOMPARE(model.index(1, TensorComparisonModel::NanInf).data().toString(), QStringLiteral("0 / 1"));
        QVERIFY(!model.headerData(TensorComparisonModel::Cosine, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestTensorDumpComparer)
#include "tst_tensordumpcomparer.moc"
