// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "torchtitanformat.h"

#include "core/sources/logs/logtext.h"
#include "core/sources/logs/parsecontext.h"
#include "core/base/model/metricnames.h"

namespace {

QString trainMetric(QByteArrayView key)
{
    if (key == "tps")
        return MetricNames::tokensPerSecondPerDevice;
    if (key == "tflops")
        return MetricNames::tflopsPerDevice;
    if (key == "memory")
        return MetricNames::memoryGb;
    return MetricNames::canonicalName(QString::fromUtf8(key));
}

QString torchtitanValidationMetric(QByteArrayView key)
{
    return key == "loss" ? MetricNames::evalLoss
                         : QStringLiteral("eval_") + MetricNames::normalise(QString::fromUtf8(key));
}

// Position of the key "step:" — a word of its own, not the end of NeMo's "global_step:".
qsizetype stepKey(QByteArrayView line)
{
    for (qsizetype at = line.indexOf("step:"); at >= 0; at = line.indexOf("step:", at + 1)) {
        const char before = at > 0 ? line[at - 1] : ' ';
        if (!((before >= 'a' && before <= 'z') || (before >= 'A' && before <= 'Z') || before == '_' || before == '/'))
            return at;
    }
    return -1;
}

// Position of "step:" that starts the metrics, and whether it is a validation line.
qsizetype metricsStart(QByteArrayView line, bool &validation)
{
    const qsizetype at = stepKey(line);
    if (at < 0)
        return -1;
    validation = line.first(at).trimmed().endsWith("validate") || line.first(at).contains("Validation");
    return at;
}

} // namespace

TorchtitanFormat::TorchtitanFormat()
    : m_keys(trainMetric)
    , m_validationKeys(torchtitanValidationMetric)
{ }

int TorchtitanFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    Q_UNUSED(sourceName)
    int score = 0;
    for (QByteArrayView line : lines) {
        const qsizetype step = stepKey(line);
        if (step < 0 || line.indexOf("loss:", step) < 0)
            continue;
        if (line.startsWith("[titan]") || line.contains("tps:"))
            return 100;
        score = 40;
    }
    return score;
}

void TorchtitanFormat::parseLine(QByteArrayView line, ParseContext &context)
{
    bool validation = false;
    const qsizetype start = metricsStart(line, validation);
    if (start < 0 || line.indexOf("loss:", start) < 0)
        return;
    // Timestamp: "[titan] 2025-06-16 22:30:50,322 - root - INFO - ".
    double wallTime = RunMetrics::noWallTime;
    const qsizetype date = line.indexOf("] ");
    if (date >= 0 && date < start)
        LogText::parseDateTime(line.sliced(date + 2), wallTime);
    // Tokens are "key:" followed by a value, separated by runs of spaces.
    const LogText::Parts tokens = LogText::split(line.sliced(start), ' ');
    KeyColumnCache &keys = validation ? m_validationKeys : m_keys;
    qint64 step = -1;
    int position = 0;
    QByteArrayView key;
    for (QByteArrayView token : tokens) {
        if (token.isEmpty())
            continue;
        if (token.endsWith(':')) {
            key = token.chopped(1);
            continue;
        }
        if (key.isEmpty())
            continue;
        if (key == "step") {
            qint64 s;
            if (LogText::toInt64(token, s))
                step = s;
        } else {
            // "49.66GiB(52.28%)": the amount, then the share of device memory.
            QByteArrayView value = token;
            const qsizetype paren = value.indexOf('(');
            double v;
            if (paren > 0) {
                double pct;
                if (LogText::toDoubleLenient(value.sliced(paren + 1).chopped(value.endsWith(')') ? 1 : 0), pct)) {
                    if (m_memoryPctColumn < 0)
                        m_memoryPctColumn = context.column(QStringLiteral("memory_pct"));
                    context.add(m_memoryPctColumn, pct);
                }
                value = value.first(paren);
            }
            const int column = keys.column(position++, key, context);
            if (column >= 0 && LogText::toDoubleLenient(value, v))
                context.add(column, v);
        }
        key = {};
    }
    if (step < 0) {
        context.discardPending();
        context.skip(QStringLiteral("metric line without a readable step"));
        return;
    }
    context.commit(step, wallTime, ParseContext::Placement::SameStep);
}
