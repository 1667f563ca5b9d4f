// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "stackcheckrequest.h"

#include "core/workflows/reference/stackcheck.h"

#include <QFileInfo>

QString StackCheckRequest::validate() const
{
    if (const QStringList choices = StackCheck::deviceChoices(pluginDevices); !choices.contains(device))
        return QStringLiteral("--device: '%1' is not %2").arg(device, choices.join(QStringLiteral(", ")));
    if (!StackCheck::precisionChoices().contains(precision))
        return QStringLiteral("--precision: '%1' is not %2")
            .arg(precision, StackCheck::precisionChoices().join(QStringLiteral(" or ")));
    if (!StackCheck::referenceChoices().contains(reference))
        return QStringLiteral("--reference: '%1' is not %2")
            .arg(reference, StackCheck::referenceChoices().join(QStringLiteral(", ")));
    if (devices < 1 || devices > StackCheck::batchSize || StackCheck::batchSize % devices != 0)
        return QStringLiteral("--devices: %1 does not divide the batch of %2").arg(devices).arg(StackCheck::batchSize);
    if (steps < 1 || steps > StackCheck::scheduleSteps)
        return QStringLiteral("--steps: '%1' is not a whole number from 1 to %2")
            .arg(steps)
            .arg(StackCheck::scheduleSteps);
    if (threads < 1)
        return QStringLiteral("--threads: '%1' is not a positive whole number").arg(threads);
    if (peakLr < 0)
        return QStringLiteral("--lr: '%1' is not a positive number").arg(peakLr);
    if (python.trimmed().isEmpty())
        return QStringLiteral("--python: no interpreter given");
    if (!weightsFile.isEmpty() && !QFileInfo(weightsFile).isFile())
        return QStringLiteral("--weights: %1: no such file").arg(weightsFile);
    if (outDir.isEmpty())
        return QStringLiteral("--out: no folder given");
    return {};
}
