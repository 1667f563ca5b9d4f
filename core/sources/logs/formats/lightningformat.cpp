// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "lightningformat.h"

#include "core/sources/logs/logtext.h"
#include "core/sources/logs/parsecontext.h"
#include "core/base/model/metricnames.h"

namespace {

struct Frame
{
    qint64 epoch = 0;
    qint64 batch = 0;
    qint64 total = 0;
    bool rich = false; ///< "Epoch 2/2 ..." instead of tqdm's "Epoch 2: ..."
    QByteArrayView metrics; ///< the text after the batch counts
};

bool isRate(QByteArrayView token)
{
    return token.endsWith("it/s") || token.endsWith("s/it");
}

// Reads the frame's header and counts; false for anything that is not a progress bar frame.
bool readFrame(QByteArrayView t, Frame &f)
{
    if (!t.startsWith("Epoch ") || !(t.contains("it/s") || t.contains("s/it")))
        return false;
    qsizetype i = 6;
    const qsizetype start = i;
    while (i < t.size() && LogText::isDigit(t[i]))
        ++i;
    if (i == start || i >= t.size() || !LogText::toInt64(t.sliced(start, i - start), f.epoch))
        return false;
    if (t[i] == '/') { // Rich: "Epoch 2/2"
        f.rich = true;
        ++i;
        while (i < t.size() && LogText::isDigit(t[i]))
            ++i;
    } else if (t[i] != ':') {
        return false;
    }
    // The first "batch/total" token after the header; tqdm puts it after the bar's '|'.
    for (QByteArrayView token : LogText::split(t.sliced(i), ' ')) {
        if (token.startsWith('|'))
            token = token.sliced(1);
        const qsizetype slash = token.indexOf('/');
        if (slash <= 0 || isRate(token))
            continue;
        if (LogText::toInt64(token.first(slash), f.batch) && LogText::toInt64(token.sliced(slash + 1), f.total)
            && f.total > 0) {
            f.metrics = t.sliced(token.data() + token.size() - t.data());
            return true;
        }
    }
    return false;
}

void addRate(QByteArrayView token, ParseContext &context)
{
    double v;
    if (token.endsWith("it/s") && LogText::toDouble(token.chopped(4), v))
        context.add(QStringLiteral("iterations_per_s"), v);
    else if (token.endsWith("s/it") && LogText::toDouble(token.chopped(4), v) && v > 0)
        context.add(QStringLiteral("iterations_per_s"), 1.0 / v);
}

void addMetric(QByteArrayView key, QByteArrayView value, ParseContext &context)
{
    double v;
    if (key != "v_num" && LogText::toDouble(value, v))
        context.add(MetricNames::canonicalName(QString::fromUtf8(key)), v);
}

// Rich prints metrics as "key: value" separated by spaces.
void addRichMetrics(QByteArrayView text, ParseContext &context)
{
    QByteArrayView key;
    for (QByteArrayView token : LogText::split(text, ' ')) {
        if (token.isEmpty())
            continue;
        if (token.endsWith(':')) {
            key = token.chopped(1);
        } else if (!key.isEmpty()) {
            addMetric(key, token, context);
            key = {};
        } else if (isRate(token)) {
            addRate(token, context);
        }
    }
}

} // namespace

int LightningFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    Q_UNUSED(sourceName)
    Frame f;
    for (QByteArrayView line : lines) {
        if (readFrame(line.trimmed(), f))
            return 80;
    }
    return 0;
}

void LightningFormat::parseLine(QByteArrayView line, ParseContext &context)
{
    const QByteArrayView t = line.trimmed();
    Frame f;
    if (!readFrame(t, f)) {
        // A Rich frame's metrics wrapped onto lines of their own: "train_loss: 2.484".
        const qsizetype colon = t.indexOf(": ");
        if (m_richStep >= 0 && colon > 0 && !t.first(colon).contains(' ')
            && !t.sliced(colon + 2).trimmed().contains(' ')) {
            addMetric(t.first(colon), t.sliced(colon + 2), context);
            context.commit(m_richStep, RunMetrics::noWallTime, ParseContext::Placement::Redraw);
            return;
        }
        m_richStep = -1;
        return;
    }
    const qint64 step = f.epoch * f.total + f.batch;
    if (f.rich) {
        addRichMetrics(f.metrics, context);
        m_richStep = step;
    } else {
        const qsizetype open = f.metrics.indexOf('[');
        const qsizetype close = f.metrics.lastIndexOf(']');
        if (open >= 0 && close > open) {
            for (QByteArrayView part : LogText::split(f.metrics.sliced(open + 1, close - open - 1), ',')) {
                part = part.trimmed();
                const qsizetype eq = part.indexOf('=');
                if (isRate(part))
                    addRate(part, context);
                else if (eq > 0)
                    addMetric(part.first(eq), part.sliced(eq + 1), context);
            }
        }
    }
    if (context.hasPending()) {
        context.add(MetricNames::epoch, double(f.epoch));
        context.commit(step, RunMetrics::noWallTime, ParseContext::Placement::Redraw);
    }
}
