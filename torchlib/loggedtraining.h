// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/reference/trainconfig.h"
#include "referencetrainer.h"

#include <atomic>

/// One reference run with its live JSONL log (docs/reference-run.md): the header with the settings,
/// a line per logged step, and a closing line whatever happens (finished, stopped, failed).
/// `portbench-cli train`, `demo` and the GUI's Run Demo all train through it.
class LoggedTraining
{
public:
    explicit LoggedTraining(TrainConfig config);

    /// The run's name in the log header ("baseline", "candidate"); empty for none.
    void setLabel(const QString &label) { m_label = label; }
    /// Where the log goes (an existing file is kept as .bak); empty = no log.
    void setLogPath(const QString &path) { m_logPath = path; }
    void setWeightDumpPath(const QString &path) { m_weightDumpPath = path; }

    /// Trains on the calling thread; onStep sees each step after its log line is flushed. The
    /// outcome's error also covers a log that cannot be created.
    TrainOutcome run(const ReferenceTrainer::StepCallback &onStep, const std::atomic_bool *cancel);

private:
    TrainConfig m_config;
    QString m_label;
    QString m_logPath;
    QString m_weightDumpPath;
};
