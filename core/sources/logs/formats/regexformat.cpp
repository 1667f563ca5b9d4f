// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "regexformat.h"

#include "core/sources/logs/logtext.h"
#include "core/sources/logs/parsecontext.h"
#include "core/base/model/metricnames.h"

RegexFormat::RegexFormat(const UserFormat &definition)
    : m_definition(definition)
    , m_regex(definition.pattern)
{
    m_regex.optimize();
    for (const QString &g : m_regex.namedCaptureGroups()) {
        if (!g.isEmpty() && g != QLatin1String("step") && g != QLatin1String("time"))
            m_groups.push_back({g, MetricNames::canonicalName(g)});
    }
}

QString RegexFormat::displayName() const
{
    return m_definition.description.isEmpty() ? QStringLiteral("User format '%1'").arg(m_definition.name)
                                              : m_definition.description;
}

int RegexFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    Q_UNUSED(sourceName)
    if (!m_regex.isValid() || lines.isEmpty())
        return 0;
    int hits = 0;
    for (QByteArrayView line : lines) {
        if (m_regex.match(QString::fromUtf8(line)).hasMatch())
            ++hits;
    }
    // The user wrote it for their logs: any match makes it a strong candidate.
    return hits == 0 ? 0 : 60 + 40 * hits / int(lines.size());
}

void RegexFormat::parseLine(QByteArrayView line, ParseContext &context)
{
    const QString text = QString::fromUtf8(line);
    const QRegularExpressionMatch m = m_regex.match(text);
    if (!m.hasMatch())
        return;
    for (Group &g : m_groups) {
        const QString captured = m.captured(g.group);
        double v;
        if (captured.isEmpty() || !LogText::toDoubleLenient(captured.toUtf8(), v))
            continue;
        if (g.column < 0)
            g.column = context.column(g.metric);
        context.add(g.column, v);
    }
    double wallTime = RunMetrics::noWallTime;
    const QString time = m.captured(QStringLiteral("time"));
    if (!time.isEmpty() && !LogText::parseTimeValue(time.toUtf8(), wallTime))
        wallTime = RunMetrics::noWallTime;
    const QString stepText = m.captured(QStringLiteral("step"));
    if (stepText.isEmpty()) {
        context.commitWithoutStep(wallTime);
        return;
    }
    qint64 step;
    if (!LogText::toInt64(stepText.toUtf8(), step)) {
        context.discardPending();
        context.skip(QStringLiteral("the step '%1' is not a whole number").arg(stepText));
        return;
    }
    context.commit(step, wallTime, ParseContext::Placement::SameStep);
}
