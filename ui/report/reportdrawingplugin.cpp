#include "reportdrawingplugin.h"

#include "reportexporter.h"

#include <QApplication>

QCoreApplication *ReportDrawingPlugin::createApplication(int &argc, char **argv) const
{
    return new QApplication(argc, argv);
}

QString ReportDrawingPlugin::write(const ReportDocument &doc, const QString &path, QStringList *written) const
{
    return ReportExporter::write(doc, path, written);
}
