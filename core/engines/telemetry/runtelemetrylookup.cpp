// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runtelemetrylookup.h"

#include "telemetrycapture.h"

#include <QDir>
#include <QFileInfo>

QStringList RunTelemetryLookup::besideLog(const QString &logPath)
{
    const QFileInfo log(logPath);
    const QDir folder(log.isDir() ? log.absoluteFilePath() : log.absolutePath());
    if (logPath.isEmpty() || !folder.exists(QStringLiteral("run.json")))
        return {};
    QStringList files;
    for (const QString &name : folder.entryList({QStringLiteral("telemetry-*.tel")}, QDir::Files, QDir::Name))
        files << folder.filePath(name);
    return files;
}

RunTelemetrySummary RunTelemetryLookup::read(const QStringList &files, const QList<const DeviceBackend *> &backends)
{
    RunTelemetrySummary summary;
    for (const QString &file : files) {
        const TelemetryCapture::Result r = TelemetryCapture::read(file, backends);
        if (r)
            summary.add(r.recording, file);
        else
            summary.problems << r.error;
    }
    return summary;
}
