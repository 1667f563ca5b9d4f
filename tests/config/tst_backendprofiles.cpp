// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/config/backendprofiles.h"
#include "core/sources/config/configemitter.h"
#include "core/sources/config/configvalidator.h"
#include "core/sources/config/trainingconfig.h"
#include "core/sources/plugins/pluginmanager.h"

#include <QTemporaryDir>
#include <QTest>

/// The config code used before any PluginManager has run says that no backend profiles are loaded,
/// instead of silently treating every backend as one no plugin provides (issue 36). The slots run in
/// order: the first ones before this process constructs a PluginManager, the last one after.
class TestBackendProfiles : public QObject
{
    Q_OBJECT

    static ConfigIssues backendIssues(const QString &backend)
    {
        TrainingConfig config;
        config.backend = backend;
        ConfigIssues issues;
        for (const ConfigIssue &issue : ConfigValidator::validate(config))
            if (issue.field == QLatin1String("backend"))
                issues << issue;
        return issues;
    }
    static QString environmentScript(const QString &backend)
    {
        TrainingConfig config;
        config.backend = backend;
        return QString::fromUtf8(ConfigEmitter::environmentScript(config));
    }

private Q_SLOTS:
    void beforePluginManager_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("cuda") << QStringLiteral("cuda");
        QTest::newRow("a backend no plugin provides") << QStringLiteral("mlu");
    }
    void beforePluginManager()
    {
        QFETCH(QString, backend);
        QVERIFY(!BackendProfiles::loaded());
        const ConfigIssues issues = backendIssues(backend);
        QCOMPARE(issues.size(), 1);
        QVERIFY(issues.constFirst().isError());
        QVERIFY2(issues.constFirst().message.startsWith(QLatin1String("no backend profiles loaded")),
                 qPrintable(issues.constFirst().message));
        QVERIFY(issues.constFirst().message.contains(backend));
        const QString script = environmentScript(backend);
        QVERIFY2(script.contains(QLatin1String("# No backend profiles loaded")), qPrintable(script));
    }

    /// A PluginManager that finds no plugin loads no profile: the backend is then reported as one
    /// no plugin provides, as before.
    void afterPluginManagerWithoutPlugins()
    {
        QTemporaryDir empty;
        QVERIFY(empty.isValid());
        const PluginManager plugins({empty.path()});
        QVERIFY(plugins.backends().isEmpty());
        QVERIFY(BackendProfiles::loaded());
        const ConfigIssues issues = backendIssues(QStringLiteral("cuda"));
        QCOMPARE(issues.size(), 1);
        QVERIFY(!issues.constFirst().isError());
        QVERIFY2(issues.constFirst().message.startsWith(QLatin1String("no plugin for backend \"cuda\" is loaded")),
                 qPrintable(issues.constFirst().message));
        QVERIFY(environmentScript(QStringLiteral("cuda")).contains(QLatin1String("# No backend plugin for \"cuda\"")));
    }
};

QTEST_GUILESS_MAIN(TestBackendProfiles)
#include "tst_backendprofiles.moc"
