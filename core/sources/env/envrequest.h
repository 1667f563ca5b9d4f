// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

/// What the user asked `env` to check.
struct EnvRequest
{
    QString backend = QStringLiteral("auto"); ///< "auto" probes every backend; or "cuda", "npu", "musa"
    QString python; ///< interpreter to probe; empty means `python3` on the target's PATH
    QString outputDir = QStringLiteral("."); ///< where checkpoints go, for the free-disk check
};
