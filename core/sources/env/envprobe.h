// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/env/compatmatrix.h"
#include "core/sources/env/envreport.h"
#include "core/sources/env/envrequest.h"

#include <QList>

class CommandRunner;
class DeviceBackend;

/// Runs the whole environment check on one host: host facts, the Python probe, every selected
/// backend plugin's probe, visible-devices variables against the devices found, and the
/// compatibility matrix on the versions found. The CLI and the GUI dock both call run().
class EnvProbe
{
public:
    EnvProbe(QList<const DeviceBackend *> backends, CompatMatrix matrix);

    /// Blocking; call off the GUI thread. Unknown backend ids give a Fail row, not a crash.
    EnvReport run(const CommandRunner &runner, const EnvRequest &request) const;

private:
    QStringList backendIds() const;
    /// Every loaded backend's device extension, probed whichever backend is selected.
    QStringList extensions() const;
    QList<EnvCheck> visibleDevicesCheck(const DeviceBackend &backend, const BackendProbe &probe,
                                        const QMap<QString, QString> &environment) const;
    QList<EnvCheck> compatChecks(const EnvReport &report) const;

    QList<const DeviceBackend *> m_backends;
    CompatMatrix m_matrix;
};
