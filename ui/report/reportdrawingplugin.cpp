// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

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
