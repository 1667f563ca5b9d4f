// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/report/reportdocument.h"

#include <QString>
#include <QStringList>
#include <QtPlugin>

class QCoreApplication;

/// Report figures and PDF pages are drawn by the GUI's own chart code (Qt Charts, widgets), so that
/// reports show exactly what the Charts dock shows. `portbench-cli` reaches that code through this
/// runtime module (ui/report, loaded through RuntimeModule by `report` and `demo`), and itself
/// links no widget, chart or OpenGL library. Versioned like DeviceBackend.
class ReportDrawingModule
{
public:
    virtual ~ReportDrawingModule() = default;

    /// The application object the drawing needs (a QApplication: Qt Charts are graphics widgets),
    /// on the platform QT_QPA_PLATFORM names. Called once, before any other application object.
    virtual QCoreApplication *createApplication(int &argc, char **argv) const = 0;

    /// ReportExporter::write: the report as `.html`, `.pdf` or `.md` (PNG figures beside it);
    /// returns an error naming the file, empty on success. written receives every file written.
    virtual QString write(const ReportDocument &doc, const QString &path, QStringList *written) const = 0;

    /// The module, loaded on first use; nullptr with *error saying why it cannot be used.
    static const ReportDrawingModule *load(QString *error);
};

#define ReportDrawingModule_iid "org.portbench.ReportDrawingModule/1.0"
Q_DECLARE_INTERFACE(ReportDrawingModule, ReportDrawingModule_iid)
