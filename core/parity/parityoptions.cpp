// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

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
    } else if (preset == Preset::MindSpore) {
        // Per step only for the classes and the envelope: the guide judges the first step and the means.
        o.relTol = 0.01;
        o.minWithinShare = 0.0;
        o.meanRelLimit = 0.01;
        o.meanAbsLimit = 0.01;
        o.meanEitherLimit = true;
        o.firstStepAbsLimit = 0.005;
        o.firstStepRelLimit = 0.005;
        o.gradNormMeanRelLimit = 0.10;
        o.divergenceFails = false;
        o.minJudgedSteps = 1000;
    } else if (preset == Preset::FlagPerf) {
        o.skipWarmup = 20; // judged from step 21 on
        o.minWithinShare = 0.0;
        o.meanRelLimit = 0.02;
        o.divergenceFails = false;
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

ParityOptions ParityOptions::forPreset(Preset preset, std::optional<double> relTol, std::optional<double> absTol)
{
    ParityOptions o = forPreset(preset);
    const bool custom = preset == Preset::Custom;
    if (custom)
        o.relTol = o.absTol = o.meanRelLimit = o.meanAbsLimit = 0;
    if (relTol) {
        o.relTol = *relTol;
        if (o.meanRelLimit > 0 || custom)
            o.meanRelLimit = *relTol;
    }
    if (absTol) {
        o.absTol = *absTol;
        if (o.meanAbsLimit > 0 || (custom && o.relTol == 0))
            o.meanAbsLimit = *absTol;
    }
    return o;
}

QString ParityOptions::presetName(Preset preset)
{
    switch (preset) {
    case Preset::Ascend: return QStringLiteral("ascend");
    case Preset::Strict: return QStringLiteral("strict");
    case Preset::MindSpore: return QStringLiteral("mindspore");
    case Preset::FlagPerf: return QStringLiteral("flagperf");
    case Preset::Stackcheck: return QStringLiteral("stackcheck");
    case Preset::Custom: break;
    }
    return QStringLiteral("custom");
}

QString ParityOptions::presetSource(Preset preset)
{
    switch (preset) {
    case Preset::Ascend:
        return QStringLiteral("MindSpeed-LLM CI loss gate and ModelLink NPU-vs-GPU accuracy reports: every step "
                              "within 2 % relative, mean relative error < 2 %, >= 99.9 % of steps within");
    case Preset::Strict:
        return QStringLiteral("Moore Threads MUSA porting guide: with dropout off, MUSA and CUDA losses agree to "
                              "1e-4 at every step");
    case Preset::MindSpore:
        return QStringLiteral("MindSpore/MindFormers precision tuning guide: first step abs < 0.005 or rel < 0.5 %; "
                              "mean over the run abs < 0.01 or rel < 1 %; global grad norm mean rel <= 10 %; "
                              ">= 1,000 steps");
    case Preset::FlagPerf:
        return QStringLiteral("FlagPerf (BAAI) training correctness: from step 21 on, mean relative loss error "
                              "< 2 %");
    case Preset::Stackcheck:
        return QStringLiteral(
            "PortBench's stack check (docs/stackcheck.md): tolerances chosen from measured spreads of "
            "its reference workload: every step within 0.5 % relative, mean < 0.1 %, >= 99 % of steps within");
    case Preset::Custom: break;
    }
    return QStringLiteral("user-given tolerances");
}

bool ParityOptions::presetFromName(const QString &name, Preset *preset)
{
    for (Preset p :
         {Preset::Ascend, Preset::Strict, Preset::MindSpore, Preset::FlagPerf, Preset::Stackcheck, Preset::Custom}) {
        if (name.compare(presetName(p), Qt::CaseInsensitive) == 0) {
            *preset = p;
            return true;
        }
    }
    return false;
}

QStringList ParityOptions::presetNames()
{
    return {presetName(Preset::Ascend),   presetName(Preset::Strict),     presetName(Preset::MindSpore),
            presetName(Preset::FlagPerf), presetName(Preset::Stackcheck), presetName(Preset::Custom)};
}

QStringList ParityOptions::fixedPresetNames()
{
    QStringList names = presetNames();
    names.removeAll(presetName(Preset::Custom));
    return names;
}
