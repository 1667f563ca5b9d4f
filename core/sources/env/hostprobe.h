// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/envcheck.h"
#include "core/sources/env/hostfacts.h"

#include <QList>

class CommandRunner;

/// Host checks that decide whether multi-process training runs at all: /dev/shm size, hugepages,
/// net.ipv4.ip_forward (container networking), `ulimit -n`, free disk in the output folder, NUMA
/// nodes, container detection. One POSIX sh script gathers everything in one round trip, locally
/// or over SSH; the output folder is the only data in it and is quoted.
class HostProbe
{
public:
    static QString script(const QString &outputDir);
    static HostFacts probe(const CommandRunner &runner, const QString &outputDir);
    static QList<EnvCheck> checks(const HostFacts &facts);
};
