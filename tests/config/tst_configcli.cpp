// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

/// `portbench-cli config …` end to end: exit codes, --json, files written.
class TestConfigCli : public QObject
{
    Q_OBJECT

    static QString data(const QString &relative) { return QStringLiteral(PORTBENCH_TEST_DATA "/config/") + relative; }

private Q_SLOTS:
    void validate()
    {
        CliResult r = runCli({QStringLiteral("config"), QStringLiteral("validate"),
                              data(QStringLiteral("reference/qwen15_7b_fsdp.json"))});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("ok: no problems found"));
        // Fewer devices found than processes per node: a negative answer, named by field.
        r = runCli({QStringLiteral("config"), QStringLiteral("validate"), QStringLiteral("--devices"),
                    QStringLiteral("4"), QStringLiteral("--json"),
                    data(QStringLiteral("reference/qwen15_7b_fsdp.json"))});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject o = r.json().object();
        QCOMPARE(o.value(QStringLiteral("valid")).toBool(), false);
        QCOMPARE(
            o.value(QStringLiteral("issues")).toArray().first().toObject().value(QStringLiteral("field")).toString(),
            QStringLiteral("launch.devicesPerNode"));
    }

    void inputErrors()
    {
        CliResult r
            = runCli({QStringLiteral("config"), QStringLiteral("validate"), QStringLiteral("/nonexistent.json")});
        QCOMPARE(r.exitCode, 2);
        r = runCli({QStringLiteral("config"), QStringLiteral("frobnicate"), data(QStringLiteral("SOURCES.md"))});
        QCOMPARE(r.exitCode, 2);
        r = runCli({QStringLiteral("config"), QStringLiteral("validate"), data(QStringLiteral("SOURCES.md"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("SOURCES.md: not a TrainingConfig"));
    }

    void importEmitRoundTrip()
    {
        QTemporaryDir dir;
        const QString cfg = dir.filePath(QStringLiteral("cfg.json"));
        CliResult r = runCli({QStringLiteral("config"), QStringLiteral("import"), QStringLiteral("--out"), cfg,
                              data(QStringLiteral("launch/ascend_910b_qwen15_7b_zero2.sh")),
                              data(QStringLiteral("configs/deepspeed_config_zero2_offload_hf_auto.json"))});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QFile::exists(cfg));
        QVERIFY(r.err.contains("kept verbatim"));
        // A second import onto the same file is refused without --force.
        r = runCli({QStringLiteral("config"), QStringLiteral("import"), QStringLiteral("--out"), cfg,
                    data(QStringLiteral("launch/ascend_910b_qwen15_7b_fsdp.sh"))});
        QCOMPARE(r.exitCode, 2); // an input error, not a negative answer
        QVERIFY(r.err.contains("use --force"));

        const QString out = dir.filePath(QStringLiteral("out"));
        r = runCli({QStringLiteral("config"), QStringLiteral("emit"), cfg, QStringLiteral("--out"), out,
                    QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QStringList written = r.json().object().value(QStringLiteral("written")).toVariant().toStringList();
        QVERIFY(written.contains(QStringLiteral("launch.sh")));
        QVERIFY(written.contains(QStringLiteral("ds_config_zero2.json")));
        QFile launch(QDir(out).filePath(QStringLiteral("launch.sh")));
        QVERIFY(launch.open(QIODevice::ReadOnly));
        QFile fixture(data(QStringLiteral("launch/ascend_910b_qwen15_7b_zero2.sh")));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        QCOMPARE(launch.readAll(), fixture.readAll());
    }

    void emitRefusesInconsistentConfig()
    {
        QTemporaryDir dir;
        QFile bad(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(R"({"version": 1, "launch": {"launcher": "torchrun"}, "precision": {"fp16": true, "bf16": true}})");
        bad.close();
        const CliResult r = runCli({QStringLiteral("config"), QStringLiteral("emit"), bad.fileName(),
                                    QStringLiteral("--out"), dir.filePath(QStringLiteral("o"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("error: precision.bf16"));
        QVERIFY(!QDir(dir.filePath(QStringLiteral("o"))).exists());
    }

    void memory()
    {
        CliResult r = runCli({QStringLiteral("config"), QStringLiteral("memory"), QStringLiteral("--json"),
                              data(QStringLiteral("reference/qwen15_7b_zero2.json"))});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json().object();
        QCOMPARE(o.value(QStringLiteral("parameters")).toDouble(), 15442649088.0);
        QVERIFY(o.value(QStringLiteral("fits")).toBool());
        QCOMPARE(o.value(QStringLiteral("deepspeedDeviceBytes")).toDouble(), 15442649088.0);
        r = runCli({QStringLiteral("config"), QStringLiteral("memory"),
                    data(QStringLiteral("reference/llama2_70b_fsdp_2nodes.json"))});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("fits"));
        QVERIFY(r.out.contains("Assumptions:"));
    }

    /// An Ascend launch line is estimated on an Ascend device: from --backend for a bare torchrun
    /// line, from the script's own Ascend variables otherwise.
    void memoryOnTheLaunchLinesDevice_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("device");
        const QString bare = data(QStringLiteral("launch/ascend_910b_qwen15_7b_fsdp.sh"));
        QTest::newRow("bare line") << QStringList{bare} << QStringLiteral("NVIDIA A100 80GB");
        QTest::newRow("--backend npu") << QStringList{bare, QStringLiteral("--backend"), QStringLiteral("npu")}
                                       << QStringLiteral("Ascend 910B (B1/B2/B3) 64GB");
        QTest::newRow("--backend musa") << QStringList{bare, QStringLiteral("--backend"), QStringLiteral("musa")}
                                        << QStringLiteral("Moore Threads MTT S4000 48GB");
    }
    void memoryOnTheLaunchLinesDevice()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, device);
        const CliResult r
            = runCli(QStringList{QStringLiteral("config"), QStringLiteral("memory"), QStringLiteral("--json")} + args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().object().value(QStringLiteral("device")).toString(), device);
    }

    void importInfersTheBackendFromTheScript()
    {
        QTemporaryDir dir;
        QFile script(dir.filePath(QStringLiteral("run.sh")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("source /usr/local/Ascend/ascend-toolkit/set_env.sh\n");
        QFile fixture(data(QStringLiteral("launch/ascend_910b_qwen15_7b_fsdp.sh")));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        script.write(fixture.readAll());
        script.close();
        const CliResult r
            = runCli({QStringLiteral("config"), QStringLiteral("memory"), QStringLiteral("--json"), script.fileName()});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().object().value(QStringLiteral("device")).toString(),
                 QStringLiteral("Ascend 910B (B1/B2/B3) 64GB"));
        const CliResult bad = runCli({QStringLiteral("config"), QStringLiteral("memory"), script.fileName(),
                                      QStringLiteral("--backend"), QStringLiteral("tpu")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("--backend: 'tpu' is not a loaded backend"));
    }
};

QTEST_GUILESS_MAIN(TestConfigCli)
#include "tst_configcli.moc"
