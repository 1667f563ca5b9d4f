// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "csvformat.h"

#include "core/base/io/csvtext.h"
#include "core/sources/logs/logtext.h"
#include "core/sources/logs/parsecontext.h"
#include "core/base/model/metricnames.h"

namespace {

char delimiterOf(QByteArrayView header)
{
    if (header.contains('\t'))
        return '\t';
    if (header.count(',') >= header.count(';'))
        return header.contains(',') ? ',' : 0;
    return ';';
}

bool isTimeName(const QString &n)
{
    return n == QLatin1String("time") || n == QLatin1String("timestamp") || n == QLatin1String("wall_time")
        || n == QLatin1String("_timestamp");
}

} // namespace

int CsvFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    if (lines.size() < 1)
        return 0;
    const QByteArrayView header = lines.first();
    const char d = delimiterOf(header);
    if (d == 0 || header.startsWith('{') || header.startsWith('['))
        return 0;
    bool hasStep = false;
    QByteArray scratch;
    const QList<QByteArrayView> names = CsvText::splitRecord(header, d, scratch);
    for (QByteArrayView cell : names) {
        const QString n = MetricNames::normalise(QString::fromUtf8(cell.trimmed()));
        double v;
        if (n.isEmpty() || LogText::toDouble(cell, v))
            return 0; // a header names its columns
        hasStep = hasStep || MetricNames::isStepName(n);
    }
    // Rows: same number of cells, mostly numbers.
    const qsizetype columns = names.size();
    int rows = 0;
    for (qsizetype i = 1; i < lines.size() && i < 20; ++i) {
        if (CsvText::splitRecord(lines[i], d, scratch).size() != columns)
            return 0;
        ++rows;
    }
    const bool named = sourceName.endsWith(QLatin1String(".csv")) || sourceName.endsWith(QLatin1String(".tsv"));
    if (rows == 0)
        return named && hasStep ? 40 : 0;
    return hasStep ? 60 : (named ? 40 : 15);
}

void CsvFormat::parseLine(QByteArrayView line, ParseContext &context)
{
    // Not trimmed: a TSV row ends in tabs when its last cells are empty.
    const QByteArrayView t = line;
    if (m_header.isEmpty()) {
        m_header = t.toByteArray();
        m_delimiter = delimiterOf(t);
        if (m_delimiter == 0)
            m_delimiter = ',';
        int overLimit = 0;
        for (QByteArrayView cell : CsvText::splitRecord(t, m_delimiter, m_scratch)) {
            const QString n = MetricNames::normalise(QString::fromUtf8(cell.trimmed()));
            Column c;
            if (MetricNames::isStepName(n))
                c.role = Role::Step;
            else if (isTimeName(n))
                c.role = Role::Time;
            else
                overLimit += (c.column = context.column(MetricNames::canonicalName(n))) < 0;
            m_columns.push_back(c);
        }
        if (overLimit > 0)
            context.skip(QStringLiteral("%1 header columns beyond the limit of %2 metric names per run are not read "
                                        "(see docs/limits.md)")
                             .arg(overLimit)
                             .arg(RunMetrics::maxMetricNames));
        return;
    }
    if (t == m_header)
        return;
    const QList<QByteArrayView> cells = CsvText::splitRecord(t, m_delimiter, m_scratch);
    if (cells.size() != qsizetype(m_columns.size())) {
        context.skip(QStringLiteral("%1 cells where the header has %2").arg(cells.size()).arg(m_columns.size()));
        return;
    }
    bool hasStep = false;
    qint64 step = 0;
    double wallTime = RunMetrics::noWallTime;
    for (size_t i = 0; i < m_columns.size(); ++i) {
        const QByteArrayView cell = cells[qsizetype(i)].trimmed();
        if (cell.isEmpty())
            continue;
        const Column &c = m_columns[i];
        double v;
        switch (c.role) {
        case Role::Step:
            if (!LogText::toDouble(cell, v) || !LogText::wholeStep(v, step)) {
                context.discardPending();
                context.skip(QStringLiteral("the step is not a whole number within ±2^53"));
                return;
            }
            hasStep = true;
            break;
        case Role::Time:
            if (!LogText::parseTimeValue(cell, wallTime))
                wallTime = RunMetrics::noWallTime;
            break;
        case Role::Metric:
            if (LogText::toDouble(cell, v))
                context.add(c.column, v);
            break;
        }
    }
    // Rows sharing a step (Lightning's CSVLogger writes the train, validation and epoch rows
    // of one step apart) make one point.
    if (hasStep)
        context.commit(step, wallTime, ParseContext::Placement::SameStep);
    else
        context.commit(0, wallTime, ParseContext::Placement::NextStep);
}
