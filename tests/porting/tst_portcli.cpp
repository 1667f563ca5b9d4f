#include "clirunner.h"
#include "porttesthelpers.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

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
        again = runCli({QStringLiteral("port"), src, QStringLiteral("--target"), QStringLiteral("musa"), QStringLiteral("--force")});
        QCOMPARE(again.exitCode, 0);
    }

    void manualFindingsExitThreeWithJsonAndReport()
    {
        QTemporaryDir dir;
        const QString src = copyFixture(dir, QStringLiteral("flash_bnb_apex_train.py"));
        const QString csv = dir.filePath(QStringLiteral("report.csv"));
        const CliResult r = runCli({QStringLiteral("port"), src, QStringLiteral("--target"), QStringLiteral("npu"),
                                    QStringLiteral("--dry-run"), QStringLiteral("--json"), QStringLiteral("--report"), csv,
                                    QStringLiteral("--transfer-to-npu")});
        QCOMPARE(r.exitCode, 3);
        const QJsonObject root = r.json().object();
        QCOMPARE(root.value(QStringLiteral("target")).toString(), QStringLiteral("npu"));
        const QJsonObject bySeverity = root.value(QStringLiteral("summary")).toObject().value(QStringLiteral("bySeverity")).toObject();
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
        CliResult r = runCli({QStringLiteral("port"), tree, QStringLiteral("--target"), QStringLiteral("npu"), QStringLiteral("--in-place")});
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(readText(tree + QStringLiteral("/pretrain.py.orig")), original);
        QVERIFY(readText(tree + QStringLiteral("/pretrain.py")).contains(QLatin1String("import torch_npu\n")));
        r = runCli({QStringLiteral("port"), tree, QStringLiteral("--target"), QStringLiteral("npu"), QStringLiteral("--reverse"),
                    QStringLiteral("--out"), dir.filePath(QStringLiteral("back"))});
        QCOMPARE(r.exitCode, 0); // back on CUDA nothing is left for a human
        QCOMPARE(readText(dir.filePath(QStringLiteral("back/pretrain.py"))), original);
    }

    void usageErrorsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("no target") << QStringList{QStringLiteral("port"), QStringLiteral(PORTBENCH_TEST_DATA "/porting/project")}
                                   << QByteArray("--target must be npu or musa");
        QTest::newRow("missing source") << QStringList{QStringLiteral("port"), QStringLiteral("/no/such/dir"), QStringLiteral("--target"), QStringLiteral("npu")}
                                        << QByteArray("no such file or folder");
        QTest::newRow("two outputs") << QStringList{QStringLiteral("port"), QStringLiteral(PORTBENCH_TEST_DATA "/porting/project"), QStringLiteral("--target"),
                                                    QStringLiteral("npu"), QStringLiteral("--in-place"), QStringLiteral("--out"), QStringLiteral("/tmp/x")}
                                     << QByteArray("exclude each other");
        QTest::newRow("transfer on musa") << QStringList{QStringLiteral("port"), QStringLiteral(PORTBENCH_TEST_DATA "/porting/project"), QStringLiteral("--target"),
                                                         QStringLiteral("musa"), QStringLiteral("--transfer-to-npu")}
                                          << QByteArray("--transfer-to-npu only applies");
    }

    void usageErrorsExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const CliResult r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
    }

    void unreadableFileIsAnError()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("latin1.py")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x = '\xe9'\n");
        f.close();
        const CliResult r = runCli({QStringLiteral("port"), dir.path(), QStringLiteral("--target"), QStringLiteral("npu"), QStringLiteral("--dry-run")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("latin1.py: not valid UTF-8"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestPortCli)
#include "tst_portcli.moc"
