#include "parityoptions.h"

ParityOptions ParityOptions::forPreset(Preset preset)
{
    ParityOptions o;
    o.preset = preset;
    if (preset == Preset::Strict) {
        o.relTol = 0.0;
        o.absTol = 1e-4;
        o.minWithinShare = 1.0;
        o.meanRelLimit = 0.0;
        o.meanAbsLimit = 1e-4;
    } else if (preset == Preset::Stackcheck) {
        // docs/stackcheck.md: CPU runs of the workload across thread counts, DDP and precisions
        // stay far inside these; a 25 % learning-rate change or a doubled embedding does not.
        o.relTol = 0.005;
        o.absTol = 0.0;
        o.minWithinShare = 0.99;
        o.meanRelLimit = 0.001;
    }
    return o;
}

QString ParityOptions::presetName(Preset preset)
{
    switch (preset) {
    case Preset::Ascend:
        return QStringLiteral("ascend");
    case Preset::Strict:
        return QStringLiteral("strict");
    case Preset::Stackcheck:
        return QStringLiteral("stackcheck");
    case Preset::Custom:
        break;
    }
    return QStringLiteral("custom");
}

bool ParityOptions::presetFromName(const QString &name, Preset *preset)
{
    for (Preset p : {Preset::Ascend, Preset::Strict, Preset::Stackcheck, Preset::Custom}) {
        if (name.compare(presetName(p), Qt::CaseInsensitive) == 0) {
            *preset = p;
            return true;
        }
    }
    return false;
}

QStringList ParityOptions::presetNames()
{
    return {presetName(Preset::Ascend), presetName(Preset::Strict), presetName(Preset::Stackcheck),
            presetName(Preset::Custom)};
}
