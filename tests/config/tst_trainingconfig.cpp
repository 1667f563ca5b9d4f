// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "core/sources/config/backendprofiles.h"
#include "core/sources/config/configschema.h"
#include "core/sources/config/configvalidator.h"
#include "core/sources/config/trainingconfigjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

/// TrainingConfig JSON (versioning, field-precise errors) and every validation rule.
class TestTrainingConfig : public QObject
{
    Q_OBJECT

    static QJsonValue valueAt(const QJsonObject &o, const QString &path)
    {
        QJsonValue v = o;
        for (const QString &key : path.split(QLatin1Char('.')))
            v = v.toObject().value(key);
        return v;
    }

    static void setAt(QJsonObject &o, QStringView path, const QJsonValue &value)
    {
        const qsizetype dot = path.indexOf(QLatin1Char('.'));
        if (dot < 0) {
            o[path.toString()] = value;
            return;
        }
        QJsonObject child = o.value(path.left(dot).toString()).toObject();
        setAt(child, path.mid(dot + 1), value);
        o[path.left(dot).toString()] = child;
    }

    static TrainingConfig valid()
    {
        TrainingConfig c;
        c.launcher = QStringLiteral("torchrun");
        c.nodes = 1;
        c.devicesPerNode = 8;
        c.bf16 = true;
        c.microBatch = 2;
        c.gradAccum = 8;
        return c;
    }

private Q_SLOTS:
    void initTestCase()
    {
        // Backends, device presets and environment lines come from the backend plugins.
        QVERIFY2(!builtPlugins().backends().isEmpty(), "the backend plugins are not built");
        QVERIFY(BackendProfiles::find(QStringLiteral("npu")));
    }

    void jsonRoundTrip()
    {
        TrainingConfig c = valid();
        c.name = QStringLiteral("rt");
        c.fsdp.enabled = true;
        c.fsdp.layerClass = QStringLiteral("Qwen2DecoderLayer");
        c.zero.reduceBucketSize = 2e8;
        c.env.append({QStringLiteral("HCCL_CONNECT_TIMEOUT"), QStringLiteral("1200")});
        c.trainerArgs.append({QStringLiteral("data_path"), QStringLiteral("./x.json"), false, true});
        c.deepspeedExtra[QStringLiteral("steps_per_print")] = 2000;
        const ConfigParseResult r = TrainingConfigJson::read(TrainingConfigJson::write(c));
        QVERIFY2(r, qPrintable(r.error));
        QVERIFY(TrainingConfigJson::equal(r.config, c));
        QCOMPARE(r.config.zero.reduceBucketSize.toDouble(), 2e8);
        QCOMPARE(r.config.trainerArgs.first().raw, QStringLiteral("./x.json"));
    }

    void readErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("newer version") << QByteArray(R"({"version": 2, "launch": {}})")
                                       << QStringLiteral(
                                              "version: this file is version 2, written by a newer PortBench");
        QTest::newRow("no version") << QByteArray(R"({"launch": {}})") << QStringLiteral("version: expected");
        QTest::newRow("bad stage") << QByteArray(R"({"version": 1, "strategy": {"zero": {"stage": 4}}})")
                                   << QStringLiteral("strategy.zero.stage: expected 0, 1, 2 or 3");
        QTest::newRow("bad launcher") << QByteArray(R"({"version": 1, "launch": {"launcher": "mpirun"}})")
                                      << QStringLiteral("launch.launcher: expected one of torchrun");
        QTest::newRow("wrong type") << QByteArray(R"({"version": 1, "schedule": {"microBatch": "two"}})")
                                    << QStringLiteral("schedule.microBatch: expected a number");
        QTest::newRow("fraction") << QByteArray(R"({"version": 1, "launch": {"nodes": 1.5}})")
                                  << QStringLiteral("launch.nodes: expected a whole number");
        QTest::newRow("bucket") << QByteArray(R"({"version": 1, "strategy": {"zero": {"reduceBucketSize": "big"}}})")
                                << QStringLiteral("strategy.zero.reduceBucketSize: expected a number or \"auto\"");
        QTest::newRow("syntax") << QByteArray("{\"version\": 1,\n\"launch\": }")
                                << QStringLiteral("line 2 (byte 26): ");
    }
    void readErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        const ConfigParseResult r = TrainingConfigJson::read(json);
        QVERIFY(!r);
        QVERIFY2(r.error.startsWith(expected), qPrintable(r.error));
    }

    void validConfigHasNoIssues() { QVERIFY(ConfigValidator::validate(valid()).isEmpty()); }

    void rules_data()
    {
        QTest::addColumn<QByteArray>("patch");
        QTest::addColumn<int>("devicesFound");
        QTest::addColumn<QString>("field");
        QTest::addColumn<bool>("isError");
        QTest::addColumn<QString>("text");
        auto row
            = [](const char *name, const char *patch, const char *field, bool error, const char *text, int found = -1) {
                  QTest::newRow(name) << QByteArray(patch) << found << QString::fromLatin1(field) << error
                                      << QString::fromUtf8(text);
              };
        row("fp16 and bf16", R"({"precision": {"fp16": true, "bf16": true}})", "precision.bf16", true, "both on");
        row("fsdp and zero",
            R"({"strategy": {"fsdp": {"enabled": true, "layerClass": "X"}, "zero": {"enabled": true}}})",
            "strategy.zero.enabled", true, "FSDP and DeepSpeed ZeRO are both on");
        row("auto wrap without class", R"({"strategy": {"fsdp": {"enabled": true, "autoWrap": "transformer"}}})",
            "strategy.fsdp.layerClass", true, "needs the decoder layer class");
        row("auto wrap without class, accelerate",
            R"({"launch": {"launcher": "accelerate"}, "strategy": {"fsdp": {"enabled": true}}})",
            "strategy.fsdp.layerClass", false, "_no_split_modules");
        row("global batch", R"({"schedule": {"globalBatch": 100}})", "schedule.globalBatch", true,
            "global batch 100 ≠ micro batch 2 × accumulation 8 × data-parallel size 8 = 128");
        row("tp pp world",
            R"({"launch": {"launcher": "megatron", "devicesPerNode": 12}, "strategy": {"megatron": {"tp": 8}}})",
            "strategy.megatron.tp", true, "TP × PP × CP = 8 × 1 × 1 = 8 does not divide the world size 12");
        row("bf16 on V100", R"({"hardware": {"devicePreset": "V100-32G"}})", "precision.bf16", true,
            "NVIDIA V100 32GB has no bf16 support");
        row("bf16 on 910A", R"({"backend": "npu", "hardware": {"devicePreset": "910A-32G"}})", "precision.bf16", true,
            "Ascend 910A 32GB has no bf16 support");
        row("nvme without path", R"({"strategy": {"zero": {"enabled": true, "stage": 3, "offloadParam": "nvme"}}})",
            "strategy.zero.nvmePath", true, "NVMe offload needs the path");
        row("zero3 offload on npu",
            R"({"backend": "npu", "hardware": {"devicePreset": "910B-64G"}, "strategy": {"zero": {"enabled": true, "stage": 3, "offloadOptimizer": "cpu"}}})",
            "strategy.zero.stage", false, "ZeRO-3 with offload is reported failing on Ascend NPU");
        row("devices found", "{}", "launch.devicesPerNode", true,
            "8 processes per node, but the environment check found 4 device(s)", 4);
        row("param offload below stage 3",
            R"({"strategy": {"zero": {"enabled": true, "stage": 2, "offloadParam": "cpu"}}})",
            "strategy.zero.offloadParam", true, "needs ZeRO stage 3");
        row("multi-node without master", R"({"launch": {"nodes": 2}})", "launch.masterAddr", true,
            "need a master address");
        row("bad port", R"({"launch": {"masterPort": "99999"}})", "launch.masterPort", true, "not a port number");
        row("heads vs tp",
            R"({"launch": {"launcher": "megatron"}, "model": {"heads": 12}, "strategy": {"megatron": {"tp": 8}}})",
            "strategy.megatron.tp", true, "12 attention heads are not divisible by TP 8");
        row("device backend", R"({"hardware": {"devicePreset": "910B-64G"}})", "hardware.devicePreset", false,
            "is a npu device but the backend is cuda");
    }
    void rules()
    {
        QFETCH(QByteArray, patch);
        QFETCH(int, devicesFound);
        QFETCH(QString, field);
        QFETCH(bool, isError);
        QFETCH(QString, text);
        // Apply the patch over a valid config, so exactly the rule under test can fire.
        QJsonObject base = TrainingConfigJson::toJson(valid());
        const QJsonObject p = QJsonDocument::fromJson(patch).object();
        for (auto it = p.begin(); it != p.end(); ++it) {
            QJsonObject section = base.value(it.key()).toObject();
            if (!it.value().isObject()) {
                base[it.key()] = it.value();
                continue;
            }
            const QJsonObject values = it.value().toObject();
            for (auto v = values.begin(); v != values.end(); ++v) {
                if (v.value().isObject()) {
                    QJsonObject inner = section.value(v.key()).toObject();
                    const QJsonObject iv = v.value().toObject();
                    for (auto w = iv.begin(); w != iv.end(); ++w)
                        inner[w.key()] = w.value();
                    section[v.key()] = inner;
                } else {
                    section[v.key()] = v.value();
                }
            }
            base[it.key()] = section;
        }
        const ConfigParseResult r = TrainingConfigJson::fromJson(base);
        QVERIFY2(r, qPrintable(r.error));
        const ConfigIssues issues
            = ConfigValidator::validate(r.config, devicesFound >= 0 ? std::optional<int>(devicesFound) : std::nullopt);
        bool found = false;
        for (const ConfigIssue &i : issues) {
            if (i.field == field && i.message.contains(text)) {
                QCOMPARE(i.isError(), isError);
                found = true;
            }
        }
        QVERIFY2(found, qPrintable(QStringLiteral("no %1 issue \"%2\"; got: %3").arg(field, text, [&issues] {
                     QStringList all;
                     for (const ConfigIssue &i : issues)
                         all << i.toString();
                     return all.join(QStringLiteral(" | "));
                 }())));
    }

    void derivedBatchAndParallelSizes()
    {
        TrainingConfig c = valid();
        c.launcher = QStringLiteral("megatron");
        c.nodes = 4;
        c.megatron.tp = 8;
        c.megatron.pp = 2;
        // world 32 / (TP 8 × PP 2) = DP 2; global = 2 × 8 × 2 = 32
        QCOMPARE(c.worldSize(), 32);
        QCOMPARE(c.dataParallelSize(), 2);
        QCOMPARE(c.derivedGlobalBatch(), 32);
        c.launcher = QStringLiteral("torchrun"); // TP/PP only count under Megatron
        QCOMPARE(c.dataParallelSize(), 32);
    }

    /// One table (ConfigSchemaField) drives the writer, the reader and the editor: every field is
    /// written at its path, read from there (a wrong type names it), and shown iff it has a section.
    void schemaDrivesWriterReaderAndEditor()
    {
        const TrainingConfig defaults;
        const QJsonObject json = TrainingConfigJson::toJson(defaults);
        const QList<ConfigField> editor = ConfigField::catalog();
        QStringList editorPaths;
        for (const ConfigField &f : editor)
            editorPaths << f.path;
        int shown = 0;
        for (const ConfigSchemaField &f : ConfigSchemaField::all()) {
            QCOMPARE(valueAt(json, f.path), f.value(defaults));
            QJsonObject broken = json;
            setAt(broken, f.path, QJsonArray{});
            const ConfigParseResult r = TrainingConfigJson::fromJson(broken);
            QVERIFY2(r.error.startsWith(f.path + QStringLiteral(": expected")),
                     qPrintable(f.path + QLatin1String(" → ") + r.error));
            QCOMPARE(editorPaths.contains(f.path), !f.section.isEmpty());
            shown += f.section.isEmpty() ? 0 : 1;
        }
        QCOMPARE(editorPaths.size(), shown);
        // The backend choices are the loaded plugins'.
        const auto backend = std::find_if(editor.cbegin(), editor.cend(),
                                          [](const ConfigField &f) { return f.path == QLatin1String("backend"); });
        QVERIFY(backend != editor.cend());
        QCOMPARE(backend->choices, BackendProfiles::ids());
    }
};

QTEST_GUILESS_MAIN(TestTrainingConfig)
#include "tst_trainingconfig.moc"
