// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportmarkdownwriter.h"

#include "reportfigurerenderer.h"
#include "reportwords.h"

namespace {

QString fence(const QString &code)
{
    QString f = QStringLiteral("```");
    while (code.contains(f))
        f += QLatin1Char('`');
    return f;
}

QString badge(const QString &severity, const QString &word)
{
    if (severity == QLatin1String("pass"))
        return QStringLiteral("✅ **%1**").arg(word);
    if (severity == QLatin1String("warn"))
        return QStringLiteral("⚠️ **%1**").arg(word);
    if (severity == QLatin1String("fail"))
        return QStringLiteral("❌ **%1**").arg(word);
    return QStringLiteral("**%1**").arg(word);
}

} // namespace

QString ReportMarkdownWriter::escape(const QString &text)
{
    QString out;
    out.reserve(text.size() + 8);
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '<': out += QLatin1String("&lt;"); break;
        case '>': out += QLatin1String("&gt;"); break;
        case '&': out += QLatin1String("&amp;"); break;
        case '\n':
        case '\r': out += QLatin1Char(' '); break;
        case '|':
        case '\\':
        case '`':
        case '*':
        case '_':
        case '[':
        case ']':
        case '#':
            out += QLatin1Char('\\');
            out += c;
            break;
        default: out += c;
        }
    }
    return out;
}

ReportMarkdownWriter::Output ReportMarkdownWriter::write(const ReportDocument &doc, ReportFigureRenderer *figures,
                                                         const QString &baseName)
{
    Output o;
    QString &m = o.markdown;
    m += QStringLiteral("# %1\n\n").arg(escape(doc.title));
    if (!doc.subtitle.isEmpty())
        m += QStringLiteral("%1  \n").arg(escape(doc.subtitle));
    m += escape(ReportWords::generated(doc.generated, doc.language)) + QStringLiteral("\n\n");
    if (!doc.verdict.isEmpty())
        m += QStringLiteral("**%1** %2\n\n")
                 .arg(escape(ReportWords::overallVerdictLabel()),
                      badge(ReportDocument::severityOf(doc.verdict), escape(ReportWords::verdict(doc.verdict))));
    for (const ReportDocument::Section &s : doc.sections)
        m += QStringLiteral("- [%1](#%2)\n")
                 .arg(escape(s.title), QString(s.title).toLower().replace(QLatin1Char(' '), QLatin1Char('-')));
    m += QLatin1Char('\n');

    for (const ReportDocument::Section &s : doc.sections) {
        m += QStringLiteral("## %1\n\n").arg(escape(s.title));
        for (const ReportDocument::Block &b : s.blocks) {
            switch (b.kind) {
            case ReportDocument::Block::Kind::Heading: m += QStringLiteral("### %1\n\n").arg(escape(b.text)); break;
            case ReportDocument::Block::Kind::Paragraph: m += escape(b.text) + QStringLiteral("\n\n"); break;
            case ReportDocument::Block::Kind::Verdict: {
                const qsizetype colon = b.text.indexOf(QLatin1String(": "));
                const QString word = colon < 0 ? b.text : b.text.left(colon);
                m += QStringLiteral("> %1%2\n")
                         .arg(badge(b.severity, escape(word)), colon < 0 ? QString() : escape(b.text.mid(colon)));
                for (const QString &item : b.items)
                    m += QStringLiteral(">\n> - %1\n").arg(escape(item));
                m += QLatin1Char('\n');
                break;
            }
            case ReportDocument::Block::Kind::List:
                for (const QString &item : b.items)
                    m += QStringLiteral("- %1\n").arg(escape(item));
                m += QLatin1Char('\n');
                break;
            case ReportDocument::Block::Kind::Table: {
                if (!b.text.isEmpty())
                    m += QStringLiteral("**%1**\n\n").arg(escape(b.text));
                QStringList head;
                for (const QString &c : b.header)
                    head << (c.isEmpty() ? QStringLiteral(" ") : escape(c));
                m += QStringLiteral("| %1 |\n|%2\n")
                         .arg(head.join(QStringLiteral(" | ")), QStringLiteral("---|").repeated(head.size()));
                for (const QStringList &row : b.rows) {
                    QStringList cells;
                    for (const QString &c : row)
                        cells << escape(c);
                    while (cells.size() < head.size())
                        cells << QString();
                    m += QStringLiteral("| %1 |\n").arg(cells.join(QStringLiteral(" | ")));
                }
                m += QLatin1Char('\n');
                break;
            }
            case ReportDocument::Block::Kind::Code: {
                const QString f = fence(b.text);
                m += f + QLatin1Char('\n') + b.text
                    + (b.text.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n")) + f
                    + QStringLiteral("\n\n");
                break;
            }
            case ReportDocument::Block::Kind::Figure: {
                const ReportDocument::Figure &f = doc.figures.at(b.figure);
                const QByteArray png = figures ? figures->png(f) : QByteArray();
                if (png.isEmpty()) {
                    m += QStringLiteral("*(%1: %2)*\n\n").arg(escape(ReportWords::figureNotDrawn()), escape(f.caption));
                    break;
                }
                const QString name = baseName + QLatin1Char('-') + f.id + QStringLiteral(".png");
                o.files.append({name, png});
                m += QStringLiteral("![%1](%2)\n\n*%1*\n\n").arg(escape(f.caption), name);
                break;
            }
            }
        }
    }
    return o;
}
