// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "stepprinter.h"

#include "core/base/model/numbertext.h"

#include <algorithm>

StepPrinter::StepPrinter(QTextStream &out, int steps, QString prefix)
    : m_out(out)
    , m_steps(steps)
    , m_every(std::max(1, steps / 20))
    , m_stepWidth(int(QString::number(steps).size()))
    , m_prefix(std::move(prefix))
{ }

void StepPrinter::print(const TrainStep &s)
{
    if (s.step % m_every != 0 && !s.hasEvalLoss && s.step != 1)
        return;
    m_out << m_prefix << "step " << QString::number(s.step).rightJustified(m_stepWidth) << '/' << m_steps << "  loss "
          << NumberText::fixed(s.loss, 4);
    if (s.hasEvalLoss)
        m_out << "  eval " << NumberText::fixed(s.evalLoss, 4);
    m_out << "  lr " << QString::number(s.learningRate, 'e', 2) << "  grad_norm " << NumberText::fixed(s.gradNorm, 3)
          << "  tokens/s " << NumberText::fixed(s.tokensPerSecond, 0) << Qt::endl;
}
