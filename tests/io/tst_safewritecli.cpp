// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "fulldisk.h"
#include "isolatedhome.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include <sys/stat.h>

/// Every writer of portbench-cli on a full file system, over a symlink and over a device node:
/// the file is complete or absent, the original is kept, the link survives, /dev/null stays a device.
class TestSafeWriteCli : public QObject
{
    Q_OBJECT

    struct Run
    {
        int exitCode = -1;
        QByteArray err;
    };

    enum class Disk { Normal, FileSizeLimit };

    static Run cli(const QStringList &args, Disk disk = Disk::Normal)
    {
        QProcess p;
        p.setProcessEnvironment(IsolatedHome::shared().environment());
        if (disk == Disk::FileSizeLimit)
            limitFileSize(p, 16); // the 8-byte originals fit, no output does
        p.start(QStringLiteral(PORTBENCH_BIN_DIR "/portbench-cli"), args);
        Run r;
        if (!p.waitForStarted() || !p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
            r.err = "did not run or timed out";
            return r;
        }
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.err = p.readAllStandardError();
        return r;
    }

    static QByteArray contents(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<absent>");
    }

    static void put(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(bytes), bytes.size());
    }

    static QStringList hiddenEntries(const QString &dir)
    {
        return QDir(dir).entryList(QDir::Hidden | QDir::Files | QDir::NoDotAndDotDot).filter(QStringLiteral(".pb-"));
    }

    /// The inputs every writer needs, outside the folder that is made full.
    QTemporaryDir m_inputs;
    QString m_log, m_source, m_capture;

    /// The command that writes `out` (for config emit: into the folder of `out`, which is its launch.sh).
    QStringList command(const QString &writer, const QString &out) const
    {
        const QString data = QStringLiteral(PORTBENCH_TEST_DATA);
        if (writer == QLatin1String("chart --output"))
            return {QStringLiteral("chart"), m_log, QStringLiteral("--output"), out};
        if (writer == QLatin1String("report -o"))
            return {QStringLiteral("report"), QStringLiteral("--run"), m_log, QStringLiteral("-o"), out};
        if (writer == QLatin1String("config import --out"))
            return {QStringLiteral("config"),
                    QStringLiteral("import"),
                    data + QStringLiteral("/config/launch/ascend_910b_qwen15_7b_fsdp.sh"),
                    QStringLiteral("--out"),
                    out,
                    QStringLiteral("--force")};
        if (writer == QLatin1String("config emit"))
            return {QStringLiteral("config"),
                    QStringLiteral("emit"),
                    data + QStringLiteral("/config/reference/qwen15_7b_fsdp.json"),
                    QStringLiteral("--out"),
                    QFileInfo(out).path(),
                    QStringLiteral("--force")};
        if (writer == QLatin1String("port --out"))
            return {QStringLiteral("port"),  m_source, QStringLiteral("--target"), QStringLiteral("npu"),
                    QStringLiteral("--out"), out,      QStringLiteral("--force")};
        if (writer == QLatin1String("port --report"))
            return {QStringLiteral("port"),
                    m_source,
                    QStringLiteral("--target"),
                    QStringLiteral("npu"),
                    QStringLiteral("--dry-run"),
                    QStringLiteral("--report"),
                    out};
        if (writer == QLatin1String("port --in-place"))
            return {QStringLiteral("port"), out, QStringLiteral("--target"), QStringLiteral("npu"),
                    QStringLiteral("--in-place")};
        if (writer == QLatin1String("topo --svg"))
            return {QStringLiteral("topo"), QStringLiteral("--from"), m_capture, QStringLiteral("--svg"), out};
        return {};
    }

    /// The file name each writer writes (config emit: one of its artifacts).
    static QString outputName(const QString &writer)
    {
        if (writer == QLatin1String("report -o"))
            return QStringLiteral("report.html");
        if (writer == QLatin1String("config emit"))
            return QStringLiteral("launch.sh");
        if (writer.startsWith(QLatin1String("port --in-place")) || writer == QLatin1String("port --out"))
            return QStringLiteral("train.py");
        if (writer == QLatin1String("topo --svg"))
            return QStringLiteral("map.svg");
        return QStringLiteral("out.json");
    }

    /// What the original holds: the in-place port needs a CUDA script to have something to rewrite.
    QByteArray original(const QString &writer) const
    {
        return writer == QLatin1String("port --in-place") ? contents(m_source) : QByteArray("ORIGINAL");
    }

    static void addWriters()
    {
        QTest::addColumn<QString>("writer");
        for (const char *w : {"chart --output", "report -o", "config import --out", "config emit", "port --out",
                              "port --report", "port --in-place", "topo --svg"})
            QTest::newRow(w) << QString::fromLatin1(w);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_inputs.isValid());
        m_log = m_inputs.filePath(QStringLiteral("train.log"));
        put(m_log,
            "iter 1: loss 2.5000, time 10.00ms\niter 2: loss 2.4000, time 10.00ms\niter 3: loss 2.3000, time "
            "10.00ms\n");
        m_source = m_inputs.filePath(QStringLiteral("cuda_train.py"));
        put(m_source, "import torch\n\nx = torch.randn(3).cuda()\ntorch.cuda.synchronize()\n");
        m_capture = QStringLiteral(PORTBENCH_TEST_DATA "/env/npu_smi_info_t_topo_910B3_8npu_HCCS.txt");
    }

    /// A full disk: RLIMIT_FSIZE everywhere, a real tmpfs where it can be mounted.
    void fullDisk_data() { addWriters(); }
    void fullDisk()
    {
        QFETCH(QString, writer);
        for (const Disk disk : {Disk::FileSizeLimit, Disk::Normal}) {
            QTemporaryDir dir;
            std::unique_ptr<FullDisk> tmpfs;
            if (disk == Disk::Normal) {
                tmpfs = std::make_unique<FullDisk>(dir.path());
                if (!tmpfs->available())
                    continue; // no CAP_SYS_ADMIN: the file size limit stands in
            }
            const QString out = dir.filePath(outputName(writer));
            const QByteArray before = original(writer);
            put(out, before);
            const Run r = cli(command(writer, out), disk);
            QVERIFY2(r.exitCode == 2, r.err.constData());
            const QByteArray why = disk == Disk::Normal ? QByteArrayLiteral("No space left on device")
                                                        : QByteArrayLiteral("File too large");
            QVERIFY2(r.err.contains(why), r.err.constData());
            QVERIFY2(!r.err.contains("Unknown error"), r.err.constData());
            QCOMPARE(contents(out), before);
            // A backup is made only once the new file is complete; the .orig of --in-place never truncated.
            const QByteArray orig = contents(out + QStringLiteral(".orig"));
            QVERIFY(orig == "<absent>" || orig == before);
            QCOMPARE(hiddenEntries(dir.path()), QStringList());
        }
    }

    /// Standard output on a full disk: every command that prints says so and exits 2 (it said
    /// nothing and exited 0, the output lost).
    void standardOutputFailures_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("parse --csv") << QStringList{QStringLiteral("parse"), QStringLiteral("--csv"), m_log};
        QTest::newRow("parse --json") << QStringList{QStringLiteral("parse"), QStringLiteral("--json"), m_log};
        QTest::newRow("parse") << QStringList{QStringLiteral("parse"), m_log};
        QTest::newRow("parse --json telemetry")
            << QStringList{QStringLiteral("parse"), QStringLiteral("--json"),
                           QStringLiteral(PORTBENCH_TEST_DATA "/telemetry/flags_4gpu.tel")};
        QTest::newRow("chart") << QStringList{QStringLiteral("chart"), m_log};
        QTest::newRow("topo --from") << QStringList{QStringLiteral("topo"), QStringLiteral("--from"), m_capture};
        QTest::newRow("--version") << QStringList{QStringLiteral("--version")};
        QTest::newRow("--help") << QStringList{QStringLiteral("--help")};
    }
    void standardOutputFailures()
    {
        QFETCH(QStringList, args);
        QProcess p;
        p.setStandardOutputFile(QStringLiteral("/dev/full"));
        p.start(QStringLiteral(PORTBENCH_BIN_DIR "/portbench-cli"), args);
        QVERIFY(p.waitForStarted());
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 2, err.constData());
        QVERIFY2(err.contains("No space left on device"), err.constData());
    }

    void devicesAreNeverReplaced_data() { addWriters(); }
    void devicesAreNeverReplaced()
    {
        QFETCH(QString, writer);
        if (writer == QLatin1String("port --in-place"))
            QSKIP("--in-place rewrites the source it read: a device is not a Python file to port");
        QTemporaryDir dir;
        // The output itself is a symlink to /dev/null (writing /dev/null directly behaves the same and
        // would need root to damage): it must be refused, never followed by a rename.
        const QString out = dir.filePath(outputName(writer));
        QVERIFY(QFile::link(QStringLiteral("/dev/null"), out));
        const Run r = cli(command(writer, out));
        QVERIFY2(r.exitCode == 2, r.err.constData());
        QVERIFY2(r.err.contains("is a device"), r.err.constData());
        QVERIFY(QFileInfo(out).isSymLink());
        struct stat st;
        QVERIFY(::stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
        QVERIFY(!QFileInfo::exists(QStringLiteral("/dev/null.bak")));
        if (writer != QLatin1String("config emit")) {
            const Run direct = cli(command(writer, QStringLiteral("/dev/null")));
            QVERIFY2(direct.exitCode == 2, direct.err.constData());
            QVERIFY(::stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
        }
    }

    void symlinksAreWrittenThrough_data() { addWriters(); }
    void symlinksAreWrittenThrough()
    {
        QFETCH(QString, writer);
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("real"))));
        const QString real = dir.filePath(QStringLiteral("real/") + outputName(writer));
        const QString link = dir.filePath(outputName(writer));
        const QByteArray before = original(writer);
        put(real, before);
        QVERIFY(QFile::link(real, link));
        const Run r = cli(command(writer, link));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(QFileInfo(link).symLinkTarget(), real);
        QVERIFY(contents(real) != before);
        const QString backup
            = real + (writer == QLatin1String("port --in-place") ? QStringLiteral(".orig") : QStringLiteral(".bak"));
        QCOMPARE(contents(backup), before);
    }

    /// A read-only output is refused unless the command was given --force (the config and port
    /// --out commands here are), and is then replaced, keeping its mode.
    void readOnlyTargets_data() { addWriters(); }
    void readOnlyTargets()
    {
        QFETCH(QString, writer);
        QTemporaryDir dir;
        const QString out = dir.filePath(outputName(writer));
        const QByteArray before = original(writer);
        put(out, before);
        QVERIFY(QFile::setPermissions(out, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        const QStringList args = command(writer, out);
        const Run r = cli(args);
        if (args.contains(QStringLiteral("--force"))) {
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QVERIFY(contents(out) != before);
            struct stat st;
            QVERIFY(::stat(QFile::encodeName(out).constData(), &st) == 0 && (st.st_mode & 0222) == 0);
        } else {
            QVERIFY2(r.exitCode == 2, r.err.constData());
            QVERIFY2(r.err.contains("is read-only; refusing to replace it"), r.err.constData());
            QCOMPARE(contents(out), before);
        }
        QCOMPARE(hiddenEntries(dir.path()), QStringList());
    }

    /// A `NAME.bak` the tool did not write is kept as it is; the backup goes to `NAME.bak.2`.
    void foreignBackupsAreKept_data() { addWriters(); }
    void foreignBackupsAreKept()
    {
        QFETCH(QString, writer);
        if (writer == QLatin1String("port --in-place"))
            QSKIP("the first in-place rewrite keeps NAME.orig, never NAME.bak");
        QTemporaryDir dir;
        const QString out = dir.filePath(outputName(writer));
        const QByteArray before = original(writer);
        put(out, before);
        put(out + QStringLiteral(".bak"), "THEIRS");
        const Run r = cli(command(writer, out));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(contents(out + QStringLiteral(".bak")), QByteArray("THEIRS"));
        QCOMPARE(contents(out + QStringLiteral(".bak.2")), before);
    }

    /// `config emit` on a disk that fills while it writes: no artifact changes (before, those
    /// written before the full disk were new, the others old). The limit lets the small artifacts
    /// fit and not the largest.
    void configEmitIsAllOrNothing()
    {
        QTemporaryDir fresh;
        const QString launch = fresh.filePath(QStringLiteral("launch.sh"));
        const Run first = cli(command(QStringLiteral("config emit"), launch));
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const QStringList names = QDir(fresh.path()).entryList(QDir::Files, QDir::Size);
        QVERIFY(names.size() >= 3);
        const qint64 largest = QFileInfo(fresh.filePath(names.first())).size();
        const qint64 smallest = QFileInfo(fresh.filePath(names.last())).size();
        QVERIFY(smallest < largest);
        QTemporaryDir dir;
        for (const QString &name : names)
            put(dir.filePath(name), "ORIGINAL");
        QProcess p;
        limitFileSize(p, rlim_t(largest - 1));
        p.start(QStringLiteral(PORTBENCH_BIN_DIR "/portbench-cli"),
                command(QStringLiteral("config emit"), dir.filePath(QStringLiteral("launch.sh"))));
        QVERIFY(p.waitForStarted() && p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 2, err.constData());
        QVERIFY2(err.contains("File too large"), err.constData());
        for (const QString &name : names)
            QCOMPARE(contents(dir.filePath(name)), QByteArray("ORIGINAL"));
        QCOMPARE(hiddenEntries(dir.path()), QStringList());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QDir(fresh.path()).entryList(QDir::Files));
    }
};

QTEST_GUILESS_MAIN(TestSafeWriteCli)
#include "tst_safewritecli.moc"
