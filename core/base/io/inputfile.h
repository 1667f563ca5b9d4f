// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QIODevice>
#include <QString>

/// The one way a command reads a whole input file it was given by name (a topology capture, a
/// config, a tensor dump, a report input). Only regular files are read: a FIFO with no writer would
/// block forever and /dev/zero never ends, so both are refused by a stat() before anything is opened.
/// What is read is capped; the caps are listed in docs/limits.md and named in the message.
class InputFile
{
public:
    struct Result
    {
        QByteArray bytes;
        QString error; ///< "PATH: why", empty on success
        explicit operator bool() const { return error.isEmpty(); }
    };

    /// Caps per kind of input (docs/limits.md). Text captures and configs are small by nature.
    static constexpr qint64 textCaptureLimit = 64ll * 1024 * 1024;
    static constexpr qint64 configLimit = 64ll * 1024 * 1024;

    /// Why `path` is not a regular file that can be read ("is a FIFO", "is a device", "is a folder",
    /// or the open error); empty when it is one.
    static QString refusalFor(const QString &path);
    /// Reads `path` whole when it is a regular file no larger than `limit` bytes; `what` names the
    /// input in the message ("topology capture").
    static Result read(const QString &path, qint64 limit, const QString &what);
    /// Reads one line from `device` into `line` (without its '\n'), keeping at most `limit` bytes of
    /// it: the rest of a longer line is read and dropped, never held. Returns the line's whole
    /// length, or -1 at the end of the input.
    static qint64 readLine(QIODevice &device, qint64 limit, QByteArray &line);
    /// "N MiB" / "N GiB" for messages.
    static QString formatLimit(qint64 bytes);
};
