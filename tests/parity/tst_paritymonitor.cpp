// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "clirunner.h"
#include "paritytestruns.h"

#include "core/sources/logs/incrementalparser.h"
#include "core/sources/logs/logreader.h"
#include "core/base/model/metricnames.h"
#include "core/engines/parity/parityengine.h"
#include "core/engines/parity/paritymonitor.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using Alert = ParityMonitor::Alert;
using Verdict = ParityResult::Verdict;

namespace {

QList<QByteArray> linesOf(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QList<QByteArray> lines = f.readAll().split('\n');
    for (QByteArray &l : lines)
        l.append('\n');
    return lines;
}

const Alert *first(const QVector<Alert> &alerts, Alert::Kind kind)
{
    for (const Alert &a : alerts) {
        if (a.kind == kind)
            return &a;
    }
    return nullptr;
}

} // namespace

/// Live parity (ParityMonitor, `attach --against`): a candidate judged as its log grows.
class TestParityMonitor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        builtPlugins(); // the parity presets the backend plugins bring, the default among them
    }

    void realDoubledLearningRateAlertsAtItsDivergence()
    {
        // The doubled-learning-rate H100 run, fed to the monitor one console line at a time as a
        // follower hands it over, alerts at the same step the whole-file verdict names.
        const ParseResult base = LogReader::readFile(ParityTestRuns::h100(QStringLiteral("cuda_fp32.console.log")));
        QVERIFY2(base, qPrintable(base.error));
        const ParityOptions options = ParityOptions::forPreset(QStringLiteral("ascend"));
        ParityMonitor monitor(options, base.run);
        QVERIFY2(monitor.error().isEmpty(), qPrintable(monitor.error()));
        IncrementalParser parser;
        QVector<Alert> alerts;
        for (const QByteArray &line : linesOf(ParityTestRuns::h100(QStringLiteral("cuda_fp32_lr2e-3.console.log")))) {
            parser.feed(line);
            alerts += monitor.append(parser.takePoints());
        }
        parser.finish();
        alerts += monitor.append(parser.takePoints());

        const ParseResult whole
            = LogReader::readFile(ParityTestRuns::h100(QStringLiteral("cuda_fp32_lr2e-3.console.log")));
        const ParityResult batch = ParityEngine(options).compare(base.run, {&whole.run});
        const qint64 divergence = batch.candidates.at(0).firstDivergenceStep;
        QCOMPARE(divergence, qint64(3)); // the learning rate differs from step 2, the loss from step 3

        const Alert *d = first(alerts, Alert::Kind::Divergence);
        QVERIFY(d);
        QCOMPARE(d->step, divergence);
        QCOMPARE(d->level, Verdict::Fail);
        QCOMPARE(d->seenAt, divergence + options.divergenceWindow - 1); // known once its window is complete
        const Alert *b = first(alerts, Alert::Kind::Beyond);
        QVERIFY(b);
        QCOMPARE(b->step, batch.candidates.at(0).firstBeyondStep);
        QVERIFY(monitor.failed());
        QCOMPARE(monitor.judgedSteps(), batch.candidates.at(0).judgedSteps);
    }

    void realRunsThatAgreeRaiseNoFailure()
    {
        const ParseResult base = LogReader::readFile(ParityTestRuns::h100(QStringLiteral("cuda_fp32.console.log")));
        const ParseResult cpu = LogReader::readFile(ParityTestRuns::h100(QStringLiteral("cpu_fp32.console.log")));
        ParityMonitor monitor(ParityOptions::forPreset(QStringLiteral("ascend")), base.run);
        const QVector<Alert> alerts = monitor.append(cpu.run);
        QVERIFY(!monitor.failed());
        QVERIFY(!first(alerts, Alert::Kind::Divergence));
        QVERIFY(!first(alerts, Alert::Kind::NonFinite));
    }

    void constructedAlerts_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<qint64>("step");
        QTest::addColumn<int>("level");
        QTest::newRow("NaN at 640") << int(Alert::Kind::NonFinite) << qint64(640) << int(Verdict::Fail);
        QTest::newRow("spike at 300") << int(Alert::Kind::Spike) << qint64(300) << int(Verdict::Warn);
    }
    void constructedAlerts()
    {
        QFETCH(int, kind);
        QFETCH(qint64, step);
        QFETCH(int, level);
        const RunMetrics a = ParityTestRuns::make(QStringLiteral("cuda"), 1, 1000, 1, ParityTestRuns::noise(0.002, 1));
        ParityMonitor monitor(ParityOptions::forPreset(QStringLiteral("ascend")), a);
        const auto noise = ParityTestRuns::noise(0.002, 2);
        QVector<Alert> alerts;
        for (qint64 s = 1; s <= 1000; ++s) {
            double v = ParityTestRuns::loss(s) * noise(s);
            if (Alert::Kind(kind) == Alert::Kind::NonFinite && s == step)
                v = std::numeric_limits<double>::quiet_NaN();
            if (Alert::Kind(kind) == Alert::Kind::Spike && s == step)
                v *= 1.2;
            alerts += monitor.append(s, v);
        }
        QCOMPARE(alerts.size(), Alert::Kind(kind) == Alert::Kind::Spike ? 2 : 1); // a 20 % spike is beyond 2 % too
        const Alert *alert = first(alerts, Alert::Kind(kind));
        QVERIFY(alert);
        QCOMPARE(alert->step, step);
        QCOMPARE(int(alert->level), level);
    }

    void attachAgainstFailsFastAtTheDivergence()
    {
        // The real run, appended line by line to a file `portbench-cli attach` follows.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("npu.log"));
        QFile log(path);
        QVERIFY(log.open(QIODevice::WriteOnly));
        QProcessEnvironment env = isolatedEnvironment();
        env.insert(QStringLiteral("PORTBENCH_WORKSPACE"), dir.filePath(QStringLiteral("ws")));
        QProcess cli;
        cli.setProcessEnvironment(env);
        cli.start(QStringLiteral(PORTBENCH_BIN_DIR "/portbench-cli"),
                  {QStringLiteral("attach"), path, QStringLiteral("--against"),
                   ParityTestRuns::h100(QStringLiteral("cuda_fp32.console.log")), QStringLiteral("--fail-fast"),
                   QStringLiteral("--idle-exit"), QStringLiteral("30")});
        QVERIFY(cli.waitForStarted());
        QByteArray err;
        QElapsedTimer started;
        started.start();
        while (!err.contains("following") && started.elapsed() < 30000 && cli.state() == QProcess::Running) {
            cli.waitForReadyRead(100);
            err += cli.readAllStandardError();
        }
        QVERIFY2(err.contains("following"), err.constData());
        for (const QByteArray &line : linesOf(ParityTestRuns::h100(QStringLiteral("cuda_fp32_lr2e-3.console.log")))) {
            log.write(line);
            log.flush();
            QTest::qWait(2);
            if (cli.state() != QProcess::Running)
                break;
        }
        log.close();
        // waitForFinished() is false for a process that has already exited (the fail-fast case).
        const bool finished = cli.state() == QProcess::NotRunning || cli.waitForFinished(60000);
        const QByteArray out = cli.readAllStandardOutput();
        if (!finished)
            cli.kill();
        QVERIFY2(finished, QByteArray(out + err + cli.readAllStandardError()).constData());
        QCOMPARE(cli.exitCode(), 1);
        QVERIFY2(out.contains("ALERT FAIL step 3 divergence"), out.constData());
        QVERIFY2(out.indexOf("ALERT WARN step 3 beyond") < out.indexOf("ALERT FAIL step 3 divergence"),
                 out.constData());
    }
};

QTEST_GUILESS_MAIN(TestParityMonitor)
#include "tst_paritymonitor.moc"
