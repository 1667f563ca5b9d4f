// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <unistd.h>

/// Builds the Debian packages with CPack and checks them the way a user meets them: their control
/// fields, lintian, the man pages and completion they ship, and an `apt-get install ./*.deb` into a
/// clean Debian 12 root (mmdebstrap, cached in ~/.cache/portbench) where the programs must run —
/// first portbench-cli alone (no Qt GUI library may come with it), then all packages.
class TestPackageInstall : public QObject
{
    Q_OBJECT

private:
    struct Result
    {
        bool ok = false;
        QByteArray out;
    };

    /// Runs a program to completion; its output goes to the test log when it fails.
    static Result run(const QString &program, const QStringList &args, int timeoutMs = 600000,
                      const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
    {
        QProcess p;
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(program, args);
        Result r;
        const bool finished = p.waitForFinished(timeoutMs);
        r.out = p.readAll();
        r.ok = finished && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
        if (!r.ok)
            qWarning().noquote() << program << args.join(QLatin1Char(' ')) << "failed:\n" << QString::fromUtf8(r.out);
        return r;
    }

    static bool have(const char *program)
    {
        return !QStandardPaths::findExecutable(QString::fromLatin1(program)).isEmpty();
    }

    /// The end of a long output, for a failure message.
    static QByteArray tail(const QByteArray &out) { return out.right(4000); }

    QString deb(const QString &package) const { return m_debs.value(package); }

    /// Runs a shell script inside the root, in a private mount namespace: /proc, and apt's
    /// archive folder as an overlay (the host's downloaded packages below, our cache above), so
    /// repeated runs download almost nothing. The mounts vanish with the namespace.
    Result inRoot(const QString &script, int timeoutMs = 1200000) const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("ROOT"), m_root);
        env.insert(QStringLiteral("CACHE"), m_cache);
        const QString mounts = QStringLiteral(
            "mount -t proc proc \"$ROOT/proc\"\n"
            "mkdir -p \"$CACHE/archives\" \"$CACHE/work\"\n"
            "mount -t overlay overlay -o lowerdir=/var/cache/apt/archives,upperdir=\"$CACHE/archives\","
            "workdir=\"$CACHE/work\" \"$ROOT/var/cache/apt/archives\" 2>/dev/null"
            " || mount --bind \"$CACHE/archives\" \"$ROOT/var/cache/apt/archives\"\n"
            "exec chroot \"$ROOT\" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "
            "DEBIAN_FRONTEND=noninteractive /bin/sh -euxc \"$1\"\n");
        // flock: another worktree's run of this test may use the same archive cache right now.
        QDir().mkpath(m_cache);
        return run(QStringLiteral("flock"),
                   {m_cache + QStringLiteral("/lock"), QStringLiteral("unshare"), QStringLiteral("--mount"),
                    QStringLiteral("--fork"), QStringLiteral("/bin/sh"), QStringLiteral("-euc"), mounts,
                    QStringLiteral("sh"), script},
                   timeoutMs, env);
    }

    QTemporaryDir m_tmp;
    QMap<QString, QString> m_debs; ///< package name -> .deb path
    QString m_root;
    QString m_cache;
    bool m_torch = PORTBENCH_WITH_TORCH;

private Q_SLOTS:
    void initTestCase()
    {
        if (!have("dpkg-deb") || !have("cpack"))
            QSKIP("dpkg-deb or cpack is not available: not a Debian build host");
        QVERIFY(m_tmp.isValid());
        const QString pkgDir = m_tmp.filePath(QStringLiteral("pkg"));
        QVERIFY(run(QStringLiteral("cpack"),
                    {QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("-B"), pkgDir,
                     QStringLiteral("--config"), QStringLiteral(PORTBENCH_BUILD_DIR "/CPackConfig.cmake")})
                    .ok);
        for (const QString &file : QDir(pkgDir).entryList({QStringLiteral("*.deb")}, QDir::Files))
            m_debs.insert(file.section(QLatin1Char('_'), 0, 0), QDir(pkgDir).filePath(file));
        QStringList expected{QStringLiteral("portbench"), QStringLiteral("portbench-cli")};
        if (m_torch)
            expected << QStringLiteral("portbench-torch");
        QCOMPARE(m_debs.keys(), expected);
    }

    void controlFields_data()
    {
        QTest::addColumn<QString>("package");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QStringList>("mustHave");
        QTest::addColumn<QStringList>("mustNotHave");
        const QStringList gui{QStringLiteral("libqt6gui6"), QStringLiteral("libqt6widgets6"),
                              QStringLiteral("libqt6charts6")};
        // libyaml-cpp0.7 is what the old hand-kept list forgot: only shlibdeps finds it. (Qt Concurrent
        // is not there: PortBench uses only its header-only QtConcurrent::run, built on QtCore's pool.)
        QTest::newRow("cli depends") << QStringLiteral("portbench-cli") << QStringLiteral("Depends")
                                     << QStringList{QStringLiteral("libqt6core6"), QStringLiteral("libyaml-cpp0.7"),
                                                    QStringLiteral("libprotobuf32"), QStringLiteral("libc6")}
                                     << (gui + QStringList{QStringLiteral("libtorch")});
        QTest::newRow("cli recommends ssh") << QStringLiteral("portbench-cli") << QStringLiteral("Recommends")
                                            << QStringList{QStringLiteral("openssh-client")} << QStringList();
        QTest::newRow("gui depends") << QStringLiteral("portbench") << QStringLiteral("Depends")
                                     << QStringList{QStringLiteral("portbench-cli (= 0.1.0-1)"),
                                                    QStringLiteral("libqt6widgets6"), QStringLiteral("libqt6charts6"),
                                                    QStringLiteral("fonts-dejavu-core")}
                                     << QStringList{QStringLiteral("libtorch")};
        if (m_torch)
            QTest::newRow("torch depends")
                << QStringLiteral("portbench-torch") << QStringLiteral("Depends")
                << QStringList{QStringLiteral("portbench-cli (= 0.1.0-1)"), QStringLiteral("libtorch1.13"),
                               QStringLiteral("libopenblas0")}
                << gui;
    }

    void controlFields()
    {
        QFETCH(QString, package);
        QFETCH(QString, field);
        QFETCH(QStringList, mustHave);
        QFETCH(QStringList, mustNotHave);
        const Result r = run(QStringLiteral("dpkg-deb"), {QStringLiteral("--field"), deb(package), field});
        QVERIFY(r.ok);
        const QString value = QString::fromUtf8(r.out);
        for (const QString &name : mustHave)
            QVERIFY2(value.contains(name),
                     qPrintable(field + QStringLiteral(" lacks ") + name + QStringLiteral(": ") + value));
        for (const QString &name : mustNotHave)
            QVERIFY2(!value.contains(name),
                     qPrintable(field + QStringLiteral(" has ") + name + QStringLiteral(": ") + value));
    }

    void lintianFindsNoError()
    {
        if (!have("lintian"))
            QSKIP("lintian not found (Debian package lintian)");
        for (const QString &file : std::as_const(m_debs)) {
            // Exit code 1 means an error-level tag (warnings alone exit 0); overrides ship in the packages.
            const Result r
                = run(QStringLiteral("lintian"), {QStringLiteral("--fail-on"), QStringLiteral("error"), file});
            QVERIFY2(r.ok, r.out.constData());
            QVERIFY2(!r.out.contains("\nE: ") && !r.out.startsWith("E: "), r.out.constData());
        }
    }

    void desktopAndMetainfoValidate()
    {
        const QString dir = QStringLiteral(PORTBENCH_SOURCE_DIR "/packaging/");
        if (!have("desktop-file-validate"))
            QSKIP("desktop-file-validate not found (Debian package desktop-file-utils)");
        QVERIFY(run(QStringLiteral("desktop-file-validate"), {dir + QStringLiteral("portbench.desktop")}).ok);
        if (!have("appstreamcli"))
            QSKIP("appstreamcli not found (Debian package appstream)");
        QVERIFY(run(QStringLiteral("appstreamcli"),
                    {QStringLiteral("validate"), QStringLiteral("--no-net"),
                     dir + QStringLiteral("invalid.example.portbench.metainfo.xml")})
                    .ok);
    }

    void manPagesAndCompletion()
    {
        const QString unpacked = m_tmp.filePath(QStringLiteral("unpacked"));
        QVERIFY(run(QStringLiteral("dpkg"), {QStringLiteral("-x"), deb(QStringLiteral("portbench-cli")), unpacked}).ok);
        QVERIFY(run(QStringLiteral("dpkg"), {QStringLiteral("-x"), deb(QStringLiteral("portbench")), unpacked}).ok);
        for (const QString &doc : {QStringLiteral("copyright"), QStringLiteral("changelog.Debian.gz")})
            QVERIFY2(QFile::exists(unpacked + QStringLiteral("/usr/share/doc/portbench-cli/") + doc), qPrintable(doc));

        if (!have("man"))
            QSKIP("man not found (Debian package man-db)");
        // `man portbench-cli parity` opens portbench-cli-parity(1), which documents parity's options.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("MANWIDTH"), QStringLiteral("200"));
        env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
        const QString manDir = unpacked + QStringLiteral("/usr/share/man");
        Result r = run(QStringLiteral("man"),
                       {QStringLiteral("-M"), manDir, QStringLiteral("-P"), QStringLiteral("cat"),
                        QStringLiteral("portbench-cli"), QStringLiteral("parity")},
                       60000, env);
        QVERIFY(r.ok);
        QVERIFY2(r.out.contains("--rel-tol") && r.out.contains("--preset") && r.out.contains("BASELINE"),
                 r.out.constData());
        r = run(
            QStringLiteral("man"),
            {QStringLiteral("-M"), manDir, QStringLiteral("-P"), QStringLiteral("cat"), QStringLiteral("portbench")},
            60000, env);
        QVERIFY(r.ok);
        QVERIFY2(r.out.contains("--screenshot"), r.out.constData());

        // Tab completion, sourced the way bash-completion loads it.
        const QString completion = unpacked + QStringLiteral("/usr/share/bash-completion/completions/portbench-cli");
        const QString script = QStringLiteral(". '%1'; COMP_WORDS=(portbench-cli pa); COMP_CWORD=1; _portbench_cli; "
                                              "echo \"${COMPREPLY[*]}\"; COMP_WORDS=(portbench-cli parity --rel); "
                                              "COMP_CWORD=2; _portbench_cli; echo \"${COMPREPLY[*]}\"")
                                   .arg(completion);
        r = run(QStringLiteral("bash"), {QStringLiteral("-c"), script});
        QVERIFY(r.ok);
        QCOMPARE(QString::fromUtf8(r.out), QStringLiteral("parse parity\n--rel-tol\n"));
        // The zsh completion comes from the same tables; without zsh only its presence is checked.
        const QString zshCompletion = unpacked + QStringLiteral("/usr/share/zsh/vendor-completions/_portbench-cli");
        QVERIFY(QFile::exists(zshCompletion));
        if (have("zsh"))
            QVERIFY(run(QStringLiteral("zsh"), {QStringLiteral("-n"), zshCompletion}).ok);
    }

    void installsOnCleanDebian()
    {
        if (!have("unshare") || !have("chroot"))
            QSKIP("unshare or chroot not found (Debian package util-linux, coreutils)");
        if (geteuid() != 0)
            QSKIP("installing into a chroot needs root (mount namespace, chroot, apt-get)");
        const QString cacheHome = qEnvironmentVariable("XDG_CACHE_HOME", QDir::homePath() + QStringLiteral("/.cache"));
        const QString cacheDir = cacheHome + QStringLiteral("/portbench");
        const QString tarball = cacheDir + QStringLiteral("/bookworm.tar");
        QVERIFY(QDir().mkpath(cacheDir));
        if (!QFile::exists(tarball)) {
            if (!have("mmdebstrap"))
                QSKIP("mmdebstrap not found (Debian package mmdebstrap) and no cached root in ~/.cache/portbench");
            // The host's own apt sources (one mirror setup for everything); written to a temporary
            // name and renamed, so an interrupted bootstrap never leaves a broken cache.
            QByteArray sources;
            const QDir sourcesDir(QStringLiteral("/etc/apt/sources.list.d"));
            for (const QString &f :
                 sourcesDir.entryList({QStringLiteral("*.sources"), QStringLiteral("*.list")}, QDir::Files)) {
                QFile in(sourcesDir.filePath(f));
                if (in.open(QIODevice::ReadOnly))
                    sources += in.readAll() + "\n";
            }
            QFile list(QStringLiteral("/etc/apt/sources.list"));
            if (list.open(QIODevice::ReadOnly))
                sources += list.readAll();
            QFile sourcesFile(m_tmp.filePath(QStringLiteral("sources")));
            QVERIFY(sourcesFile.open(QIODevice::WriteOnly));
            sourcesFile.write(sources);
            sourcesFile.close();
            // Unique per process: two worktrees may bootstrap at the same time; the last rename wins.
            const QString part = tarball + QStringLiteral(".part%1").arg(QCoreApplication::applicationPid());
            QFile::remove(part);
            const Result r = run(QStringLiteral("sh"),
                                 {QStringLiteral("-c"),
                                  QStringLiteral("mmdebstrap --variant=apt --format=tar bookworm \"$1\" - < \"$2\""),
                                  QStringLiteral("sh"), part, sourcesFile.fileName()},
                                 1200000);
            if (!r.ok)
                QSKIP("mmdebstrap could not bootstrap Debian 12 (mirror unreachable?); see the log above");
            // rename(2) replaces atomically (QFile::rename would refuse an existing target).
            QVERIFY(::rename(QFile::encodeName(part).constData(), QFile::encodeName(tarball).constData()) == 0);
        }
        m_cache = cacheDir + QStringLiteral("/apt");
        m_root = m_tmp.filePath(QStringLiteral("root"));
        QVERIFY(QDir().mkpath(m_root + QStringLiteral("/debs")));
        QVERIFY(run(QStringLiteral("tar"), {QStringLiteral("-C"), m_root, QStringLiteral("-xf"), tarball}).ok);
        QFile::remove(m_root + QStringLiteral("/etc/resolv.conf"));
        QVERIFY(QFile::copy(QStringLiteral("/etc/resolv.conf"), m_root + QStringLiteral("/etc/resolv.conf")));
        for (auto it = m_debs.cbegin(); it != m_debs.cend(); ++it)
            QVERIFY(QFile::copy(it.value(), m_root + QStringLiteral("/debs/") + QFileInfo(it.value()).fileName()));
        QVERIFY(QDir().mkpath(m_root + QStringLiteral("/data")));
        const QString log = QStringLiteral("megatron_training_log_2024_throughput_moe.txt");
        QVERIFY(
            QFile::copy(QStringLiteral(PORTBENCH_TEST_DATA "/parity/") + log, m_root + QStringLiteral("/data/") + log));

        if (!inRoot(QStringLiteral("apt-get update -q")).ok)
            QSKIP("apt-get update in the Debian 12 root failed (mirror unreachable?); see the log above");

        // 1. portbench-cli alone, with its Recommends, as a CI server would install it.
        Result r
            = inRoot(QStringLiteral("apt-get install -y -q /debs/portbench-cli_*.deb\n"
                                    "portbench-cli --version\n"
                                    "portbench-cli parse --summary /data/%1\n"
                                    "portbench-cli parity --json --no-table /data/%1 /data/%1 > /tmp/parity.json\n"
                                    "portbench-cli plugins --json > /tmp/plugins.json\n"
                                    // Drawing and libtorch are in the other packages: both commands must say which.
                                    "rc=0; portbench-cli report --run /data/%1 --output /tmp/report.pdf 2> "
                                    "/tmp/report.err || rc=$?; test $rc -eq 2\n"
                                    "rc=0; portbench-cli demo --steps 2 2> /tmp/demo.err || rc=$?; test $rc -eq 2\n"
                                    "echo '--- packages'\n"
                                    "dpkg-query -W -f '${Package}\\n'\n")
                         .arg(log));
        QVERIFY(r.ok);
        QVERIFY2(r.out.contains("portbench-cli 0.1.0"), tail(r.out).constData());
        QVERIFY2(QRegularExpression(QStringLiteral("format: +megatron\\n")).match(QString::fromUtf8(r.out)).hasMatch(),
                 tail(r.out).constData());
        // The installed CLI judges the fixture exactly as the one in the build tree does.
        const Result built = run(QStringLiteral(PORTBENCH_BIN_DIR "/portbench-cli"),
                                 {QStringLiteral("parity"), QStringLiteral("--json"), QStringLiteral("--no-table"),
                                  QStringLiteral(PORTBENCH_TEST_DATA "/parity/") + log,
                                  QStringLiteral(PORTBENCH_TEST_DATA "/parity/") + log});
        QVERIFY(built.ok);
        QFile parityJson(m_root + QStringLiteral("/tmp/parity.json"));
        QVERIFY(parityJson.open(QIODevice::ReadOnly));
        const QJsonObject installedParity = QJsonDocument::fromJson(parityJson.readAll()).object();
        const QJsonObject builtParity = QJsonDocument::fromJson(built.out).object();
        QVERIFY(!builtParity.value(QStringLiteral("verdict")).toString().isEmpty());
        QCOMPARE(installedParity.value(QStringLiteral("verdict")), builtParity.value(QStringLiteral("verdict")));
        const QJsonObject installedCandidate
            = installedParity.value(QStringLiteral("candidates")).toArray().first().toObject();
        const QJsonObject builtCandidate = builtParity.value(QStringLiteral("candidates")).toArray().first().toObject();
        QCOMPARE(installedCandidate.value(QStringLiteral("errors")), builtCandidate.value(QStringLiteral("errors")));
        QCOMPARE(installedCandidate.value(QStringLiteral("reasons")), builtCandidate.value(QStringLiteral("reasons")));
        const QStringList installed
            = QString::fromUtf8(r.out.mid(r.out.indexOf("--- packages"))).split(QLatin1Char('\n'));
        QVERIFY(installed.contains(QStringLiteral("libqt6core6")));
        QVERIFY(installed.contains(QStringLiteral("libyaml-cpp0.7")));
        for (const QString &gui :
             {QStringLiteral("libqt6gui6"), QStringLiteral("libqt6widgets6"), QStringLiteral("libqt6charts6"),
              QStringLiteral("libqt6opengl6"), QStringLiteral("libtorch1.13")})
            QVERIFY2(!installed.contains(gui), qPrintable(gui + QStringLiteral(" came with portbench-cli")));
        for (const auto &[file, package] :
             {std::pair{QStringLiteral("report.err"), QStringLiteral("package portbench (the GUI)")},
              std::pair{QStringLiteral("demo.err"), QStringLiteral("package portbench-torch")}}) {
            QFile err(m_root + QStringLiteral("/tmp/") + file);
            QVERIFY(err.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(err.readAll());
            QVERIFY2(text.contains(QStringLiteral("module is not installed")) && text.contains(package),
                     qPrintable(text));
        }
        QFile pluginsJson(m_root + QStringLiteral("/tmp/plugins.json"));
        QVERIFY(pluginsJson.open(QIODevice::ReadOnly));
        const QJsonObject plugins = QJsonDocument::fromJson(pluginsJson.readAll()).object();
        QCOMPARE(plugins.value(QStringLiteral("backends")).toArray().size(), 3);
        QVERIFY(plugins.value(QStringLiteral("errors")).toArray().isEmpty());

        // 2. Everything (Recommends left out only to keep the download small: fonts-noto-cjk is big).
        QString all = QStringLiteral("apt-get install -y -q --no-install-recommends /debs/*.deb\n"
                                     "QT_QPA_PLATFORM=offscreen portbench --screenshot /tmp/window.png\n");
        if (m_torch)
            all += QStringLiteral("cd /tmp && rc=0 && portbench-cli demo --steps 20 || rc=$?\n"
                                  "test $rc -le 1 # 1 is a FAIL verdict: the demo ran\n");
        r = inRoot(all);
        QVERIFY(r.ok);
        QFile png(m_root + QStringLiteral("/tmp/window.png"));
        QVERIFY2(png.open(QIODevice::ReadOnly), "the GUI saved no screenshot of its first window");
        QVERIFY(png.read(8).startsWith("\x89PNG"));
        if (m_torch)
            QVERIFY2(QRegularExpression(QStringLiteral("Verdict: (PASS|WARN|FAIL)"))
                         .match(QString::fromUtf8(r.out))
                         .hasMatch(),
                     tail(r.out).constData());
    }
};

QTEST_GUILESS_MAIN(TestPackageInstall)
#include "tst_packageinstall.moc"
