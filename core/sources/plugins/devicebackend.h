// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/backendinfo.h"
#include "core/base/device/backendprobe.h"
#include "core/base/device/deviceinventory.h"
#include "core/base/device/probeoptions.h"
#include "core/base/device/telemetryreader.h"
#include "core/base/device/topology.h"

#include <QByteArray>
#include <QStringList>
#include <QtPlugin>

#include <memory>

class CommandRunner;

/// The interface every device-backend plugin implements (plugins/backend_*).
///
/// It stays small and pure: later capabilities (environment probes, topology parsing, porting
/// rules) are added as further virtual functions with the interface id's version bumped, so a
/// plugin built against an older interface is refused by QPluginLoader's IID check instead of
/// crashing on a missing vtable slot.
class DeviceBackend
{
public:
    virtual ~DeviceBackend() = default;

    virtual BackendInfo info() const = 0;

    // Porting (core/porting): the rules are data owned by the plugin, not code branches.
    /// The plugin's porting rules as JSON (format: docs/porting.md). The npu and musa plugins
    /// carry cuda → device rules; the cuda plugin carries the reverse (npu/musa → cuda) rules.
    virtual QByteArray portingRules() const = 0;

    // Training configs (core/config): device presets, environment-script lines, SLURM gres name,
    // accelerate type, config rules and launch-script markers, as JSON (BackendProfile::fromJson;
    // format in docs/ARCHITECTURE.md). Core names no vendor: it reads this.
    virtual QByteArray backendProfile() const = 0;

    // Environment / topology (core/env, core/topology).
    /// The plugin's compatibility rows as CSV in CompatMatrix's format: which release of its torch
    /// extension needs which torch, toolkit and Python, each row with its source. Empty when the
    /// backend has no extension (CUDA).
    virtual QByteArray compatibilityRows() const = 0;
    /// Runs the vendor tool and reads versions on the runner's host. A host without the tool
    /// gets toolFound=false and Skipped rows with hints, never failures.
    virtual BackendProbe probe(const CommandRunner &runner, const ProbeOptions &options) const = 0;
    /// Reads a saved device listing (`nvidia-smi`, `npu-smi info`, `mthreads-gmi`).
    virtual DeviceInventory parseDevices(const QByteArray &toolOutput) const = 0;
    /// The argv that prints the topology matrix (`nvidia-smi topo -m`, `npu-smi info -t topo`).
    virtual QStringList topologyCommand() const = 0;
    /// Reads a saved topology capture; the result carries its own error text.
    virtual Topology parseTopology(const QByteArray &toolOutput) const = 0;

    // Telemetry (core/telemetry, docs/telemetry.md).
    /// The argv of ONE long-running process that prints every device's utilisation, memory, power
    /// and temperature every `intervalMs` until it is stopped (`nvidia-smi --query-gpu=... -lms N`,
    /// `npu-smi info watch -d S`); empty when the vendor has no such tool.
    virtual QStringList telemetryCommand(int intervalMs) const = 0;
    /// Whether a file starting with `head` is that process's output (or a hand capture of it).
    virtual bool recognisesTelemetry(QByteArrayView head) const = 0;
    /// A reader for one stream of that output; nullptr when the vendor has no telemetry.
    virtual std::unique_ptr<TelemetryReader> createTelemetryReader() const = 0;
};

#define DeviceBackend_iid "org.portbench.DeviceBackend/4.0"
Q_DECLARE_INTERFACE(DeviceBackend, DeviceBackend_iid)
