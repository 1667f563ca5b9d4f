#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

/// The report files PortBench writes, chosen by suffix — `.html`/`.htm`, `.pdf`, `.md` — and the one
/// way each file is written: atomically, an existing one kept as `.bak`. Drawing them is
/// ReportExporter's (ui/report), which `portbench-cli` reaches through ReportDrawingModule.
class ReportFiles
{
public:
    static QStringList suffixes(); ///< html, htm, pdf, md
    static bool supports(const QString &path);
    /// Writes bytes atomically, keeping an existing file as `.bak`; returns an error naming the file.
    static QString writeFile(const QString &path, const QByteArray &bytes);
};
