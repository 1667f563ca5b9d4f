// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/logs/incrementalparser.h"
#include "core/sources/logs/logsource.h"
#include "core/sources/logs/mlflow/mlflowrunreader.h"
#include "core/base/model/metricnames.h"
#include "core/engines/parity/parityfairness.h"
#include "tfeventwriter.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString testData(const QString &relative)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/logs/") + relative;
}

const QString fp32Mlflow = QStringLiteral("mlflow/mlruns/0/3f1c2a9b7d5e4c8fa1b2c3d4e5f60718");
const QString bf16Mlflow = QStringLiteral("mlflow/mlruns/0/9a8b7c6d5e4f40312a1b2c3d4e5f6a7b");

QJsonArray history(const QString &run)
{
    QFile f(testData(QStringLiteral("tensorboard/hf_h100/%1/trainer_state.json").arg(run)));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("log_history")).toArray();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestLogSource : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void kinds_data();
    void kinds();
    void folderOfRunsGivesOneRunEach();
    void textLogStillText();
    void mlflowRunMatchesTrainerState_data();
    void mlflowRunMatchesTrainerState();
    void mlflowParamsFillFairness();
    void mlflowDamagedLines();
    void mlflowRunGivenRelatively();
    void mlflowLimits_data();
    void mlflowLimits();
    void mlflowNameLimit();
    void hfEventArgumentsFillFairness();
};

void TestLogSource::kinds_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("kind");
    QTest::newRow("event file") << QStringLiteral(
        "tensorboard/hf_h100/cuda_fp32/runs/Nov23_05-33-31_vm/events.out.tfevents.1795412011.vm.460.0")
                                << int(LogSource::Kind::EventFile);
    QTest::newRow("run folder") << QStringLiteral("tensorboard/hf_h100/cuda_fp32/runs/Nov23_05-33-31_vm")
                                << int(LogSource::Kind::EventRunFolder);
    QTest::newRow("runs/ of one run") << QStringLiteral("tensorboard/hf_h100/cuda_fp32/runs")
                                      << int(LogSource::Kind::RunCollection);
    QTest::newRow("two runs") << QStringLiteral("tensorboard/hf_h100") << int(LogSource::Kind::RunCollection);
    QTest::newRow("mlflow run") << fp32Mlflow << int(LogSource::Kind::MlflowRun);
    QTest::newRow("mlruns") << QStringLiteral("mlflow/mlruns") << int(LogSource::Kind::RunCollection);
    QTest::newRow("text log") << QStringLiteral("megatron_training_log_legacy_no_timestamp.txt")
                              << int(LogSource::Kind::TextLog);
    QTest::newRow("missing") << QStringLiteral("no/such/thing") << int(LogSource::Kind::Missing);
}

void TestLogSource::kinds()
{
    QFETCH(QString, path);
    QFETCH(int, kind);
    QCOMPARE(int(LogSource::kind(testData(path))), kind);
    QCOMPARE(LogSource::canRead(testData(path)), kind != int(LogSource::Kind::Missing));
}

void TestLogSource::folderOfRunsGivesOneRunEach()
{
    const QList<ParseResult> results = LogSource::read(testData(QStringLiteral("tensorboard/hf_h100")));
    QCOMPARE(results.size(), 2);
    QStringList names;
    for (const ParseResult &r : results) {
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.run.pointCount(), 400);
        names << r.run.name;
    }
    QCOMPARE(names,
             (QStringList{QStringLiteral("cuda_bf16/runs/Nov23_05-33-52_vm"),
                          QStringLiteral("cuda_fp32/runs/Nov23_05-33-31_vm")}));

    // A folder of two rank folders: one run each, named by folder; an empty folder says so.
    QTemporaryDir dir;
    for (int rank = 0; rank < 2; ++rank) {
        QByteArray file = TfEventWriter::fileVersion(1e9);
        for (int s = 1; s <= 5; ++s)
            file += TfEventWriter::scalar(s, 1e9 + s, QStringLiteral("loss_metrics/global_avg_loss"),
                                          3.0f + float(rank));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("tb/20260101/rank_%1/events.out.tfevents.1.h").arg(rank)), file));
    }
    const QList<ParseResult> ranks = LogSource::read(dir.filePath(QStringLiteral("tb")));
    QCOMPARE(ranks.size(), 2);
    QCOMPARE(ranks.at(1).run.name, QStringLiteral("20260101/rank_1"));
    QCOMPARE(ranks.at(1).run.value(0, MetricNames::loss), 4.0);
    QDir(dir.path()).mkpath(QStringLiteral("empty"));
    const QList<ParseResult> none = LogSource::read(dir.filePath(QStringLiteral("empty")));
    QCOMPARE(none.size(), 1);
    QVERIFY(none.first().error.contains(QStringLiteral("no TensorBoard event files or MLflow runs")));
}

void TestLogSource::textLogStillText()
{
    const QList<ParseResult> r
        = LogSource::read(testData(QStringLiteral("megatron_training_log_legacy_no_timestamp.txt")));
    QCOMPARE(r.size(), 1);
    QVERIFY2(r.first(), qPrintable(r.first().error));
    QCOMPARE(r.first().format, QStringLiteral("megatron"));
    // And an event file given to the text reader is read as an event file, not detected as text.
    const ParseResult binary = LogReader::readFile(testData(QStringLiteral(
        "tensorboard/hf_h100/cuda_bf16/runs/Nov23_05-33-52_vm/events.out.tfevents.1795412032.vm.518.0")));
    QCOMPARE(binary.format, QStringLiteral("tensorboard"));
    QCOMPARE(binary.run.pointCount(), 400);
}

void TestLogSource::mlflowRunMatchesTrainerState_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("run");
    QTest::newRow("fp32") << fp32Mlflow << QStringLiteral("cuda_fp32");
    QTest::newRow("bf16") << bf16Mlflow << QStringLiteral("cuda_bf16");
}

void TestLogSource::mlflowRunMatchesTrainerState()
{
    QFETCH(QString, folder);
    QFETCH(QString, run);
    const ParseResult r = MlflowRunReader::readRun(testData(folder));
    QVERIFY2(r, qPrintable(r.error));
    QCOMPARE(r.format, QStringLiteral("mlflow"));
    QCOMPARE(r.run.name, QStringLiteral("hf-") + run);
    QCOMPARE(r.run.pointCount(), 400);
    QCOMPARE(r.skippedCount, 0);
    // MLflow keeps doubles: every value equals trainer_state.json's exactly.
    int compared = 0;
    for (const QJsonValue &v : history(run)) {
        const QJsonObject o = v.toObject();
        const qint64 step = o.value(QStringLiteral("step")).toInteger();
        const int point = int(step) - 1;
        QCOMPARE(r.run.step(point), step);
        for (const auto &[key, metric] : {std::pair{QStringLiteral("loss"), MetricNames::loss},
                                          std::pair{QStringLiteral("learning_rate"), MetricNames::learningRate},
                                          std::pair{QStringLiteral("grad_norm"), MetricNames::gradNorm}}) {
            if (!o.contains(key))
                continue;
            QCOMPARE(r.run.value(point, metric), o.value(key).toDouble());
            ++compared;
        }
    }
    QCOMPARE(compared, 1200);
    // The end-of-training "train_loss" does not take the per-step loss's name.
    QVERIFY(r.run.hasMetric(QStringLiteral("train_loss")));
    QVERIFY(r.notes.join(u'\n').contains(QStringLiteral("\"loss\" and \"train_loss\" both map to loss")));
    QVERIFY(r.notes.join(u'\n').contains(QStringLiteral("logged again")));
    QCOMPARE(r.run.meta.value(QStringLiteral("seed")).toString(), QStringLiteral("42"));
}

void TestLogSource::mlflowParamsFillFairness()
{
    const ParseResult a = MlflowRunReader::readRun(testData(fp32Mlflow));
    const ParseResult b = MlflowRunReader::readRun(testData(bf16Mlflow));
    QVERIFY(a && b);
    const auto items = ParityFairness::check(a.run, b.run, {}, 400, 400);
    QHash<QString, ParityResult::FairnessItem> byKey;
    for (const auto &item : items)
        byKey.insert(item.key, item);
    QCOMPARE(byKey.value(QStringLiteral("seed")).status, ParityResult::FairnessItem::Status::Match);
    QCOMPARE(byKey.value(QStringLiteral("global_batch")).status, ParityResult::FairnessItem::Status::Match);
    QCOMPARE(byKey.value(QStringLiteral("precision")).status, ParityResult::FairnessItem::Status::Mismatch);
    QCOMPARE(byKey.value(QStringLiteral("lr_schedule")).status, ParityResult::FairnessItem::Status::Match);
}

void TestLogSource::mlflowDamagedLines()
{
    QTemporaryDir dir;
    const QString run = dir.filePath(QStringLiteral("1/abc"));
    QVERIFY(writeFile(run + QStringLiteral("/meta.yaml"), "run_id: abc\nrun_name: 'demo run'\n"));
    QVERIFY(
        writeFile(run + QStringLiteral("/metrics/train/loss"), "1000 2.5 1\n1010 oops 2\n1020 nan 3\n1030 2.25 3\n"));
    QVERIFY(writeFile(run + QStringLiteral("/metrics/lr"), "1000 0.001 1\n"));
    const ParseResult r = MlflowRunReader::readRun(run);
    QVERIFY2(r, qPrintable(r.error));
    QCOMPARE(r.run.name, QStringLiteral("demo run"));
    QCOMPARE(r.skippedCount, 1);
    QCOMPARE(r.firstSkipped.first().lineNumber, 2);
    QCOMPARE(r.run.pointCount(), 2);
    QCOMPARE(r.run.value(1, MetricNames::loss), 2.25); // the later line of step 3 wins, and is counted
    QCOMPARE(r.run.value(0, MetricNames::learningRate), 0.001);
    QCOMPARE(r.run.wallTime(0), 1.0);
    QVERIFY(r.notes.join(u'\n').contains(QStringLiteral("1 value(s) logged again")));
}

// The case: `parity mlruns/0/<run> ...` from the store's parent folder read metric
// names as `mlruns/0/<run>/metrics/loss`; by absolute path they were right.
void TestLogSource::mlflowRunGivenRelatively()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("mlruns/0/abc/meta.yaml")), "run_id: abc\n"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("mlruns/0/abc/metrics/loss")), "1000 2.5 1\n1010 2.25 2\n"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("mlruns/0/abc/metrics/train/grad_norm")), "1000 0.5 1\n"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("mlruns/0/abc/params/seed")), "42"));
    const QString cwd = QDir::currentPath();
    QVERIFY(QDir::setCurrent(dir.path()));
    const ParseResult relative = MlflowRunReader::readRun(QStringLiteral("mlruns/0/abc"));
    const ParseResult dotted = LogSource::read(QStringLiteral("./mlruns/0/abc/")).first();
    QDir::setCurrent(cwd);
    const ParseResult absolute = MlflowRunReader::readRun(dir.filePath(QStringLiteral("mlruns/0/abc")));
    QVERIFY2(relative, qPrintable(relative.error));
    QCOMPARE(relative.run.metricNames(), (QStringList{MetricNames::loss, MetricNames::gradNorm}));
    QCOMPARE(relative.run.metricNames(), absolute.run.metricNames());
    QCOMPARE(dotted.run.metricNames(), absolute.run.metricNames());
    QCOMPARE(relative.run.value(1, MetricNames::loss), 2.25);
    QCOMPARE(relative.run.meta.value(QStringLiteral("seed")).toString(), QStringLiteral("42"));
}

// One rule for every reader (docs/limits.md): the text logs' 16 MiB line limit for metric lines
// and meta.yaml, the ±10^15 step limit; what is over them is skipped and named.
void TestLogSource::mlflowLimits_data()
{
    QTest::addColumn<QByteArray>("meta");
    QTest::addColumn<QByteArray>("loss");
    QTest::addColumn<int>("points");
    QTest::addColumn<QString>("skipped"); // the first skipped line's reason, or empty
    const QByteArray longLine(IncrementalParser::maxLineBytes + 10, '7');
    QTest::newRow("metric line over the line limit")
        << QByteArray("run_name: demo\n") << QByteArray("1000 2.5 1\n1010 " + longLine + " 2\n1020 2.25 3\n") << 2
        << QStringLiteral("16777233 bytes, over the 16 MiB line limit");
    QTest::newRow("meta.yaml line over the line limit") << QByteArray("note: " + longLine + "\nrun_name: demo\n")
                                                        << QByteArray("1000 2.5 1\n1020 2.25 3\n") << 2 << QString();
    QTest::newRow("steps beyond 10^15") << QByteArray("run_name: demo\n")
                                        << QByteArray("1000 2.5 1\n1010 2.4 1000000000000001\n1020 2.25 "
                                                      "-9223372036854775807\n1030 2.2 1000000000000000\n")
                                        << 2 << QStringLiteral("step 1000000000000001 out of range");
}

void TestLogSource::mlflowLimits()
{
    QFETCH(QByteArray, meta);
    QFETCH(QByteArray, loss);
    QFETCH(int, points);
    QFETCH(QString, skipped);
    QTemporaryDir dir;
    const QString run = dir.filePath(QStringLiteral("1/abc"));
    QVERIFY(writeFile(run + QStringLiteral("/meta.yaml"), meta));
    QVERIFY(writeFile(run + QStringLiteral("/metrics/loss"), loss));
    const ParseResult r = MlflowRunReader::readRun(run);
    QVERIFY2(r, qPrintable(r.error));
    QCOMPARE(r.run.name, QStringLiteral("demo"));
    QCOMPARE(r.run.pointCount(), points);
    QCOMPARE(r.run.value(0, MetricNames::loss), 2.5);
    if (skipped.isEmpty()) {
        QCOMPARE(r.skippedCount, 0);
        return;
    }
    QVERIFY(r.skippedCount > 0);
    QVERIFY2(r.firstSkipped.first().reason.contains(skipped), qPrintable(r.firstSkipped.first().reason));
    QVERIFY(r.firstSkipped.first().reason.startsWith(run + QStringLiteral("/metrics/loss: ")));
    QCOMPARE(r.firstSkipped.first().lineNumber, 2);
}

void TestLogSource::mlflowNameLimit()
{
    QTemporaryDir dir;
    const QString run = dir.filePath(QStringLiteral("1/abc"));
    QVERIFY(writeFile(run + QStringLiteral("/meta.yaml"), "run_name: demo\n"));
    for (int i = 0; i <= RunMetrics::maxMetricNames; ++i)
        QVERIFY(writeFile(run + QStringLiteral("/metrics/m%1").arg(i, 5, 10, QLatin1Char('0')),
                          "1000 1 " + QByteArray::number(i + 1) + "\n"));
    const ParseResult r = MlflowRunReader::readRun(run);
    QVERIFY2(r, qPrintable(r.error));
    QCOMPARE(r.run.columnCount(), RunMetrics::maxMetricNames);
    QCOMPARE(r.run.pointCount(), RunMetrics::maxMetricNames);
    const QString notes = r.notes.join(u'\n');
    QVERIFY2(notes.contains(QStringLiteral("1 metrics beyond the limit of 10000 metric names per run left out (first: "
                                           "%1/metrics/m10000")
                                .arg(run)),
             qPrintable(notes));
}

void TestLogSource::hfEventArgumentsFillFairness()
{
    const QList<ParseResult> runs = LogSource::read(testData(QStringLiteral("tensorboard/hf_h100")));
    QCOMPARE(runs.size(), 2);
    const RunMetrics &bf16 = runs.at(0).run;
    const RunMetrics &fp32 = runs.at(1).run;
    QCOMPARE(bf16.meta.value(QStringLiteral("seed")).toInt(), 0);
    QCOMPARE(bf16.meta.value(QStringLiteral("bf16")).toBool(), true);
    QCOMPARE(fp32.meta.value(QStringLiteral("bf16")).toBool(), false);
    QHash<QString, ParityResult::FairnessItem> byKey;
    for (const auto &item : ParityFairness::check(fp32, bf16, {}, 400, 400))
        byKey.insert(item.key, item);
    QCOMPARE(byKey.value(QStringLiteral("seed")).status, ParityResult::FairnessItem::Status::Match);
    QCOMPARE(byKey.value(QStringLiteral("global_batch")).status, ParityResult::FairnessItem::Status::Match);
    QCOMPARE(byKey.value(QStringLiteral("precision")).status, ParityResult::FairnessItem::Status::Mismatch);
}

QTEST_GUILESS_MAIN(TestLogSource)
#include "tst_logsource.moc"
