// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportinput.h"

#include "core/workflows/runs/loadedrunsmodel.h"

quint32 ReportInput::color(int run) const
{
    return run < colors.size() ? colors.at(run) : LoadedRunsModel::paletteColor(run);
}
