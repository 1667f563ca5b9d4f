#include "reportdrawingmodule.h"

#include "runtimemodule.h"

const ReportDrawingModule *ReportDrawingModule::load(QString *error)
{
    return RuntimeModule::load<ReportDrawingModule>(QStringLiteral("portbench_report_module"), error);
}
