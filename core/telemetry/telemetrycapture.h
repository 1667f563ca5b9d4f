#pragma once

#include "telemetryrecording.h"

#include <QByteArray>
#include <QList>
#include <QString>

class DeviceBackend;

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
};
