// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <sys/stat.h>

/// The hostile inputs of the robustness issue, through the real CLI: each is a clear refusal with
/// exit code 2 — never a crash, a hang, a silent vanishing or a wrong answer.
class TestInputLimitsCli : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_fifo, m_sparse, m_log;

    QString path(const QString &name) const { return m_dir.filePath(name); }

    static void put(const QString &file, const QByteArray &bytes)
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(bytes), bytes.size());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_fifo = path(QStringLiteral("fifo.txt"));
        QCOMPARE(::mkfifo(QFile::encodeName(m_fifo).constData(), 0600), 0);
        // 2 GiB of holes: costs no disk, reads as 2 GiB of zero bytes.
        m_sparse = path(QStringLiteral("sparse.txt"));
        QFile sparse(m_sparse);
        QVERIFY(sparse.open(QIODevice::WriteOnly));
        QVERIFY(sparse.resize(qint64(2) << 30));
        sparse.close();
        m_log = path(QStringLiteral("train.log"));
        put(m_log,
            "iter 1: loss 2.5000, time 10.00ms\niter 2: loss 2.4000, time 10.00ms\niter 3: loss 2.3000, time "
            "10.00ms\n");
    }

    void notRegularFiles_data()
    {
        QTest::addColumn<QStringList>("args"); // %IN% is replaced by the input
        QTest::addColumn<QString>("input"); // zero, fifo
        QTest::addColumn<QString>("message");
        const QStringList kinds{QStringLiteral("zero"), QStringLiteral("fifo")};
        for (const QString &kind : kinds) {
            const QString message
                = kind == QLatin1String("zero") ? QStringLiteral("is a device") : QStringLiteral("FIFO");
            QTest::addRow("parse %s", qPrintable(kind))
                << QStringList{QStringLiteral("parse"), QStringLiteral("%IN%")} << kind << message;
            QTest::addRow("chart %s", qPrintable(kind))
                << QStringList{QStringLiteral("chart"), QStringLiteral("%IN%")} << kind << message;
            QTest::addRow("parity %s", qPrintable(kind))
                << QStringList{QStringLiteral("parity"), QStringLiteral("%IN%"), QStringLiteral("%LOG%")} << kind
                << message;
            QTest::addRow("tensors %s", qPrintable(kind))
                << QStringList{QStringLiteral("tensors"), QStringLiteral("%IN%"), QStringLiteral("%IN%")} << kind
                << message;
            QTest::addRow("topo %s", qPrintable(kind))
                << QStringList{QStringLiteral("topo"), QStringLiteral("--from"), QStringLiteral("%IN%")} << kind
                << message;
            QTest::addRow("config import %s", qPrintable(kind))
                << QStringList{QStringLiteral("config"), QStringLiteral("import"), QStringLiteral("%IN%")} << kind
                << message;
            // Spun a core on /dev/zero and blocked in open() on a FIFO, --idle-exit never firing.
            QTest::addRow("attach %s", qPrintable(kind))
                << QStringList{QStringLiteral("attach"),      QStringLiteral("--workspace"), QStringLiteral("%WS%"),
                               QStringLiteral("--idle-exit"), QStringLiteral("1"),           QStringLiteral("%IN%")}
                << kind << message;
            QTest::addRow("report %s", qPrintable(kind))
                << QStringList{QStringLiteral("report"),     QStringLiteral("--run"), QStringLiteral("%LOG%"),
                               QStringLiteral("--topology"), QStringLiteral("%IN%"),  QStringLiteral("-o"),
                               QStringLiteral("%OUT%")}
                << kind << message;
        }
    }
    void notRegularFiles()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, input);
        QFETCH(QString, message);
        const QString in = input == QLatin1String("zero") ? QStringLiteral("/dev/zero") : m_fifo;
        args.replaceInStrings(QStringLiteral("%IN%"), in);
        args.replaceInStrings(QStringLiteral("%LOG%"), m_log);
        args.replaceInStrings(QStringLiteral("%OUT%"), path(QStringLiteral("r.html")));
        args.replaceInStrings(QStringLiteral("%WS%"), path(QStringLiteral("ws")));
        const CliResult r = runCli(args, isolatedEnvironment(), 30000);
        QVERIFY2(!r.crashed, r.err.constData());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains(in.toUtf8()), r.err.constData()); // the message names the file
    }

    void sparseFilesAreCapped_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("topo") << QStringList{QStringLiteral("topo"), QStringLiteral("--from"), QStringLiteral("%IN%")};
        QTest::newRow("config import") << QStringList{QStringLiteral("config"), QStringLiteral("import"),
                                                      QStringLiteral("%IN%")};
        QTest::newRow("tensors") << QStringList{QStringLiteral("tensors"), QStringLiteral("%IN%"),
                                                QStringLiteral("%IN%")};
    }
    void sparseFilesAreCapped()
    {
        QFETCH(QStringList, args);
        args.replaceInStrings(QStringLiteral("%IN%"), m_sparse);
        const CliResult r = runCli(args, isolatedEnvironment(), 60000);
        QVERIFY2(!r.crashed, r.err.constData());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("limit") || r.err.contains("not a torch.save") || r.err.contains("not a topology"),
                 r.err.constData());
    }

    void hugeLaunchLine()
    {
        QByteArray line("torchrun --nproc_per_node 8 train.py");
        line.reserve(10 * 1024 * 1024 + 64);
        while (line.size() < 10 * 1024 * 1024)
            line += " a";
        put(path(QStringLiteral("launch.sh")), line + '\n');
        const CliResult r
            = runCli({QStringLiteral("config"), QStringLiteral("import"), path(QStringLiteral("launch.sh"))});
        QVERIFY2(!r.crashed, r.err.left(500).constData());
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("docs/limits.md"));
        QVERIFY2(r.err.size() < 4096, "a refusal, not millions of notes");
    }

    void hugeTokenStream()
    {
        QByteArray source;
        source.reserve(10 * 1024 * 1024 + 2);
        while (source.size() < 10 * 1024 * 1024)
            source += "a|";
        put(path(QStringLiteral("big.py")), source);
        const CliResult r = runCli({QStringLiteral("port"), path(QStringLiteral("big.py")), QStringLiteral("--target"),
                                    QStringLiteral("npu"), QStringLiteral("--dry-run")});
        QVERIFY2(!r.crashed, r.err.constData());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QByteArray(r.out + r.err).contains("tokens"), r.err.constData());
    }

    void hugeStepsAndOffsets()
    {
        put(path(QStringLiteral("huge.log")),
            "iter 1: loss 2.5000, time 10.00ms\niter 9223372036854775808: loss 2.4000, time 10.00ms\n"
            "iter 3: loss 2.3000, time 10.00ms\n");
        CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--json"), path(QStringLiteral("huge.log"))});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("out of range"), r.out.constData());
        for (const char *offset : {"9223372036854775807", "-9223372036854775808", "1000000000000001"}) {
            r = runCli(
                {QStringLiteral("parity"), m_log, m_log, QStringLiteral("--step-offset=") + QLatin1String(offset)});
            QCOMPARE(r.exitCode, 2);
            QVERIFY(r.err.contains("10^15"));
        }
    }

    void tensorFoldersGivenRelatively()
    {
        for (const char *folder : {"a", "b"}) {
            QVERIFY(QDir(m_dir.path()).mkpath(QLatin1String(folder)));
            QByteArray bytes(8, '\0');
            const QByteArray header(R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})");
            qToLittleEndian<quint64>(quint64(header.size()), bytes.data());
            put(path(QLatin1String(folder) + QStringLiteral("/w.safetensors")), bytes + header + QByteArray(4, '\0'));
        }
        QProcess p;
        p.setProcessEnvironment(isolatedEnvironment());
        p.setWorkingDirectory(m_dir.path());
        p.start(QStringLiteral(PORTBENCH_BIN_DIR "/portbench-cli"),
                {QStringLiteral("tensors"), QStringLiteral("a"), QStringLiteral("b")});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    }

    void exitCodesForInputErrors()
    {
        // Emitting where the files exist (without --force) is an input error, not a negative answer.
        const QString out = path(QStringLiteral("emitted"));
        const QString cfg = QStringLiteral(PORTBENCH_TEST_DATA "/config/reference/qwen15_7b_fsdp.json");
        CliResult r = runCli({QStringLiteral("config"), QStringLiteral("emit"), cfg, QStringLiteral("--out"), out});
        QCOMPARE(r.exitCode, 0);
        put(out + QStringLiteral("/launch.sh"), "edited by hand\n");
        r = runCli({QStringLiteral("config"), QStringLiteral("emit"), cfg, QStringLiteral("--out"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("use --force"));
        // A folder nothing can be created in (read-only even for root).
        r = runCli({QStringLiteral("config"), QStringLiteral("import"),
                    QStringLiteral(PORTBENCH_TEST_DATA "/config/launch/ascend_910b_qwen15_7b_fsdp.sh"),
                    QStringLiteral("--out"), QStringLiteral("/proc/portbench-cfg.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("/proc"), r.err.constData());
        r = runCli({QStringLiteral("attach"), QStringLiteral("--workspace"), path(QStringLiteral("ws")),
                    QStringLiteral("nosuchhost.invalid:/tmp/train.log")},
                   isolatedEnvironment(), 60000);
        QCOMPARE(r.exitCode, 2);
        r = runCli({QStringLiteral("attach"), QStringLiteral("--workspace"), path(QStringLiteral("ws")),
                    QStringLiteral("--idle-exit"), QStringLiteral("nan"), m_log});
        QCOMPARE(r.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestInputLimitsCli)
#include "tst_inputlimitscli.moc"
