// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "telemetryrecording.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <memory>

class DeviceBackend;
class TelemetryReader;

/// The one way a telemetry file is read: a vendor tool's sampler output captured by hand
/// (`nvidia-smi --query-gpu=... -lms`, `npu-smi info watch`, `mthreads-gmi` tables) or PortBench's
/// own `portbench-telemetry/1` file. The first lines say which: PortBench's own header, else the
/// first backend plugin that recognises its tool's output (DeviceBackend::recognisesTelemetry).
///
/// Read line by line with the limits of docs/limits.md: regular files only, at most maxFileBytes,
/// lines longer than maxLineBytes skipped and reported. A line that cannot be read is reported as
/// "FILE:LINE: why" and the rest is still read.
class TelemetryCapture
{
public:
    static constexpr qint64 maxFileBytes = 4ll * 1024 * 1024 * 1024;
    static constexpr qint64 maxLineBytes = 64 * 1024;
    /// How much of a file's start recognition looks at.
    static constexpr qint64 headBytes = 4096;

    struct Result
    {
        TelemetryRecording recording;
        QString error; ///< "PATH: why" when nothing could be read
        explicit operator bool() const { return error.isEmpty(); }
    };

    /// Whether `head` (a file's first bytes) is telemetry: PortBench's own file or a capture a
    /// backend reads. Costs no more than looking at those bytes.
    static bool recognises(const QByteArray &head, const QList<const DeviceBackend *> &backends);
    /// The first headBytes of a regular file, empty for anything else.
    static QByteArray head(const QString &path);
    /// Reads `path`; `host` names the host of a vendor tool's capture (PortBench's own file names its own).
    static Result read(const QString &path, const QList<const DeviceBackend *> &backends,
                       const QString &host = QStringLiteral("local"));

    /// Follows `path` as it grows (a `monitor --out` file being written): readMore() reads what was
    /// appended since its last call. read() is one readMore() to the end.
    TelemetryCapture(QString path, QList<const DeviceBackend *> backends, QString host = QStringLiteral("local"));
    ~TelemetryCapture();
    TelemetryCapture(TelemetryCapture &&) noexcept;
    TelemetryCapture &operator=(TelemetryCapture &&) noexcept;

    /// Reads the lines appended since the last call into `recording` (its tool set on the first).
    /// A last line without its line break waits for the rest, unless `toTheEnd`. False with `error`
    /// ("PATH: why") when the file cannot be read, is not telemetry, is over the limit or shrank.
    bool readMore(TelemetryRecording &recording, bool toTheEnd, QString *error);
    /// The reader's note about the whole file ("no clock …"), empty when none.
    QString note() const;

private:
    QString m_path;
    QList<const DeviceBackend *> m_backends;
    QString m_host;
    std::unique_ptr<TelemetryReader> m_reader;
    qint64 m_offset = 0;
    qint64 m_lineNumber = 0;
};
