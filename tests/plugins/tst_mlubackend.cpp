// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "clirunner.h"
#include "core/sources/config/accelerateyaml.h"
#include "core/sources/config/backendprofiles.h"
#include "core/sources/config/commandlineimporter.h"
#include "core/sources/config/configemitter.h"
#include "config/configpanel.h"
#include "core/sources/config/configvalidator.h"
#include "core/sources/config/memoryestimator.h"
#include "core/sources/config/trainingconfigjson.h"
#include "core/base/device/envcheck.h"
#include "parity/paritypanel.h"
#include "core/engines/parity/paritypresets.h"
#include "core/sources/plugins/devicebackend.h"
#include "porting/portingpanel.h"
#include "runs/launchdialog.h"
#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/sources/topology/topologyadvisor.h"
#include "topology/topologyscene.h"
#include "core/sources/topology/topologysvgwriter.h"

#include <QComboBox>
#include <QGraphicsSimpleTextItem>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

/// A fourth backend added as a plugin alone (issue 18): the "mlu" test plugin (tests/plugins/
/// backend_mlu) shows up in the env check, the config editor, the launch dialog, the porting
/// targets, telemetry (parse, monitor) and the parity presets, although nothing in core/, ui/ or
/// app/ names it.
class TestMluBackend : public QObject
{
    Q_OBJECT

    /// The real plugins plus the test plugin, as a user with PORTBENCH_PLUGIN_PATH set would get.
    static const PluginManager &plugins()
    {
        static const PluginManager manager(
            {QStringLiteral(PORTBENCH_MLU_PLUGIN_DIR), QStringLiteral(PORTBENCH_BUILD_DIR "/lib/portbench/plugins")});
        return manager;
    }

    static QProcessEnvironment cliEnvironment()
    {
        QProcessEnvironment env = isolatedEnvironment();
        env.insert(QStringLiteral("PORTBENCH_PLUGIN_PATH"), QStringLiteral(PORTBENCH_MLU_PLUGIN_DIR));
        return env;
    }

    static TrainingConfig mluConfig()
    {
        TrainingConfig c;
        c.backend = QStringLiteral("mlu");
        c.devicePreset = QStringLiteral("MLU370-X8-48G");
        c.nodes = 2;
        c.masterAddr = QStringLiteral("$MASTER_ADDR");
        c.deterministic = true;
        return c;
    }

    static QByteArray artifact(const ConfigArtifacts &artifacts, const QString &name)
    {
        for (const ConfigArtifact &a : artifacts) {
            if (a.fileName == name)
                return a.content;
        }
        return {};
    }

    static bool hasItem(const QList<QComboBox *> &combos, const QString &text)
    {
        return std::any_of(combos.cbegin(), combos.cend(),
                           [&text](const QComboBox *c) { return c->findText(text) >= 0 || c->findData(text) >= 0; });
    }

private Q_SLOTS:
    void initTestCase()
    {
        for (const PluginLoadError &e : plugins().errors())
            qWarning() << e.path << e.message;
        QVERIFY(plugins().errors().isEmpty());
        QVERIFY(plugins().backend(QStringLiteral("mlu")));
        QVERIFY(plugins().backend(QStringLiteral("npu")));
    }

    void profileComesFromThePlugin()
    {
        const BackendProfile *mlu = BackendProfiles::find(QStringLiteral("mlu"));
        QVERIFY(mlu);
        QCOMPARE(mlu->info.collectiveLibrary, QStringLiteral("cncl"));
        QCOMPARE(mlu->slurmGres, QStringLiteral("mlu"));
        const DevicePreset preset = DevicePreset::find(QStringLiteral("MLU370-X8-48G"));
        QCOMPARE(preset.backend, QStringLiteral("mlu"));
        QCOMPARE(preset.memoryGiB, 48.0);
        QVERIFY(!preset.bf16);
    }

    void profileErrorsAreReported_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("not json") << QByteArray("{\"format\": ") << QStringLiteral("backend profile of 'mlu': ");
        QTest::newRow("other format") << QByteArray(R"({"format": "portbench-backend-profile/2"})")
                                      << QStringLiteral("format \"portbench-backend-profile/2\" is not");
        QTest::newRow("unknown condition") << QByteArray(
            R"({"format": "portbench-backend-profile/1", "configRules": [{"field": "precision.bf16", "when": {"model.layers": 2}}]})")
                                           << QStringLiteral(
                                                  "rule on precision.bf16 has an unknown condition \"model.layers\"");
    }
    void profileErrorsAreReported()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        QString message;
        const BackendProfile p
            = BackendProfile::fromJson(plugins().backend(QStringLiteral("mlu"))->info(), json, &message);
        QVERIFY2(message.contains(error), qPrintable(message));
        QVERIFY(p.rules.isEmpty()); // a rule PortBench cannot test never fires
        QVERIFY(p.devicePresets.isEmpty());
    }

    void pluginsCommandListsIt()
    {
        const CliResult r = runCli({QStringLiteral("plugins"), QStringLiteral("--json")}, cliEnvironment());
        QCOMPARE(r.exitCode, 0);
        QStringList ids;
        for (const QJsonValue &b : r.json().object().value(QStringLiteral("backends")).toArray())
            ids << b[QStringLiteral("id")].toString();
        QVERIFY2(ids.contains(QStringLiteral("mlu")), r.out.constData());
        QVERIFY(r.json().object().value(QStringLiteral("errors")).toArray().isEmpty());
    }

    void envCheckProbesIt()
    {
        const CliResult r = runCli(
            {QStringLiteral("env"), QStringLiteral("--backend"), QStringLiteral("mlu"), QStringLiteral("--json")},
            cliEnvironment());
        QVERIFY2(!r.crashed && r.exitCode != 2, r.err.constData());
        QStringList ids;
        for (const QJsonValue &c : r.json().object().value(QStringLiteral("checks")).toArray())
            ids << c[QStringLiteral("id")].toString();
        QVERIFY2(ids.contains(QStringLiteral("mlu.driver")), r.out.constData());
        QVERIFY(!ids.contains(QStringLiteral("cuda.driver"))); // only the backend asked for
        // Without the plugin the same command is a usage error naming the backends that did load.
        const CliResult without = runCli({QStringLiteral("env"), QStringLiteral("--backend"), QStringLiteral("mlu")});
        QCOMPARE(without.exitCode, 2);
        QVERIFY(without.err.contains("unknown backend 'mlu'"));
    }

    void envCheckProbesItsExtensionAgainstItsRows()
    {
        // A stand-in interpreter: it answers that torch_mlu imports only when the probe script asks
        // for it, so the row exists only if the plugin's extension is probed.
        QTemporaryDir dir;
        QFile python(dir.filePath(QStringLiteral("python")));
        QVERIFY(python.open(QIODevice::WriteOnly));
        python.write("#!/bin/sh\ncase \"$2\" in\n"
                     "*'\"torch_mlu\"'*) echo '{\"python\": \"3.10.12\", \"executable\": \"/opt/py/bin/python\", "
                     "\"modules\": {\"torch\": {\"ok\": true, \"version\": \"2.1.0\"}, "
                     "\"torch_mlu\": {\"ok\": true, \"version\": \"1.17.0\"}}}' ;;\n"
                     "*) echo '{\"python\": \"3.10.12\", \"executable\": \"/opt/py/bin/python\", \"modules\": {}}' ;;\n"
                     "esac\n");
        python.close();
        QVERIFY(python.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const CliResult r = runCli({QStringLiteral("env"), QStringLiteral("--backend"), QStringLiteral("mlu"),
                                    QStringLiteral("--python"), python.fileName(), QStringLiteral("--json")},
                                   cliEnvironment());
        QVERIFY2(!r.crashed && r.exitCode != 2, r.err.constData());
        QMap<QString, QString> status;
        for (const QJsonValue &c : r.json().object().value(QStringLiteral("checks")).toArray())
            status.insert(c[QStringLiteral("id")].toString(), c[QStringLiteral("status")].toString());
        QVERIFY2(status.contains(QStringLiteral("python.torch_mlu")), r.out.constData());
        QCOMPARE(status.value(QStringLiteral("python.torch_mlu")), EnvCheck::statusName(EnvCheck::Status::Ok));
        // The plugin's own compatibility row (backend_mlu/compatibility.csv) pairs torch_mlu 1.17.0
        // with torch 2.1.0 and Python 3.8-3.10; no cnmon here, so the toolkit is not known.
        QCOMPARE(status.value(QStringLiteral("compat.torch_mlu.torch")), EnvCheck::statusName(EnvCheck::Status::Ok));
        QCOMPARE(status.value(QStringLiteral("compat.torch_mlu.python")), EnvCheck::statusName(EnvCheck::Status::Ok));
        QCOMPARE(status.value(QStringLiteral("compat.torch_mlu.toolkit")),
                 EnvCheck::statusName(EnvCheck::Status::Skipped));
    }

    void topologyShowsItsOwnLinkClass()
    {
        const QByteArray capture = "\tMLU0\tMLU1\tMLU2\tCPU Affinity\n"
                                   "MLU0\t X \tMLK4\tSYS\t0-15\n"
                                   "MLU1\tMLK4\t X \tSYS\t0-15\n"
                                   "MLU2\tSYS\tSYS\t X \t16-31\n";
        const Topology t = plugins().backend(QStringLiteral("mlu"))->parseTopology(capture);
        QVERIFY2(bool(t), qPrintable(t.error));
        const LinkType &link = t.link(0, 1);
        QCOMPARE(link.name(), QStringLiteral("MLU-Link"));
        QCOMPARE(link.count, 4);
        QVERIFY(link.isFabric());
        QVERIFY(link.rank() > t.link(0, 2).rank());
        QCOMPARE(t.explain(link), QStringLiteral("MLU-Link: the test plugin's direct MLU-to-MLU link."));
        // The map (SVG and the GUI's scene) draws it in its own shade with a legend entry.
        QVERIFY(TopologySvgWriter::color(link) != TopologySvgWriter::color(LinkType::fromToken(QStringLiteral("NV4"))));
        const QString svg = TopologySvgWriter::write(t);
        QVERIFY(svg.contains(QStringLiteral("stroke=\"%1\"").arg(TopologySvgWriter::color(link))));
        QVERIFY(svg.contains(QLatin1String(">MLU-Link</text>")));
        TopologyScene scene;
        scene.setTopology(t);
        QStringList texts;
        for (QGraphicsItem *item : scene.items()) {
            if (auto *text = dynamic_cast<QGraphicsSimpleTextItem *>(item))
                texts << text->text();
        }
        QVERIFY2(texts.contains(QStringLiteral("MLU-Link")), qPrintable(texts.join(QLatin1Char(','))));
        // The advisor counts it as fabric and gives the plugin's advice on the pairs it links.
        const QString advice = TopologyAdvisor::advise(t).join(QLatin1Char('\n'));
        QVERIFY2(advice.contains(QStringLiteral("MLU0–MLU1 share an MLU-Link: keep each tensor-parallel pair on one.")),
                 qPrintable(advice));
    }

    void configArtifactsUseItsEnvironment()
    {
        const ConfigArtifacts artifacts = ConfigEmitter::emitAll(mluConfig());
        const QString env = QString::fromUtf8(artifact(artifacts, QStringLiteral("env_mlu.sh")));
        QVERIFY2(env.contains(
                     QLatin1String("\n. /usr/local/neuware/bin/env.sh\nexport MLU_VISIBLE_DEVICES=0,1,2,3,4,5,6,7\n")),
                 qPrintable(env));
        QVERIFY(env.contains(QLatin1String("export CNCL_DETERMINISTIC=1\n")));
        QVERIFY(!env.contains(QLatin1String("CUDA_VISIBLE_DEVICES")));
        const QString sbatch = QString::fromUtf8(artifact(artifacts, QStringLiteral("submit.sbatch")));
        QVERIFY2(sbatch.contains(QLatin1String("#SBATCH --gres=mlu:8\n")), qPrintable(sbatch));

        TrainingConfig accelerate = mluConfig();
        accelerate.launcher = QStringLiteral("accelerate");
        const QByteArray yaml = AccelerateYaml::write(accelerate);
        QVERIFY(yaml.contains("distributed_type: MULTI_MLU"));
        const ConfigParseResult back = AccelerateYaml::import(yaml, TrainingConfig{});
        QVERIFY2(back, qPrintable(back.error));
        QCOMPARE(back.config.backend, QStringLiteral("mlu"));
    }

    void configRulesComeFromThePlugin()
    {
        TrainingConfig c = mluConfig();
        c.zero.enabled = true;
        c.zero.stage = 3;
        c.zero.offloadOptimizer = QStringLiteral("cpu");
        c.zero.offloadParam = QStringLiteral("cpu");
        const ConfigIssues issues = ConfigValidator::validate(c);
        const bool ruleFired = std::any_of(issues.cbegin(), issues.cend(), [](const ConfigIssue &i) {
            return i.field == QLatin1String("strategy.zero.stage") && i.message.contains(QLatin1String("MLU370"));
        });
        QVERIFY(ruleFired);
        c.zero.offloadParam = c.zero.offloadOptimizer = QStringLiteral("none");
        for (const ConfigIssue &i : ConfigValidator::validate(c))
            QVERIFY2(!i.message.contains(QLatin1String("MLU370")), qPrintable(i.toString()));
    }

    void importedScriptEstimatesOnItsDevice()
    {
        const QString script
            = QStringLiteral("export MLU_VISIBLE_DEVICES=0,1,2,3\n"
                             "torchrun --nproc_per_node 4 train.py --model_name_or_path gpt2 --fp16 True\n");
        const ConfigParseResult r = CommandLineImporter::import(script);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.config.backend, QStringLiteral("mlu"));
        QCOMPARE(r.config.devicePreset, QStringLiteral("MLU370-X8-48G"));
        QCOMPARE(MemoryEstimator::estimate(r.config).deviceName, QStringLiteral("Cambricon MLU370-X8 48GB"));
        QVERIFY(r.notes.join(QLatin1Char('\n')).contains(QLatin1String("backend mlu (Cambricon MLU) inferred from")));
    }

    void configCliReadsAndEmitsIt()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile file(dir.filePath(QStringLiteral("mlu.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(TrainingConfigJson::write(mluConfig()));
        file.close();
        const CliResult emitted = runCli({QStringLiteral("config"), QStringLiteral("emit"), file.fileName(),
                                          QStringLiteral("--out"), dir.filePath(QStringLiteral("out"))},
                                         cliEnvironment());
        QVERIFY2(emitted.exitCode == 0, emitted.err.constData());
        QFile env(dir.filePath(QStringLiteral("out/env_mlu.sh")));
        QVERIFY(env.open(QIODevice::ReadOnly));
        QVERIFY(env.readAll().contains("export MLU_VISIBLE_DEVICES="));
        // Without the plugin, "mlu" is no backend this PortBench knows.
        const CliResult without = runCli({QStringLiteral("config"), QStringLiteral("validate"), file.fileName()});
        QCOMPARE(without.exitCode, 2);
        QVERIFY2(without.err.contains("backend"), without.err.constData());
    }

    void configEditorOffersIt()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        ConfigPanel panel(settings);
        auto backend = panel.findChild<QComboBox *>(QStringLiteral("field:backend"));
        auto device = panel.findChild<QComboBox *>(QStringLiteral("field:hardware.devicePreset"));
        QVERIFY(backend && device);
        QVERIFY(backend->findText(QStringLiteral("mlu")) >= 0);
        QVERIFY(device->findText(QStringLiteral("MLU370-X8-48G")) >= 0);
        panel.setConfig(mluConfig());
        panel.refreshNow();
        QCOMPARE(backend->currentText(), QStringLiteral("mlu"));
        QVERIFY(artifact(panel.artifacts(), QStringLiteral("env_mlu.sh")).contains("MLU_VISIBLE_DEVICES"));
    }

    void launchDialogOffersIt()
    {
        LaunchDialog dialog(QStringList{});
        QVERIFY(hasItem(dialog.findChildren<QComboBox *>(), QStringLiteral("mlu")));
    }

    void portingTargetsIncludeIt()
    {
        PortingPanel panel(plugins());
        QVERIFY(hasItem(panel.findChildren<QComboBox *>(), QStringLiteral("mlu")));

        QTemporaryDir dir;
        QFile py(dir.filePath(QStringLiteral("train.py")));
        QVERIFY(py.open(QIODevice::WriteOnly));
        py.write("import torch\nimport torch.distributed as dist\n"
                 "n = torch.cuda.device_count()\ndist.init_process_group(\"nccl\")\nx = torch.ones(2).cuda()\n");
        py.close();
        const CliResult r = runCli({QStringLiteral("port"), py.fileName(), QStringLiteral("--target"),
                                    QStringLiteral("mlu"), QStringLiteral("--dry-run"), QStringLiteral("--diff")},
                                   cliEnvironment());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("+n = torch.mlu.device_count()"), r.out.constData());
        QVERIFY(r.out.contains("+dist.init_process_group(\"cncl\")"));
        QVERIFY(r.out.contains("+x = torch.ones(2).mlu()"));
        QVERIFY(r.out.contains("+import torch_mlu"));
    }

    void parityPresetComesFromThePlugin()
    {
        // Listed: by the registry the parity code reads, the Parity dock and --preset's list.
        const ParityPreset *preset = ParityPresets::find(QStringLiteral("mlu-loose"));
        QVERIFY(preset);
        QCOMPARE(preset->options.relTol, 0.05);
        QCOMPARE(preset->options.meanRelLimit, 0.05);
        QCOMPARE(preset->options.minWithinShare, 0.99);
        // It loaded first, but names no default: the default stays the one a real plugin names.
        QCOMPARE(ParityPresets::defaultName(), QStringLiteral("ascend"));
        LoadedRunsModel runs;
        ParityPanel panel(runs);
        QVERIFY(hasItem(panel.findChildren<QComboBox *>(), QStringLiteral("mlu-loose")));

        // Accepted and applied: a candidate 3 % off every step FAILs ascend's 2 % and passes its 5 %.
        QTemporaryDir dir;
        QFile source(QStringLiteral(PORTBENCH_TEST_DATA "/parity/megatron_training_log_2024_throughput_moe.txt"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(source.readAll());
        const QRegularExpression loss(QStringLiteral("lm loss: ([-+0-9.E]+)"));
        for (QRegularExpressionMatch m = loss.match(text); m.hasMatch(); m = loss.match(text, m.capturedEnd())) {
            const QString shifted = QStringLiteral("lm loss: %1").arg(m.captured(1).toDouble() * 1.03, 0, 'E', 6);
            text.replace(m.capturedStart(), m.capturedLength(), shifted);
        }
        QFile candidate(dir.filePath(QStringLiteral("mlu.log")));
        QVERIFY(candidate.open(QIODevice::WriteOnly));
        candidate.write(text.toUtf8());
        candidate.close();
        const QStringList compare{QStringLiteral("parity"), source.fileName(), candidate.fileName(),
                                  QStringLiteral("--json"), QStringLiteral("--preset")};
        const CliResult unknown = runCli(compare + QStringList{QStringLiteral("nosuch")}, cliEnvironment());
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains("(use mlu-loose, ascend, "), unknown.err.constData());
        const CliResult ascend = runCli(compare + QStringList{QStringLiteral("ascend")}, cliEnvironment());
        QCOMPARE(ascend.exitCode, 1);
        const CliResult loose = runCli(compare + QStringList{QStringLiteral("mlu-loose")}, cliEnvironment());
        QVERIFY2(loose.exitCode == 0, loose.err.constData());
        const QJsonObject options = loose.json().object().value(QStringLiteral("options")).toObject();
        QCOMPARE(options.value(QStringLiteral("preset")).toString(), QStringLiteral("mlu-loose"));
        QCOMPARE(options.value(QStringLiteral("relTol")).toDouble(), 0.05);
        QCOMPARE(options.value(QStringLiteral("presetSource")).toString(), preset->source);

        // Without the plugin the name is unknown.
        const CliResult without = runCli(compare + QStringList{QStringLiteral("mlu-loose")});
        QCOMPARE(without.exitCode, 2);
        QVERIFY2(without.err.contains("unknown preset 'mlu-loose'"), without.err.constData());
    }

    void telemetryComesFromThePluginAlone()
    {
        // A capture of its tool reads as telemetry, and `monitor` finds and runs the tool: all of it
        // from the plugin (MluBackend::telemetryCommand, MluTelemetryReader).
        const QString capture = QStringLiteral(PORTBENCH_TEST_DATA "/telemetry/cnmon_watch_test_plugin.txt");
        const CliResult parsed = runCli({QStringLiteral("parse"), QStringLiteral("--json"), capture}, cliEnvironment());
        QVERIFY2(parsed.exitCode == 0, parsed.err.constData());
        const QJsonObject t = parsed.json().object().value(QStringLiteral("telemetry")).toArray().first().toObject();
        QCOMPARE(t.value(QStringLiteral("tool")).toString(), QStringLiteral("cnmon watch"));
        QCOMPARE(t.value(QStringLiteral("devices")).toArray().size(), 2);

        QTemporaryDir bin;
        QFile tool(bin.filePath(QStringLiteral("cnmon")));
        QVERIFY(tool.open(QIODevice::WriteOnly));
        tool.write("#!/bin/sh\ncat '" + capture.toUtf8() + "'\nexec sleep 600\n");
        tool.close();
        QVERIFY(tool.setPermissions(QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        QProcessEnvironment env = cliEnvironment();
        env.insert(QStringLiteral("PATH"), bin.path() + QStringLiteral(":/usr/bin:/bin"));
        const CliResult r = runCli(
            {QStringLiteral("monitor"), QStringLiteral("--json"), QStringLiteral("--samples"), QStringLiteral("6")},
            env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("cnmon watch -i 1000"), r.err.constData());
        QCOMPARE(r.out.count("\"util\":"), 6);
    }

    void stackcheckImportsItsExtension()
    {
        // Without the plugin the device is unknown; with it the workload is told which module
        // registers the device (and fails honestly here, where torch_mlu is not installed).
        const CliResult unknown
            = runCli({QStringLiteral("stackcheck"), QStringLiteral("--device"), QStringLiteral("mlu")});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.err.contains("--device: 'mlu' is not auto, "));
        QProcess probe;
        probe.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QStringLiteral("import torch")});
        if (!probe.waitForFinished(120000) || probe.exitCode() != 0)
            QSKIP("/usr/bin/python3 has no torch");
        QTemporaryDir dir;
        const CliResult r
            = runCli({QStringLiteral("stackcheck"), QStringLiteral("--python"), QStringLiteral("/usr/bin/python3"),
                      QStringLiteral("--device"), QStringLiteral("mlu"), QStringLiteral("--steps"), QStringLiteral("2"),
                      QStringLiteral("--out"), dir.path()},
                     cliEnvironment());
        QVERIFY2(r.exitCode != 0, r.err.constData());
        QVERIFY2(r.err.contains("--device mlu needs torch_mlu"), r.err.constData());
    }
};

QTEST_MAIN(TestMluBackend)
#include "tst_mlubackend.moc"
