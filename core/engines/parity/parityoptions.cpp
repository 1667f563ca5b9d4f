// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "parityoptions.h"

#include "paritypresets.h"

ParityOptions ParityOptions::forPreset(const QString &name)
{
    const ParityPreset *preset = ParityPresets::find(name);
    return preset ? preset->options : ParityOptions();
}

ParityOptions ParityOptions::forPreset(const QString &name, std::optional<double> relTol, std::optional<double> absTol)
{
    ParityOptions o = forPreset(name);
    const bool custom = o.preset == customPreset();
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
