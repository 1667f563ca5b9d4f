// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/report/reportdrawingmodule.h"

#include <QObject>

/// The drawing module's root object: ReportDrawingModule over ReportExporter (the Charts dock's
/// CurveChart, offscreen). Built as portbench_report_module.so for `portbench-cli`; the GUI links
/// portbench_ui and calls ReportExporter directly.
class ReportDrawingPlugin : public QObject, public ReportDrawingModule
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID ReportDrawingModule_iid FILE "reportdrawing.json")
    Q_INTERFACES(ReportDrawingModule)

public:
    QCoreApplication *createApplication(int &argc, char **argv) const override;
    QString write(const ReportDocument &doc, const QString &path, QStringList *written) const override;
};
