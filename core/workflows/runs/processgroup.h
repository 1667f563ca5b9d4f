// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QtGlobal>

/// Signals for a process group on this machine. PortBench starts every run as the leader of its
/// own group, so a stop reaches the whole tree (torchrun and its workers, data loader processes).
namespace ProcessGroup {
/// kill(-pgid, sig); false when the group no longer exists.
bool signal(qint64 pgid, int sig);
/// Whether any process of the group is still alive.
bool alive(qint64 pgid);
/// Whether the process itself is alive (a zombie counts as gone).
bool processAlive(qint64 pid);
}
