// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "democontroller.h"

#include "core/workflows/runs/runloader.h"
#include "core/base/model/numbertext.h"
#include "core/engines/parity/paritytext.h"
#include "core/workflows/reference/torchmodule.h"

#include <QtConcurrent>

#include <array>
#include <memory>

DemoController::DemoController(RunLoader &loader, QObject *parent)
    : QObject(parent)
    , m_loader(loader)
{ }

DemoController::~DemoController()
{
    m_cancel = true;
    m_future.waitForFinished();
}

void DemoController::setRunning(bool running)
{
    if (m_running == running)
        return;
    m_running = running;
    Q_EMIT runningChanged(running);
}

void DemoController::cancel()
{
    if (!m_running)
        return;
    m_cancel = true;
    Q_EMIT message([] { return tr("Demo: stopping after the current step…"); });
}

void DemoController::start(const DemoPlan &plan, const ParityOptions &options)
{
    if (m_running)
        return;
    QString moduleError;
    const TorchModule *torch = TorchModule::load(&moduleError);
    if (!torch) {
        Q_EMIT ended([moduleError] { return tr("Demo not started: %1").arg(moduleError); });
        return;
    }
    m_cancel = false;
    setRunning(true);
    Q_EMIT message([steps = plan.baseline.steps, seed = plan.baseline.seed, dir = plan.outputDir] {
        return tr("Demo: training the fp32 baseline and the bf16 candidate side by side (%1 steps each, seed %2); "
                  "logs in %3")
            .arg(steps)
            .arg(seed)
            .arg(dir);
    });
    if (DemoPlan::candidateEmulatesBf16(plan.candidate))
        Q_EMIT message([] {
            return tr("Demo: this CPU has no native bf16, so libtorch emulates it: the bf16 candidate takes "
                      "about ten times as long as the fp32 baseline.");
        });
    const int totalSteps = plan.baseline.steps + plan.candidate.steps;
    // Steps done per side, written by the two training threads.
    auto done = std::make_shared<std::array<std::atomic_int, 2>>();
    // Worker-thread callbacks come back through queued calls; the destructor waits for the
    // worker, so `this` outlives every call made on it.
    m_future = QtConcurrent::run([this, torch, plan, options, totalSteps, done] {
        const DemoOutcome outcome = torch->runDemo(
            plan, options, true,
            [this](DemoPlan::Side side, const QString &log) {
                QMetaObject::invokeMethod(this, [this, side, log] {
                    m_loader.open(log);
                    Q_EMIT message([side, log] {
                        return tr("Demo: %1 log opened in Runs: %2").arg(DemoPlan::sideName(side), log);
                    });
                });
            },
            [this, plan, totalSteps, done](DemoPlan::Side side, const TrainStep &s) {
                const bool baseline = side == DemoPlan::Side::Baseline;
                (*done)[baseline ? 0 : 1] = s.step;
                const int all = (*done)[0] + (*done)[1];
                if (s.step % 5 != 0 && s.step != plan.baseline.steps)
                    return;
                const QString text
                    = tr("Demo: %1 (%2) step %3/%4, loss %5")
                          .arg(DemoPlan::sideName(side), baseline ? plan.baseline.precision : plan.candidate.precision)
                          .arg(s.step)
                          .arg(plan.baseline.steps)
                          .arg(NumberText::fixed(s.loss, 4));
                QMetaObject::invokeMethod(
                    this, [this, all, totalSteps, text] { Q_EMIT progress(all * 100 / totalSteps, text); });
            },
            &m_cancel);
        const QStringList logs{plan.baselineLog(), plan.candidateLog()};
        QMetaObject::invokeMethod(this, [this, outcome, logs] {
            setRunning(false);
            if (!outcome) {
                Q_EMIT ended([error = outcome.error] { return tr("Demo failed: %1").arg(error); });
            } else if (outcome.status != QLatin1String("finished")) {
                Q_EMIT ended([] { return tr("Demo stopped: no verdict (the logs so far stay in the Runs dock)."); });
            } else {
                Q_EMIT verdict(outcome.parity, ParityText::summary(outcome.parity), logs);
            }
        });
    });
}
