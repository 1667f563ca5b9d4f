// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/parity/paritypresets.h"
#include "core/sources/plugins/pluginmanager.h"

#include <QTest>

/// The parity presets: core's, the ones a backend profile brings (docs/parity.md, "Presets a plugin
/// brings") and the default.
class TestParityPresets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void coreAloneKnowsItsOwn()
    {
        ParityPresets::install({}, QString());
        QCOMPARE(ParityPresets::names(),
                 (QStringList{QStringLiteral("flagperf"), QStringLiteral("stackcheck"), QStringLiteral("custom")}));
        QCOMPARE(ParityPresets::fixedNames(), (QStringList{QStringLiteral("flagperf"), QStringLiteral("stackcheck")}));
        QCOMPARE(ParityPresets::defaultName(), QStringLiteral("flagperf"));
        QCOMPARE(ParityOptions::forPreset(QStringLiteral("FlagPerf")).skipWarmup, qint64(20));
        // A name no loaded plugin brings: the defaults, named custom.
        QCOMPARE(ParityOptions::forPreset(QStringLiteral("nosuch")).preset, QStringLiteral("custom"));
        QCOMPARE(ParityPresets::source(QStringLiteral("nosuch")), QStringLiteral("user-given tolerances"));
    }

    void readsAProfile_data()
    {
        QTest::addColumn<QByteArray>("profile");
        QTest::addColumn<QString>("error"); ///< a part of the error; empty: none
        QTest::addColumn<QStringList>("brought");
        const QString none;
        const QStringList nothing;
        QTest::newRow("no presets") << QByteArray(R"({"format": "portbench-backend-profile/1"})") << none << nothing;
        QTest::newRow("one") << QByteArray(
            R"({"parityPresets": [{"name": "x", "source": "s", "relTol": 0.03, "skipWarmup": 5, "divergenceFails": false}]})")
                             << none << QStringList{QStringLiteral("x")};
        QTest::newRow("misspelt field") << QByteArray(
            R"({"parityPresets": [{"name": "x", "source": "s", "relTolerance": 0.03}]})")
                                        << QStringLiteral("parity preset \"x\": unknown field \"relTolerance\"")
                                        << nothing;
        QTest::newRow("negative") << QByteArray(R"({"parityPresets": [{"name": "x", "source": "s", "relTol": -0.1}]})")
                                  << QStringLiteral("\"relTol\" is not a valid value") << nothing;
        QTest::newRow("fractional count")
            << QByteArray(R"({"parityPresets": [{"name": "x", "source": "s", "minJudgedSteps": 2.5}]})")
            << QStringLiteral("\"minJudgedSteps\" is not a valid value") << nothing;
        QTest::newRow("number for a flag")
            << QByteArray(R"({"parityPresets": [{"name": "x", "source": "s", "meanEitherLimit": 1}]})")
            << QStringLiteral("\"meanEitherLimit\" is not a valid value") << nothing;
        QTest::newRow("no source") << QByteArray(R"({"parityPresets": [{"name": "x"}]})")
                                   << QStringLiteral("needs a name and a source") << nothing;
        QTest::newRow("core's name") << QByteArray(R"({"parityPresets": [{"name": "FlagPerf", "source": "s"}]})")
                                     << QStringLiteral("\"FlagPerf\" is already known") << nothing;
        QTest::newRow("default that is no preset")
            << QByteArray(R"({"parityPresets": [{"name": "x", "source": "s"}], "defaultParityPreset": "y"})")
            << QStringLiteral("default parity preset \"y\" is no preset") << QStringList{QStringLiteral("x")};
    }
    void readsAProfile()
    {
        QFETCH(QByteArray, profile);
        QFETCH(QString, error);
        QFETCH(QStringList, brought);
        QList<ParityPreset> presets;
        QString defaultName;
        const QString message = ParityPresets::readProfile(profile, presets, defaultName);
        QVERIFY2(error.isEmpty() ? message.isEmpty() : message.contains(error), qPrintable(message));
        QStringList names;
        for (const ParityPreset &p : presets)
            names << p.name;
        QCOMPARE(names, brought);
        QVERIFY(defaultName.isEmpty());
    }

    void broughtPresetsAreListedAcceptedAndApplied()
    {
        QList<ParityPreset> presets;
        QString defaultName;
        QVERIFY(ParityPresets::readProfile(
                    R"({"parityPresets": [{"name": "x", "source": "x's guide", "relTol": 0.03, "skipWarmup": 5,
                        "divergenceFails": false}], "defaultParityPreset": "x"})",
                    presets, defaultName)
                    .isEmpty());
        // A second plugin's default does not replace the first one's.
        QVERIFY(ParityPresets::readProfile(
                    R"({"parityPresets": [{"name": "y", "source": "y's guide"}], "defaultParityPreset": "y"})", presets,
                    defaultName)
                    .isEmpty());
        QVERIFY(
            ParityPresets::readProfile(R"({"parityPresets": [{"name": "x", "source": "again"}]})", presets, defaultName)
                .contains(QStringLiteral("\"x\" is already known")));
        ParityPresets::install(presets, defaultName);
        QCOMPARE(ParityPresets::names(),
                 (QStringList{QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("flagperf"),
                              QStringLiteral("stackcheck"), QStringLiteral("custom")}));
        QCOMPARE(ParityPresets::defaultName(), QStringLiteral("x"));
        QCOMPARE(ParityPresets::source(QStringLiteral("x")), QStringLiteral("x's guide"));
        const ParityOptions x = ParityOptions::forPreset(QStringLiteral("X"));
        QCOMPARE(x.preset, QStringLiteral("x"));
        QCOMPARE(x.relTol, 0.03);
        QCOMPARE(x.skipWarmup, qint64(5));
        QVERIFY(!x.divergenceFails);
        QCOMPARE(x.meanRelLimit, 0.02); // not given: the default
        // The tolerance rule: a mean limit that is on follows a given tolerance.
        QCOMPARE(ParityOptions::forPreset(QStringLiteral("x"), 0.05, std::nullopt).meanRelLimit, 0.05);
    }

    void thePluginsPresetsKeepTheirCriteria_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("sourceStart");
        QTest::addColumn<QVector<double>>("limits"); ///< relTol absTol minWithin meanRel meanAbs firstAbs firstRel grad
        QTest::addColumn<bool>("either");
        QTest::addColumn<bool>("divergenceFails");
        QTest::addColumn<int>("minJudged");
        // The criteria these presets had while core held them (issue 36 moved them, unchanged).
        QTest::newRow("ascend") << QStringLiteral("ascend") << QStringLiteral("MindSpeed-LLM CI loss gate")
                                << QVector<double>{0.02, 0, 0.999, 0.02, 0, 0, 0, 0} << false << true << 10;
        QTest::newRow("strict") << QStringLiteral("strict") << QStringLiteral("Moore Threads MUSA porting guide")
                                << QVector<double>{0, 1e-4, 1, 0, 1e-4, 0, 0, 0} << false << true << 10;
        QTest::newRow("mindspore") << QStringLiteral("mindspore")
                                   << QStringLiteral("MindSpore/MindFormers precision tuning guide")
                                   << QVector<double>{0.01, 0, 0, 0.01, 0.01, 0.005, 0.005, 0.10} << true << false
                                   << 1000;
    }
    void thePluginsPresetsKeepTheirCriteria()
    {
        QFETCH(QString, name);
        QFETCH(QString, sourceStart);
        QFETCH(QVector<double>, limits);
        QFETCH(bool, either);
        QFETCH(bool, divergenceFails);
        QFETCH(int, minJudged);
        const PluginManager plugins({QStringLiteral(PORTBENCH_BUILD_DIR "/lib/portbench/plugins")});
        QVERIFY(plugins.errors().isEmpty());
        QCOMPARE(ParityPresets::defaultName(), QStringLiteral("ascend"));
        const ParityPreset *preset = ParityPresets::find(name);
        QVERIFY(preset);
        QVERIFY2(preset->source.startsWith(sourceStart), qPrintable(preset->source));
        const ParityOptions &o = preset->options;
        QCOMPARE(o.preset, name);
        QCOMPARE((QVector<double>{o.relTol, o.absTol, o.minWithinShare, o.meanRelLimit, o.meanAbsLimit,
                                  o.firstStepAbsLimit, o.firstStepRelLimit, o.gradNormMeanRelLimit}),
                 limits);
        QCOMPARE(o.meanEitherLimit, either);
        QCOMPARE(o.divergenceFails, divergenceFails);
        QCOMPARE(o.minJudgedSteps, minJudged);
        QCOMPARE(o.skipWarmup, qint64(0));
    }
};

QTEST_GUILESS_MAIN(TestParityPresets)
#include "tst_paritypresets.moc"
