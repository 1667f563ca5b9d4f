// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/model/metricnames.h"
#include "core/base/model/runmetrics.h"
#include "core/engines/parity/parityresult.h"

#include <QRandomGenerator>
#include <QStringList>

#include <cmath>
#include <functional>
#include <memory>

/// Constructed runs with known answers for the parity tests.
namespace ParityTestRuns {

/// A smooth pre-training loss curve: fast early drop, slow tail.
inline double loss(qint64 step)
{
    return 2.0 + 8.0 * std::exp(-double(step) / 200.0);
}

/// Steps first..last every `stride`; `factor(step)` multiplies the loss (1 = identical curve).
inline RunMetrics make(const QString &name, qint64 first, qint64 last, qint64 stride,
                       const std::function<double(qint64)> &factor = {}, const QString &metric = MetricNames::lmLoss)
{
    RunMetrics run;
    run.name = name;
    for (qint64 s = first; s <= last; s += stride) {
        const int p = run.appendPoint(s);
        run.setValue(p, metric, loss(s) * (factor ? factor(s) : 1.0));
    }
    return run;
}

/// ±amplitude relative noise, uniform, reproducible.
inline std::function<double(qint64)> noise(double amplitude, quint32 seed)
{
    auto rng = std::make_shared<QRandomGenerator>(seed);
    return [rng, amplitude](qint64) { return 1.0 + amplitude * (2.0 * rng->generateDouble() - 1.0); };
}

/// The real H100 Hugging Face Trainer runs (tests/data/parity/h100_hf, SOURCES.md there).
inline QString h100(const QString &name)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/parity/h100_hf/") + name;
}

/// A candidate's reasons (and mismatch classes), one a line, for failure messages.
inline QString describe(const ParityResult::Candidate &c)
{
    QStringList list;
    for (const ParityResult::Reason &r : c.reasons)
        list.append(ParityResult::verdictName(r.level) + QLatin1Char(' ') + r.code + QStringLiteral(": ") + r.message);
    for (const ParityResult::MismatchClass &k : c.classes)
        list.append(QStringLiteral("class %1 %2-%3: %4").arg(k.code).arg(k.fromStep).arg(k.toStep).arg(k.evidence));
    return list.join(QLatin1Char('\n'));
}

}
