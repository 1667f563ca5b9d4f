// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"
#include "faketelemetrytool.h"
#include "sshdfixture.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

namespace {

QList<QJsonObject> jsonLines(const QByteArray &out)
{
    QList<QJsonObject> lines;
    for (const QByteArray &l : out.split('\n')) {
        if (!l.isEmpty())
            lines << QJsonDocument::fromJson(l).object();
    }
    return lines;
}

int sampleCount(const QList<QJsonObject> &lines)
{
    int n = 0;
    for (const QJsonObject &o : lines)
        n += o.contains(QStringLiteral("time_ms")) ? 1 : 0;
    return n;
}

/// Whether a process runs: it exists and is not a zombie (an orphan is reaped by whatever init
/// the machine has, maybe late).
bool running(pid_t pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const qsizetype paren = text.lastIndexOf(')');
    return paren >= 0 && paren + 2 < text.size() && text.at(paren + 2) != 'Z';
}

QJsonObject parsedTelemetry(const QString &file)
{
    const CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--json"), QStringLiteral("--summary"), file});
    return r.json().object().value(QStringLiteral("telemetry")).toArray().first().toObject();
}

} // namespace

class TestTelemetryCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseReadsCapturesAsTelemetry_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<int>("devices");
        QTest::addColumn<int>("flags");
        QTest::newRow("nvidia-smi -lms") << "nvidia_smi_lms_2xH100_header_units_CONSTRUCTED.txt"
                                         << "nvidia-smi --query-gpu" << 2 << 3;
        QTest::newRow("npu-smi info watch") << "npu_smi_info_watch_8npu_manual.txt"
                                            << "npu-smi info watch" << 8 << 0;
        QTest::newRow("monitor --out file") << "flags_4gpu.tel"
                                            << "portbench-telemetry/1" << 4 << 3;
    }

    void parseReadsCapturesAsTelemetry()
    {
        QFETCH(QString, file);
        QFETCH(QString, tool);
        QFETCH(int, devices);
        QFETCH(int, flags);
        const CliResult r
            = runCli({QStringLiteral("parse"), QStringLiteral("--json"), FakeTelemetryTool::capturePath(file)});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject t = r.json().object().value(QStringLiteral("telemetry")).toArray().first().toObject();
        QCOMPARE(t.value(QStringLiteral("tool")).toString(), tool);
        const QJsonArray d = t.value(QStringLiteral("devices")).toArray();
        QCOMPARE(d.size(), devices);
        // Every sample: a time column and one per metric.
        const QJsonObject columns = d.first().toObject().value(QStringLiteral("columns")).toObject();
        QCOMPARE(columns.value(QStringLiteral("time_ms")).toArray().size(),
                 d.first().toObject().value(QStringLiteral("samples")).toInt());
        QCOMPARE(t.value(QStringLiteral("flags")).toArray().size(), flags);

        const CliResult text = runCli({QStringLiteral("parse"), FakeTelemetryTool::capturePath(file)});
        QVERIFY2(text.exitCode == 0, text.err.constData());
        QVERIFY(text.out.contains(QByteArray("telemetry:     " + tool.toUtf8())));
        QCOMPARE(text.out.count("  flag:          "), flags);
    }

    void parseJsonHasEverySampleAsTheToolPrintedIt()
    {
        const CliResult r
            = runCli({QStringLiteral("parse"), QStringLiteral("--json"),
                      FakeTelemetryTool::capturePath(QStringLiteral("npu_smi_info_watch_pt_manual.txt"))});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject columns = r.json()
                                        .object()
                                        .value(QStringLiteral("telemetry"))
                                        .toArray()
                                        .first()
                                        .toObject()
                                        .value(QStringLiteral("devices"))
                                        .toArray()
                                        .first()
                                        .toObject()
                                        .value(QStringLiteral("columns"))
                                        .toObject();
        QCOMPARE(columns.value(QStringLiteral("time_ms")).toArray(), (QJsonArray{0, 1000, 2000}));
        QCOMPARE(columns.value(QStringLiteral("power_w")).toArray(), (QJsonArray{280.8, 280.9, 280.8}));
        QCOMPARE(columns.value(QStringLiteral("temp_c")).toArray(), (QJsonArray{84, 84, 83}));
    }

    void parseNamesTheUnreadLine()
    {
        const QString file = FakeTelemetryTool::capturePath(QStringLiteral("bad_npu_smi_watch_short_row.txt"));
        const QJsonObject t = parsedTelemetry(file);
        QCOMPARE(t.value(QStringLiteral("unread")).toArray().first().toString(),
                 file + QStringLiteral(":4: 4 values where the header names 9 columns"));
    }

    void parseRefusesAMixOfLogsAndTelemetry()
    {
        const CliResult r
            = runCli({QStringLiteral("parse"), FakeTelemetryTool::capturePath(QStringLiteral("flags_4gpu.tel")),
                      QStringLiteral(PORTBENCH_TEST_DATA "/logs/h100/SOURCES.md")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("separate parse commands"), r.err.constData());
    }

    void monitorReplaysTheToolAndFlags()
    {
        QTemporaryDir bin;
        QVERIFY(FakeTelemetryTool::write(bin.path(), QStringLiteral("nvidia-smi"),
                                         QStringLiteral("nvidia_smi_lms_2xH100_noheader_nounits_CONSTRUCTED.txt"),
                                         FakeTelemetryTool::replay()));
        const QString out = bin.filePath(QStringLiteral("node.tel"));
        const CliResult r = runCli({QStringLiteral("monitor"), QStringLiteral("--json"), QStringLiteral("--samples"),
                                    QStringLiteral("16"), QStringLiteral("--out"), out},
                                   FakeTelemetryTool::withToolsIn(bin.path(), isolatedEnvironment()));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("nvidia-smi --query-gpu=timestamp,index,"), r.err.constData());
        const QList<QJsonObject> lines = jsonLines(r.out);
        QCOMPARE(sampleCount(lines), 16);
        QStringList flags;
        for (const QJsonObject &o : lines) {
            if (o.contains(QStringLiteral("flag")))
                flags << o.value(QStringLiteral("flag")).toString() + o.value(QStringLiteral("device")).toString();
        }
        // Raised live: memory and throttling on GPU 0 at once, GPU 1's idling after three rounds.
        QCOMPARE(flags.size(), 3);
        QVERIFY(flags.contains(QStringLiteral("memory0")));
        QVERIFY(flags.contains(QStringLiteral("throttled0")));
        QVERIFY(flags.contains(QStringLiteral("straggler1")));
        const QJsonObject t = parsedTelemetry(out);
        QCOMPARE(t.value(QStringLiteral("samples")).toInt(), 16);
        QCOMPARE(t.value(QStringLiteral("unreadLines")).toInt(), 0);
    }

    void monitorFindsTheHostsToolAndAppends()
    {
        QTemporaryDir bin;
        QVERIFY(FakeTelemetryTool::write(bin.path(), QStringLiteral("npu-smi"),
                                         QStringLiteral("npu_smi_info_watch_310B_davinci_mini.txt"),
                                         FakeTelemetryTool::npuSmi(FakeTelemetryTool::replay())));
        const QString out = bin.filePath(QStringLiteral("node.tel"));
        for (int run = 0; run < 2; ++run) {
            const CliResult r = runCli({QStringLiteral("monitor"), QStringLiteral("--samples"), QStringLiteral("5"),
                                        QStringLiteral("--out"), out},
                                       FakeTelemetryTool::withToolsIn(bin.path(), isolatedEnvironment()));
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QVERIFY2(r.err.contains("exec npu-smi info watch -d \"$1\"' sh 1"), r.err.constData());
            QVERIFY2(r.out.contains(":0:0  util 25 %"), r.out.constData());
        }
        const QJsonObject t = parsedTelemetry(out);
        QCOMPARE(t.value(QStringLiteral("tool")).toString(), QStringLiteral("portbench-telemetry/1"));
        QCOMPARE(t.value(QStringLiteral("samples")).toInt(), 10);
        QCOMPARE(t.value(QStringLiteral("unreadLines")).toInt(), 0);
    }

    void monitorRestartsAStalledTool()
    {
        QTemporaryDir bin;
        QVERIFY(FakeTelemetryTool::write(
            bin.path(), QStringLiteral("nvidia-smi"),
            QStringLiteral("nvidia_smi_lms_2xH100_noheader_nounits_CONSTRUCTED.txt"),
            QStringLiteral("if [ ! -e STATE ]; then : > STATE; head -n 4 DATA; exec sleep 600; fi\n")
                + FakeTelemetryTool::replay()));
        const CliResult r = runCli({QStringLiteral("monitor"), QStringLiteral("--json"), QStringLiteral("--interval"),
                                    QStringLiteral("0.2"), QStringLiteral("--samples"), QStringLiteral("10")},
                                   FakeTelemetryTool::withToolsIn(bin.path(), isolatedEnvironment()));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("printed nothing for") && r.err.contains("(stalled)"), r.err.constData());
        QCOMPARE(sampleCount(jsonLines(r.out)), 10); // 4 before the stall, 6 after the restart
    }

    void monitorDropsTheLineOfAToolThatDied()
    {
        QTemporaryDir bin;
        QVERIFY(FakeTelemetryTool::write(
            bin.path(), QStringLiteral("nvidia-smi"),
            QStringLiteral("nvidia_smi_lms_2xH100_noheader_nounits_CONSTRUCTED.txt"),
            QStringLiteral("if [ ! -e STATE ]; then : > STATE; head -n 3 DATA; printf '2026/11/23 10:00:01.000, 1, 9'; "
                           "exit 3; fi\n")
                + FakeTelemetryTool::replay()));
        const QString out = bin.filePath(QStringLiteral("node.tel"));
        const CliResult r = runCli(
            {QStringLiteral("monitor"), QStringLiteral("--samples"), QStringLiteral("8"), QStringLiteral("--out"), out},
            FakeTelemetryTool::withToolsIn(bin.path(), isolatedEnvironment()));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("exited with code 3; its last line was cut short and dropped (29 bytes)"),
                 r.err.constData());
        const QJsonObject t = parsedTelemetry(out);
        QCOMPARE(t.value(QStringLiteral("samples")).toInt(), 8);
        QCOMPARE(t.value(QStringLiteral("unreadLines")).toInt(), 0);
    }

    void monitorSamplesOverSsh()
    {
        SshdFixture sshd;
        if (!sshd.available())
            QSKIP(qPrintable(sshd.unavailableReason()));
        QTemporaryDir bin;
        // No trailing sleep: when the monitor ends its ssh, the tool's next write fails (SIGPIPE)
        // and nothing is left running on the host.
        QVERIFY(FakeTelemetryTool::write(bin.path(), QStringLiteral("npu-smi"),
                                         QStringLiteral("npu_smi_info_watch_8npu_manual.txt"),
                                         FakeTelemetryTool::npuSmi(FakeTelemetryTool::replayLines())));
        sshd.addServerConfig(QStringLiteral("SetEnv PATH=%1:/usr/bin:/bin").arg(bin.path()));
        QVERIFY2(sshd.start(), qPrintable(sshd.log()));
        const CliResult r = runCli({QStringLiteral("monitor"), QStringLiteral("--host"), sshd.hostAlias(),
                                    QStringLiteral("--ssh-config"), sshd.configFile(), QStringLiteral("--json"),
                                    QStringLiteral("--samples"), QStringLiteral("8")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QList<QJsonObject> lines = jsonLines(r.out);
        QCOMPARE(sampleCount(lines), 8);
        QCOMPARE(lines.first().value(QStringLiteral("host")).toString(), sshd.hostAlias());
        QCOMPARE(lines.last().value(QStringLiteral("device")).toString(), QStringLiteral("7"));
        QCOMPARE(lines.last().value(QStringLiteral("power_w")).toDouble(), 289.3);
        // The HBM size from `npu-smi info -t usages`, the use from the watch's Memory(%).
        QCOMPARE(lines.last().value(QStringLiteral("mem_total_mib")).toDouble(), 65536.0);
        QCOMPARE(lines.last().value(QStringLiteral("mem_used_mib")).toDouble(), 1966.0);
    }

    void monitorLeavesNoSamplerBehind_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("Ctrl-C: stops it and the sampler") << int(SIGINT);
        QTest::newRow("killed outright: the sampler ends with it") << int(SIGKILL);
    }

    void monitorLeavesNoSamplerBehind()
    {
        QFETCH(int, signal);
        QTemporaryDir bin;
        // The tool notes its pid (kept by exec sleep) in STATE, prints the capture and waits
        // silently: with nothing more to write, no SIGPIPE would end it after the monitor.
        QVERIFY(FakeTelemetryTool::write(bin.path(), QStringLiteral("nvidia-smi"),
                                         QStringLiteral("nvidia_smi_lms_2xH100_noheader_nounits_CONSTRUCTED.txt"),
                                         QStringLiteral("echo $$ > STATE\ncat DATA\nexec sleep 600\n")));
        const QString out = bin.filePath(QStringLiteral("node.tel"));
        QProcess monitor;
        monitor.setProcessEnvironment(FakeTelemetryTool::withToolsIn(bin.path(), isolatedEnvironment()));
        IsolatedHome::startInOwnGroup(
            monitor, QStringLiteral(PORTBENCH_BIN_DIR "/portbench-cli"),
            {QStringLiteral("monitor"), QStringLiteral("--json"), QStringLiteral("--out"), out});
        QVERIFY(monitor.waitForStarted());
        QByteArray printed;
        while (sampleCount(jsonLines(printed)) < 16 && monitor.waitForReadyRead(30000))
            printed += monitor.readAllStandardOutput();
        QVERIFY2(sampleCount(jsonLines(printed)) == 16, monitor.readAllStandardError().constData());
        QFile pidFile(bin.filePath(QStringLiteral("started")));
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const pid_t tool = pid_t(pidFile.readAll().trimmed().toInt());
        QVERIFY(tool > 0);
        QVERIFY(running(tool));

        ::kill(pid_t(monitor.processId()), signal);
        QVERIFY(IsolatedHome::finishOrKill(monitor, 30000));
        if (signal == SIGINT) {
            QCOMPARE(monitor.exitStatus(), QProcess::NormalExit);
            QCOMPARE(monitor.exitCode(), 0);
        }
        QTRY_VERIFY_WITH_TIMEOUT(!running(tool), 30000);
        // Every sample it printed was appended first, and reads back whole, whichever way it ended.
        const QJsonObject t = parsedTelemetry(out);
        QCOMPARE(t.value(QStringLiteral("samples")).toInt(), 16);
        QCOMPARE(t.value(QStringLiteral("unreadLines")).toInt(), 0);
    }

    void monitorSaysWhyTheToolExited()
    {
        // What an nvidia-smi that does not know a field says, then exits.
        QTemporaryDir bin;
        QVERIFY(FakeTelemetryTool::write(
            bin.path(), QStringLiteral("nvidia-smi"), QStringLiteral("flags_4gpu.tel"),
            QStringLiteral("echo 'Field \"clocks_throttle_reasons.active\" is not a valid field to "
                           "query.' >&2\nexit 2\n")));
        const CliResult r = runCli({QStringLiteral("monitor"), QStringLiteral("--duration"), QStringLiteral("2")},
                                   FakeTelemetryTool::withToolsIn(bin.path(), isolatedEnvironment()));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("the sampler exited with code 2 (Field \"clocks_throttle_reasons.active\" is not a "
                                "valid field to query.); starting it again in 1 s"),
                 r.err.constData());
    }

    void monitorWithoutAToolSaysWhatItLookedFor()
    {
        QTemporaryDir bin;
        const CliResult r = runCli({QStringLiteral("monitor"), QStringLiteral("--samples"), QStringLiteral("1")},
                                   FakeTelemetryTool::withToolsIn(bin.path(), isolatedEnvironment()));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("no device tool on this machine (looked for npu-smi, nvidia-smi, mthreads-gmi)"),
                 r.err.constData());
    }

    void monitorChecksItsOptions_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("interval 0") << QStringList{QStringLiteral("--interval"), QStringLiteral("0")}
                                    << "--interval must be a number of seconds from 0.1 to 3600";
        QTest::newRow("samples") << QStringList{QStringLiteral("--samples"), QStringLiteral("-3")}
                                 << "--samples must be a positive whole number";
        QTest::newRow("a folder as --out")
            << QStringList{QStringLiteral("--backend"), QStringLiteral("cuda"), QStringLiteral("--out"),
                           QStringLiteral(PORTBENCH_TEST_DATA "/telemetry")}
            << "is a folder";
        QTest::newRow("a host ssh cannot reach")
            << QStringList{QStringLiteral("--host"), QStringLiteral("portbench-test-nohost.invalid"),
                           QStringLiteral("--ssh-config"), QStringLiteral("/dev/null")}
            << "cannot ask portbench-test-nohost.invalid for its device tools: ";
    }

    void monitorChecksItsOptions()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliResult r = runCli(QStringList{QStringLiteral("monitor")} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestTelemetryCli)
#include "tst_telemetrycli.moc"
