// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportexporter.h"

#include "io/safefilewriter.h"
#include "report/reportfiles.h"
#include "report/reporthtmlwriter.h"
#include "report/reportmarkdownwriter.h"
#include "reportfigurepainter.h"
#include "reportpdfwriter.h"

#include <QDir>
#include <QFileInfo>
#include <QFont>
#include <QGuiApplication>

namespace {

/// While it lives, Han text drawn in the application's font (the charts' titles, axes and legends)
/// falls back to the report's CJK face instead of the first CJK font fontconfig lists, which on a
/// non-Chinese locale is the Japanese one (other glyph shapes for the same characters).
class ChartFontFallback
{
public:
    explicit ChartFontFallback(const QString &language)
        : m_family(QGuiApplication::font().family())
        , m_before(QFont::substitutes(m_family))
    {
        const QStringList families = ReportPdfWriter::fontFamilies(language);
        if (families.size() > 1)
            QFont::insertSubstitutions(m_family, QStringList{families.last()} + m_before);
    }
    ~ChartFontFallback()
    {
        QFont::removeSubstitutions(m_family);
        if (!m_before.isEmpty())
            QFont::insertSubstitutions(m_family, m_before);
    }
    ChartFontFallback(const ChartFontFallback &) = delete;
    ChartFontFallback &operator=(const ChartFontFallback &) = delete;

private:
    QString m_family;
    QStringList m_before;
};

} // namespace

QString ReportExporter::write(const ReportDocument &doc, const QString &path, QStringList *written)
{
    const ChartFontFallback chartFonts(doc.language);
    const QFileInfo info(path);
    const QString suffix = info.suffix().toLower();
    ReportFigurePainter figures;
    QString error;
    if (suffix == QLatin1String("html") || suffix == QLatin1String("htm")) {
        error = SafeFileWriter::writeFile(path, ReportHtmlWriter::write(doc, &figures).toUtf8());
    } else if (suffix == QLatin1String("md")) {
        const QString base = info.completeBaseName();
        const ReportMarkdownWriter::Output out = ReportMarkdownWriter::write(doc, &figures, base);
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
        if (!file.commit())
            return file.error();
    } else {
        return QStringLiteral("%1: unknown report format \"%2\" (use .html, .pdf or .md)").arg(path, suffix);
    }
    if (error.isEmpty() && written)
        written->append(path);
    return error;
}
