// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/reference/trainstep.h"

#include <QString>
#include <QTextStream>

/// Live progress lines of a reference run on the terminal: the first step, about 20 more per run,
/// and every evaluation, each with loss, eval loss, lr, grad norm and tokens/s.
class StepPrinter
{
public:
    /// prefix goes before each line ("baseline: "); steps is the run's length.
    StepPrinter(QTextStream &out, int steps, QString prefix = {});

    void print(const TrainStep &step);

private:
    QTextStream &m_out;
    int m_steps;
    int m_every;
    int m_stepWidth;
    QString m_prefix;
};
