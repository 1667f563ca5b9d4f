// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "core/sources/config/backendprofiles.h"
#include "core/sources/config/accelerateyaml.h"
#include "core/sources/config/artifactwriter.h"
#include "core/sources/config/commandlineimporter.h"
#include "core/sources/config/configemitter.h"
#include "core/sources/config/configimporter.h"
#include "core/sources/config/deepspeedjson.h"
#include "core/sources/config/launchcommand.h"
#include "core/sources/config/trainingconfigjson.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

/// Emitters against golden files, importers against the real fixtures, and the round trips.
class TestConfigEmit : public QObject
{
    Q_OBJECT

    static QByteArray readFile(const QString &path)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(path));
        return f.readAll();
    }
    static QString data(const QString &relative) { return QStringLiteral(PORTBENCH_TEST_DATA "/config/") + relative; }

private Q_SLOTS:
    void initTestCase()
    {
        // Backends, device presets and environment lines come from the backend plugins.
        QVERIFY2(!builtPlugins().backends().isEmpty(), "the backend plugins are not built");
        QVERIFY(BackendProfiles::find(QStringLiteral("npu")));
    }

    void goldenArtifacts_data()
    {
        QTest::addColumn<QString>("name");
        const QStringList refs = QDir(data(QStringLiteral("reference"))).entryList({QStringLiteral("*.json")});
        QCOMPARE(refs.size(), 5);
        for (const QString &r : refs)
            QTest::newRow(qPrintable(r)) << QFileInfo(r).completeBaseName();
    }
    void goldenArtifacts()
    {
        QFETCH(QString, name);
        const ConfigParseResult r
            = TrainingConfigJson::read(readFile(data(QStringLiteral("reference/%1.json").arg(name))));
        QVERIFY2(r, qPrintable(r.error));
        const ConfigArtifacts artifacts = ConfigEmitter::emitAll(r.config);
        const QString goldenDir = data(QStringLiteral("golden/") + name);
        QSet<QString> expected;
        QDirIterator it(goldenDir, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            expected.insert(QDir(goldenDir).relativeFilePath(it.next()));
        QSet<QString> produced;
        for (const ConfigArtifact &a : artifacts) {
            produced.insert(a.fileName);
            QCOMPARE(QString::fromUtf8(a.content),
                     QString::fromUtf8(readFile(goldenDir + QLatin1Char('/') + a.fileName)));
        }
        QCOMPARE(produced, expected);
    }

    void launchFixturesRebuiltByteForByte_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<int>("command");
        QTest::addColumn<int>("line");
        QTest::newRow("qwen 7b fsdp") << QStringLiteral("ascend_910b_qwen15_7b_fsdp.sh") << 0 << 0;
        QTest::newRow("qwen 14b offload ckpt")
            << QStringLiteral("ascend_910b_qwen15_14b_fsdp_offload_ckpt.sh") << 0 << 0;
        QTest::newRow("qwen 7b zero2") << QStringLiteral("ascend_910b_qwen15_7b_zero2.sh") << 0 << 0;
        QTest::newRow("llama2 70b accelerate") << QStringLiteral("a100_llama2_70b_fsdp_2nodes_accelerate.sh") << 0 << 0;
        QTest::newRow("musa ddp") << QStringLiteral("musa_s4000_hf_ddp_demo.sh") << 0 << 0;
        QTest::newRow("modelarts multi-node") << QStringLiteral("ascend_modelarts_llama2_multinode.sh") << 0 << 2;
        QTest::newRow("modelarts single node") << QStringLiteral("ascend_modelarts_llama2_multinode.sh") << 1 << 4;
    }
    void launchFixturesRebuiltByteForByte()
    {
        QFETCH(QString, fixture);
        QFETCH(int, command);
        QFETCH(int, line);
        const QByteArray bytes = readFile(data(QStringLiteral("launch/") + fixture));
        const ConfigParseResult r = CommandLineImporter::import(QString::fromUtf8(bytes), {}, command);
        QVERIFY2(r, qPrintable(r.error));
        // Through the saved config file too, as the editor does.
        const ConfigParseResult reread = TrainingConfigJson::read(TrainingConfigJson::write(r.config));
        QVERIFY2(reread, qPrintable(reread.error));
        const QByteArray expected = line > 0 ? bytes.split('\n').at(line - 1) + '\n' : bytes;
        QCOMPARE(LaunchCommand::emit(reread.config).toUtf8(), expected);
    }

    void importedFieldsAreModelled()
    {
        const ConfigParseResult r = CommandLineImporter::import(
            QString::fromUtf8(readFile(data(QStringLiteral("launch/ascend_910b_qwen15_14b_fsdp_offload_ckpt.sh")))));
        QVERIFY(r);
        const TrainingConfig &c = r.config;
        QCOMPARE(c.launcher, QStringLiteral("torchrun"));
        QCOMPARE(c.devicesPerNode, 8);
        QCOMPARE(c.masterPort, QStringLiteral("29001"));
        QVERIFY(c.fp16);
        QVERIFY(c.gradientCheckpointing);
        QVERIFY(c.fsdp.enabled);
        QVERIFY(c.fsdp.cpuOffload);
        QCOMPARE(c.fsdp.sharding, QStringLiteral("full_shard"));
        QCOMPARE(c.fsdp.layerClass, QStringLiteral("Qwen2DecoderLayer"));
        QCOMPARE(c.microBatch, 1);
        QCOMPARE(c.gradAccum, 8);
        QCOMPARE(c.learningRate, 2e-5);
        QCOMPARE(c.parameters, qint64(14167290880)); // from the Qwen1.5-14B preset

        const ConfigParseResult acc = CommandLineImporter::import(
            QString::fromUtf8(readFile(data(QStringLiteral("launch/a100_llama2_70b_fsdp_2nodes_accelerate.sh")))));
        QVERIFY(acc);
        QCOMPARE(acc.config.nodes, 2);
        QCOMPARE(acc.config.devicesPerNode, 8);
        QCOMPARE(acc.config.masterAddr, QStringLiteral("$MASTER_ADDR"));
        QCOMPARE(acc.config.nodeRank, QStringLiteral("$MACHINE_RANK"));
        QCOMPARE(acc.config.seqLength, 2048);
        QVERIFY(acc.config.bf16);
        QVERIFY(acc.config.flashAttention);
    }

    void scriptAroundTheLaunchLine()
    {
        const QString script = QStringLiteral(
            "#!/bin/bash\ncd /workspace/code\nsource /usr/local/Ascend/ascend-toolkit/set_env.sh\n"
            "export HCCL_CONNECT_TIMEOUT=1200 ASCEND_LAUNCH_BLOCKING=0\n"
            "ASCEND_RT_VISIBLE_DEVICES=0,1,2,3 python -m torch.distributed.launch --nproc_per_node 4 --use_env "
            "train.py --model_name_or_path gpt2 --fp16 True\n");
        QCOMPARE(CommandLineImporter::commandCount(script), 1);
        QCOMPARE(int(ConfigImporter::detect(script.toUtf8())), int(ConfigImporter::Kind::CommandLine));
        const ConfigParseResult r = CommandLineImporter::import(script);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.config.devicesPerNode, 4);
        QVERIFY(r.config.launcherExtraArgs.isEmpty()); // --use_env has no torchrun equivalent
        const QList<QPair<QString, QString>> env{
            {QStringLiteral("HCCL_CONNECT_TIMEOUT"), QStringLiteral("1200")},
            {QStringLiteral("ASCEND_LAUNCH_BLOCKING"), QStringLiteral("0")},
            {QStringLiteral("ASCEND_RT_VISIBLE_DEVICES"), QStringLiteral("0,1,2,3")}};
        QCOMPARE(r.config.env, env);
        // The Ascend variables imply the npu backend, and the memory estimate runs on an Ascend device.
        QCOMPARE(r.config.backend, QStringLiteral("npu"));
        QCOMPARE(r.config.devicePreset, QStringLiteral("910B-64G"));
        QVERIFY(
            r.notes.join(QLatin1Char('\n')).contains(QLatin1String("backend npu (Huawei Ascend NPU) inferred from")));
        TrainingConfig npu = r.config;
        npu.backend = QStringLiteral("npu");
        const QString envScript = QString::fromUtf8(ConfigEmitter::environmentScript(npu));
        QCOMPARE(envScript.count(QLatin1String("ASCEND_RT_VISIBLE_DEVICES")), 1); // the user's line replaces ours
        QCOMPARE(envScript.count(QLatin1String("HCCL_CONNECT_TIMEOUT")), 1);
        QVERIFY(LaunchCommand::emit(r.config).startsWith(QLatin1String("torchrun --nproc_per_node=4 train.py \\\n")));
    }

    void editingKeepsTheRestOfTheLine()
    {
        ConfigParseResult r = CommandLineImporter::import(
            QString::fromUtf8(readFile(data(QStringLiteral("launch/ascend_910b_qwen15_7b_zero2.sh")))));
        QVERIFY(r);
        r.config.learningRate = 1e-5;
        r.config.gradAccum = 4;
        r.config.gradientCheckpointing = true;
        const QString line = LaunchCommand::emit(r.config);
        QVERIFY(line.contains(QLatin1String("\n--learning_rate 1e-5 \\\n")));
        QVERIFY(line.contains(QLatin1String("\n--gradient_accumulation_steps=4 \\\n"))); // its `=` spelling kept
        QVERIFY(line.contains(QLatin1String("\n--weight_decay 0. \\\n"))); // unchanged spelling kept
        QVERIFY(line.contains(QLatin1String("\n--eval_strategy \"no\" \\\n"))); // unmodelled, verbatim
        QVERIFY(line.endsWith(QLatin1String("--deepspeed ds_config_zero2.json \\\n--gradient_checkpointing True\n")));
        r.config.zero.enabled = false;
        QVERIFY(!LaunchCommand::emit(r.config).contains(QLatin1String("--deepspeed")));
    }

    void commandLineErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("unterminated") << QStringLiteral("torchrun train.py \\\n--fsdp \"full_shard")
                                      << QStringLiteral("line 2: unterminated");
        QTest::newRow("not a launcher") << QStringLiteral("mpirun -np 8 train.py")
                                        << QStringLiteral("line 1: \"mpirun\" is not a launcher");
        QTest::newRow("bad number") << QStringLiteral("torchrun train.py --per_device_train_batch_size two")
                                    << QStringLiteral("line 1: --per_device_train_batch_size: expected a whole number");
        // Found by fuzz_config: 2e50 was converted to int before being checked (undefined).
        QTest::newRow("number beyond int") << QStringLiteral("torchrun train.py --max_steps 2e50")
                                           << QStringLiteral("line 1: --max_steps: expected a whole number");
        QTest::newRow("bad fsdp") << QStringLiteral("torchrun train.py --fsdp \"full_shard turbo\"")
                                  << QStringLiteral("line 1: --fsdp: unknown --fsdp option \"turbo\"");
        QTest::newRow("no script") << QStringLiteral("torchrun --nproc_per_node=8")
                                   << QStringLiteral("line 1: no training script");
        QTest::newRow("comments only") << QStringLiteral("# nothing\n\n") << QStringLiteral("no command found");
    }
    void commandLineErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        const ConfigParseResult r = CommandLineImporter::import(text);
        QVERIFY(!r);
        QVERIFY2(r.error.startsWith(error), qPrintable(r.error));
    }

    void accelerateYamlRoundTripsByteForByte_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("fsdp1") << QStringLiteral("configs/accelerate_fsdp1_config.yaml");
        QTest::newRow("fsdp2") << QStringLiteral("configs/accelerate_fsdp2_config.yaml");
    }
    void accelerateYamlRoundTripsByteForByte()
    {
        QFETCH(QString, file);
        const QByteArray original = readFile(data(file));
        const ConfigParseResult r = AccelerateYaml::import(original);
        QVERIFY2(r, qPrintable(r.error));
        // Through the TrainingConfig file, so the kept keys survive serialisation as well.
        const ConfigParseResult saved = TrainingConfigJson::read(TrainingConfigJson::write(r.config));
        QVERIFY2(saved, qPrintable(saved.error));
        QCOMPARE(QString::fromUtf8(AccelerateYaml::write(saved.config)), QString::fromUtf8(original));
    }

    void accelerateYamlModelledAndKept()
    {
        const ConfigParseResult f1
            = AccelerateYaml::import(readFile(data(QStringLiteral("configs/accelerate_fsdp1_config.yaml"))));
        QVERIFY(f1.config.fsdp.enabled);
        QCOMPARE(f1.config.fsdp.version, 1);
        QCOMPARE(f1.config.fsdp.layerClass, QStringLiteral("BertLayer"));
        QCOMPARE(f1.config.fsdp.stateDictType, QStringLiteral("SHARDED_STATE_DICT"));
        QVERIFY(f1.config.fsdp.syncModuleStates);
        QVERIFY(f1.config.accelerateExtra.value(QStringLiteral("fsdp_config"))
                    .toObject()
                    .contains(QStringLiteral("fsdp_ignored_modules")));
        const ConfigParseResult f2
            = AccelerateYaml::import(readFile(data(QStringLiteral("configs/accelerate_fsdp2_config.yaml"))));
        QCOMPARE(f2.config.fsdp.version, 2);
        QVERIFY(f2.config.bf16);
        QCOMPARE(f2.config.worldSize(), 8);
        QCOMPARE(f2.config.accelerateExtra.value(QStringLiteral("parallelism_config"))
                     .toObject()
                     .value(QStringLiteral("parallelism_config_tp_size"))
                     .toInt(),
                 2);
        // Older accelerate wrote the sharding strategy as FSDP's enum number.
        const ConfigParseResult old = AccelerateYaml::import(
            "compute_environment: LOCAL_MACHINE\ndistributed_type: FSDP\nfsdp_config:\n  fsdp_sharding_strategy: 2\n");
        QVERIFY2(old, qPrintable(old.error));
        QCOMPARE(old.config.fsdp.sharding, QStringLiteral("shard_grad_op"));
    }

    void accelerateYamlErrors_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("error");
        QTest::newRow("syntax") << QByteArray("distributed_type: FSDP\nfsdp_config: [a,\n  b: c\n")
                                << QStringLiteral("line ");
        QTest::newRow("not a map") << QByteArray("- a\n- b\n") << QStringLiteral("expected a YAML mapping");
        QTest::newRow("bad policy") << QByteArray(
            "distributed_type: FSDP\nfsdp_config:\n  fsdp_auto_wrap_policy: MAGIC\n")
                                    << QStringLiteral("fsdp_config.fsdp_auto_wrap_policy: expected one of");
        QTest::newRow("bad bool") << QByteArray("distributed_type: FSDP\nfsdp_config:\n  fsdp_offload_params: maybe\n")
                                  << QStringLiteral("fsdp_config.fsdp_offload_params: expected true or false");
    }
    void accelerateYamlErrors()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, error);
        const ConfigParseResult r = AccelerateYaml::import(yaml);
        QVERIFY(!r);
        QVERIFY2(r.error.startsWith(error), qPrintable(r.error));
    }

    void deepspeedRoundTrip_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("zero2") << QStringLiteral("configs/deepspeed_config_zero2_offload_hf_auto.json");
        QTest::newRow("zero3") << QStringLiteral("configs/deepspeed_config_zero3_offload_hf_auto.json");
    }
    void deepspeedRoundTrip()
    {
        QFETCH(QString, file);
        QJsonObject original = QJsonDocument::fromJson(readFile(data(file))).object();
        const ConfigParseResult r = DeepSpeedJson::import(readFile(data(file)));
        QVERIFY2(r, qPrintable(r.error));
        QVERIFY(r.config.zero.hfAuto);
        const ConfigParseResult saved = TrainingConfigJson::read(TrainingConfigJson::write(r.config));
        QVERIFY(saved);
        // The one deliberate change: the HF Trainer rejects a number that differs from its
        // --gradient_accumulation_steps, so PortBench writes "auto" (docs/config.md).
        original[QStringLiteral("gradient_accumulation_steps")] = QStringLiteral("auto");
        QCOMPARE(DeepSpeedJson::emit(saved.config), original);
    }

    void deepspeedWithoutTrainerWritesNumbers()
    {
        TrainingConfig c;
        c.zero.enabled = true;
        c.zero.hfAuto = false;
        c.zero.stage = 3;
        c.bf16 = true;
        c.microBatch = 2;
        c.gradAccum = 4;
        c.devicesPerNode = 8;
        c.learningRate = 1e-4;
        const QJsonObject o = DeepSpeedJson::emit(c);
        QCOMPARE(o.value(QStringLiteral("train_batch_size")).toInt(), 64); // 2 × 4 × 8
        QCOMPARE(o.value(QStringLiteral("bf16")).toObject().value(QStringLiteral("enabled")).toBool(), true);
        QVERIFY(!o.contains(QStringLiteral("fp16")));
        const QJsonObject zero = o.value(QStringLiteral("zero_optimization")).toObject();
        QCOMPARE(zero.value(QStringLiteral("stage3_prefetch_bucket_size")).toDouble(),
                 5e7); // DeepSpeed's default for "auto"
        QVERIFY(!QJsonDocument(o).toJson().contains("\"auto\""));
    }

    void deepspeedErrors()
    {
        const ConfigParseResult r = DeepSpeedJson::import(R"({"zero_optimization": {"stage": "two"}})");
        QVERIFY(!r);
        QCOMPARE(r.error, QStringLiteral("zero_optimization.stage: expected a number or \"auto\""));
        const ConfigParseResult o
            = DeepSpeedJson::import(R"({"zero_optimization": {"stage": 3, "offload_param": {"device": "disk"}}})");
        QVERIFY(!o);
        QVERIFY(o.error.startsWith(QLatin1String("zero_optimization.offload_param.device")));
        // Whole numbers beyond int are refused, not converted (undefined behaviour before).
        const ConfigParseResult big = DeepSpeedJson::import(R"({"train_batch_size": 1e20})");
        QVERIFY(!big);
        QCOMPARE(big.error, QStringLiteral("train_batch_size: expected a whole number that fits 32 bits"));
        const ConfigParseResult stage = DeepSpeedJson::import(R"({"zero_optimization": {"stage": 2.5}})");
        QVERIFY(!stage);
        QCOMPARE(stage.error, QStringLiteral("zero_optimization.stage: expected a whole number that fits 32 bits"));
        const ConfigParseResult yaml
            = AccelerateYaml::import("distributed_type: FSDP\nfsdp_config:\n  fsdp_min_num_params: 2e50\n");
        QVERIFY(!yaml);
        QVERIFY2(yaml.error.contains(QLatin1String("fsdp_min_num_params")), qPrintable(yaml.error));
    }

    void detectsEachKind_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("kind");
        QTest::newRow("ds") << QStringLiteral("configs/deepspeed_config_zero3_offload_hf_auto.json")
                            << int(ConfigImporter::Kind::DeepSpeed);
        QTest::newRow("yaml") << QStringLiteral("configs/accelerate_fsdp1_config.yaml")
                              << int(ConfigImporter::Kind::Accelerate);
        QTest::newRow("torchrun") << QStringLiteral("launch/ascend_910b_qwen15_7b_fsdp.sh")
                                  << int(ConfigImporter::Kind::CommandLine);
        QTest::newRow("env + sh") << QStringLiteral("launch/ascend_modelarts_llama2_multinode.sh")
                                  << int(ConfigImporter::Kind::CommandLine);
        QTest::newRow("training config") << QStringLiteral("reference/qwen15_7b_fsdp.json")
                                         << int(ConfigImporter::Kind::TrainingConfig);
        QTest::newRow("not a config") << QStringLiteral("SOURCES.md") << int(ConfigImporter::Kind::Unknown);
    }
    void detectsEachKind()
    {
        QFETCH(QString, file);
        QFETCH(int, kind);
        QCOMPARE(int(ConfigImporter::detect(readFile(data(file)))), kind);
    }

    void mergedImport()
    {
        const ConfigParseResult r = ConfigImporter::importFiles(
            {data(QStringLiteral("launch/ascend_910b_qwen15_7b_zero2.sh")),
             data(QStringLiteral("configs/deepspeed_config_zero2_offload_hf_auto.json"))});
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.config.zero.stage, 2);
        QCOMPARE(r.config.zero.offloadOptimizer, QStringLiteral("cpu"));
        QCOMPARE(r.config.deepspeedConfigFile, QStringLiteral("ds_config_zero2.json")); // the launch line names it
        QCOMPARE(r.config.gradAccum, 8); // the launch line wins over the template's 1
    }

    void writerAsksBeforeOverwritingAndKeepsBackups()
    {
        QTemporaryDir dir;
        const ConfigArtifacts first{{QStringLiteral("sub/a.json"), {}, ConfigArtifact::Language::Json, "one"}};
        ArtifactWriter::Result r = ArtifactWriter::write(first, dir.path(), false);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.written, QStringList{QStringLiteral("sub/a.json")});
        QCOMPARE(ArtifactWriter::write(first, dir.path(), false).unchanged, QStringList{QStringLiteral("sub/a.json")});

        const ConfigArtifacts second{{QStringLiteral("sub/a.json"), {}, ConfigArtifact::Language::Json, "two"}};
        QCOMPARE(ArtifactWriter::conflicts(second, dir.path()), QStringList{QStringLiteral("sub/a.json")});
        r = ArtifactWriter::write(second, dir.path(), false);
        QVERIFY(!r);
        QCOMPARE(readFile(dir.filePath(QStringLiteral("sub/a.json"))), QByteArray("one"));
        r = ArtifactWriter::write(second, dir.path(), true);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(readFile(dir.filePath(QStringLiteral("sub/a.json"))), QByteArray("two"));
        QCOMPARE(readFile(dir.filePath(QStringLiteral("sub/a.json.bak"))), QByteArray("one"));
        const ConfigArtifacts escape{{QStringLiteral("../evil.sh"), {}, ConfigArtifact::Language::Shell, "x"}};
        QVERIFY(!ArtifactWriter::write(escape, dir.path(), true));
    }
};

QTEST_GUILESS_MAIN(TestConfigEmit)
#include "tst_configemit.moc"
