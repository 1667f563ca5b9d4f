// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportexporter.h"

#include "core/base/io/safefilewriter.h"
#include "core/workflows/report/reportfiles.h"
#include "core/workflows/report/reporthtmlwriter.h"
#include "core/workflows/report/reportmarkdownwriter.h"
#include "chartfontfallback.h"
#include "reportfigurepainter.h"
#include "reportpdfwriter.h"

#include <QDir>
#include <QFileInfo>

QString ReportExporter::write(const ReportDocument &doc, const QString &path, QStringList *written)
{
    const ChartFontFallback chartFonts(doc.language);
    ReportFigurePainter figures;
    return write(doc, path, figures, {}, written);
}

QString ReportExporter::write(const ReportDocument &doc, const QString &path, ReportFigurePainter &figures,
                              const std::function<bool()> &cancelled, QStringList *written)
{
    // Checked once everything is drawn and before the first file is written, so a cancelled
    // export leaves no file, not some of a Markdown report's.
    const auto stopped = [&cancelled, &path] {
        return cancelled && cancelled() ? QStringLiteral("%1: export cancelled, nothing written").arg(path) : QString();
    };
    const QFileInfo info(path);
    const QString suffix = info.suffix().toLower();
    QString error;
    if (suffix == QLatin1String("html") || suffix == QLatin1String("htm")) {
        const QByteArray html = ReportHtmlWriter::write(doc, &figures).toUtf8();
        error = stopped();
        if (!error.isEmpty())
            return error;
        error = SafeFileWriter::writeFile(path, html);
    } else if (suffix == QLatin1String("md")) {
        const QString base = info.completeBaseName();
        const ReportMarkdownWriter::Output out = ReportMarkdownWriter::write(doc, &figures, base);
        error = stopped();
        if (!error.isEmpty())
            return error;
        QVector<QPair<QString, QByteArray>> files = out.files;
        for (const auto &[name, bytes] : doc.attachments)
            files.append({base + QLatin1Char('-') + name, bytes});
        for (const auto &[name, bytes] : files) {
            const QString file = info.dir().filePath(name);
            error = SafeFileWriter::writeFile(file, bytes);
            if (!error.isEmpty())
                return error;
            if (written)
                written->append(file);
        }
        error = SafeFileWriter::writeFile(path, out.markdown.toUtf8());
    } else if (suffix == QLatin1String("pdf")) {
        SafeFileWriter file(path);
        if (!file.open(QIODevice::WriteOnly))
            return file.error();
        ReportPdfWriter pdf(figures);
        if (!pdf.write(doc, &file, &error))
            return file.error().isEmpty() ? error : file.error();
        error = stopped();
        if (!error.isEmpty())
            return error; // not committed: the temporary file goes, the old file stays
        if (!file.commit())
            return file.error();
    } else {
        return QStringLiteral("%1: unknown report format \"%2\" (use .html, .pdf or .md)").arg(path, suffix);
    }
    if (error.isEmpty() && written)
        written->append(path);
    return error;
}
