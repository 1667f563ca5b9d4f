// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "dictlineformat.h"

#include "core/sources/logs/dictscanner.h"
#include "core/sources/logs/logtext.h"
#include "core/sources/logs/parsecontext.h"
#include "core/base/model/metricnames.h"

#include <algorithm>
#include <vector>

namespace {

// "0:02:03" or "1 day, 0:02:03" is how Python prints a timedelta.
bool durationSeconds(QByteArrayView text, double &seconds)
{
    const LogText::Parts parts = LogText::split(text.trimmed(), ':');
    if (parts.size() != 3)
        return false;
    double h, m, s;
    if (!LogText::toDouble(parts[0], h) || !LogText::toDouble(parts[1], m) || !LogText::toDouble(parts[2], s))
        return false;
    seconds = h * 3600 + m * 60 + s;
    return true;
}

} // namespace

DictLineFormat::DictLineFormat()
    : m_keys([this](QByteArrayView key) { return metricFor(key); })
{ }

DictLineFormat::KeyRole DictLineFormat::roleOf(QByteArrayView key) const
{
    const QString name = QString::fromUtf8(key);
    if (MetricNames::isStepName(name) || MetricNames::isStepCounterName(name))
        return KeyRole::Step;
    if (key == "time" || key == "timestamp" || key == "_timestamp" || key == "wall_time")
        return KeyRole::Time;
    return KeyRole::Metric;
}

QString DictLineFormat::metricFor(QByteArrayView key) const
{
    return MetricNames::canonicalName(QString::fromUtf8(key));
}

qsizetype DictLineFormat::objectStart(QByteArrayView line) const
{
    qsizetype i = 0;
    while (i < line.size() && LogText::isSpace(line[i]))
        ++i;
    return i < line.size() && line[i] == '{' ? i : -1;
}

bool DictLineFormat::isSummary(QByteArrayView key) const
{
    Q_UNUSED(key)
    return false;
}

double DictLineFormat::shareWithKey(const QList<QByteArrayView> &lines, QByteArrayView key)
{
    if (lines.isEmpty())
        return 0;
    int hits = 0;
    for (QByteArrayView line : lines) {
        const qsizetype brace = line.indexOf('{');
        if (brace >= 0 && line.indexOf(key, brace) > brace)
            ++hits;
    }
    return double(hits) / double(lines.size());
}

void DictLineFormat::parseLine(QByteArrayView line, ParseContext &context)
{
    const qsizetype start = objectStart(line);
    if (start < 0)
        return;
    struct Field
    {
        QByteArrayView key;
        double value;
    };
    std::vector<Field> fields;
    bool hasStep = false;
    qint64 step = 0;
    double wallTime = RunMetrics::noWallTime;
    bool badStep = false;
    bool otherKeys = false; // a key beside the progress ones, even with a null value
    double v0;
    const qsizetype used
        = DictScanner::scan(line.sliced(start), [&](QByteArrayView key, QByteArrayView value, DictScanner::Kind kind) {
              if (kind == DictScanner::Kind::Other && !(value == "null" || value == "None"))
                  return; // nested values, booleans
              const KeyRole role = roleOf(key);
              otherKeys = otherKeys || (role == KeyRole::Metric && !isProgress(key));
              if (kind == DictScanner::Kind::String && role == KeyRole::Metric && !acceptsQuotedNumbers()
                  && !durationSeconds(value, v0)) {
                  context.markRead(); // a placeholder ("throughput": "0.00") is no measurement
                  return;
              }
              double v;
              bool numeric
                  = LogText::toDouble(value, v) || (kind == DictScanner::Kind::String && durationSeconds(value, v));
              if (!numeric && role == KeyRole::Step && kind == DictScanner::Kind::String) {
                  // A counter "78/176": the step of max_steps.
                  const qsizetype slash = value.indexOf('/');
                  numeric = slash > 0 && LogText::toDouble(value.first(slash), v);
              }
              switch (role) {
              case KeyRole::Ignore: return;
              case KeyRole::Step:
                  if (numeric && LogText::wholeStep(v, step)) {
                      hasStep = true;
                  } else {
                      badStep = true;
                  }
                  return;
              case KeyRole::Time:
                  if (!LogText::parseTimeValue(value, wallTime))
                      wallTime = RunMetrics::noWallTime;
                  return;
              case KeyRole::Metric:
                  if (numeric)
                      fields.push_back({key, v});
                  return;
              }
          });
    if (used == 0) {
        context.skip(context.lineIsUnterminated() ? QStringLiteral("the last line is cut short")
                                                  : QStringLiteral("not a complete {key: value} object"));
        return;
    }
    if (badStep) {
        context.skip(QStringLiteral("the step is not a whole number within ±2^53"));
        return;
    }
    if (std::any_of(fields.begin(), fields.end(), [this](const Field &f) { return isSummary(f.key); })) {
        for (const Field &f : fields)
            context.setMeta(f.key == "train_loss" ? QStringLiteral("train_loss_mean")
                                                  : MetricNames::normalise(QString::fromUtf8(f.key)),
                            f.value);
        return;
    }
    if (!fields.empty() && !otherKeys) {
        context.markRead();
        return;
    }
    int position = 0;
    for (const Field &f : fields) {
        const int column = m_keys.column(position++, f.key, context);
        if (column >= 0)
            context.add(column, f.value);
    }
    if (hasStep)
        context.commit(step, wallTime, ParseContext::Placement::SameStep);
    else
        context.commitWithoutStep(wallTime);
}
