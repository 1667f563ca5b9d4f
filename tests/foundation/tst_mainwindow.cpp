// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "followedlogs.h"
#include "isolatedhome.h"
#include "fileopenrouter.h"
#include "mainwindow.h"
#include "core/sources/plugins/pluginmanager.h"
#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/workflows/runs/runcontroller.h"
#include "core/workflows/runs/launchworkspace.h"

#include <QDockWidget>
#include <QDropEvent>
#include <QFile>
#include <QMimeData>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <sys/stat.h>

class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString settingsPath() const { return m_dir.filePath(QStringLiteral("portbench.ini")); }

    static QDockWidget *dock(MainWindow &w, const QString &name) { return w.findChild<QDockWidget *>(name); }

    /// HOME and the XDG folders of this process: the run workspace, ssh config and settings the
    /// main window finds are the test's, not the user's.
    IsolatedHome m_home;

private Q_SLOTS:
    void initTestCase() { m_home.applyToThisProcess(); }
    void dockLayoutRoundTripsThroughSettings()
    {
        const PluginManager plugins;
        {
            QSettings settings(settingsPath(), QSettings::IniFormat);
            MainWindow w(settings, plugins);
            w.restoreLayout();
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QCOMPARE(w.dockWidgetArea(dock(w, QStringLiteral("MessagesDock"))), Qt::BottomDockWidgetArea);
            w.addDockWidget(Qt::RightDockWidgetArea, dock(w, QStringLiteral("MessagesDock")));
            dock(w, QStringLiteral("PluginsDock"))->hide();
            w.close();
        }
        QSettings settings(settingsPath(), QSettings::IniFormat);
        QVERIFY(settings.contains(QStringLiteral("mainWindow/geometry")));
        QVERIFY(settings.contains(QStringLiteral("perspectives/0"))); // Monitor's arrangement
        MainWindow w(settings, plugins);
        w.restoreLayout();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.dockWidgetArea(dock(w, QStringLiteral("MessagesDock"))), Qt::RightDockWidgetArea);
        QVERIFY(dock(w, QStringLiteral("PluginsDock"))->isHidden());
        QVERIFY(!dock(w, QStringLiteral("MessagesDock"))->isHidden());

        w.restoreDefaultLayout();
        QCOMPARE(w.dockWidgetArea(dock(w, QStringLiteral("MessagesDock"))), Qt::BottomDockWidgetArea);
        QVERIFY(!dock(w, QStringLiteral("PluginsDock"))->isHidden());
    }

    void resumedRunIsReadAfterTheWindowIsBuilt()
    {
        // A workspace left with a run attached to a big log: its 256 MB were read inside the
        // window's constructor, 11 s before it showed. Now the window is built without reading
        // it, and the points come from the run's reading thread once the event loop runs.
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        const QString log = dir.filePath(QStringLiteral("train.log"));
        const int steps = 2000;
        QVERIFY(FollowedLogs::writeMegatronLog(log, steps));
        QString error;
        const LaunchRecord r = FollowedLogs::runningAttach(ws, log, &error);
        QVERIFY2(!r.id.isEmpty(), qPrintable(error));

        QSettings settings(dir.filePath(QStringLiteral("portbench.ini")), QSettings::IniFormat);
        settings.setValue(LaunchWorkspace::settingsKey(), ws.root());
        const PluginManager plugins;
        MainWindow w(settings, plugins);
        const auto *controller = w.findChild<RunController *>();
        QVERIFY(controller);
        QVERIFY(controller->isLive(r.id));
        QVERIFY(controller->points(r.id).isEmpty());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_COMPARE_WITH_TIMEOUT(controller->points(r.id).pointCount(), steps, 30000);
    }

    void dockToggleActionsAreInViewMenu()
    {
        const PluginManager plugins;
        QSettings settings(m_dir.filePath(QStringLiteral("menus.ini")), QSettings::IniFormat);
        MainWindow w(settings, plugins);
        const QList<QDockWidget *> docks = w.findChildren<QDockWidget *>();
        QVERIFY(docks.size() >= 2);
        for (QDockWidget *d : docks) {
            QVERIFY2(!d->objectName().isEmpty(), qPrintable(d->windowTitle()));
            QVERIFY(!d->toggleViewAction()->associatedObjects().isEmpty());
        }
    }

    void droppedFileReachesRegisteredHandler()
    {
        const PluginManager plugins;
        QSettings settings(m_dir.filePath(QStringLiteral("drop.ini")), QSettings::IniFormat);
        MainWindow w(settings, plugins);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        QStringList logsOpened, configsOpened;
        w.fileRouter().addHandler({QStringLiteral("Configs"),
                                   [](const QString &p) { return p.endsWith(QLatin1String(".json")); },
                                   [&](const QString &p) { configsOpened << p; }});
        w.fileRouter().addHandler({QStringLiteral("Logs"),
                                   [](const QString &p) { return p.endsWith(QLatin1String(".log")); },
                                   [&](const QString &p) { logsOpened << p; }});
        QSignalSpy unhandled(&w.fileRouter(), &FileOpenRouter::unhandled);

        const QString log = m_dir.filePath(QStringLiteral("train.log"));
        const QString other = m_dir.filePath(QStringLiteral("picture.xyz"));
        for (const QString &path : {log, other}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            // Not a training log: the Runs panel's catch-all log handler must not claim it.
            f.write("no training steps in here\n");
        }

        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(log), QUrl::fromLocalFile(other)});
        const QPointF pos(w.width() / 2.0, w.height() / 2.0);
        QDragEnterEvent enter(pos.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&w, &drop);

        QCOMPARE(logsOpened, QStringList{log});
        QVERIFY(configsOpened.isEmpty());
        QCOMPARE(unhandled.size(), 1);
        QCOMPARE(unhandled.first().first().toString(), other);

        // The opened file is now first in File > Open Recent.
        QCOMPARE(settings.value(QStringLiteral("recentFiles")).toStringList().value(0), log);
    }

    void devicesAndFifosAreNotOpened_data()
    {
        QTest::addColumn<QString>("path"); // fifo: made here
        QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero");
        QTest::newRow("FIFO") << QStringLiteral("fifo");
    }
    void devicesAndFifosAreNotOpened()
    {
        // Given on the command line (or dropped), /dev/zero was read without end and a FIFO blocked
        // the GUI thread in open(): the window never showed.
        QFETCH(QString, path);
        if (path == QLatin1String("fifo")) {
            path = m_dir.filePath(QStringLiteral("fifo.log"));
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        }
        const PluginManager plugins;
        QSettings settings(m_dir.filePath(QStringLiteral("devices.ini")), QSettings::IniFormat);
        MainWindow w(settings, plugins);
        QSignalSpy unhandled(&w.fileRouter(), &FileOpenRouter::unhandled);
        w.openFiles({path});
        QCOMPARE(unhandled.size(), 1);
        QCOMPARE(unhandled.first().first().toString(), path);
        QVERIFY2(unhandled.first().at(1).toString().contains(QLatin1String("not a regular file")),
                 qPrintable(unhandled.first().at(1).toString()));
    }

    void runFoldersGoToTheRunsDockOtherFoldersToPorting_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("handler");
        QTest::newRow("TensorBoard run folder")
            << QStringLiteral(PORTBENCH_TEST_DATA "/logs/tensorboard/hf_h100/cuda_fp32/runs/Nov23_05-33-31_vm")
            << QStringLiteral("Runs (event files, MLflow)");
        QTest::newRow("folder of runs") << QStringLiteral(PORTBENCH_TEST_DATA "/logs/tensorboard/hf_h100")
                                        << QStringLiteral("Runs (event files, MLflow)");
        QTest::newRow("mlruns") << QStringLiteral(PORTBENCH_TEST_DATA "/logs/mlflow/mlruns")
                                << QStringLiteral("Runs (event files, MLflow)");
        QTest::newRow("source tree") << QStringLiteral(PORTBENCH_TEST_DATA "/porting") << QStringLiteral("Porting");
    }

    void runFoldersGoToTheRunsDockOtherFoldersToPorting()
    {
        QFETCH(QString, folder);
        QFETCH(QString, handler);
        const PluginManager plugins;
        QSettings settings(m_dir.filePath(QStringLiteral("folders.ini")), QSettings::IniFormat);
        MainWindow w(settings, plugins);
        QSignalSpy opened(&w.fileRouter(), &FileOpenRouter::opened);
        w.openFiles({folder});
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.first().at(1).toString(), handler);
    }

    void attachedLocalLogIsCharted()
    {
        // The charts opened <run>/output.log for a run's new points; an attached local log has
        // none there, so an attach from the Workspace was never charted.
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        const QString log = dir.filePath(QStringLiteral("train.jsonl"));
        QFile f(log);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"step\": 1, \"loss\": 3.0}\n{\"step\": 2, \"loss\": 2.9}\n");
        f.flush();
        LaunchRecord r;
        r.name = QStringLiteral("attached run");
        r.kind = LaunchRecord::Kind::Attach;
        r.status = LaunchRecord::Status::Running;
        r.sourceLog = log;
        QString error;
        QVERIFY2(!ws.create(r, &error).id.isEmpty(), qPrintable(error));
        QSettings settings(m_dir.filePath(QStringLiteral("attach.ini")), QSettings::IniFormat);
        settings.setValue(LaunchWorkspace::settingsKey(), ws.root());
        const PluginManager plugins;
        MainWindow w(settings, plugins); // follows the running attach again
        auto *runs = w.findChild<LoadedRunsModel *>();
        QVERIFY(runs);
        f.write("{\"step\": 3, \"loss\": 2.8}\n");
        f.flush();
        QTRY_COMPARE_WITH_TIMEOUT(runs->rowCount(), 1, 20000);
        const int id = runs->idAt(0);
        QTRY_COMPARE_WITH_TIMEOUT(runs->run(id)->pointCount(), 3, 20000);
        QCOMPARE(runs->run(id)->sourcePath, log);
        QCOMPARE(runs->run(id)->name, r.name);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
