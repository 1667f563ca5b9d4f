// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/exec/commandrunner.h"
#include "core/sources/plugins/pluginmanager.h"

#include <QList>
#include <QString>
#include <QStringList>

class DeviceBackend;

/// Which backend's telemetry tool a host has, for `monitor` and a run's recording alike: the
/// first loaded backend with telemetry whose vendor tool `command -v` finds there (the tool's
/// name passed as data, never as shell text). A host that cannot be asked (ssh failed, a
/// timeout) is told apart from one without any of the tools. Blocking: run it off the GUI thread.
class TelemetryToolFinder
{
public:
    struct Result
    {
        const DeviceBackend *backend = nullptr; ///< nullptr when none was found or the host was not reached
        QStringList tried; ///< the tools looked for, in order
        QString unreachable; ///< why the host could not be asked; empty when it answered
    };

    static Result find(const CommandRunner &runner, const QList<LoadedBackend> &backends);
    /// "no device tool on HOST (looked for a, b)".
    static QString noToolText(const CommandRunner &runner, const Result &result);
};
