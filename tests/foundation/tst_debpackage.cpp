#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

/// Builds the .deb with CPack, unpacks it with `dpkg -x` into a temporary root and runs the
/// unpacked CLI from there: the installed layout must find its own libraries and plugins.
class TestDebPackage : public QObject
{
    Q_OBJECT

private:
    /// Runs a program to completion; false (with its output in the test log) when it fails.
    static bool run(const QString &program, const QStringList &args, const QString &workDir,
                    QByteArray *out = nullptr,
                    const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
                    int timeoutMs = 600000)
    {
        QProcess p;
        p.setWorkingDirectory(workDir);
        p.setProcessEnvironment(env);
        p.start(program, args);
        if (!p.waitForFinished(timeoutMs) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            qWarning().noquote() << program << args.join(QLatin1Char(' ')) << "failed:"
                                 << p.readAllStandardError() << p.readAllStandardOutput();
            return false;
        }
        if (out)
            *out = p.readAllStandardOutput();
        return true;
    }

private Q_SLOTS:
    void unpackedPackageLoadsAllBackends()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("dpkg-deb")).isEmpty())
            QSKIP("dpkg-deb is not available: not a Debian system");
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString pkgDir = tmp.filePath(QStringLiteral("pkg"));
        const QString root = tmp.filePath(QStringLiteral("root"));
        QVERIFY(run(QStringLiteral("cpack"),
                    {QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("-B"), pkgDir,
                     QStringLiteral("--config"), QStringLiteral(PORTBENCH_BUILD_DIR "/CPackConfig.cmake")},
                    QStringLiteral(PORTBENCH_BUILD_DIR)));
        const QStringList debs = QDir(pkgDir).entryList({QStringLiteral("*.deb")}, QDir::Files);
        QCOMPARE(debs.size(), 1);
        const QString deb = QDir(pkgDir).filePath(debs.first());

        QByteArray info;
        QVERIFY(run(QStringLiteral("dpkg-deb"), {QStringLiteral("--info"), deb}, tmp.path(), &info));
        QVERIFY(info.contains("Package: portbench"));
        QVERIFY(info.contains("libqt6widgets6"));

        QVERIFY(run(QStringLiteral("dpkg"), {QStringLiteral("-x"), deb, root}, tmp.path()));
        QVERIFY(QFile::exists(root + QStringLiteral("/usr/bin/portbench")));
        QVERIFY(QFile::exists(root + QStringLiteral("/usr/share/applications/portbench.desktop")));
        QVERIFY(QFile::exists(root + QStringLiteral("/usr/share/icons/hicolor/scalable/apps/portbench.svg")));
        const QStringList plugins =
            QDir(root + QStringLiteral("/usr/lib/portbench/plugins")).entryList({QStringLiteral("*.so")});
        QCOMPARE(plugins.size(), 3);

        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("PORTBENCH_PLUGIN_PATH"));
        env.remove(QStringLiteral("LD_LIBRARY_PATH"));
        QByteArray out;
        QVERIFY(run(root + QStringLiteral("/usr/bin/portbench-cli"), {QStringLiteral("plugins"), QStringLiteral("--json")},
                    tmp.path(), &out, env, 60000));
        const QJsonObject json = QJsonDocument::fromJson(out).object();
        const QJsonArray backends = json.value(QStringLiteral("backends")).toArray();
        QCOMPARE(backends.size(), 3);
        QStringList ids;
        for (const QJsonValue &b : backends) {
            ids << b.toObject().value(QStringLiteral("id")).toString();
            // Loaded from the unpacked tree, not from the build tree.
            QVERIFY2(b.toObject().value(QStringLiteral("path")).toString().startsWith(root),
                     qPrintable(b.toObject().value(QStringLiteral("path")).toString()));
        }
        ids.sort();
        QCOMPARE(ids, (QStringList{QStringLiteral("cuda"), QStringLiteral("musa"), QStringLiteral("npu")}));
        QVERIFY(json.value(QStringLiteral("errors")).toArray().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestDebPackage)
#include "tst_debpackage.moc"
