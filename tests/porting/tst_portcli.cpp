// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"
#include "porttesthelpers.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>

#include <sys/stat.h>

#include "core/engines/porting/portscanner.h"

class TestPortCli : public QObject
{
    Q_OBJECT

    static QString copyFixture(const QTemporaryDir &dir, const QString &name)
    {
        const QString to = dir.filePath(name);
        QFile::copy(portingData(name), to);
        return to;
    }

private Q_SLOTS:
    void cleanPortExitsZero()
    {
        QTemporaryDir dir;
        const QString src = copyFixture(dir, QStringLiteral("hf_ddp_demo_main_hf.py"));
        const CliResult r = runCli({QStringLiteral("port"), src, QStringLiteral("--target"), QStringLiteral("musa"),
                                    QStringLiteral("--diff")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("+import torch_musa"));
        const QString out = dir.filePath(QStringLiteral("hf_ddp_demo_main_hf_musa.py"));
        QCOMPARE(readText(out), readText(portingData(QStringLiteral("expected/hf_ddp_demo_main_hf.musa.py"))));
        // A second run must not overwrite the port without --force.
        CliResult again = runCli({QStringLiteral("port"), src, QStringLiteral("--target"), QStringLiteral("musa")});
        QCOMPARE(again.exitCode, 2);
        QVERIFY(again.err.contains("exists"));
        again = runCli({QStringLiteral("port"), src, QStringLiteral("--target"), QStringLiteral("musa"),
                        QStringLiteral("--force")});
        QCOMPARE(again.exitCode, 0);
    }

    void manualFindingsExitThreeWithJsonAndReport()
    {
        QTemporaryDir dir;
        const QString src = copyFixture(dir, QStringLiteral("flash_bnb_apex_train.py"));
        const QString csv = dir.filePath(QStringLiteral("report.csv"));
        const CliResult r = runCli({QStringLiteral("port"), src, QStringLiteral("--target"), QStringLiteral("npu"),
                                    QStringLiteral("--dry-run"), QStringLiteral("--json"), QStringLiteral("--report"),
                                    csv, QStringLiteral("--transfer-to-npu")});
        QCOMPARE(r.exitCode, 3);
        const QJsonObject root = r.json().object();
        QCOMPARE(root.value(QStringLiteral("target")).toString(), QStringLiteral("npu"));
        const QJsonObject bySeverity
            = root.value(QStringLiteral("summary")).toObject().value(QStringLiteral("bySeverity")).toObject();
        QCOMPARE(bySeverity.value(QStringLiteral("unsupported")).toInt(), 4);
        QVERIFY(root.value(QStringLiteral("output")).isNull());
        QStringList rules;
        for (const QJsonValue &f : root.value(QStringLiteral("findings")).toArray())
            rules << f.toObject().value(QStringLiteral("rule")).toString();
        QCOMPARE(rules.count(QStringLiteral("npu.entry-import")), 2); // torch_npu and transfer_to_npu
        const QString report = readText(csv);
        QVERIFY(report.startsWith(QStringLiteral("File,Line,Column,Rule,Severity,Message,Suggestion\n")));
        QVERIFY(report.contains(QStringLiteral("flash_bnb_apex_train.py,12,6,npu.flash-attn,unsupported,")));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("flash_bnb_apex_train_npu.py"))));
    }

    void treeInPlaceAndReverse()
    {
        QTemporaryDir dir;
        const QString tree = dir.filePath(QStringLiteral("t"));
        QDir().mkpath(tree);
        QFile::copy(portingData(QStringLiteral("megatron_pretrain_gpt.py")), tree + QStringLiteral("/pretrain.py"));
        QFile::setPermissions(tree + QStringLiteral("/pretrain.py"), QFile::ReadOwner | QFile::WriteOwner);
        const QString original = readText(tree + QStringLiteral("/pretrain.py"));
        CliResult r = runCli({QStringLiteral("port"), tree, QStringLiteral("--target"), QStringLiteral("npu"),
                              QStringLiteral("--in-place")});
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(readText(tree + QStringLiteral("/pretrain.py.orig")), original);
        QVERIFY(readText(tree + QStringLiteral("/pretrain.py")).contains(QLatin1String("import torch_npu\n")));
        r = runCli({QStringLiteral("port"), tree, QStringLiteral("--target"), QStringLiteral("npu"),
                    QStringLiteral("--reverse"), QStringLiteral("--out"), dir.filePath(QStringLiteral("back"))});
        QCOMPARE(r.exitCode, 0); // back on CUDA nothing is left for a human
        QCOMPARE(readText(dir.filePath(QStringLiteral("back/pretrain.py"))), original);
    }

    /// --check on a port: the ported fixtures are clean (exit 0); a constructed tree with planted
    /// leftovers reports each one with its file and line (exit 3).
    void checkFindsPlantedLeftovers()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("python3")).isEmpty())
            QSKIP("python3 not found (Debian package python3)");
        QTemporaryDir dir;
        const QString clean = dir.filePath(QStringLiteral("clean"));
        QDir().mkpath(clean);
        QFile::copy(portingData(QStringLiteral("expected/hf_ddp_demo_main_hf.musa.py")),
                    clean + QStringLiteral("/main.py"));
        CliResult r = runCli({QStringLiteral("port"), clean, QStringLiteral("--check"), QStringLiteral("--target"),
                              QStringLiteral("musa")});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        QVERIFY(r.out.contains("Check: clean"));

        const QString tree = dir.filePath(QStringLiteral("planted"));
        QVERIFY(writeText(tree + QStringLiteral("/train.py"),
                          "import torch\nimport torch_npu\n\n"
                          "def step(x):\n"
                          "    torch.cuda.synchronize()\n" // 5: a CUDA call left
                          "    return x.to(\"cuda:0\")\n" // 6: a device string left
                          "\n"
                          "if __name__ == \"__main__\":\n"
                          "    torch.distributed.init_process_group(backend=\"nccl\")\n" // 9: a backend name left
                          "    print(torch.npu.device_count())\n"));
        QVERIFY(writeText(tree + QStringLiteral("/lib/util.py"),
                          "import torch\n\ndef n():\n    return torch.npu.device_count()\n")); // no import
        QVERIFY(
            writeText(tree + QStringLiteral("/lib/half.py"),
                      "import torch_npu\ndevice = 'npu'\nuse_amp = device == 'cuda'\n")); // 3: half-ported comparison
        QVERIFY(writeText(tree + QStringLiteral("/broken.py"),
                          "import torch\nimport torch_npu\nx = = 1\n")); // 3: does not compile
        QVERIFY(writeText(tree + QStringLiteral("/ok.py"),
                          "import torch\nimport torch_npu\nx = torch.ones(1).to('npu')\n"));
        r = runCli({QStringLiteral("port"), tree, QStringLiteral("--check"), QStringLiteral("--target"),
                    QStringLiteral("npu"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 3);
        QSet<QString> found;
        for (const QJsonValue &v : r.json().object().value(QStringLiteral("findings")).toArray()) {
            const QJsonObject f = v.toObject();
            found << QStringLiteral("%1:%2:%3")
                         .arg(f.value(QStringLiteral("file")).toString())
                         .arg(f.value(QStringLiteral("line")).toInt())
                         .arg(f.value(QStringLiteral("rule")).toString());
        }
        const QSet<QString> expected{
            QStringLiteral("train.py:5:npu.torch-cuda-api"),     QStringLiteral("train.py:6:npu.device-string"),
            QStringLiteral("train.py:9:npu.collective-backend"), QStringLiteral("lib/util.py:2:npu.missing-import"),
            QStringLiteral("lib/half.py:3:npu.device-string"),   QStringLiteral("broken.py:3:check.py-compile")};
        QVERIFY2(found == expected, qPrintable(QStringList(found.cbegin(), found.cend()).join(QLatin1Char(' '))));
        // Plain text names file:line; nothing was written into the tree.
        r = runCli({QStringLiteral("port"), tree, QStringLiteral("--check"), QStringLiteral("--target"),
                    QStringLiteral("npu")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.contains("lib/util.py:2:1: manual [npu.missing-import]"), r.out.constData());
        QCOMPARE(PortScanner::listTree(tree).size(), 5);
        // Input errors exit 2.
        r = runCli({QStringLiteral("port"), dir.filePath(QStringLiteral("none")), QStringLiteral("--check"),
                    QStringLiteral("--target"), QStringLiteral("npu")});
        QCOMPARE(r.exitCode, 2);
        r = runCli({QStringLiteral("port"), tree, QStringLiteral("--check"), QStringLiteral("--target"),
                    QStringLiteral("npu"), QStringLiteral("--diff")});
        QCOMPARE(r.exitCode, 2);
    }

    void usageErrorsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("no target") << QStringList{QStringLiteral("port"),
                                                  QStringLiteral(PORTBENCH_TEST_DATA "/porting/project")}
                                   << QByteArray("--target must be one of the loaded backends but cuda: npu, musa");
        QTest::newRow("missing source") << QStringList{QStringLiteral("port"), QStringLiteral("/no/such/dir"),
                                                       QStringLiteral("--target"), QStringLiteral("npu")}
                                        << QByteArray("no such file or folder");
        QTest::newRow("two outputs") << QStringList{
            QStringLiteral("port"),       QStringLiteral(PORTBENCH_TEST_DATA "/porting/project"),
            QStringLiteral("--target"),   QStringLiteral("npu"),
            QStringLiteral("--in-place"), QStringLiteral("--out"),
            QStringLiteral("/tmp/x")} << QByteArray("exclude each other");
        QTest::newRow("automatic migration on musa")
            << QStringList{QStringLiteral("port"), QStringLiteral(PORTBENCH_TEST_DATA "/porting/project"),
                           QStringLiteral("--target"), QStringLiteral("musa"), QStringLiteral("--auto-migrate")}
            << QByteArray("--auto-migrate only applies to a --target whose rules have an automatic migration import "
                          "(musa has none)");
        // The option's old name stays an alias.
        QTest::newRow("transfer-to-npu on musa")
            << QStringList{QStringLiteral("port"), QStringLiteral(PORTBENCH_TEST_DATA "/porting/project"),
                           QStringLiteral("--target"), QStringLiteral("musa"), QStringLiteral("--transfer-to-npu")}
            << QByteArray("--auto-migrate only applies");
    }

    void usageErrorsExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const CliResult r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
    }

    void notRegularSourceExitsTwo_data()
    {
        QTest::addColumn<QString>("source"); // fifo: a FIFO made here
        QTest::addColumn<QStringList>("mode");
        QTest::addColumn<QByteArray>("message");
        const QList<std::pair<QString, QByteArray>> sources{{QStringLiteral("/dev/null"), "is a device"},
                                                            {QStringLiteral("/dev/zero"), "is a device"},
                                                            {QStringLiteral("fifo"), "is a FIFO"}};
        const QList<std::pair<const char *, QStringList>> modes{
            {"port", {}}, {"dry-run", {QStringLiteral("--dry-run")}}, {"check", {QStringLiteral("--check")}}};
        for (const auto &[source, message] : sources) {
            for (const auto &[name, mode] : modes)
                QTest::addRow("%s %s", qPrintable(source), name) << source << mode << message;
        }
    }
    void notRegularSourceExitsTwo()
    {
        // /dev/null crashed the writer (an empty single-file port), /dev/zero and a FIFO were "clean".
        QFETCH(QString, source);
        QFETCH(QStringList, mode);
        QFETCH(QByteArray, message);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        if (source == QLatin1String("fifo")) {
            source = dir.filePath(QStringLiteral("train.py"));
            QCOMPARE(::mkfifo(QFile::encodeName(source).constData(), 0600), 0);
        }
        const QString out = dir.filePath(QStringLiteral("out"));
        if (mode.isEmpty())
            mode = {QStringLiteral("--out"), out};
        const CliResult r = runCli(
            QStringList{QStringLiteral("port"), source, QStringLiteral("--target"), QStringLiteral("npu")} + mode);
        QVERIFY2(!r.crashed, r.err.constData());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QByteArray(source.toUtf8() + ": " + message)), r.err.constData());
        QVERIFY(!r.out.contains("clean"));
        QVERIFY(!QFileInfo::exists(out));
    }

    void unreadableFileIsAnError()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("latin1.py")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x = '\xe9'\n");
        f.close();
        const CliResult r = runCli({QStringLiteral("port"), dir.path(), QStringLiteral("--target"),
                                    QStringLiteral("npu"), QStringLiteral("--dry-run")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("latin1.py: not valid UTF-8"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestPortCli)
#include "tst_portcli.moc"
