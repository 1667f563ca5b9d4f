// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/report/reportdocument.h"

#include <QColor>
#include <QFont>
#include <QString>
#include <QStringList>
#include <QVector>

class QIODevice;
class QPagedPaintDevice;
class QPainter;
class ReportFigurePainter;

/// A ReportDocument as an A4 PDF drawn with QPainter on QPdfWriter: charts are drawn as vectors by
/// the same chart code as the GUI, text stays text (searchable, pdftotext reads it), every page has
/// a footer with "page N of M", and the first page a table of contents with page numbers.
///
/// Layout runs twice: once into a scratch PDF to learn where each section starts and how many
/// pages there are, then for real. Tables wrap cells, break across pages and repeat their header.
class ReportPdfWriter
{
public:
    explicit ReportPdfWriter(ReportFigurePainter &figures);

    /// The font families for a report in language, Latin first: a Chinese report names its CJK
    /// font itself (Debian's fonts-noto-cjk) rather than leaving Han text to fontconfig's fallback,
    /// which may pick a Japanese face or none. Empty when the language needs a font that is not
    /// installed.
    static QStringList fontFamilies(const QString &language);

    /// Writes the PDF into device; false with error when the device cannot be written or the
    /// report's language has no font installed (a Chinese report without fonts-noto-cjk).
    bool write(const ReportDocument &doc, QIODevice *device, QString *error);

private:
    void layout(const ReportDocument &doc, QPagedPaintDevice *device);
    QFont font(double points, bool bold = false) const;
    void newPage();
    void footer();
    /// Moves to a new page unless `height` fits below the cursor.
    void ensure(double height);
    double textHeight(const QString &text, const QFont &font, double width) const;
    /// Width of text on one line (its widest line where it has line breaks).
    double textWidth(const QString &text, const QFont &font) const;
    double longestWord(const QString &text, const QFont &font) const;
    /// Draws text wrapped into box.width() at box's top left, with the current pen.
    void drawWrapped(const QString &text, const QFont &font, const QRectF &box);
    void text(const QString &text, const QFont &font, const QColor &color = Qt::black, double indent = 0,
              double after = 6);
    void table(const ReportDocument::Block &block);
    void tableRow(const QStringList &cells, const QVector<double> &widths, const QFont &font, const QColor &fill,
                  double height);
    void code(const QString &text);
    void verdict(const ReportDocument::Block &block);
    /// The page box of a figure block: its drawing scaled to the text width (or to fit a page)
    /// with its caption below.
    QSizeF figureSize(const ReportDocument &doc, const ReportDocument::Block &block) const;
    void figure(const ReportDocument &doc, const ReportDocument::Block &block);
    void contents(const ReportDocument &doc);

    ReportFigurePainter &m_figures;
    QPainter *m_painter = nullptr;
    QPagedPaintDevice *m_device = nullptr;
    QRectF m_page; ///< the printable area in painter coordinates
    double m_y = 0;
    int m_pageNumber = 1;
    int m_pageCount = 0; ///< from the first pass; 0 during it
    QVector<int> m_sectionPages; ///< from the first pass
    QVector<int> m_sectionPagesSeen; ///< collected while laying out
    QString m_title;
    QStringList m_fontFamilies; ///< for the document's language, Latin first
};
