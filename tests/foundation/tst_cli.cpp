// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"
#include "testplugins.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

class TestCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pluginsJsonListsThreeBackends()
    {
        const CliResult r = runCli({QStringLiteral("plugins"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray backends = r.json().object().value(QStringLiteral("backends")).toArray();
        QStringList ids;
        for (const QJsonValue &b : backends) {
            const QJsonObject o = b.toObject();
            ids << o.value(QStringLiteral("id")).toString();
            const QJsonObject manifest = o.value(QStringLiteral("manifest")).toObject();
            QVERIFY(!manifest.value(QStringLiteral("name")).toString().isEmpty());
            QVERIFY(!manifest.value(QStringLiteral("version")).toString().isEmpty());
            QVERIFY(!manifest.value(QStringLiteral("vendor")).toString().isEmpty());
            QVERIFY(!manifest.value(QStringLiteral("description")).toString().isEmpty());
        }
        ids.sort();
        QCOMPARE(ids, (QStringList{QStringLiteral("cuda"), QStringLiteral("musa"), QStringLiteral("npu")}));
    }

    void corruptPluginOnPluginPathIsReported()
    {
        QTemporaryDir dir;
        const QString corrupt = dir.filePath(QStringLiteral("libbackend_corrupt.so"));
        QVERIFY(writeCorruptPlugin(corrupt));
        QProcessEnvironment env = isolatedEnvironment();
        env.insert(QStringLiteral("PORTBENCH_PLUGIN_PATH"), dir.path());
        const CliResult r = runCli({QStringLiteral("plugins"), QStringLiteral("--json")}, env);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject root = r.json().object();
        QCOMPARE(root.value(QStringLiteral("backends")).toArray().size(), 3);
        const QJsonArray errors = root.value(QStringLiteral("errors")).toArray();
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().toObject().value(QStringLiteral("path")).toString(), corrupt);
        QVERIFY(!errors.first().toObject().value(QStringLiteral("error")).toString().isEmpty());
        QCOMPARE(root.value(QStringLiteral("searchPaths")).toArray().first().toString(), dir.path());
    }

    void versionAndHelp()
    {
        CliResult r = runCli({QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("portbench-cli "));
        r = runCli({QStringLiteral("plugins"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("portbench-cli plugins"));
        QVERIFY(r.out.contains("--json"));
        r = runCli({QStringLiteral("help"), QStringLiteral("plugins")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("--json"));
    }

    // An option several commands share is declared once (HostOptions): its help reads the same
    // in each of them, and each accepts it.
    void sharedOptionsReadTheSame_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QStringList>("commands");
        QTest::newRow("ssh-config") << QStringLiteral("--ssh-config")
                                    << QStringList{QStringLiteral("env"),        QStringLiteral("topo"),
                                                   QStringLiteral("stackcheck"), QStringLiteral("run"),
                                                   QStringLiteral("submit"),     QStringLiteral("attach")};
        // parity alone takes tolerances, so its --preset also lists custom.
        QTest::newRow("preset") << QStringLiteral(
            "--preset") << QStringList{QStringLiteral("report"), QStringLiteral("demo"), QStringLiteral("attach")};
        // TelemetryOption: a run's device telemetry, for every command that follows a run.
        for (const QString &option : {QStringLiteral("--no-telemetry"), QStringLiteral("--telemetry-interval")})
            QTest::newRow(qPrintable(option.mid(2)))
                << option << QStringList{QStringLiteral("run"), QStringLiteral("attach"), QStringLiteral("submit")};
        QTest::newRow("telemetry") << QStringLiteral("--telemetry")
                                   << QStringList{QStringLiteral("parity"), QStringLiteral("report")};
    }
    void sharedOptionsReadTheSame()
    {
        QFETCH(QString, option);
        QFETCH(QStringList, commands);
        QByteArray first;
        for (const QString &command : commands) {
            const CliResult r = runCli({command, QStringLiteral("--help")});
            QCOMPARE(r.exitCode, 0);
            QByteArray help;
            const QList<QByteArray> lines = r.out.split('\n');
            for (qsizetype i = 0; i < lines.size(); ++i) {
                if (!lines[i].trimmed().startsWith(option.toUtf8()))
                    continue;
                help = lines[i].simplified();
                // Qt wraps a long help text onto indented lines of its own.
                for (qsizetype k = i + 1;
                     k < lines.size() && lines[k].startsWith("    ") && !lines[k].trimmed().startsWith('-'); ++k)
                    help += ' ' + lines[k].simplified();
                break;
            }
            QVERIFY2(!help.isEmpty(), qPrintable(command + QStringLiteral(" --help has no ") + option));
            if (first.isEmpty())
                first = help;
            QVERIFY2(help == first,
                     qPrintable(command + QStringLiteral(": ") + QString::fromUtf8(help) + QStringLiteral("\n  vs: ")
                                + QString::fromUtf8(first)));
        }
    }

    // --help follows the locale (LC_ALL over LC_MESSAGES over LANG); zh_CN gets the Chinese
    // catalog, the option names stay as they are.
    void helpFollowsLocale_data()
    {
        QTest::addColumn<QStringList>("variables");
        QTest::addColumn<bool>("chinese");
        QTest::newRow("LANG") << QStringList{QStringLiteral("LANG=zh_CN.UTF-8")} << true;
        QTest::newRow("LC_MESSAGES") << QStringList{QStringLiteral("LANG=C"), QStringLiteral("LC_MESSAGES=zh_CN.UTF-8")}
                                     << true;
        QTest::newRow("LC_ALL") << QStringList{QStringLiteral("LANG=en_US.UTF-8"), QStringLiteral("LC_ALL=zh_CN.UTF-8")}
                                << true;
        QTest::newRow("LC_ALL=C wins") << QStringList{QStringLiteral("LANG=zh_CN.UTF-8"), QStringLiteral("LC_ALL=C")}
                                       << false;
        QTest::newRow("zh_TW stays English") << QStringList{QStringLiteral("LANG=zh_TW.UTF-8")} << false;
    }

    void helpFollowsLocale()
    {
        QFETCH(QStringList, variables);
        QFETCH(bool, chinese);
        QProcessEnvironment env = isolatedEnvironment();
        for (const char *name : {"LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"})
            env.remove(QLatin1String(name));
        for (const QString &v : variables)
            env.insert(v.section(QLatin1Char('='), 0, 0), v.section(QLatin1Char('='), 1));
        for (const QStringList &args :
             {QStringList{QStringLiteral("parity"), QStringLiteral("--help")}, QStringList{QStringLiteral("--help")}}) {
            const CliResult r = runCli(args, env);
            QCOMPARE(r.exitCode, 0);
            const QString help = QString::fromUtf8(r.out);
            const bool han
                = std::any_of(help.begin(), help.end(), [](QChar c) { return c.script() == QChar::Script_Han; });
            QVERIFY2(han == chinese, qPrintable(help.left(400)));
            if (args.first() == QLatin1String("parity")) {
                QVERIFY(help.contains(QLatin1String("portbench-cli parity")));
                QVERIFY(help.contains(QLatin1String("--preset")));
                QCOMPARE(help.contains(QStringLiteral("显示此帮助")), chinese);
                QCOMPARE(help.contains(QLatin1String("Show this help.")), !chinese);
            } else {
                QCOMPARE(help.contains(QStringLiteral("命令")), chinese);
            }
        }
    }

    // Only --help is translated: what scripts parse is the same bytes in every locale.
    void outputIsEnglishInEveryLocale()
    {
        const QString base
            = QStringLiteral(PORTBENCH_TEST_DATA "/parity/megatron_training_log_2024_throughput_moe.txt");
        const QString legacy
            = QStringLiteral(PORTBENCH_TEST_DATA "/parity/megatron_training_log_legacy_no_timestamp.txt");
        QList<CliResult> results;
        for (const char *lang : {"C", "zh_CN.UTF-8"}) {
            QProcessEnvironment env = isolatedEnvironment();
            env.remove(QStringLiteral("LC_ALL"));
            env.remove(QStringLiteral("LC_MESSAGES"));
            env.insert(QStringLiteral("LANG"), QLatin1String(lang));
            results << runCli({QStringLiteral("parity"), base, base}, env)
                    << runCli({QStringLiteral("parity"), base, legacy}, env)
                    << runCli({QStringLiteral("parity"), QStringLiteral("--preset"), QStringLiteral("nonsense"), base,
                               base},
                              env);
        }
        for (int i = 0; i < 3; ++i) {
            const CliResult &english = results.at(i);
            const CliResult &chinese = results.at(i + 3);
            QVERIFY(!english.out.isEmpty() || !english.err.isEmpty());
            QCOMPARE(chinese.exitCode, english.exitCode);
            QCOMPARE(chinese.out, english.out);
            QCOMPARE(chinese.err, english.err);
        }
        QCOMPARE(results.at(2).exitCode, 2);
        QVERIFY(results.at(0).out.contains("Baseline: "));
    }

    // Normal use prints nothing on stderr: no Qt warnings, also where XDG_RUNTIME_DIR is unset
    // (cron, CI, su, containers) and also for the commands that draw on the offscreen platform.
    void quietStderrWithoutRuntimeDir_data()
    {
        const QString log = QStringLiteral(PORTBENCH_TEST_DATA "/logs/nanogpt_console.txt");
        QTest::addColumn<QStringList>("args");
        QTest::newRow("version") << QStringList{QStringLiteral("--version")};
        QTest::newRow("parse summary") << QStringList{QStringLiteral("parse"), log};
        QTest::newRow("parse json") << QStringList{QStringLiteral("parse"), QStringLiteral("--json"), log};
        QTest::newRow("chart json") << QStringList{QStringLiteral("chart"), QStringLiteral("--json"), log};
        QTest::newRow("plugins") << QStringList{QStringLiteral("plugins")};
        QTest::newRow("report (draws)") << QStringList{
            QStringLiteral("report"),     QStringLiteral("--run"),        log,
            QStringLiteral("--sections"), QStringLiteral("summary,runs"), QStringLiteral("-o"),
            QStringLiteral("report.md")};
    }

    void quietStderrWithoutRuntimeDir()
    {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QProcessEnvironment env = isolatedEnvironment();
        env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.insert(QStringLiteral("HOME"), dir.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("TMPDIR"), dir.path());
        for (QString &a : args) {
            if (a == QLatin1String("report.md"))
                a = dir.filePath(a);
        }
        const CliResult r = runCli(args, env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(!r.out.isEmpty());
        QCOMPARE(r.err, QByteArray());
    }

    void usageErrorsExitTwo()
    {
        CliResult r = runCli({});
        QCOMPARE(r.exitCode, 2);
        r = runCli({QStringLiteral("no-such-command")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("unknown command 'no-such-command'"));
        r = runCli({QStringLiteral("plugins"), QStringLiteral("--no-such-option")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("no-such-option"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
