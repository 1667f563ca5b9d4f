// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "nanogptformat.h"

#include "core/sources/logs/logtext.h"
#include "core/sources/logs/parsecontext.h"
#include "core/base/model/metricnames.h"

#include <algorithm>
#include <limits>

namespace {

// "iter 10:" or "step 250:" → the step and the text after the colon.
bool header(QByteArrayView line, QByteArrayView word, qint64 &step, QByteArrayView &rest)
{
    const QByteArrayView t = line.trimmed();
    if (!t.startsWith(word))
        return false;
    const qsizetype colon = t.indexOf(':');
    if (colon < 0)
        return false;
    const QByteArrayView number = t.sliced(word.size(), colon - word.size()).trimmed();
    if (!LogText::toInt64(number, step)) {
        // Digits too many for 64 bits are still this format's step: out of range, reported by
        // ParseContext::commit as a skipped line rather than a line that vanishes.
        if (number.isEmpty() || !std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return false;
        step = std::numeric_limits<qint64>::max();
    }
    rest = t.sliced(colon + 1);
    return true;
}

} // namespace

int NanoGptFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    Q_UNUSED(sourceName)
    for (QByteArrayView line : lines) {
        qint64 step;
        QByteArrayView rest;
        if ((header(line, "iter ", step, rest) && rest.trimmed().startsWith("loss "))
            || (header(line, "step ", step, rest) && rest.trimmed().startsWith("train loss ")))
            return 100;
    }
    return 0;
}

void NanoGptFormat::parseLine(QByteArrayView line, ParseContext &context)
{
    qint64 step;
    QByteArrayView rest;
    const bool iteration = header(line, "iter ", step, rest);
    if (!iteration && !header(line, "step ", step, rest))
        return;
    for (QByteArrayView part : LogText::split(rest, ',')) {
        part = part.trimmed();
        const qsizetype space = part.lastIndexOf(' ');
        if (space <= 0)
            continue;
        const QByteArrayView key = part.first(space);
        double v;
        if (!LogText::toDoubleLenient(part.sliced(space + 1), v)) {
            context.skip(QStringLiteral("'%1' is not a number").arg(QString::fromUtf8(part)));
            continue;
        }
        if (key == "loss")
            context.add(MetricNames::loss, v);
        else if (key == "time")
            context.add(MetricNames::elapsedMs, v);
        else if (key == "mfu" && v >= 0)
            context.add(MetricNames::mfu, v);
        else if (key == "val loss")
            context.add(MetricNames::evalLoss, v);
        else if (key == "train loss")
            context.add(QStringLiteral("eval_train_loss"), v);
        else if (key != "mfu")
            context.add(MetricNames::canonicalName(QString::fromUtf8(key)), v);
    }
    // The evaluation line and the iteration line of the same step make one point.
    context.commit(step, RunMetrics::noWallTime, ParseContext::Placement::SameStep);
}
