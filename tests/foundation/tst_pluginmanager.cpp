// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/plugins/devicebackend.h"
#include "core/sources/plugins/pluginmanager.h"
#include "testplugins.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

class TestPluginManager : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void loadsThreeBackendsFromBuildTree_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("collective");
        QTest::addColumn<QString>("visibleVar");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QString>("torchDevice");
        // clang-format off
        QTest::newRow("cuda") << "cuda" << "nccl" << "CUDA_VISIBLE_DEVICES" << "nvidia-smi" << "cuda";
        QTest::newRow("npu") << "npu" << "hccl" << "ASCEND_RT_VISIBLE_DEVICES" << "npu-smi" << "npu";
        QTest::newRow("musa") << "musa" << "mccl" << "MUSA_VISIBLE_DEVICES" << "mthreads-gmi" << "musa";
        // clang-format on
    }

    void loadsThreeBackendsFromBuildTree()
    {
        QFETCH(QString, id);
        QFETCH(QString, collective);
        QFETCH(QString, visibleVar);
        QFETCH(QString, tool);
        QFETCH(QString, torchDevice);
        const PluginManager plugins;
        QCOMPARE(plugins.backends().size(), 3);
        QVERIFY2(plugins.errors().isEmpty(), qPrintable(plugins.errors().value(0).message));
        DeviceBackend *backend = plugins.backend(id);
        QVERIFY(backend);
        const BackendInfo info = backend->info();
        QCOMPARE(info.collectiveLibrary, collective);
        QCOMPARE(info.visibleDevicesVariable, visibleVar);
        QCOMPARE(info.vendorTool, tool);
        QCOMPARE(info.torchDevice, torchDevice);
    }

    void manifestIsReadable()
    {
        const PluginManager plugins;
        for (const LoadedBackend &b : plugins.backends()) {
            QCOMPARE(b.manifest.value(QStringLiteral("id")).toString(), b.backend->info().id);
            QVERIFY(!b.manifest.value(QStringLiteral("name")).toString().isEmpty());
            QVERIFY(!b.manifest.value(QStringLiteral("version")).toString().isEmpty());
            QVERIFY(!b.manifest.value(QStringLiteral("vendor")).toString().isEmpty());
        }
    }

    void deviceBackendsAreTheLoadedOnesInOrder()
    {
        const PluginManager plugins;
        const QList<const DeviceBackend *> backends = plugins.deviceBackends();
        QCOMPARE(backends.size(), plugins.backends().size());
        for (int i = 0; i < backends.size(); ++i)
            QCOMPARE(backends.at(i), plugins.backends().at(i).backend);
        QVERIFY(PluginManager({QStringLiteral("/nonexistent/portbench/plugins")}).deviceBackends().isEmpty());
    }

    void corruptFileIsReportedAndSkipped()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString corrupt = dir.filePath(QStringLiteral("libbackend_broken.so"));
        QVERIFY(writeCorruptPlugin(corrupt));
        QStringList paths = PluginManager::defaultSearchPaths();
        paths.prepend(dir.path());
        const PluginManager plugins(paths);
        QCOMPARE(plugins.backends().size(), 3);
        QCOMPARE(plugins.errors().size(), 1);
        QCOMPARE(plugins.errors().first().path, corrupt);
        QVERIFY(!plugins.errors().first().message.isEmpty());
    }

    void duplicateBackendIsSkipped()
    {
        // The same folder twice: the second copy of each backend must be refused, not loaded twice.
        const QString folder = PluginManager::defaultSearchPaths().constLast();
        const PluginManager plugins({folder, folder + QStringLiteral("/.")});
        QCOMPARE(plugins.backends().size(), 3);
    }

    void missingFolderIsNotAnError()
    {
        const PluginManager plugins({QStringLiteral("/nonexistent/portbench/plugins")});
        QVERIFY(plugins.backends().isEmpty());
        QVERIFY(plugins.errors().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPluginManager)
#include "tst_pluginmanager.moc"
