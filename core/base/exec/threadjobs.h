// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <functional>

/// Work shared by the process's threads: the parts of a large log, the blocks of points a
/// command writes.
namespace ThreadJobs {

/// Runs job(0) … job(count - 1) on up to `threads` threads, the calling one included (waiting
/// would leave it idle), each taking the next index when it is done with one; returns when every
/// job is done.
void takeInTurn(int threads, int count, const std::function<void(int)> &job);

} // namespace ThreadJobs
