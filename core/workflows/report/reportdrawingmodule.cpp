// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportdrawingmodule.h"

#include "core/sources/plugins/runtimemodule.h"

const ReportDrawingModule *ReportDrawingModule::load(QString *error)
{
    const ReportDrawingModule *module
        = RuntimeModule::load<ReportDrawingModule>(QStringLiteral("portbench_report_module"), error);
    // It needs Qt Widgets/Charts, so it ships with the GUI package, not with portbench-cli.
    if (!module && error)
        *error += QStringLiteral("; it comes with the Debian package portbench (the GUI)");
    return module;
}
