// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "fulldisk.h"
#include "core/base/io/safefilewriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>
#include <vector>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

QByteArray contents(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

void put(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

/// Names in a folder, hidden ones included: a failed write must leave no temporary behind.
QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

bool isCharDevice(const char *path)
{
    struct stat st;
    return ::stat(path, &st) == 0 && S_ISCHR(st.st_mode);
}

} // namespace

class TestSafeFileWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void newFileAndPermissions()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("new.txt"));
        QCOMPARE(SafeFileWriter::writeFile(path, "hello"), QString());
        QCOMPARE(contents(path), QByteArray("hello"));
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("new.txt")});
        // An existing file keeps its own mode (an executable stays executable).
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QCOMPARE(SafeFileWriter::writeFile(path, "again", SafeFileWriter::Backup::None), QString());
        QVERIFY(QFile::permissions(path) & QFile::ExeOwner);
        QVERIFY(!(QFile::permissions(path) & QFile::ReadOther));
    }

    void backups_data()
    {
        QTest::addColumn<int>("policy");
        QTest::addColumn<QString>("suffix");
        QTest::addColumn<QStringList>("expected"); // folder after writing v2 then v3 over v1
        QTest::addColumn<QByteArray>("firstBackup");
        QTest::newRow("none") << int(SafeFileWriter::Backup::None) << ".bak" << QStringList{QStringLiteral("f.txt")}
                              << QByteArray();
        QTest::newRow("replace") << int(SafeFileWriter::Backup::Replace) << ".bak"
                                 << QStringList{QStringLiteral("f.txt"), QStringLiteral("f.txt.bak")}
                                 << QByteArray("v2");
        QTest::newRow("numbered") << int(SafeFileWriter::Backup::Numbered) << ".bak"
                                  << QStringList{QStringLiteral("f.txt"), QStringLiteral("f.txt.bak"),
                                                 QStringLiteral("f.txt.bak.2")}
                                  << QByteArray("v1");
        QTest::newRow("keep first") << int(SafeFileWriter::Backup::KeepFirst) << ".orig"
                                    << QStringList{QStringLiteral("f.txt"), QStringLiteral("f.txt.orig")}
                                    << QByteArray("v1");
    }
    void backups()
    {
        QFETCH(int, policy);
        QFETCH(QString, suffix);
        QFETCH(QStringList, expected);
        QFETCH(QByteArray, firstBackup);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("f.txt"));
        put(path, "v1");
        const auto backup = SafeFileWriter::Backup(policy);
        QCOMPARE(SafeFileWriter::writeFile(path, "v2", backup, nullptr, suffix), QString());
        QCOMPARE(SafeFileWriter::writeFile(path, "v3", backup, nullptr, suffix), QString());
        QCOMPARE(contents(path), QByteArray("v3"));
        QCOMPARE(entries(dir.path()), expected);
        if (!firstBackup.isEmpty())
            QCOMPARE(contents(path + suffix), firstBackup);
    }

    // A NAME.bak PortBench did not make (the user's own) is never deleted or replaced: the backup
    // goes beside it, and that one, marked as PortBench's, is what later writes replace.
    void foreignBackupIsKept()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("f.txt"));
        put(path, "v1");
        put(path + QStringLiteral(".bak"), "MINE");
        QCOMPARE(SafeFileWriter::writeFile(path, "v2"), QString());
        QCOMPARE(SafeFileWriter::writeFile(path, "v3"), QString());
        QCOMPARE(contents(path), QByteArray("v3"));
        QCOMPARE(contents(path + QStringLiteral(".bak")), QByteArray("MINE"));
        QCOMPARE(contents(path + QStringLiteral(".bak.2")), QByteArray("v2"));
        QCOMPARE(entries(dir.path()),
                 (QStringList{QStringLiteral("f.txt"), QStringLiteral("f.txt.bak"), QStringLiteral("f.txt.bak.2")}));
    }

    // A read-only target says "do not replace": refused (also as root) unless the caller allows it.
    void readOnlyTargetIsRefused()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("f.txt"));
        put(path, "v1");
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        const QString error = SafeFileWriter::writeFile(path, "v2");
        QVERIFY2(error.contains(QLatin1String("is read-only; refusing to replace it")), qPrintable(error));
        QVERIFY(error.contains(QLatin1String("the existing file is unchanged")));
        QCOMPARE(contents(path), QByteArray("v1"));
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("f.txt")});
        QCOMPARE(SafeFileWriter::writeFile(path, "v2", SafeFileWriter::Backup::Replace, nullptr, QStringLiteral(".bak"),
                                           true),
                 QString());
        QCOMPARE(contents(path), QByteArray("v2"));
        struct stat st;
        QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, mode_t(0444)); // it stays read-only
    }

    // Several files all or nothing: a failure while they are put in place (here the third target
    // became a folder after its temporary file was written) gives the first two their old contents.
    void commitAllIsAllOrNothing()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a")), b = dir.filePath(QStringLiteral("b")),
                      c = dir.filePath(QStringLiteral("c"));
        put(a, "old a");
        std::vector<std::unique_ptr<SafeFileWriter>> files;
        std::vector<SafeFileWriter *> writers;
        for (const QString &path : {a, b, c}) {
            files.push_back(std::make_unique<SafeFileWriter>(path, SafeFileWriter::Backup::Numbered));
            QVERIFY(files.back()->open(QIODevice::WriteOnly));
            QCOMPARE(files.back()->write("new"), qint64(3));
            writers.push_back(files.back().get());
        }
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("c/inside")));
        const QString error = SafeFileWriter::commitAll(writers);
        QVERIFY2(error.startsWith(c + QStringLiteral(": cannot replace")), qPrintable(error));
        QCOMPARE(contents(a), QByteArray("old a"));
        QVERIFY(!QFileInfo::exists(b));
        QCOMPARE(entries(dir.path()), (QStringList{QStringLiteral("a"), QStringLiteral("c")}));
        // Without the obstacle all three are written.
        QVERIFY(QDir(c).removeRecursively());
        files.clear();
        writers.clear();
        for (const QString &path : {a, b, c}) {
            files.push_back(std::make_unique<SafeFileWriter>(path, SafeFileWriter::Backup::Numbered));
            QVERIFY(files.back()->open(QIODevice::WriteOnly));
            QCOMPARE(files.back()->write("new"), qint64(3));
            writers.push_back(files.back().get());
        }
        QCOMPARE(SafeFileWriter::commitAll(writers), QString());
        QCOMPARE(contents(a), QByteArray("new"));
        QCOMPARE(contents(a + QStringLiteral(".bak")), QByteArray("old a"));
        QCOMPARE(contents(c), QByteArray("new"));
    }

    void writesThroughSymlinks()
    {
        QTemporaryDir dir;
        const QString real = dir.filePath(QStringLiteral("real.txt"));
        const QString link = dir.filePath(QStringLiteral("link.txt"));
        put(real, "old");
        QVERIFY(QFile::link(real, link));
        QString backup;
        QCOMPARE(SafeFileWriter::writeFile(link, "new", SafeFileWriter::Backup::Replace, &backup), QString());
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(contents(real), QByteArray("new"));
        QCOMPARE(backup, real + QStringLiteral(".bak"));
        QCOMPARE(contents(backup), QByteArray("old"));
        // A dangling link names the file to create; the link itself stays.
        const QString dangling = dir.filePath(QStringLiteral("dangling.txt"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("created.txt")), dangling));
        QCOMPARE(SafeFileWriter::writeFile(dangling, "made"), QString());
        QVERIFY(QFileInfo(dangling).isSymLink());
        QCOMPARE(contents(dir.filePath(QStringLiteral("created.txt"))), QByteArray("made"));
    }

    void refusesWhatIsNotARegularFile_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("message");
        // clang-format off
        QTest::newRow("/dev/null") << "null" << "is a device";
        QTest::newRow("symlink to /dev/null") << "link-null" << "is a device";
        QTest::newRow("fifo") << "fifo" << "is a FIFO";
        QTest::newRow("folder") << "folder" << "is a folder";
        QTest::newRow("symlink loop") << "loop" << "symbolic links";
        // clang-format on
    }
    void refusesWhatIsNotARegularFile()
    {
        QFETCH(QString, kind);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QString path = dir.filePath(QStringLiteral("target"));
        if (kind == QLatin1String("null"))
            path = QStringLiteral("/dev/null");
        else if (kind == QLatin1String("link-null"))
            QVERIFY(QFile::link(QStringLiteral("/dev/null"), path));
        else if (kind == QLatin1String("fifo"))
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        else if (kind == QLatin1String("folder"))
            QVERIFY(QDir().mkpath(path));
        else if (kind == QLatin1String("loop"))
            QVERIFY(QFile::link(path, path));
        const QStringList before = entries(dir.path());
        const QString error = SafeFileWriter::writeFile(path, "data");
        QVERIFY2(error.contains(message), qPrintable(error));
        QCOMPARE(SafeFileWriter::refusalFor(path).isEmpty(), false);
        QCOMPARE(entries(dir.path()), before);
        QVERIFY(isCharDevice("/dev/null"));
    }

    void fullDiskIsNamedAndKeepsTheOriginal()
    {
        QTemporaryDir dir;
        FullDisk disk(dir.path());
        if (!disk.available())
            QSKIP("cannot mount a tmpfs here (needs CAP_SYS_ADMIN); the RLIMIT_FSIZE test covers the same path");
        const QString path = dir.filePath(QStringLiteral("train.py"));
        put(path, "ORIGINAL");
        const QString error = SafeFileWriter::writeFile(path, QByteArray(64 * 1024, 'x'));
        QVERIFY2(error.contains(QLatin1String("No space left on device")), qPrintable(error));
        QVERIFY2(error.contains(QLatin1String("the existing file is unchanged")), qPrintable(error));
        QCOMPARE(contents(path), QByteArray("ORIGINAL"));
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("train.py")});
    }

    void fileSizeLimitKeepsTheOriginal()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("out.csv"));
        put(path, "ORIGINAL");
        rlimit saved{};
        QCOMPARE(::getrlimit(RLIMIT_FSIZE, &saved), 0);
        const auto previous = std::signal(SIGXFSZ, SIG_IGN);
        const rlimit small{4096, saved.rlim_max};
        QCOMPARE(::setrlimit(RLIMIT_FSIZE, &small), 0);
        SafeFileWriter out(path);
        const bool opened = out.open(QIODevice::WriteOnly);
        const qint64 written = out.write(QByteArray(10000, 'x'));
        const bool committed = out.commit();
        ::setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, previous);
        QVERIFY(opened);
        QCOMPARE(written, qint64(-1));
        QVERIFY(!committed);
        QVERIFY2(out.error().contains(QLatin1String("File too large")), qPrintable(out.error()));
        QCOMPARE(contents(path), QByteArray("ORIGINAL"));
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("out.csv")});
    }

    void cancelLeavesNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("x.json"));
        {
            SafeFileWriter out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            QCOMPARE(out.write("partial"), qint64(7));
        } // destroyed without commit
        QVERIFY(entries(dir.path()).isEmpty());
    }

    void readOnlyFolder()
    {
        if (::geteuid() == 0)
            QSKIP("root writes into read-only folders");
        QTemporaryDir dir;
        QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner));
        const QString error = SafeFileWriter::writeFile(dir.filePath(QStringLiteral("a")), "x");
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY2(error.contains(QLatin1String("Permission denied")), qPrintable(error));
    }

    void copyStreams()
    {
        QTemporaryDir dir;
        const QString from = dir.filePath(QStringLiteral("big.bin"));
        QByteArray bytes(3 * 1024 * 1024 + 17, '\0');
        for (int i = 0; i < bytes.size(); ++i)
            bytes[i] = char(i * 31);
        put(from, bytes);
        QVERIFY(QFile::setPermissions(from, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const QString to = dir.filePath(QStringLiteral("copy.bin"));
        QCOMPARE(SafeFileWriter::copyFile(from, to), QString());
        QCOMPARE(contents(to), bytes);
        QVERIFY(QFile::permissions(to) & QFile::ExeOwner);
    }
};

QTEST_GUILESS_MAIN(TestSafeFileWriter)
#include "tst_safefilewriter.moc"
