// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "core/sources/config/backendprofiles.h"
#include "core/sources/config/commandlineimporter.h"
#include "core/sources/config/configemitter.h"
#include "core/sources/config/configfield.h"
#include "core/sources/config/configvalidator.h"
#include "core/sources/config/devicepreset.h"
#include "core/sources/config/trainingconfig.h"
#include "core/sources/plugins/pluginmanager.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

/// The config code judges a config against the backend profiles it is given (issue 36): no global
/// filled by a PluginManager, so sets that differ — none asked for, loaded but empty, only the fake
/// MLU backend of tests/plugins/backend_mlu (read without loading the plugin), two plugin managers'
/// — are used side by side in one process.
class TestBackendProfiles : public QObject
{
    Q_OBJECT

    enum class Set { NotLoaded, LoadedEmpty, MluOnly };

    /// The MLU test plugin's profile, read from its source without loading the plugin.
    static BackendProfiles mluOnly()
    {
        QFile file(QStringLiteral(PORTBENCH_TEST_DATA "/../plugins/backend_mlu/backendprofile.json"));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(file.fileName()));
        const BackendInfo info{QStringLiteral("mlu"),   QStringLiteral("Cambricon MLU"),
                               QStringLiteral("mlu"),   QStringLiteral("torch_mlu"),
                               QStringLiteral("cncl"),  QStringLiteral("MLU_VISIBLE_DEVICES"),
                               QStringLiteral("cnmon"), QStringLiteral("cntoolkit")};
        QString error;
        const BackendProfile mlu = BackendProfile::fromJson(info, file.readAll(), &error);
        if (!error.isEmpty())
            qFatal("%s", qPrintable(error));
        return BackendProfiles({mlu});
    }
    static BackendProfiles profiles(Set set)
    {
        switch (set) {
        case Set::NotLoaded: return BackendProfiles();
        case Set::LoadedEmpty: return BackendProfiles(QList<BackendProfile>{});
        case Set::MluOnly: return mluOnly();
        }
        return {};
    }

    static TrainingConfig mluConfig()
    {
        TrainingConfig config;
        config.backend = QStringLiteral("mlu");
        config.devicePreset = QStringLiteral("MLU370-X8-48G");
        return config;
    }
    static ConfigIssues backendIssues(const TrainingConfig &config, const BackendProfiles &backends)
    {
        ConfigIssues issues;
        for (const ConfigIssue &issue : ConfigValidator::validate(config, backends))
            if (issue.field == QLatin1String("backend"))
                issues << issue;
        return issues;
    }

private Q_SLOTS:
    /// Each set gives its own verdict on the same mlu config: the backend's profile, a backend no
    /// plugin provides, or profiles nobody loaded.
    void sameConfigDifferentSets_data()
    {
        QTest::addColumn<int>("set");
        QTest::addColumn<QString>("backendIssue"); ///< start of the one backend issue; empty: none
        QTest::addColumn<bool>("issueIsError");
        QTest::addColumn<QString>("scriptLine"); ///< in the environment script
        QTest::addColumn<double>("deviceGiB"); ///< 0: the preset is unknown, a custom device
        QTest::addColumn<QStringList>("backendChoices"); ///< the editor's
        QTest::newRow("not loaded") << int(Set::NotLoaded) << QStringLiteral("no backend profiles loaded") << true
                                    << QStringLiteral("# No backend profiles loaded") << 0.0 << QStringList();
        QTest::newRow("loaded, no plugin")
            << int(Set::LoadedEmpty) << QStringLiteral("no plugin for backend \"mlu\"") << false
            << QStringLiteral("# No backend plugin for \"mlu\"") << 0.0 << QStringList();
        QTest::newRow("mlu only") << int(Set::MluOnly) << QString() << false
                                  << QStringLiteral("export MLU_VISIBLE_DEVICES=0,1,2,3,4,5,6,7") << 48.0
                                  << QStringList{QStringLiteral("mlu")};
    }
    void sameConfigDifferentSets()
    {
        QFETCH(int, set);
        QFETCH(QString, backendIssue);
        QFETCH(bool, issueIsError);
        QFETCH(QString, scriptLine);
        QFETCH(double, deviceGiB);
        QFETCH(QStringList, backendChoices);
        const BackendProfiles backends = profiles(Set(set));
        const TrainingConfig config = mluConfig();

        const ConfigIssues issues = backendIssues(config, backends);
        QCOMPARE(issues.size(), backendIssue.isEmpty() ? 0 : 1);
        if (!backendIssue.isEmpty()) {
            QVERIFY2(issues.constFirst().message.startsWith(backendIssue), qPrintable(issues.constFirst().message));
            QCOMPARE(issues.constFirst().isError(), issueIsError);
        }
        const QString script = QString::fromUtf8(ConfigEmitter::environmentScript(config, backends));
        QVERIFY2(script.contains(scriptLine), qPrintable(script));
        QCOMPARE(DevicePreset::find(backends, config.devicePreset).memoryGiB, deviceGiB);
        const QList<ConfigField> editor = ConfigField::catalog(backends);
        const auto backend = std::find_if(editor.cbegin(), editor.cend(),
                                          [](const ConfigField &f) { return f.path == QLatin1String("backend"); });
        QVERIFY(backend != editor.cend());
        QCOMPARE(backend->choices, backendChoices);
    }

    /// Two sets at once: a launch line with the MLU plugin's marker names the backend under one set
    /// and not under the other, in either order.
    void twoSetsSideBySide()
    {
        const BackendProfiles mlu = mluOnly();
        const BackendProfiles none(QList<BackendProfile>{});
        const QString script = QStringLiteral("MLU_VISIBLE_DEVICES=0,1 torchrun --nproc_per_node=2 train.py");
        const ConfigParseResult before = CommandLineImporter::import(script, none);
        const ConfigParseResult withMlu = CommandLineImporter::import(script, mlu);
        const ConfigParseResult after = CommandLineImporter::import(script, none);
        QVERIFY2(withMlu, qPrintable(withMlu.error));
        QCOMPARE(withMlu.config.backend, QStringLiteral("mlu"));
        QCOMPARE(withMlu.config.devicePreset, QStringLiteral("MLU370-X8-48G"));
        for (const ConfigParseResult &r : {before, after}) {
            QVERIFY2(r, qPrintable(r.error));
            QCOMPARE(r.config.backend, TrainingConfig().backend);
            QCOMPARE(r.config.devicePreset, TrainingConfig().devicePreset);
        }
    }

    /// A PluginManager that finds no plugin holds a loaded, empty set: the backend is then reported
    /// as one no plugin provides, not as profiles nobody loaded.
    void pluginManagerWithoutPlugins()
    {
        QTemporaryDir empty;
        QVERIFY(empty.isValid());
        const PluginManager plugins({empty.path()});
        QVERIFY(plugins.backends().isEmpty());
        QVERIFY(plugins.backendProfiles().loaded());
        QVERIFY(plugins.backendProfiles().all().isEmpty());
        TrainingConfig config;
        config.backend = QStringLiteral("cuda");
        const ConfigIssues issues = backendIssues(config, plugins.backendProfiles());
        QCOMPARE(issues.size(), 1);
        QVERIFY(!issues.constFirst().isError());
        QVERIFY2(issues.constFirst().message.startsWith(QLatin1String("no plugin for backend \"cuda\" is loaded")),
                 qPrintable(issues.constFirst().message));
    }

    /// Each PluginManager holds its own profiles: one that finds no plugin, constructed after the
    /// one with the built plugins, leaves that one's profiles as they were.
    void twoPluginManagersSideBySide()
    {
        const BackendProfiles &built = builtProfiles();
        QVERIFY2(built.find(QStringLiteral("npu")), "the backend plugins are not built");
        QTemporaryDir empty;
        QVERIFY(empty.isValid());
        const PluginManager none({empty.path()});
        QVERIFY(none.backendProfiles().ids().isEmpty());
        QVERIFY(built.find(QStringLiteral("npu")));
        TrainingConfig config;
        config.backend = QStringLiteral("npu");
        config.devicePreset = QStringLiteral("910B-64G");
        QCOMPARE(backendIssues(config, built).size(), 0);
        QCOMPARE(backendIssues(config, none.backendProfiles()).size(), 1);
        QCOMPARE(DevicePreset::find(built, config.devicePreset).backend, QStringLiteral("npu"));
        QCOMPARE(DevicePreset::find(none.backendProfiles(), config.devicePreset).id, QStringLiteral("custom"));
    }
};

QTEST_GUILESS_MAIN(TestBackendProfiles)
#include "tst_backendprofiles.moc"
