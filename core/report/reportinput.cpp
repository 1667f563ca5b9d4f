// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportinput.h"

#include "runs/runlistmodel.h"

quint32 ReportInput::color(int run) const
{
    return run < colors.size() ? colors.at(run) : RunListModel::paletteColor(run);
}
