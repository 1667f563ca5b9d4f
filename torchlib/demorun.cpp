// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "demorun.h"

#include "loggedtraining.h"
#include "core/workflows/reference/demoparity.h"

#include <QElapsedTimer>

#include <future>

DemoRun::DemoRun(DemoPlan plan, ParityOptions options)
    : m_plan(std::move(plan))
    , m_options(std::move(options))
{ }

TrainOutcome DemoRun::train(Side side, const StartCallback &onStart, const StepCallback &onStep,
                            const std::atomic_bool *cancel) const
{
    const bool baseline = side == Side::Baseline;
    const QString log = baseline ? m_plan.baselineLog() : m_plan.candidateLog();
    LoggedTraining training(baseline ? m_plan.baseline : m_plan.candidate);
    training.setLabel(DemoPlan::sideName(side));
    training.setLogPath(log);
    bool started = false;
    return training.run(
        [&](const TrainStep &s) {
            // The log exists from the header on, but a viewer opened before the first step sees
            // no metric yet; announcing it with the first step gives it something to chart.
            if (!started && onStart)
                onStart(side, log);
            started = true;
            if (onStep)
                onStep(side, s);
        },
        cancel);
}

DemoOutcome DemoRun::run(const StartCallback &onStart, const StepCallback &onStep, const std::atomic_bool *cancel)
{
    DemoOutcome outcome;
    QElapsedTimer clock;
    clock.start();
    if (const QString error = m_plan.createOutputDir(); !error.isEmpty()) {
        outcome.status = QStringLiteral("failed");
        outcome.error = error;
        return outcome;
    }
    if (m_parallel) {
        auto candidate
            = std::async(std::launch::async, [&] { return train(Side::Candidate, onStart, onStep, cancel); });
        outcome.baseline = train(Side::Baseline, onStart, onStep, cancel);
        outcome.candidate = candidate.get();
    } else {
        outcome.baseline = train(Side::Baseline, onStart, onStep, cancel);
        if (outcome.baseline.status == QLatin1String("finished"))
            outcome.candidate = train(Side::Candidate, onStart, onStep, cancel);
    }
    outcome.wallSeconds = clock.elapsed() / 1000.0;
    for (const TrainOutcome *t : {&outcome.baseline, &outcome.candidate}) {
        if (!*t) {
            outcome.status = QStringLiteral("failed");
            outcome.error = QStringLiteral("%1: %2").arg(
                DemoPlan::sideName(t == &outcome.baseline ? Side::Baseline : Side::Candidate), t->error);
            return outcome;
        }
    }
    if (outcome.baseline.status != QLatin1String("finished") || outcome.candidate.status != QLatin1String("finished")) {
        outcome.status = QStringLiteral("stopped");
        return outcome;
    }
    outcome.parity = DemoParity::judge(m_plan.baselineLog(), m_plan.candidateLog(), m_options);
    if (!outcome.parity) {
        outcome.status = QStringLiteral("failed");
        outcome.error = outcome.parity.error;
        return outcome;
    }
    outcome.status = QStringLiteral("finished");
    return outcome;
}
