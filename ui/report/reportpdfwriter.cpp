// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportpdfwriter.h"

#include "core/base/model/verdictcolors.h"
#include "core/workflows/report/reportwords.h"
#include "pdftounicodefix.h"
#include "reportfigurepainter.h"

#include <QBuffer>
#include <QFontDatabase>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QTextLayout>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace {

constexpr int resolution = 96; ///< layout units are CSS-like pixels; output stays vector
constexpr double footerHeight = 22;

QColor severityColor(const QString &severity)
{
    VerdictColors::Level level;
    return VerdictColors::fromName(severity, &level) ? QColor::fromRgb(VerdictColors::strong(level))
                                                     : QColor(0x57, 0x60, 0x6a);
}

QColor rowFill(const QString &severity)
{
    VerdictColors::Level level;
    return VerdictColors::fromName(severity, &level) ? QColor::fromRgb(VerdictColors::fill(level))
                                                     : QColor(Qt::transparent);
}

} // namespace

QStringList ReportPdfWriter::fontFamilies(const QString &language)
{
    const QString latin = QStringLiteral("DejaVu Sans");
    if (!language.startsWith(QLatin1String("zh")))
        return {latin};
    const QStringList installed = QFontDatabase::families(QFontDatabase::SimplifiedChinese);
    for (const QString &preferred : {QStringLiteral("Noto Sans CJK SC"), QStringLiteral("Source Han Sans SC"),
                                     QStringLiteral("Noto Sans SC"), QStringLiteral("WenQuanYi Zen Hei")}) {
        if (installed.contains(preferred))
            return {latin, preferred};
    }
    return {};
}

namespace {

/// Lays text out in lines of at most width, breaking at word boundaries and inside a word only
/// when one word is wider than the line (paths, identifiers); returns the height. Measuring and
/// drawing share this so a measured box always holds its text.
double wrap(QTextLayout &layout, double width)
{
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    layout.beginLayout();
    double y = 0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        line.setPosition(QPointF(0, y));
        y += line.height();
    }
    layout.endLayout();
    return y;
}

QString layoutText(const QString &text)
{
    QString t = text;
    t.replace(QLatin1Char('\n'), QChar::LineSeparator);
    return t;
}

void setup(QPdfWriter &pdf, const QString &title)
{
    pdf.setResolution(resolution);
    pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 15),
                                  QPageLayout::Millimeter));
    pdf.setTitle(title);
    pdf.setCreator(QStringLiteral("PortBench"));
}

} // namespace

ReportPdfWriter::ReportPdfWriter(ReportFigurePainter &figures)
    : m_figures(figures)
{ }

QFont ReportPdfWriter::font(double points, bool bold) const
{
    QFont f;
    f.setFamilies(m_fontFamilies);
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

bool ReportPdfWriter::write(const ReportDocument &doc, QIODevice *device, QString *error)
{
    m_title = doc.title;
    m_fontFamilies = fontFamilies(doc.language);
    if (m_fontFamilies.isEmpty()) {
        *error = QStringLiteral("no Simplified Chinese font for a %1 PDF: install the Debian package fonts-noto-cjk")
                     .arg(doc.language);
        return false;
    }
    {
        // First pass: where sections start, how many pages.
        QBuffer scratch;
        scratch.open(QIODevice::WriteOnly);
        QPdfWriter pdf(&scratch);
        setup(pdf, doc.title);
        m_pageCount = 0;
        m_sectionPages.clear();
        layout(doc, &pdf);
        m_sectionPages = m_sectionPagesSeen;
        m_pageCount = m_pageNumber;
    }
    QBuffer bytes;
    bytes.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&bytes);
        setup(pdf, doc.title);
        layout(doc, &pdf);
    }
    if (m_pageNumber != m_pageCount) {
        *error = QStringLiteral("internal: the PDF layout passes disagree (%1 vs %2 pages)")
                     .arg(m_pageNumber)
                     .arg(m_pageCount);
        return false;
    }
    // Chinese text: copy, search and pdftotext give 齐 and 生, not the radicals ⻬ and ⽣.
    const QByteArray out = m_fontFamilies.size() > 1
        ? PdfToUnicodeFix::apply(bytes.data(), PdfToUnicodeFix::radicalsToIdeographs(m_fontFamilies.last()))
        : bytes.data();
    if (device->write(out) != out.size()) {
        *error = device->errorString();
        return false;
    }
    return true;
}

void ReportPdfWriter::layout(const ReportDocument &doc, QPagedPaintDevice *device)
{
    QPainter painter;
    if (!painter.begin(device))
        return;
    m_painter = &painter;
    m_device = device;
    const QRect paint = device->pageLayout().paintRectPixels(resolution);
    m_page = QRectF(0, 0, paint.width(), paint.height() - footerHeight);
    m_pageNumber = 1;
    m_y = 0;
    m_sectionPagesSeen.clear();

    text(doc.title, font(20, true), Qt::black, 0, 2);
    if (!doc.subtitle.isEmpty())
        text(doc.subtitle, font(10), QColor(0x57, 0x60, 0x6a), 0, 2);
    text(ReportWords::generatedBy(doc.generated, doc.language), font(9), QColor(0x57, 0x60, 0x6a), 0, 10);
    if (!doc.verdict.isEmpty()) {
        const QFont f = font(14, true);
        const QString label = ReportWords::overallVerdict(doc.verdict);
        const double h = textHeight(label, f, m_page.width()) + 10;
        const double w = textWidth(label, f) + 24;
        painter.fillRect(QRectF(0, m_y, w, h), severityColor(ReportDocument::severityOf(doc.verdict)));
        painter.setFont(f);
        painter.setPen(Qt::white);
        painter.drawText(QRectF(12, m_y + 5, w, h), label);
        m_y += h + 14;
    }
    contents(doc);

    for (int s = 0; s < doc.sections.size(); ++s) {
        const ReportDocument::Section &section = doc.sections.at(s);
        // A section title stays with its first figure, or at least a few lines of its text.
        const bool figureFirst
            = !section.blocks.isEmpty() && section.blocks.first().kind == ReportDocument::Block::Kind::Figure;
        ensure(std::min(m_page.height(), 50 + (figureFirst ? figureSize(doc, section.blocks.first()).height() : 70)));
        m_sectionPagesSeen.append(m_pageNumber);
        m_y += 8;
        text(section.title, font(15, true), Qt::black, 0, 2);
        painter.setPen(QPen(QColor(0xd0, 0xd7, 0xde), 1.5));
        painter.drawLine(QPointF(0, m_y), QPointF(m_page.width(), m_y));
        m_y += 8;
        for (const ReportDocument::Block &b : section.blocks) {
            switch (b.kind) {
            case ReportDocument::Block::Kind::Heading:
                ensure(80);
                m_y += 4;
                text(b.text, font(12, true));
                break;
            case ReportDocument::Block::Kind::Paragraph: text(b.text, font(9.5)); break;
            case ReportDocument::Block::Kind::Verdict: verdict(b); break;
            case ReportDocument::Block::Kind::List:
                for (const QString &item : b.items)
                    text(QStringLiteral("•  ") + item, font(9), Qt::black, 10, 2);
                m_y += 4;
                break;
            case ReportDocument::Block::Kind::Table: table(b); break;
            case ReportDocument::Block::Kind::Code: code(b.text); break;
            case ReportDocument::Block::Kind::Figure: figure(doc, b); break;
            }
        }
    }
    footer();
    painter.end();
    m_painter = nullptr;
}

void ReportPdfWriter::contents(const ReportDocument &doc)
{
    text(ReportWords::contents(), font(13, true), Qt::black, 0, 4);
    const QFont f = font(10);
    const QFontMetricsF fm(f, m_device);
    m_painter->setFont(f);
    for (int s = 0; s < doc.sections.size(); ++s) {
        const QString page = s < m_sectionPages.size() ? QString::number(m_sectionPages.at(s)) : QStringLiteral("?");
        const QString label = QStringLiteral("%1.  %2").arg(s + 1).arg(doc.sections.at(s).title);
        const double h = fm.height() + 3;
        m_painter->setPen(Qt::black);
        m_painter->drawText(QRectF(10, m_y, m_page.width() - 60, h), Qt::AlignLeft | Qt::AlignVCenter, label);
        m_painter->drawText(QRectF(m_page.width() - 50, m_y, 50, h), Qt::AlignRight | Qt::AlignVCenter, page);
        const double dotsFrom = 10 + fm.horizontalAdvance(label) + 6;
        const double dotsTo = m_page.width() - 50 + 50 - fm.horizontalAdvance(page) - 6;
        m_painter->setPen(QPen(QColor(0xaa, 0xaa, 0xaa), 1, Qt::DotLine));
        if (dotsTo > dotsFrom)
            m_painter->drawLine(QPointF(dotsFrom, m_y + h - 5), QPointF(dotsTo, m_y + h - 5));
        m_y += h;
    }
    m_y += 14;
}

void ReportPdfWriter::footer()
{
    const QFont f = font(8);
    m_painter->setFont(f);
    m_painter->setPen(QColor(0x57, 0x60, 0x6a));
    const QRectF area(0, m_page.bottom() + 4, m_page.width(), footerHeight - 4);
    m_painter->drawText(area, Qt::AlignLeft | Qt::AlignVCenter, m_title);
    const QString page = ReportWords::page(m_pageNumber, m_pageCount);
    m_painter->drawText(area, Qt::AlignRight | Qt::AlignVCenter, page);
}

void ReportPdfWriter::newPage()
{
    footer();
    m_device->newPage();
    ++m_pageNumber;
    m_y = 0;
}

void ReportPdfWriter::ensure(double height)
{
    if (m_y > 0 && m_y + height > m_page.height())
        newPage();
}

double ReportPdfWriter::textHeight(const QString &s, const QFont &f, double width) const
{
    QTextLayout layout(layoutText(s), f, m_device);
    return wrap(layout, width);
}

double ReportPdfWriter::textWidth(const QString &s, const QFont &f) const
{
    QTextLayout layout(layoutText(s), f, m_device);
    wrap(layout, 1e6);
    double w = 0;
    for (int i = 0; i < layout.lineCount(); ++i)
        w = std::max(w, layout.lineAt(i).naturalTextWidth());
    return w;
}

double ReportPdfWriter::longestWord(const QString &s, const QFont &f) const
{
    static const QRegularExpression space(QStringLiteral("\\s+"));
    double w = 0;
    for (const QString &word : s.split(space, Qt::SkipEmptyParts))
        w = std::max(w, textWidth(word, f));
    return w;
}

void ReportPdfWriter::drawWrapped(const QString &s, const QFont &f, const QRectF &box)
{
    QTextLayout layout(layoutText(s), f, m_device);
    wrap(layout, box.width());
    layout.draw(m_painter, box.topLeft());
}

void ReportPdfWriter::text(const QString &s, const QFont &f, const QColor &color, double indent, double after)
{
    const double width = m_page.width() - indent;
    const double h = textHeight(s, f, width);
    ensure(std::min(h, m_page.height()));
    m_painter->setPen(color);
    drawWrapped(s, f, QRectF(indent, m_y, width, h));
    m_y += h + after;
}

void ReportPdfWriter::verdict(const ReportDocument::Block &b)
{
    const QColor color = severityColor(b.severity);
    const QFont head = font(10.5, true);
    const QFont item = font(9);
    const double width = m_page.width() - 16;
    double h = textHeight(b.text, head, width) + 10;
    for (const QString &i : b.items)
        h += textHeight(QStringLiteral("•  ") + i, item, width - 10) + 2;
    ensure(std::min(h, m_page.height()));
    const double top = m_y;
    m_painter->fillRect(QRectF(0, top, m_page.width(), std::min(h, m_page.height() - top)), QColor(0xf6, 0xf8, 0xfa));
    m_painter->fillRect(QRectF(0, top, 5, std::min(h, m_page.height() - top)), color);
    m_y += 5;
    text(b.text, head, color, 14, 3);
    for (const QString &i : b.items)
        text(QStringLiteral("•  ") + i, item, Qt::black, 24, 2);
    m_y += 8;
}

void ReportPdfWriter::tableRow(const QStringList &cells, const QVector<double> &widths, const QFont &f,
                               const QColor &fill, double height)
{
    double x = 0;
    m_painter->setFont(f);
    for (int c = 0; c < widths.size(); ++c) {
        const QRectF cell(x, m_y, widths.at(c), height);
        if (fill.alpha() > 0)
            m_painter->fillRect(cell, fill);
        m_painter->setPen(QPen(QColor(0xd0, 0xd7, 0xde), 0.7));
        m_painter->drawRect(cell);
        m_painter->setPen(Qt::black);
        drawWrapped(c < cells.size() ? cells.at(c) : QString(), f, cell.adjusted(3, 2, -3, -2));
        x += widths.at(c);
    }
    m_y += height;
}

void ReportPdfWriter::table(const ReportDocument::Block &b)
{
    if (b.header.isEmpty())
        return;
    const QFont cellFont = font(7.5);
    const QFont headFont = font(7, true); // a size smaller so eight short headers fit A4 on one line each
    const int columns = int(b.header.size());
    // Each column gets at least its longest word (so "Format" never breaks as "Forma|t"), then
    // the room left is shared in proportion to how much wider each column would like to be; a
    // long path wraps inside its own column instead of squeezing the others.
    constexpr double padding = 7; // the 3 + 3 cell margins and one unit so a measured line never wraps
    QVector<double> natural(columns, 0);
    QVector<double> minimum(columns, 0);
    for (int c = 0; c < columns; ++c) {
        natural[c] = textWidth(b.header.at(c), headFont) + padding;
        minimum[c] = longestWord(b.header.at(c), headFont) + padding;
        for (const QStringList &row : b.rows) {
            if (c < row.size()) {
                natural[c] = std::max(natural[c], textWidth(row.at(c), cellFont) + padding);
                minimum[c] = std::max(minimum[c], std::min(longestWord(row.at(c), cellFont) + padding, 90.0));
            }
        }
    }
    const double page = m_page.width();
    const double naturalTotal = std::accumulate(natural.begin(), natural.end(), 0.0);
    const double minimumTotal = std::accumulate(minimum.begin(), minimum.end(), 0.0);
    QVector<double> widths = natural;
    if (naturalTotal > page) {
        for (int c = 0; c < columns; ++c) {
            widths[c] = minimumTotal >= page
                ? minimum[c] * page / minimumTotal
                : minimum[c] + (natural[c] - minimum[c]) * (page - minimumTotal) / (naturalTotal - minimumTotal);
        }
    }
    const auto rowHeight = [&](const QStringList &cells, const QFont &f) {
        double h = 0;
        for (int c = 0; c < columns; ++c)
            h = std::max(h, textHeight(c < cells.size() ? cells.at(c) : QString(), f, widths.at(c) - 6));
        return h + 4;
    };
    const double headHeight = rowHeight(b.header, headFont);
    if (!b.text.isEmpty()) {
        ensure(textHeight(b.text, font(8.5, true), m_page.width()) + headHeight + 20);
        text(b.text, font(8.5, true), Qt::black, 0, 3);
    }
    ensure(headHeight + 20);
    tableRow(b.header, widths, headFont, QColor(0xf6, 0xf8, 0xfa), headHeight);
    for (int r = 0; r < b.rows.size(); ++r) {
        const double h = std::min(rowHeight(b.rows.at(r), cellFont), m_page.height() - headHeight);
        if (m_y + h > m_page.height()) {
            newPage();
            tableRow(b.header, widths, headFont, QColor(0xf6, 0xf8, 0xfa), headHeight);
        }
        tableRow(b.rows.at(r), widths, cellFont, rowFill(r < b.rowSeverity.size() ? b.rowSeverity.at(r) : QString()),
                 h);
    }
    m_y += 10;
}

void ReportPdfWriter::code(const QString &s)
{
    QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    f.setPointSizeF(7);
    const QFontMetricsF fm(f, m_device);
    const double line = fm.lineSpacing();
    m_painter->setFont(f);
    for (const QString &l : s.split(QLatin1Char('\n'))) {
        const double h = textHeight(l.isEmpty() ? QStringLiteral(" ") : l, f, m_page.width() - 12);
        ensure(h);
        m_painter->fillRect(QRectF(0, m_y, m_page.width(), std::max(h, line)), QColor(0xf6, 0xf8, 0xfa));
        m_painter->setPen(Qt::black);
        drawWrapped(l, f, QRectF(6, m_y, m_page.width() - 12, h));
        m_y += std::max(h, line);
    }
    m_y += 10;
}

QSizeF ReportPdfWriter::figureSize(const ReportDocument &doc, const ReportDocument::Block &b) const
{
    const ReportDocument::Figure &f = doc.figures.at(b.figure);
    double width = m_page.width();
    double height = width * f.size.height() / std::max(1, f.size.width());
    const double caption = textHeight(f.caption, font(8), width) + 12;
    if (height + caption > m_page.height()) {
        height = m_page.height() - caption;
        width = height * f.size.width() / std::max(1, f.size.height());
    }
    return {width, height + caption};
}

void ReportPdfWriter::figure(const ReportDocument &doc, const ReportDocument::Block &b)
{
    const ReportDocument::Figure &f = doc.figures.at(b.figure);
    const QSizeF size = figureSize(doc, b);
    const double width = size.width();
    const double height = size.height() - (textHeight(f.caption, font(8), m_page.width()) + 12);
    ensure(size.height());
    m_painter->save();
    m_figures.paint(f, m_painter, QRectF((m_page.width() - width) / 2, m_y, width, height));
    m_painter->restore();
    m_y += height + 2;
    text(f.caption, font(8), QColor(0x57, 0x60, 0x6a), 0, 10);
}
