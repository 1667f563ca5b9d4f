// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include <QDirIterator>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

/// core/ is shared by the CLI and the plugins: it must not depend on widgets, charts or libtorch; and
/// neither executable links libtorch, nor the CLI widgets or charts (they are runtime modules).
class TestLayering : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void coreLibrariesNeedNoGuiLibraryAndOnlyTheLayersBelow()
    {
        // The four layers of core, lowest first: each may need the ones before it, never one after.
        const QStringList layers = QStringLiteral(PORTBENCH_CORE_LIBS).split(QLatin1Char('|'));
        QCOMPARE(layers.size(), 4);
        for (int i = 0; i < layers.size(); ++i) {
            QProcess p;
            p.start(QStringLiteral("readelf"), {QStringLiteral("-d"), layers.at(i)});
            if (!p.waitForStarted())
                QSKIP("readelf (binutils) is not installed");
            QVERIFY(p.waitForFinished());
            const QString dynamic = QString::fromUtf8(p.readAllStandardOutput());
            QVERIFY2(dynamic.contains(QLatin1String("libQt6Core")), qPrintable(layers.at(i)));
            for (const char *forbidden : {"libQt6Widgets", "libQt6Gui", "libQt6Charts", "libtorch", "libc10"})
                QVERIFY2(!dynamic.contains(QLatin1String(forbidden)), forbidden);
            static const QRegularExpression entry(QStringLiteral("\\(NEEDED\\)\\s+Shared library: \\[([^\\]]+)\\]"));
            QStringList needed;
            for (auto it = entry.globalMatch(dynamic); it.hasNext();)
                needed << it.next().captured(1);
            for (int j = 0; j < layers.size(); ++j) {
                const QString name = QFileInfo(layers.at(j)).fileName();
                QVERIFY2(j < i || !needed.contains(name),
                         qPrintable(QStringLiteral("%1 needs %2").arg(layers.at(i), name)));
            }
            if (i > 0)
                QVERIFY2(needed.contains(QFileInfo(layers.at(i - 1)).fileName()), qPrintable(layers.at(i)));
        }
    }

    void executablesLinkOnlyWhatTheyUse_data()
    {
        QTest::addColumn<QString>("executable");
        QTest::addColumn<QStringList>("forbidden");
        // libtorch (with OpenCV and, through Debian's opencv_highgui, Qt 5) is a runtime module for
        // both; the headless CLI draws report figures through a module too, so it needs no widgets.
        const QStringList torch{QStringLiteral("libtorch"), QStringLiteral("libc10"), QStringLiteral("libopencv"),
                                QStringLiteral("libQt5")};
        QTest::newRow("portbench-cli") << QStringLiteral(PORTBENCH_BIN_DIR "/portbench-cli")
                                       << torch
                + QStringList{QStringLiteral("libQt6Widgets"), QStringLiteral("libQt6Charts"),
                              QStringLiteral("libQt6OpenGL"), QStringLiteral("libQt6Svg"),
                              QStringLiteral("libQt6PrintSupport")};
        QTest::newRow("portbench") << QStringLiteral(PORTBENCH_BIN_DIR "/portbench") << torch;
    }

    void executablesLinkOnlyWhatTheyUse()
    {
        QFETCH(QString, executable);
        QFETCH(QStringList, forbidden);
        // DT_NEEDED of the executable and of every PortBench library it loads at start-up (the
        // system's Qt 6 libraries link none of the forbidden ones).
        QStringList queue{executable};
        QStringList needed;
        while (!queue.isEmpty()) {
            const QString file = queue.takeFirst();
            QProcess p;
            p.start(QStringLiteral("readelf"), {QStringLiteral("-d"), file});
            if (!p.waitForStarted())
                QSKIP("readelf (binutils) is not installed");
            QVERIFY(p.waitForFinished());
            QVERIFY2(p.exitCode() == 0,
                     qPrintable(file + QLatin1Char(' ') + QString::fromUtf8(p.readAllStandardError())));
            const QString dynamic = QString::fromUtf8(p.readAllStandardOutput());
            static const QRegularExpression entry(QStringLiteral("\\(NEEDED\\)\\s+Shared library: \\[([^\\]]+)\\]"));
            for (auto it = entry.globalMatch(dynamic); it.hasNext();) {
                const QString name = it.next().captured(1);
                if (needed.contains(name))
                    continue;
                needed << name;
                if (name.startsWith(QLatin1String("libportbench")))
                    queue << QStringLiteral(PORTBENCH_LIB_DIR "/") + name;
            }
        }
        QVERIFY2(needed.contains(QStringLiteral("libportbench_core_base.so")),
                 qPrintable(needed.join(QLatin1Char(' '))));
        for (const QString &library : needed) {
            for (const QString &prefix : forbidden)
                QVERIFY2(!library.startsWith(prefix),
                         qPrintable(QStringLiteral("%1 needs %2").arg(executable, library)));
        }
    }

    void coreSourcesIncludeNoWidgetOrTorchHeader()
    {
        // Built from parts so that automoc does not read this pattern as an include of the test itself.
        const QRegularExpression forbidden(QStringLiteral("#\\s*") + QStringLiteral("include")
                                           + QStringLiteral("\\s*[<\"](QtWidgets|QtGui|QtCharts|QWidget|torch/)"));
        QDirIterator it(QStringLiteral(PORTBENCH_CORE_SOURCE_DIR), {QStringLiteral("*.h"), QStringLiteral("*.cpp")},
                        QDir::Files, QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(f.readAll());
            QVERIFY2(!forbidden.match(text).hasMatch(), qPrintable(f.fileName()));
            ++files;
        }
        QVERIFY(files > 0);
    }
};

QTEST_GUILESS_MAIN(TestLayering)
#include "tst_layering.moc"
