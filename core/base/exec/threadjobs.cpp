// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "threadjobs.h"

#include <QFuture>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <vector>

namespace ThreadJobs {

void takeInTurn(int threads, int count, const std::function<void(int)> &job)
{
    std::atomic<int> next = 0;
    const auto work = [&] {
        for (int i = next++; i < count; i = next++)
            job(i);
    };
    std::vector<QFuture<void>> others;
    for (int t = 1; t < threads && t < count; ++t)
        others.push_back(QtConcurrent::run(work));
    work();
    for (QFuture<void> &other : others)
        other.waitForFinished();
}

} // namespace ThreadJobs
