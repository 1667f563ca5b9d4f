// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/topology.h"

#include <QByteArray>
#include <QList>

class CommandRunner;
class DeviceBackend;

/// The one "try each backend's topology parser" rule, shared by `portbench-cli topo` (live and
/// `--from`), `report --topology`, the Topology panel's Open and its Probe: the first backend whose
/// parser finds at least one accelerator wins. A capture with only NICs, or one no backend reads, is
/// no topology: the result's error then lists what each backend said, one "id: reason" per backend
/// joined by "; ", so a refusal always says why.
class TopologyReader
{
public:
    /// A saved tool output (`nvidia-smi topo -m`, `npu-smi info -t topo`, ...).
    static Topology fromCapture(const QByteArray &capture, const QList<const DeviceBackend *> &backends);
    /// Runs each backend's topologyCommand() through runner (blocking; call it off the GUI thread).
    /// An absent or failing tool is one more reason in the error.
    static Topology probe(const CommandRunner &runner, const QList<const DeviceBackend *> &backends);
};
