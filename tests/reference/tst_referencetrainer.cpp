// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "demorun.h"
#include "core/engines/parity/paritytext.h"
#include "core/workflows/reference/trainlogwriter.h"
#include "referencetrainer.h"
#include "tinytrainconfig.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>
#include <numeric>

namespace {

double mean(const std::vector<double> &v, size_t from, size_t to)
{
    return std::accumulate(v.begin() + long(from), v.begin() + long(to), 0.0) / double(to - from);
}

} // namespace

class TestReferenceTrainer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        builtPlugins(); // the parity presets the backend plugins bring, the default among them
    }

    void lossFallsOverTheFirstHundredSteps()
    {
        int calls = 0;
        TrainStep last;
        const TrainOutcome outcome = ReferenceTrainer(tinyTrainConfig()).run([&](const TrainStep &s) {
            ++calls;
            last = s;
        });
        QVERIFY2(outcome, qPrintable(outcome.error));
        QCOMPARE(outcome.status, QStringLiteral("finished"));
        QCOMPARE(outcome.deviceUsed, QStringLiteral("cpu"));
        QCOMPARE(int(outcome.losses.size()), 100);
        QCOMPARE(calls, 100);
        // Character-level start is about ln(vocabulary) ≈ 4.4; a working model is well below after 100 steps.
        const double first = mean(outcome.losses, 0, 10);
        const double lastTen = mean(outcome.losses, 90, 100);
        QVERIFY2(first > 3.5, qPrintable(QString::number(first)));
        QVERIFY2(lastTen < first - 1.0, qPrintable(QStringLiteral("%1 -> %2").arg(first).arg(lastTen)));
        QVERIFY(last.gradNorm > 0);
        QVERIFY(last.tokensPerSecond > 0);
        QVERIFY(last.learningRate < tinyTrainConfig().learningRate);
        QVERIFY(!last.hasEvalLoss);
    }

    void sameSeedIsBitIdentical()
    {
        TrainConfig c = tinyTrainConfig();
        c.steps = 25;
        c.evalInterval = 10;
        const TrainOutcome a = ReferenceTrainer(c).run();
        const TrainOutcome b = ReferenceTrainer(c).run();
        QVERIFY2(a && b, qPrintable(a.error + b.error));
        QCOMPARE(a.losses.size(), b.losses.size());
        QVERIFY(std::memcmp(a.losses.data(), b.losses.data(), a.losses.size() * sizeof(double)) == 0);
        QVERIFY(std::memcmp(&a.finalEvalLoss, &b.finalEvalLoss, sizeof(double)) == 0);

        c.seed += 1;
        const TrainOutcome other = ReferenceTrainer(c).run();
        QVERIFY(other.losses != a.losses);
    }

    void bf16DiffersFromFp32ButLittle()
    {
        // The demo's own path: both runs logged, read back, judged by the parity engine (ascend).
        QTemporaryDir dir;
        TrainConfig c = tinyTrainConfig();
        c.steps = 60;
        const DemoPlan plan = DemoPlan::make(c, dir.filePath(QStringLiteral("demo")));
        QStringList started;
        const DemoOutcome outcome = DemoRun(plan, ParityOptions::forPreset(QStringLiteral("ascend")))
                                        .run([&](DemoRun::Side, const QString &log) { started << log; }, {}, nullptr);
        QVERIFY2(outcome, qPrintable(outcome.error));
        QCOMPARE(outcome.status, QStringLiteral("finished"));
        started.sort(); // both runs train at once: either may announce its log first
        QCOMPARE(started, (QStringList{plan.baselineLog(), plan.candidateLog()}));
        QVERIFY2(outcome.baseline.losses != outcome.candidate.losses, "bf16 compute must change the numbers");
        QCOMPARE(outcome.parity.candidates.size(), 1);
        const ParityResult::Candidate &judged = outcome.parity.candidates.first();
        QCOMPARE(judged.judgedSteps, 60);
        QVERIFY(judged.meanRel > 0);
        QVERIFY2(outcome.parity.verdict != ParityResult::Verdict::Fail,
                 qPrintable(ParityText::summary(outcome.parity).join(QLatin1Char('\n'))));
    }

    void demoParallelGivesTheSameLosses()
    {
        QTemporaryDir dir;
        TrainConfig c = tinyTrainConfig();
        c.steps = 12;
        const ParityOptions ascend = ParityOptions::forPreset(QStringLiteral("ascend"));
        DemoRun sequential(DemoPlan::make(c, dir.filePath(QStringLiteral("a"))), ascend);
        sequential.setParallel(false);
        const DemoOutcome serial = sequential.run({}, {}, nullptr);
        const DemoOutcome both
            = DemoRun(DemoPlan::make(c, dir.filePath(QStringLiteral("b"))), ascend).run({}, {}, nullptr);
        QVERIFY2(serial && both, qPrintable(serial.error + both.error));
        QVERIFY(both.baseline.losses == serial.baseline.losses);
        QVERIFY(both.candidate.losses == serial.candidate.losses);
    }

    void demoCancelledHasNoVerdict()
    {
        QTemporaryDir dir;
        TrainConfig c = tinyTrainConfig();
        c.steps = 100000;
        std::atomic_bool cancel{false};
        DemoRun demo(DemoPlan::make(c, dir.path()), ParityOptions());
        demo.setParallel(false);
        const DemoOutcome outcome = demo.run(
            {}, [&](DemoRun::Side, const TrainStep &s) { cancel = s.step >= 3; }, &cancel);
        QVERIFY(outcome);
        QCOMPARE(outcome.status, QStringLiteral("stopped"));
        QCOMPARE(outcome.baseline.stepsDone, 3);
        QCOMPARE(outcome.candidate.stepsDone, 0);
        QVERIFY(outcome.parity.candidates.isEmpty());
    }

    void dropoutChangesTraining()
    {
        TrainConfig c = tinyTrainConfig();
        c.steps = 5;
        const TrainOutcome plain = ReferenceTrainer(c).run();
        c.dropout = 0.2;
        const TrainOutcome dropped = ReferenceTrainer(c).run();
        QVERIFY(plain && dropped);
        QVERIFY(plain.losses != dropped.losses);
    }

    void cancelStopsAfterCurrentStep()
    {
        std::atomic_bool cancel{false};
        TrainConfig c = tinyTrainConfig();
        int seen = 0;
        const TrainOutcome outcome = ReferenceTrainer(c).run(
            [&](const TrainStep &s) {
                seen = s.step;
                if (s.step == 3)
                    cancel = true;
            },
            &cancel);
        QCOMPARE(outcome.status, QStringLiteral("stopped"));
        QCOMPARE(outcome.stepsDone, 3);
        QCOMPARE(seen, 3);
    }

    void badSettingsAreErrorsNotCrashes_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("heads") << QStringLiteral("heads") << QStringLiteral("not divisible");
        QTest::newRow("precision") << QStringLiteral("precision") << QStringLiteral("fp32 or bf16");
        QTest::newRow("corpus") << QStringLiteral("corpus") << QStringLiteral("/nonexistent/corpus.txt");
        QTest::newRow("cuda") << QStringLiteral("cuda") << QStringLiteral("CUDA");
    }

    void badSettingsAreErrorsNotCrashes()
    {
        QFETCH(QString, field);
        QFETCH(QString, message);
        TrainConfig c = tinyTrainConfig();
        if (field == QLatin1String("heads"))
            c.heads = 3;
        else if (field == QLatin1String("precision"))
            c.precision = QStringLiteral("fp8");
        else if (field == QLatin1String("corpus"))
            c.corpusPath = QStringLiteral("/nonexistent/corpus.txt");
        else
            c.device = QStringLiteral("cuda");
        const TrainOutcome outcome = ReferenceTrainer(c).run();
        if (field == QLatin1String("cuda") && outcome)
            QSKIP("this libtorch has CUDA and a GPU: nothing to refuse");
        QVERIFY(!outcome);
        QCOMPARE(outcome.status, QStringLiteral("failed"));
        QVERIFY2(outcome.error.contains(message), qPrintable(outcome.error));
    }

    void logLinesAreJson()
    {
        TrainStep s;
        s.step = 7;
        s.loss = 2.5;
        s.learningRate = 1e-3;
        s.gradNorm = 0.25;
        s.tokensPerSecond = 1000;
        s.time = 1763700000.125;
        QCOMPARE(TrainLogWriter::formatStep(s),
                 QByteArray(R"({"step": 7, "loss": 2.5, "learning_rate": 0.001, "grad_norm": 0.25, )"
                            R"("tokens_per_s": 1000, "time": 1763700000.125})"));
        s.hasEvalLoss = true;
        s.evalLoss = 0.1 + 0.2; // shortest round-trip text keeps every bit
        const QJsonObject o = QJsonDocument::fromJson(TrainLogWriter::formatStep(s)).object();
        QCOMPARE(o.value(QStringLiteral("eval_loss")).toDouble(), 0.1 + 0.2);
        QCOMPARE(TrainLogWriter::formatNumber(std::nan("")), QByteArray("NaN"));
        QCOMPARE(TrainLogWriter::formatNumber(-HUGE_VAL), QByteArray("-Infinity"));
    }

    void existingLogIsKeptAsBackup()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("run.jsonl"));
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("user data\n");
        old.close();
        TrainLogWriter log;
        QCOMPARE(log.open(path, {{QStringLiteral("seed"), 1}}), QString());
        log.writeEnd(QStringLiteral("finished"), {});
        log.close();
        QFile backup(path + QStringLiteral(".bak"));
        QVERIFY(backup.open(QIODevice::ReadOnly));
        QCOMPARE(backup.readAll(), QByteArray("user data\n"));
        QFile fresh(path);
        QVERIFY(fresh.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = fresh.readAll().split('\n');
        QCOMPARE(QJsonDocument::fromJson(lines.at(0)).object().value(QStringLiteral("event")).toString(),
                 QStringLiteral("start"));
        QCOMPARE(QJsonDocument::fromJson(lines.at(1)).object().value(QStringLiteral("status")).toString(),
                 QStringLiteral("finished"));
    }
};

QTEST_GUILESS_MAIN(TestReferenceTrainer)
#include "tst_referencetrainer.moc"
