#include "devicepreset.h"

QList<DevicePreset> DevicePreset::all()
{
    // Usable memory is what the vendor tool reports as total (a "64 GB" 910B shows 65536 MB).
    return {
        {QStringLiteral("A100-80G"), QStringLiteral("NVIDIA A100 80GB"), QStringLiteral("cuda"), 80, true},
        {QStringLiteral("A100-40G"), QStringLiteral("NVIDIA A100 40GB"), QStringLiteral("cuda"), 40, true},
        {QStringLiteral("H100-80G"), QStringLiteral("NVIDIA H100 80GB"), QStringLiteral("cuda"), 80, true},
        {QStringLiteral("H200-141G"), QStringLiteral("NVIDIA H200 141GB"), QStringLiteral("cuda"), 141, true},
        {QStringLiteral("V100-32G"), QStringLiteral("NVIDIA V100 32GB"), QStringLiteral("cuda"), 32, false},
        {QStringLiteral("V100-16G"), QStringLiteral("NVIDIA V100 16GB"), QStringLiteral("cuda"), 16, false},
        {QStringLiteral("RTX4090-24G"), QStringLiteral("NVIDIA RTX 4090 24GB"), QStringLiteral("cuda"), 24, true},
        {QStringLiteral("910B-64G"), QStringLiteral("Ascend 910B (B1/B2/B3) 64GB"), QStringLiteral("npu"), 64, true},
        {QStringLiteral("910B4-32G"), QStringLiteral("Ascend 910B4 32GB"), QStringLiteral("npu"), 32, true},
        {QStringLiteral("910A-32G"), QStringLiteral("Ascend 910A 32GB"), QStringLiteral("npu"), 32, false},
        {QStringLiteral("S4000-48G"), QStringLiteral("Moore Threads MTT S4000 48GB"), QStringLiteral("musa"), 48, true},
        {QStringLiteral("custom"), QStringLiteral("Custom"), QString(), 0, true},
    };
}

DevicePreset DevicePreset::find(const QString &id, double customGiB)
{
    const QList<DevicePreset> presets = all();
    for (const DevicePreset &p : presets) {
        if (p.id == id && id != QLatin1String("custom"))
            return p;
    }
    return {QStringLiteral("custom"), QStringLiteral("Custom (%1 GiB)").arg(customGiB), QString(), customGiB, true};
}
