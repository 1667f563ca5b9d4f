#pragma once

#include "report/reportdocument.h"

#include <QString>
#include <QStringList>

/// Writes a ReportDocument to a file chosen by suffix — `.html`/`.htm` (self-contained), `.pdf`,
/// `.md` (PNG figures and the aligned parity CSV beside it) — shared by `portbench-cli report` and
/// the Report dialog. Every file is written atomically; an existing one is kept as `.bak`.
class ReportExporter
{
public:
    static QStringList suffixes(); ///< html, htm, pdf, md
    static bool supports(const QString &path);

    /// Returns an error naming the file, empty on success. written receives every file written.
    static QString write(const ReportDocument &doc, const QString &path, QStringList *written = nullptr);
    /// Writes bytes atomically, keeping an existing file as `.bak`.
    static QString writeFile(const QString &path, const QByteArray &bytes);
};
