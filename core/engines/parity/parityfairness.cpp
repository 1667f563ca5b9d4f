// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "parityfairness.h"

#include "parityneighbours.h"

#include "core/base/model/metricnames.h"
#include "core/base/model/numbertext.h"
#include "core/base/model/runmetrics.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <cmath>

namespace {

using Item = ParityResult::FairnessItem;
using Status = Item::Status;

struct Check
{
    const char *key;
    const char *label; ///< in the catalogue: a reason's sentence translates it (ParitySentence)
    std::initializer_list<const char *> metaKeys; ///< normalised argument-dump / header keys
    const QString *perStepMetric; ///< a column compared at common steps, or nullptr
};

// Keys as Megatron/MindSpeed argument dumps, HF TrainingArguments and torchtitan configs spell them.
const Check checks[] = {
    {"seed", QT_TRANSLATE_NOOP("ParityReason", "Seed"), {"seed", "data_seed"}, nullptr},
    {"dropout",
     QT_TRANSLATE_NOOP("ParityReason", "Dropout"),
     {"hidden_dropout", "attention_dropout", "dropout", "attn_pdrop", "resid_pdrop"},
     nullptr},
    {"global_batch",
     QT_TRANSLATE_NOOP("ParityReason", "Global batch size"),
     {"global_batch_size", "micro_batch_size", "per_device_train_batch_size", "train_batch_size",
      "gradient_accumulation_steps"},
     &MetricNames::globalBatchSize},
    {"seq_length",
     QT_TRANSLATE_NOOP("ParityReason", "Sequence length"),
     {"seq_length", "seq_len", "max_seq_length", "model_max_length"},
     nullptr},
    {"world_size",
     QT_TRANSLATE_NOOP("ParityReason", "World size"),
     {"world_size", "data_parallel_size", "tensor_model_parallel_size", "pipeline_model_parallel_size"},
     nullptr},
    {"lr_schedule",
     QT_TRANSLATE_NOOP("ParityReason", "Learning-rate schedule"),
     {"lr", "min_lr", "lr_decay_style", "lr_decay_iters", "lr_warmup_iters", "lr_warmup_fraction", "learning_rate",
      "lr_scheduler_type", "warmup_steps", "warmup_ratio"},
     &MetricNames::learningRate},
    {"precision",
     QT_TRANSLATE_NOOP("ParityReason", "Precision"),
     {"bf16", "fp16", "params_dtype", "torch_dtype", "mixed_precision", "fp8"},
     nullptr},
    {"data_order",
     QT_TRANSLATE_NOOP("ParityReason", "Data order"),
     {"data_path", "train_data_path", "split", "dataset", "shuffle", "dataloader_type", "group_by_length",
      "dataloader_drop_last"},
     nullptr},
};

/// Where a fact came from when a neighbour of the log stated it (ParityNeighbours), else the log.
QString sourceOf(const QVariantMap &meta, const QString &key)
{
    const QVariantMap sources = meta.value(ParityNeighbours::factSourcesKey).toMap();
    for (auto it = sources.cbegin(); it != sources.cend(); ++it) {
        if (MetricNames::normalise(it.key()) == key)
            return QFileInfo(it.value().toString()).fileName();
    }
    return QStringLiteral("log");
}

QVariant metaValue(const QVariantMap &meta, const QString &key)
{
    for (auto it = meta.cbegin(); it != meta.cend(); ++it) {
        if (MetricNames::normalise(it.key()) == key)
            return it.value();
    }
    return {};
}

bool sameValue(const QVariant &a, const QVariant &b)
{
    bool okA = false, okB = false;
    const double x = a.toString().trimmed().toDouble(&okA);
    const double y = b.toString().trimmed().toDouble(&okB);
    if (okA && okB)
        return x == y || std::abs(x - y) <= ParityFairness::numericTolerance * std::max(std::abs(x), std::abs(y));
    return a.toString().trimmed().compare(b.toString().trimmed(), Qt::CaseInsensitive) == 0;
}

void mismatch(Item &item, const QString &baselineValue, const QString &candidateValue, const QString &detail,
              qint64 step = -1)
{
    if (item.status == Status::Mismatch)
        return; // the first contradiction is the one to show
    item.status = Status::Mismatch;
    item.baselineValue = baselineValue;
    item.candidateValue = candidateValue;
    item.detail = detail;
    item.step = step;
}

void perStep(Item &item, const RunMetrics &baseline, const RunMetrics &candidate, const QString &metric,
             const std::vector<std::pair<int, int>> &commonPoints)
{
    const MetricColumn *a = baseline.column(metric);
    const MetricColumn *b = candidate.column(metric);
    if (!a || !b)
        return;
    bool compared = false;
    for (const auto &[pa, pb] : commonPoints) {
        const double x = (*a)[size_t(pa)];
        const double y = (*b)[size_t(pb)];
        if (RunMetrics::isMissing(x) || RunMetrics::isMissing(y))
            continue;
        compared = true;
        if (!(x == y || std::abs(x - y) <= ParityFairness::numericTolerance * std::max(std::abs(x), std::abs(y)))) {
            // 7 digits: values beyond the tolerance never read alike.
            mismatch(item, NumberText::number(x, 7), NumberText::number(y, 7),
                     QStringLiteral("%1 differs at step %2").arg(metric).arg(baseline.step(pa)), baseline.step(pa));
            return;
        }
    }
    if (compared && item.status == Status::Unknown) {
        item.status = Status::Match;
        item.detail = QStringLiteral("%1 equal at every common step").arg(metric);
    }
}

} // namespace

bool ParityFairness::needsCommonPoints(const RunMetrics &baseline, const RunMetrics &candidate)
{
    for (const Check &c : checks) {
        if (c.perStepMetric && baseline.hasMetric(*c.perStepMetric) && candidate.hasMetric(*c.perStepMetric))
            return true;
    }
    return false;
}

QVector<ParityResult::FairnessItem> ParityFairness::check(const RunMetrics &baseline, const RunMetrics &candidate,
                                                          const std::vector<std::pair<int, int>> &commonPoints,
                                                          qint64 baselineLastStep, qint64 candidateLastStep)
{
    QVector<Item> items;
    // "log" when both logs state it, else the neighbour files that did.
    const auto where = [&](const QString &key) {
        const QString a = sourceOf(baseline.meta, key), b = sourceOf(candidate.meta, key);
        return a == b ? (a == QLatin1String("log") ? QStringLiteral("the logs' arguments") : a)
                      : QStringLiteral("%1 / %2").arg(a, b);
    };
    for (const Check &c : checks) {
        Item item;
        item.key = QLatin1String(c.key);
        item.label = QLatin1String(c.label);
        QStringList agreed;
        for (const char *k : c.metaKeys) {
            const QString key = QLatin1String(k);
            const QVariant a = metaValue(baseline.meta, key);
            const QVariant b = metaValue(candidate.meta, key);
            if (!a.isValid() || !b.isValid())
                continue;
            if (sameValue(a, b))
                agreed.append(QStringLiteral("%1 = %2 (%3)").arg(key, a.toString(), where(key)));
            else
                mismatch(item, a.toString(), b.toString(), QStringLiteral("%1 (%2)").arg(key, where(key)));
        }
        if (item.status == Status::Unknown && !agreed.isEmpty()) {
            item.status = Status::Match;
            item.detail = agreed.join(QStringLiteral(", "));
        }
        if (c.perStepMetric)
            perStep(item, baseline, candidate, *c.perStepMetric, commonPoints);
        items.append(item);
    }

    Item steps;
    steps.key = QStringLiteral("step_count");
    steps.label = QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "Step count"));
    for (const QString &key : {QStringLiteral("train_iters"), QStringLiteral("max_steps")}) {
        const QVariant trainA = metaValue(baseline.meta, key);
        const QVariant trainB = metaValue(candidate.meta, key);
        if (trainA.isValid() && trainB.isValid() && !sameValue(trainA, trainB))
            mismatch(steps, trainA.toString(), trainB.toString(), QStringLiteral("%1 (%2)").arg(key, where(key)));
    }
    if (baselineLastStep >= 0 && candidateLastStep >= 0) {
        if (baselineLastStep != candidateLastStep)
            mismatch(steps, QString::number(baselineLastStep), QString::number(candidateLastStep),
                     QStringLiteral("last logged step differs"));
        else if (steps.status == Status::Unknown) {
            steps.status = Status::Match;
            steps.detail = QStringLiteral("both end at step %1").arg(baselineLastStep);
        }
    }
    items.append(steps);
    return items;
}
