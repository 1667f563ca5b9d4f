// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QObject>
#include <QTimer>

#include <algorithm>
#include <ctime>

/// How long the event loop of the thread it lives on (the GUI thread) is held: a timer firing
/// every few milliseconds while the loop turns notes the thread's CPU time at each firing; the
/// largest step between two firings is the longest stretch of work the loop did before it could
/// repaint or hear a click. CPU time of that thread, not wall time, so a loaded machine that
/// lets the test wait for a core does not fail it, while the same work on the GUI thread does.
///
///     EventLoopWatchdog watchdog;
///     ... start something, wait for it with QSignalSpy::wait or QTRY_ ...
///     QVERIFY2(watchdog.longestHoldMs() < 100, ...);
class EventLoopWatchdog : public QObject
{
public:
    EventLoopWatchdog()
    {
        m_last = threadCpuMs();
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, this, [this] {
            const double now = threadCpuMs();
            m_longest = std::max(m_longest, now - m_last);
            m_last = now;
        });
        m_timer.start();
    }

    /// The longest hold so far, the stretch under way included, in milliseconds of the
    /// thread's CPU time.
    double longestHoldMs() const { return std::max(m_longest, threadCpuMs() - m_last); }

private:
    static double threadCpuMs()
    {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
    }

    QTimer m_timer;
    double m_last = 0;
    double m_longest = 0;
};
