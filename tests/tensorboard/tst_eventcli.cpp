// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

namespace {

QString testData(const QString &relative)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/logs/") + relative;
}

const QString fp32Run = QStringLiteral("tensorboard/hf_h100/cuda_fp32/runs/Nov23_05-33-31_vm");
const QString bf16Run = QStringLiteral("tensorboard/hf_h100/cuda_bf16/runs/Nov23_05-33-52_vm");

} // namespace

/// The CLI takes event files, run folders, folders of runs and MLflow runs like any log.
class TestEventCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseFolderOfRuns();
    void parseEventFileSummary();
    void metricMapRenames();
    void badMetricMapIsUsageError();
    void parityOfEventFolders_data();
    void parityOfEventFolders();
    void chartOfMlflowRuns();
};

void TestEventCli::parseFolderOfRuns()
{
    const CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--summary"), QStringLiteral("--json"),
                                testData(QStringLiteral("tensorboard/hf_h100"))});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray runs = r.json().object().value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 2);
    for (const QJsonValue &v : runs) {
        const QJsonObject o = v.toObject();
        QCOMPARE(o.value(QStringLiteral("format")).toString(), QStringLiteral("tensorboard"));
        QCOMPARE(o.value(QStringLiteral("points")).toInt(), 400);
        QCOMPARE(o.value(QStringLiteral("lastStep")).toInt(), 400);
        QCOMPARE(o.value(QStringLiteral("lossMetric")).toString(), QStringLiteral("loss"));
        QVERIFY(o.value(QStringLiteral("metrics")).toArray().contains(QStringLiteral("grad_norm")));
    }
    QCOMPARE(runs.at(1).toObject().value(QStringLiteral("run")).toString(),
             QStringLiteral("cuda_fp32/runs/Nov23_05-33-31_vm"));
    QVERIFY(r.err.contains("note: "));
}

void TestEventCli::parseEventFileSummary()
{
    const CliResult r = runCli(
        {QStringLiteral("parse"), testData(fp32Run + QStringLiteral("/events.out.tfevents.1795412011.vm.460.0"))});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("format:        tensorboard"), r.out.constData());
    QVERIFY(r.out.contains("points:        400\n"));
    QVERIFY(r.out.contains("non-scalar value(s)"));
}

void TestEventCli::metricMapRenames()
{
    const CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--json"), QStringLiteral("--summary"),
                                QStringLiteral("--metric-map"), QStringLiteral("train/grad_norm=gnorm_raw"),
                                QStringLiteral("--metric-map"), QStringLiteral("epoch=ep"), testData(fp32Run)});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray metrics = r.json()
                                   .object()
                                   .value(QStringLiteral("runs"))
                                   .toArray()
                                   .at(0)
                                   .toObject()
                                   .value(QStringLiteral("metrics"))
                                   .toArray();
    QVERIFY(metrics.contains(QStringLiteral("gnorm_raw")));
    QVERIFY(!metrics.contains(QStringLiteral("grad_norm")));
    // train/epoch is renamed by its own spelling only; "epoch" as a key of another log is not this tag.
    QVERIFY(metrics.contains(QStringLiteral("epoch")));
}

void TestEventCli::badMetricMapIsUsageError()
{
    const CliResult r
        = runCli({QStringLiteral("parse"), QStringLiteral("--metric-map"), QStringLiteral("loss"), testData(fp32Run)});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("OLD=NEW"));
}

void TestEventCli::parityOfEventFolders_data()
{
    QTest::addColumn<QStringList>("inputs");
    QTest::addColumn<int>("runs");
    QTest::newRow("two run folders") << QStringList{fp32Run, bf16Run} << 2;
    QTest::newRow("one folder of two runs") << QStringList{QStringLiteral("tensorboard/hf_h100")} << 2;
    QTest::newRow("two MLflow runs") << QStringList{QStringLiteral("mlflow/mlruns")} << 2;
}

void TestEventCli::parityOfEventFolders()
{
    QFETCH(QStringList, inputs);
    QFETCH(int, runs);
    QStringList args{QStringLiteral("parity"), QStringLiteral("--json"), QStringLiteral("--no-table")};
    for (const QString &i : inputs)
        args << testData(i);
    const CliResult r = runCli(args);
    QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
    const QJsonObject root = r.json().object();
    QCOMPARE(root.value(QStringLiteral("inputs")).toArray().size(), runs);
    const QJsonArray candidates = root.value(QStringLiteral("candidates")).toArray();
    QCOMPARE(candidates.size(), 1);
    QVERIFY(!candidates.at(0).toObject().value(QStringLiteral("verdict")).toString().isEmpty());
}

void TestEventCli::chartOfMlflowRuns()
{
    const CliResult r = runCli({QStringLiteral("chart"), QStringLiteral("--json"), QStringLiteral("--metric"),
                                QStringLiteral("grad_norm"), testData(QStringLiteral("mlflow/mlruns"))});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray runs = r.json().object().value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 2);
    QCOMPARE(runs.at(0).toObject().value(QStringLiteral("points")).toInt(), 400);
}

QTEST_GUILESS_MAIN(TestEventCli)
#include "tst_eventcli.moc"
