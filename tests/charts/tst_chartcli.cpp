// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

/// `portbench-cli chart`: the same curves as the Charts dock, as CSV or a JSON summary.
class TestChartCli : public QObject
{
    Q_OBJECT

private:
    static QString log(const char *name)
    {
        return QStringLiteral(PORTBENCH_TEST_DATA "/charts/") + QLatin1String(name);
    }

private Q_SLOTS:
    void csvOfTwoAlignedLogs()
    {
        const CliResult r = runCli({QStringLiteral("chart"), log("megatron_training_log_2024_throughput_moe.txt"),
                                    log("megatron_training_log_legacy_no_timestamp.txt"), QStringLiteral("--offset"),
                                    QStringLiteral("2=-100"), QStringLiteral("--smoothing"), QStringLiteral("0.6")});
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 5 + 4); // header + every point of both logs
        QCOMPARE(lines.first(), QByteArray("series,piece,step,step,value,smoothed"));
        // The legacy run's step 122 sits at x = 22 after the offset.
        QVERIFY(lines.at(6).contains(",122,22,"));
    }

    void jsonSummaryAndErrors()
    {
        CliResult r = runCli({QStringLiteral("chart"), log("nanogpt_console.txt"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject run = r.json().object().value(QStringLiteral("runs")).toArray().first().toObject();
        QCOMPARE(run.value(QStringLiteral("format")).toString(), QStringLiteral("nanogpt"));
        QCOMPARE(run.value(QStringLiteral("non_finite")).toInt(), 1); // the `loss nan` line is kept
        r = runCli(
            {QStringLiteral("chart"), log("nanogpt_console.txt"), QStringLiteral("--x"), QStringLiteral("wall")});
        QCOMPARE(r.exitCode, 2); // no timestamps: the input lacks what was asked for, not a negative answer
        QVERIFY(r.err.contains("timestamps"));
        r = runCli({QStringLiteral("chart"), log("nanogpt_console.txt"), QStringLiteral("--metric"),
                    QStringLiteral("nosuch")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("nosuch"));
        for (const char *bad : {"nan", "-0.5", "inf", "1"}) {
            r = runCli({QStringLiteral("chart"), log("nanogpt_console.txt"), QStringLiteral("--smoothing"),
                        QLatin1String(bad)});
            QCOMPARE(r.exitCode, 2);
            QVERIFY(r.err.contains("--smoothing"));
        }
        r = runCli({QStringLiteral("chart"), log("nanogpt_console.txt"), QStringLiteral("--offset"),
                    QStringLiteral("1=9223372036854775000")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("10^15"));
        r = runCli(
            {QStringLiteral("chart"), log("nanogpt_console.txt"), QStringLiteral("--x"), QStringLiteral("bogus")});
        QCOMPARE(r.exitCode, 2);
        r = runCli(
            {QStringLiteral("chart"), log("nanogpt_console.txt"), QStringLiteral("--offset"), QStringLiteral("3=5")});
        QCOMPARE(r.exitCode, 2);
        // A metric that no log has is a usage error naming it, with --json too.
        r = runCli(
            {QStringLiteral("chart"), log("nanogpt_console.txt"), QStringLiteral("--metric"), QStringLiteral("lossy")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("'lossy'"));
        r = runCli({QStringLiteral("chart"), log("nanogpt_console.txt"), QStringLiteral("--metric"),
                    QStringLiteral("lossy"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 2);
        r = runCli({QStringLiteral("chart"), QStringLiteral("/no/such/log.txt")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("/no/such/log.txt"));
    }
};

QTEST_GUILESS_MAIN(TestChartCli)
#include "tst_chartcli.moc"
