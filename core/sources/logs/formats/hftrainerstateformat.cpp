// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "hftrainerstateformat.h"

#include <algorithm>

#include "core/sources/logs/dictscanner.h"
#include "core/sources/logs/logtext.h"
#include "core/sources/logs/parsecontext.h"
#include "core/base/model/metricnames.h"

#include <vector>

HfTrainerStateFormat::HfTrainerStateFormat()
    : m_keys([](QByteArrayView key) { return MetricNames::canonicalName(QString::fromUtf8(key)); })
{ }

int HfTrainerStateFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    bool opens = false;
    for (QByteArrayView line : lines) {
        const QByteArrayView t = line.trimmed();
        if (t == "{")
            opens = true;
        if (t.startsWith("\"log_history\"") || t.startsWith("\"global_step\"")
            || t.startsWith("\"best_model_checkpoint\""))
            return opens || sourceName.endsWith(QLatin1String("trainer_state.json")) ? 95 : 50;
    }
    return 0;
}

void HfTrainerStateFormat::parseLine(QByteArrayView line, ParseContext &context)
{
    Q_UNUSED(line)
    Q_UNUSED(context)
}

void HfTrainerStateFormat::parseDocument(QByteArrayView data, ParseContext &context)
{
    const qsizetype history = data.indexOf("\"log_history\"");
    if (history < 0) {
        context.fail(QStringLiteral("no \"log_history\" in this trainer_state.json"));
        return;
    }
    // Top-level facts are flat "key": number pairs; take the few that describe the run.
    for (const char *key : {"global_step", "max_steps", "train_batch_size", "num_train_epochs", "total_flos"}) {
        const QByteArray quoted = QByteArray("\"") + key + "\":";
        const qsizetype at = data.indexOf(quoted);
        if (at < 0)
            continue;
        qsizetype end = at + quoted.size();
        while (end < data.size() && data[end] != ',' && data[end] != '\n' && data[end] != '}')
            ++end;
        double v;
        if (LogText::toDouble(data.sliced(at + quoted.size(), end - at - quoted.size()), v))
            context.setMeta(QString::fromLatin1(key), v);
    }
    qsizetype i = data.indexOf('[', history);
    if (i < 0) {
        context.fail(QStringLiteral("\"log_history\" is not a list"));
        return;
    }
    ++i;
    qint64 line = 1 + data.first(i).count('\n');
    for (;;) {
        while (i < data.size() && data[i] != '{' && data[i] != ']') {
            if (data[i] == '\n')
                ++line;
            ++i;
        }
        if (i >= data.size() || data[i] == ']')
            break;
        struct Field
        {
            QByteArrayView key;
            double value;
        };
        std::vector<Field> fields;
        double stepValue = 0;
        bool hasStep = false;
        const qsizetype used
            = DictScanner::scan(data.sliced(i), [&](QByteArrayView key, QByteArrayView value, DictScanner::Kind kind) {
                  double v;
                  if (kind == DictScanner::Kind::Other || !LogText::toDouble(value, v))
                      return;
                  if (key == "step") {
                      stepValue = v;
                      hasStep = true;
                  } else
                      fields.push_back({key, v});
              });
        const QByteArrayView entry = data.sliced(i, used > 0 ? used : qMin<qsizetype>(200, data.size() - i));
        context.beginLine(line, entry);
        if (used == 0) {
            context.skip(QStringLiteral("log_history entry is not a complete object"));
            return;
        }
        line += entry.count('\n');
        i += used;
        qint64 step;
        if (!hasStep) {
            context.skip(QStringLiteral("log_history entry without a step"));
            continue;
        }
        if (!LogText::wholeStep(stepValue, step)) {
            context.skip(QStringLiteral("log_history entry whose step is not a whole number within ±2^53"));
            continue;
        }
        // The end-of-training summary (train_runtime, train_loss = the run's mean loss) is a
        // fact about the run, not a step.
        const bool summary = std::any_of(fields.begin(), fields.end(), [](const Field &f) {
            return f.key == "train_runtime" || f.key == "train_loss";
        });
        if (summary) {
            for (const Field &f : fields)
                context.setMeta(f.key == "train_loss" ? QStringLiteral("train_loss_mean") : QString::fromUtf8(f.key),
                                f.value);
            continue;
        }
        int position = 0;
        for (const Field &f : fields) {
            const int column = m_keys.column(position++, f.key, context);
            if (column >= 0)
                context.add(column, f.value);
        }
        context.commit(step, RunMetrics::noWallTime, ParseContext::Placement::SameStep);
    }
}
