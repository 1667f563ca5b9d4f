// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "hfddpdemoformat.h"

#include "core/sources/logs/logtext.h"
#include "core/sources/logs/parsecontext.h"
#include "core/base/model/metricnames.h"

namespace {

// "name[a/b]" at the start of text → a and b.
bool bracketPair(QByteArrayView text, QByteArrayView name, qint64 &a, qint64 &b, qsizetype &end)
{
    if (!text.startsWith(name) || text.size() <= name.size() || text[name.size()] != '[')
        return false;
    const qsizetype slash = text.indexOf('/', name.size());
    const qsizetype close = text.indexOf(']', name.size());
    if (slash < 0 || close < slash)
        return false;
    end = close + 1;
    return LogText::toInt64(text.sliced(name.size() + 1, slash - name.size() - 1), a)
        && LogText::toInt64(text.sliced(slash + 1, close - slash - 1), b);
}

} // namespace

int HfDdpDemoFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    Q_UNUSED(sourceName)
    for (QByteArrayView line : lines) {
        const QByteArrayView t = line.trimmed();
        if ((t.startsWith("epoch[") && t.contains("], step[") && t.contains("train_loss:"))
            || t.startsWith("validation in train epoch "))
            return 100;
    }
    return 0;
}

void HfDdpDemoFormat::addPairs(QByteArrayView text, ParseContext &context)
{
    for (QByteArrayView part : LogText::split(text, ',')) {
        const qsizetype colon = part.indexOf(':');
        double v;
        if (colon <= 0)
            continue;
        if (!LogText::toDoubleLenient(part.sliced(colon + 1), v)) {
            context.skip(QStringLiteral("'%1' is not a number").arg(QString::fromUtf8(part.trimmed())));
            continue;
        }
        context.add(MetricNames::canonicalName(QString::fromUtf8(part.first(colon))), v);
    }
}

void HfDdpDemoFormat::parseLine(QByteArrayView line, ParseContext &context)
{
    const QByteArrayView t = line.trimmed();
    if (t.startsWith("seq_len = ")) {
        qint64 n;
        if (LogText::toInt64(t.sliced(10), n))
            context.setMeta(QStringLiteral("seq_length"), n);
        return;
    }
    if (t.startsWith("validation in train epoch ")) {
        const qsizetype colon = t.indexOf(':');
        if (colon < 0)
            return;
        addPairs(t.sliced(colon + 1), context);
        context.commitWithoutStep();
        return;
    }
    qint64 epoch, lastEpoch, step, lastStep;
    qsizetype end = 0;
    if (!bracketPair(t, "epoch", epoch, lastEpoch, end))
        return;
    QByteArrayView rest = t.sliced(end);
    if (rest.startsWith(","))
        rest = rest.sliced(1).trimmed();
    qsizetype stepEnd = 0;
    if (!bracketPair(rest, "step", step, lastStep, stepEnd) || stepEnd >= rest.size() || rest[stepEnd] != ':') {
        context.skip(QStringLiteral("epoch line without step[i/n]:"));
        return;
    }
    addPairs(rest.sliced(stepEnd + 1), context);
    context.add(MetricNames::epoch, double(epoch));
    // The demo prints step[i/len-1]: an epoch has len steps.
    context.commit(epoch * (lastStep + 1) + step, RunMetrics::noWallTime, ParseContext::Placement::NewPoint);
}
