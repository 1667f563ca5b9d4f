// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QString>

/// Appends to a telemetry file (TelemetryFile): the one PortBench file that grows instead of being
/// replaced, because a recording must survive the monitor being killed at any moment. Each batch of
/// whole lines goes out in one write() on a descriptor opened with O_APPEND, so two writers never
/// interleave inside a line and a crash leaves at most one cut line at the end; open() puts a line
/// break after such a line before anything new is appended. Like SafeFileWriter it refuses a
/// device, a FIFO, a socket or a folder, and writes through a symlink.
class TelemetryAppender
{
public:
    TelemetryAppender() = default;
    ~TelemetryAppender();
    TelemetryAppender(const TelemetryAppender &) = delete;
    TelemetryAppender &operator=(const TelemetryAppender &) = delete;

    /// Opens (creating) `path`; false with error() set when it cannot be appended to.
    bool open(const QString &path);
    /// Appends whole lines; false with error() set when the write failed (a full disk).
    bool append(const QByteArray &lines);
    /// Flushes to the disk and closes.
    void close();
    bool isOpen() const { return m_fd >= 0; }
    /// "PATH: why".
    QString error() const { return m_error; }

private:
    int m_fd = -1;
    QString m_path;
    QString m_error;
};
