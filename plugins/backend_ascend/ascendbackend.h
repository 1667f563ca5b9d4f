// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/plugins/devicebackend.h"

#include <QObject>

class AscendBackend : public QObject, public DeviceBackend
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID DeviceBackend_iid FILE "ascendbackend.json")
    Q_INTERFACES(DeviceBackend)

public:
    BackendInfo info() const override;
    QByteArray portingRules() const override;
    QByteArray backendProfile() const override;
    QByteArray compatibilityRows() const override;
    BackendProbe probe(const CommandRunner &runner, const ProbeOptions &options) const override;
    DeviceInventory parseDevices(const QByteArray &toolOutput) const override;
    QStringList topologyCommand() const override;
    Topology parseTopology(const QByteArray &toolOutput) const override;
    QStringList telemetryCommand(int intervalMs) const override;
    bool recognisesTelemetry(QByteArrayView head) const override;
    std::unique_ptr<TelemetryReader> createTelemetryReader() const override;
};
