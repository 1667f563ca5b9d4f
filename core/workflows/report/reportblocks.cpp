// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportblocks.h"

#include "core/engines/parity/parityresult.h"
#include "reportwords.h"

#include <QRegularExpression>

#include <algorithm>

using Block = ReportDocument::Block;
using Figure = ReportDocument::Figure;

namespace {

/// Figure ids become PNG file names beside a Markdown report.
QString figureId(const QString &text)
{
    QString id = text.toLower();
    id.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    while (id.startsWith(QLatin1Char('-')))
        id.remove(0, 1);
    while (id.endsWith(QLatin1Char('-')))
        id.chop(1);
    return id.left(60);
}

Block block(Block::Kind kind, const QString &text)
{
    Block b;
    b.kind = kind;
    b.text = text;
    return b;
}

} // namespace

Block ReportBlocks::heading(const QString &text)
{
    return block(Block::Kind::Heading, text);
}

Block ReportBlocks::paragraph(const QString &text)
{
    return block(Block::Kind::Paragraph, text);
}

Block ReportBlocks::verdict(const QString &word, const QString &subject, const QStringList &reasons)
{
    const QString shown = ReportWords::verdict(word);
    Block b = block(Block::Kind::Verdict, subject.isEmpty() ? shown : shown + QStringLiteral(": ") + subject);
    b.severity = ReportDocument::severityOf(word);
    b.items = reasons;
    return b;
}

Block ReportBlocks::list(const QStringList &items)
{
    Block b = block(Block::Kind::List, QString());
    b.items = items;
    return b;
}

Block ReportBlocks::table(const QString &caption, const QStringList &header)
{
    Block b = block(Block::Kind::Table, caption);
    b.header = header;
    return b;
}

Block ReportBlocks::code(const QString &text)
{
    return block(Block::Kind::Code, text);
}

Block ReportBlocks::figure(ReportDocument &doc, Figure figure)
{
    QString id = figureId(figure.id);
    const QString base = id;
    for (int n = 2; std::any_of(doc.figures.begin(), doc.figures.end(), [&](const Figure &f) { return f.id == id; });
         ++n)
        id = base + QLatin1Char('-') + QString::number(n);
    figure.id = id;
    Block b = block(Block::Kind::Figure, figure.caption);
    doc.figures.append(std::move(figure));
    b.figure = int(doc.figures.size()) - 1;
    return b;
}

QString ReportBlocks::worse(const QString &a, const QString &b)
{
    static const QStringList order{QString(), QStringLiteral("PASS"), QStringLiteral("WARN"), QStringLiteral("FAIL")};
    return order.indexOf(b) > order.indexOf(a) ? b : a;
}

QString ReportBlocks::rowSeverity(int level)
{
    return level == int(ParityResult::Verdict::Fail) ? QStringLiteral("fail")
        : level == int(ParityResult::Verdict::Warn)  ? QStringLiteral("warn")
                                                     : QString();
}
