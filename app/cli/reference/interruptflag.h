// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <atomic>

/// While alive, turns the first Ctrl-C (SIGINT) or SIGTERM into a flag that long work polls, so a
/// training run stops after its current step with a complete log. A second Ctrl-C kills as usual.
/// The previous handlers come back on destruction.
class InterruptFlag
{
public:
    InterruptFlag();
    ~InterruptFlag();
    InterruptFlag(const InterruptFlag &) = delete;
    InterruptFlag &operator=(const InterruptFlag &) = delete;

    const std::atomic_bool *flag() const;
    bool raised() const { return flag()->load(); }
};
