// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reporthtmlwriter.h"

#include "reportfigurerenderer.h"
#include "reportwords.h"
#include "core/base/model/verdictcolors.h"

#include <QRegularExpression>

namespace {

const char *const css = R"(
:root { --line: #d0d7de; --muted: #57606a; }
body { font-family: var(--fonts); color: #1f2328; margin: 0 auto;
       max-width: 1100px; padding: 24px; line-height: 1.45; font-size: 14px; }
h1 { margin: 0 0 4px 0; font-size: 26px; }
h2 { border-bottom: 2px solid var(--line); padding-bottom: 4px; margin-top: 36px; }
h3 { margin-top: 24px; }
.subtitle, .caption, .generated { color: var(--muted); }
.caption { font-size: 12px; margin-top: 2px; }
nav ol { columns: 2; }
.overall { font-size: 20px; font-weight: bold; padding: 8px 14px; border-radius: 6px; display: inline-block; color: #fff; }
.verdict { border-left: 6px solid var(--line); padding: 6px 12px; margin: 10px 0; background: #f6f8fa; }
.verdict .word { font-weight: bold; }
.pass { border-color: var(--pass); } .pass .word, td.pass-cell { color: var(--pass); }
.warn { border-color: var(--warn); } .warn .word { color: var(--warn); }
.fail { border-color: var(--fail); } .fail .word { color: var(--fail); }
.overall.pass { background: var(--pass); } .overall.warn { background: var(--warn); } .overall.fail { background: var(--fail); }
.overall.info { background: var(--muted); }
table { border-collapse: collapse; margin: 8px 0 16px 0; font-size: 12.5px; }
caption { text-align: left; font-weight: bold; padding: 4px 0; }
th, td { border: 1px solid var(--line); padding: 3px 7px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
tr.warn td { background: var(--warn-fill); } tr.fail td { background: var(--fail-fill); } tr.pass td { background: var(--pass-fill); }
td { overflow-wrap: anywhere; }
pre { background: #f6f8fa; border: 1px solid var(--line); padding: 8px; overflow-x: auto; font-size: 12px; white-space: pre-wrap; }
figure { margin: 12px 0; page-break-inside: avoid; break-inside: avoid; }
figure svg { width: 100%; height: auto; max-width: 900px; }
@media print {
  @page { size: A4; margin: 15mm; }
  body { max-width: none; padding: 0; font-size: 11px; }
  nav { page-break-after: always; }
  section { page-break-before: always; }
  section#summary { page-break-before: auto; }
  table, tr, .verdict { page-break-inside: avoid; break-inside: avoid; }
  pre { white-space: pre-wrap; }
}
)";

/// --pass, --pass-fill, ... from VerdictColors (the light set: a report is read on white).
QString verdictVariables()
{
    using VerdictColors::Level;
    QString vars;
    for (const auto &[name, level] :
         {std::pair{"pass", Level::Pass}, std::pair{"warn", Level::Warn}, std::pair{"fail", Level::Fail}}) {
        vars += QStringLiteral(" --%1: %2; --%1-fill: %3;")
                    .arg(QLatin1String(name), VerdictColors::css(VerdictColors::strong(level)),
                         VerdictColors::css(VerdictColors::fill(level)));
    }
    return vars;
}

QString attr(const QString &text)
{
    return ReportHtmlWriter::escape(text);
}

/// The HTML language tag ("zh-CN") and the font stack: Han text names the CJK fonts first
/// (Debian's fonts-noto-cjk, then what Windows and macOS ship), so no browser shows tofu or picks a
/// Japanese glyph shape for a Chinese character.
QString languageTag(const QString &language)
{
    return QString(language).replace(QLatin1Char('_'), QLatin1Char('-'));
}

QString fontStack(const QString &language)
{
    const QString latin = QStringLiteral("\"DejaVu Sans\", \"Segoe UI\", Helvetica, Arial");
    if (language.startsWith(QLatin1String("zh")))
        return QStringLiteral(
                   "%1, \"Noto Sans CJK SC\", \"Source Han Sans SC\", \"Microsoft YaHei\", \"PingFang SC\", sans-serif")
            .arg(latin);
    return latin + QStringLiteral(", sans-serif");
}

QString rowClass(const QStringList &severities, int row)
{
    const QString s = row < severities.size() ? severities.at(row) : QString();
    return s.isEmpty() || s == QLatin1String("info") ? QString() : QStringLiteral(" class=\"%1\"").arg(s);
}

} // namespace

QString ReportHtmlWriter::escape(const QString &text)
{
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '&': out += QLatin1String("&amp;"); break;
        case '<': out += QLatin1String("&lt;"); break;
        case '>': out += QLatin1String("&gt;"); break;
        case '"': out += QLatin1String("&quot;"); break;
        case '\'': out += QLatin1String("&#39;"); break;
        default:
            // Control characters are not allowed in XML; logs with escape codes must still parse.
            if (c.unicode() < 0x20 && c != QLatin1Char('\n') && c != QLatin1Char('\t') && c != QLatin1Char('\r'))
                out += QChar(0xFFFD);
            else
                out += c;
        }
    }
    return out;
}

QString ReportHtmlWriter::inlineSvg(const QString &svg, const QString &idPrefix)
{
    const qsizetype start = svg.indexOf(QLatin1String("<svg"));
    if (start < 0)
        return QString();
    QString s = svg.mid(start);
    static const QRegularExpression id(QStringLiteral("\\bid=\"([^\"]*)\""));
    static const QRegularExpression url(QStringLiteral("url\\(#"));
    static const QRegularExpression href(QStringLiteral("href=\"#"));
    s.replace(id, QStringLiteral("id=\"%1\\1\"").arg(idPrefix));
    s.replace(url, QStringLiteral("url(#%1").arg(idPrefix));
    s.replace(href, QStringLiteral("href=\"#%1").arg(idPrefix));
    return s;
}

QString ReportHtmlWriter::write(const ReportDocument &doc, ReportFigureRenderer *figures)
{
    QString h;
    const QString lang = attr(languageTag(doc.language));
    h += QStringLiteral(
             "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"%1\" xml:lang=\"%1\">\n<head>\n"
             "<meta charset=\"utf-8\"/>\n<meta name=\"generator\" content=\"PortBench\"/>\n<title>%2</title>\n"
             "<style>:root { --fonts: %3;%4 }%5</style>\n</head>\n<body>\n")
             .arg(lang, escape(doc.title), fontStack(doc.language), verdictVariables(), QString::fromUtf8(css));
    h += QStringLiteral("<header>\n<h1>%1</h1>\n").arg(escape(doc.title));
    if (!doc.subtitle.isEmpty())
        h += QStringLiteral("<div class=\"subtitle\">%1</div>\n").arg(escape(doc.subtitle));
    h += QStringLiteral("<div class=\"generated\">%1</div>\n")
             .arg(escape(ReportWords::generated(doc.generated, doc.language)));
    if (!doc.verdict.isEmpty())
        h += QStringLiteral("<p><span class=\"overall %1\">%2</span></p>\n")
                 .arg(ReportDocument::severityOf(doc.verdict), escape(ReportWords::overallVerdict(doc.verdict)));
    h += QStringLiteral("</header>\n<nav>\n<h2>%1</h2>\n<ol>\n").arg(escape(ReportWords::contents()));
    for (const ReportDocument::Section &s : doc.sections)
        h += QStringLiteral("<li><a href=\"#%1\">%2</a></li>\n").arg(attr(s.id), escape(s.title));
    h += QStringLiteral("</ol>\n</nav>\n");

    for (const ReportDocument::Section &s : doc.sections) {
        h += QStringLiteral("<section id=\"%1\">\n<h2>%2</h2>\n").arg(attr(s.id), escape(s.title));
        for (const ReportDocument::Block &b : s.blocks) {
            switch (b.kind) {
            case ReportDocument::Block::Kind::Heading: h += QStringLiteral("<h3>%1</h3>\n").arg(escape(b.text)); break;
            case ReportDocument::Block::Kind::Paragraph: h += QStringLiteral("<p>%1</p>\n").arg(escape(b.text)); break;
            case ReportDocument::Block::Kind::Verdict: {
                const qsizetype colon = b.text.indexOf(QLatin1String(": "));
                const QString word = colon < 0 ? b.text : b.text.left(colon);
                const QString rest = colon < 0 ? QString() : b.text.mid(colon);
                h += QStringLiteral("<div class=\"verdict %1\"><span class=\"word\">%2</span>%3")
                         .arg(b.severity, escape(word), escape(rest));
                if (!b.items.isEmpty()) {
                    h += QStringLiteral("\n<ul>\n");
                    for (const QString &item : b.items)
                        h += QStringLiteral("<li>%1</li>\n").arg(escape(item));
                    h += QStringLiteral("</ul>\n");
                }
                h += QStringLiteral("</div>\n");
                break;
            }
            case ReportDocument::Block::Kind::List:
                h += QStringLiteral("<ul>\n");
                for (const QString &item : b.items)
                    h += QStringLiteral("<li>%1</li>\n").arg(escape(item));
                h += QStringLiteral("</ul>\n");
                break;
            case ReportDocument::Block::Kind::Table:
                h += QStringLiteral("<table>\n");
                if (!b.text.isEmpty())
                    h += QStringLiteral("<caption>%1</caption>\n").arg(escape(b.text));
                h += QStringLiteral("<thead><tr>");
                for (const QString &c : b.header)
                    h += QStringLiteral("<th>%1</th>").arg(escape(c));
                h += QStringLiteral("</tr></thead>\n<tbody>\n");
                for (int r = 0; r < b.rows.size(); ++r) {
                    h += QStringLiteral("<tr%1>").arg(rowClass(b.rowSeverity, r));
                    for (const QString &c : b.rows.at(r))
                        h += QStringLiteral("<td>%1</td>").arg(escape(c));
                    h += QStringLiteral("</tr>\n");
                }
                h += QStringLiteral("</tbody>\n</table>\n");
                break;
            case ReportDocument::Block::Kind::Code: h += QStringLiteral("<pre>%1</pre>\n").arg(escape(b.text)); break;
            case ReportDocument::Block::Kind::Figure: {
                const ReportDocument::Figure &f = doc.figures.at(b.figure);
                const QString svg = figures ? inlineSvg(figures->svg(f), f.id + QLatin1Char('-')) : QString();
                h += QStringLiteral("<figure id=\"figure-%1\">\n").arg(attr(f.id));
                h += svg.isEmpty() ? QStringLiteral("<p>(%1)</p>").arg(escape(ReportWords::figureNotDrawn())) : svg;
                h += QStringLiteral("\n<figcaption class=\"caption\">%1</figcaption>\n</figure>\n")
                         .arg(escape(f.caption));
                break;
            }
            }
        }
        h += QStringLiteral("</section>\n");
    }
    h += QStringLiteral("</body>\n</html>\n");
    return h;
}
