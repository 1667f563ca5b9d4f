// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "core/sources/config/backendprofiles.h"
#include "core/sources/config/deepspeedestimator.h"
#include "core/sources/config/memoryestimator.h"
#include "core/sources/config/trainingconfigjson.h"

#include <QFile>
#include <QTest>

/// The memory estimator and DeepSpeed's estimator formulas on worked examples. Every expected
/// number is computed by hand in the comment next to it (docs/config.md has the formulas).
class TestConfigMemory : public QObject
{
    Q_OBJECT

    static TrainingConfig reference(const char *name)
    {
        QFile f(QStringLiteral(PORTBENCH_TEST_DATA "/config/reference/%1.json").arg(QLatin1String(name)));
        if (!f.open(QIODevice::ReadOnly))
            qFatal("missing reference %s", name);
        return TrainingConfigJson::read(f.readAll()).config;
    }

private Q_SLOTS:
    void initTestCase()
    {
        // Backends, device presets and environment lines come from the backend plugins.
        QVERIFY2(!builtPlugins().backends().isEmpty(), "the backend plugins are not built");
        QVERIFY(BackendProfiles::find(QStringLiteral("npu")));
    }

    void deepspeedZero2()
    {
        // Ψ = 1e9 parameters, 8 GPUs on 1 node, buffer factor 1.5
        // offload:    gpu = 2Ψ = 2e9;             cpu = Ψ · max(4·8, 16) · 1.5 = 1e9 · 32 · 1.5 = 48e9
        const auto off = DeepSpeedEstimator::zero2(1e9, 8, 1, true);
        QCOMPARE(off.gpuBytes, 2e9);
        QCOMPARE(off.cpuBytes, 48e9);
        // no offload: gpu = 4Ψ + int(16Ψ/8) = 4e9 + 2e9 = 6e9;  cpu = Ψ · 4 · 8 · 1.5 = 48e9
        const auto on = DeepSpeedEstimator::zero2(1e9, 8, 1, false);
        QCOMPARE(on.gpuBytes, 6e9);
        QCOMPARE(on.cpuBytes, 48e9);
        // 2 nodes × 8, offload: cpu = Ψ · max(4·16, 16) · 1.5 = 1e9 · 64 · 1.5 = 96e9
        QCOMPARE(DeepSpeedEstimator::zero2(1e9, 8, 2, true).cpuBytes, 96e9);
    }

    void deepspeedZero3()
    {
        // Ψ = 1e9, largest layer 1e8, 8 GPUs, 1 node, buffer factor 1.5; largest layer memory = 4 · 1e8 = 4e8
        // offload params + optimizer, zero_init: gpu = 4e8;  cpu = Ψ · 18 · (1/1) · 1.5 = 27e9
        auto n = DeepSpeedEstimator::zero3(1e9, 1e8, 8, 1, true, true, true);
        QCOMPARE(n.gpuBytes, 4e8);
        QCOMPARE(n.cpuBytes, 27e9);
        // optimizer only: gpu = 4e8 + int(2Ψ/8) = 4e8 + 2.5e8 = 6.5e8;  cpu = Ψ · 16 · 1.5 = 24e9
        n = DeepSpeedEstimator::zero3(1e9, 1e8, 8, 1, true, false, true);
        QCOMPARE(n.gpuBytes, 6.5e8);
        QCOMPARE(n.cpuBytes, 24e9);
        // no offload: gpu = 4e8 + int(18Ψ/8) = 4e8 + 2.25e9 = 2.65e9;  cpu (zero_init) = 1e8 · 4 · 8 · 1.5 = 4.8e9
        n = DeepSpeedEstimator::zero3(1e9, 1e8, 8, 1, false, false, true);
        QCOMPARE(n.gpuBytes, 2.65e9);
        QCOMPARE(n.cpuBytes, 4.8e9);
        // no offload, no zero_init: cpu = Ψ · 4 · 8 · 1.5 = 48e9
        QCOMPARE(DeepSpeedEstimator::zero3(1e9, 1e8, 8, 1, false, false, false).cpuBytes, 48e9);
        // 2 nodes, offload both, no zero_init: cpu = Ψ · max(4·8, 18 · 1/2) · 1.5 = 1e9 · 32 · 1.5 = 48e9
        QCOMPARE(DeepSpeedEstimator::zero3(1e9, 1e8, 8, 2, true, true, false).cpuBytes, 48e9);
    }

    void qwen7bFsdpFullShard()
    {
        const MemoryEstimate e = MemoryEstimator::estimate(reference("qwen15_7b_fsdp"));
        QVERIFY2(e, qPrintable(e.error));
        // Ψ = 7,721,324,544, fp16, FULL_SHARD over 8: params = 2Ψ/8 = 1,930,331,136; optimizer = 12Ψ/8 = 11,581,986,816
        QCOMPARE(e.parameters, 1930331136.0);
        QCOMPARE(e.gradients, 1930331136.0);
        QCOMPARE(e.optimizer, 11581986816.0);
        // gathered: 2 layers · 12 · 4096² · 2 bytes = 805,306,368
        QCOMPARE(e.gatheredParameters, 805306368.0);
        // s=512, b=2, h=4096, a=32: s·b·h = 4,194,304; 5·a·s/h = 20 → 4,194,304 · 54 = 226,492,416 per layer; · 32
        // layers
        QCOMPARE(e.activations, 7247757312.0);
        // logits: 4 · 512 · 2 · 151,936 = 622,329,856
        QCOMPARE(e.logits, 622329856.0);
        // subtotal 24,118,042,624; + 10 % margin = 26,529,846,886.4 (24.7 GiB) < 64 GiB
        QCOMPARE(e.total, 26529846886.4);
        QVERIFY(e.fits());
        QCOMPARE(e.hostBytesPerNode, 0.0);
    }

    void qwen14bFsdpOffloadCheckpointing()
    {
        const MemoryEstimate e = MemoryEstimator::estimate(reference("qwen15_14b_fsdp_offload_ckpt"));
        QVERIFY(e);
        // FSDP CPU offload: no model states on the device; host = 16Ψ per node = 16 · 14,167,290,880
        QCOMPARE(e.modelStates() - e.gatheredParameters, 0.0);
        QCOMPARE(e.hostBytesPerNode, 226676654080.0);
        // gathered: 2 · 12 · 5120² · 2 = 1,258,291,200
        QCOMPARE(e.gatheredParameters, 1258291200.0);
        // checkpointing: 40 layers · 2·s·b·h (2 · 512 · 1 · 5120 = 5,242,880) = 209,715,200
        //   + one recomputed layer 512 · 5120 · (34 + 5·40·512/5120 = 20) = 2,621,440 · 54 = 141,557,760
        QCOMPARE(e.activations, 351272960.0);
        // logits 4 · 512 · 152,064 = 311,427,072; total (1,920,991,232) · 1.1
        QCOMPARE(e.total, 2113090355.2);
    }

    void qwen7bZero2OffloadAgainstDeepSpeed()
    {
        const MemoryEstimate e = MemoryEstimator::estimate(reference("qwen15_7b_zero2"));
        QVERIFY(e);
        // ZeRO-Offload keeps only the fp16 parameters on the device: 2Ψ = 15,442,649,088 …
        QCOMPARE(e.parameters, 15442649088.0);
        QCOMPARE(e.gradients + e.optimizer, 0.0);
        // … which is exactly DeepSpeed's estimate_zero2_model_states_mem_needs(cpu_offload=True) gpu figure.
        QCOMPARE(e.deepspeedDeviceBytes, e.parameters);
        // host: (2 + 12)Ψ/8 per device · 8 devices = 14Ψ = 108,098,543,616 (DeepSpeed budgets 48Ψ with its buffers)
        QCOMPARE(e.hostBytesPerNode, 108098543616.0);
        QCOMPARE(e.deepspeedHostBytes, 7721324544.0 * 48);
        // (15,442,649,088 + 7,247,757,312 + 622,329,856) · 1.1
        QCOMPARE(e.total, 25644009881.6);
    }

    void megatronTp8SequenceParallel()
    {
        const MemoryEstimate e = MemoryEstimator::estimate(reference("llama2_13b_megatron_tp8_pp1"));
        QVERIFY(e);
        // Ψ/TP = 13,015,864,320 / 8 = 1,626,983,040; bf16 params 2·, grads 2·, optimizer 12· (DP 1: no sharding)
        QCOMPARE(e.parameters, 3253966080.0);
        QCOMPARE(e.optimizer, 19523796480.0);
        // SP: s·b·h·(34 + 5as/h)/t = 4096·5120·(34 + 160)/8 = 508,559,360 per layer · 40
        QCOMPARE(e.activations, 20342374400.0);
        // vocab-parallel logits 4 · 4096 · 32000 / 8 = 65,536,000
        QCOMPARE(e.logits, 65536000.0);
        QCOMPARE(e.total, 46439639040.0 * 1.1);
        QVERIFY(e.fits()); // 47.6 GiB on a 64 GiB 910B
    }

    void tensorParallelWithoutSequenceParallel()
    {
        TrainingConfig c;
        c.launcher = QStringLiteral("megatron");
        c.megatron.tp = 4;
        c.bf16 = true;
        c.seqLength = 2048;
        c.microBatch = 1;
        c.hiddenSize = 4096;
        c.heads = 32;
        // s·b·h = 8,388,608; 5as/h = 80 → (10 + (24 + 80)/4) = 36 → 301,989,888
        QCOMPARE(MemoryEstimator::activationBytesPerLayer(c), 301989888.0);
        c.flashAttention = true; // (10 + 24/4) = 16 → 134,217,728
        QCOMPARE(MemoryEstimator::activationBytesPerLayer(c), 134217728.0);
        c.bf16 = false; // fp32 activations double
        QCOMPARE(MemoryEstimator::activationBytesPerLayer(c), 268435456.0);
    }

    void ddpDoesNotFit()
    {
        TrainingConfig c = reference("qwen15_7b_fsdp");
        c.fsdp.enabled = false;
        const MemoryEstimate e = MemoryEstimator::estimate(c);
        // DDP replicates 16Ψ = 123,541,192,704 bytes of model states per device: far over 64 GiB
        QCOMPARE(e.modelStates(), 16 * 7721324544.0);
        QVERIFY(!e.fits());
    }

    void missingParameterCountIsAnError()
    {
        const MemoryEstimate e = MemoryEstimator::estimate(TrainingConfig());
        QVERIFY(!e);
        QVERIFY(e.error.startsWith(QLatin1String("model.parameters")));
    }
};

QTEST_GUILESS_MAIN(TestConfigMemory)
#include "tst_configmemory.moc"
