// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/pythonenvironment.h"

#include <QMap>
#include <QString>

/// What a backend probe gets besides the runner: facts the core already gathered on the target
/// host, so plugins do not ask for them again (and remote probes stay few round trips).
struct ProbeOptions
{
    QMap<QString, QString> environment; ///< the target host's environment variables
    PythonEnvironment python; ///< the chosen interpreter's modules (may carry an error)
};
