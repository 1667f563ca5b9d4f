// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QString>

/// What one command run through CommandRunner produced.
struct CommandResult
{
    bool started = false; ///< the program (or ssh) could be started at all
    bool timedOut = false; ///< killed after the runner's timeout
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QString error; ///< why it did not start / was killed, in words; empty when it ran

    /// "Command not found" locally (QProcess could not start it) or remotely (the shell's 127).
    bool notFound() const { return !started || exitCode == 127; }
    bool ok() const { return started && !timedOut && exitCode == 0; }
    explicit operator bool() const { return ok(); }
    /// One line for a check row: the error, or stderr's first line, or the exit code.
    QString summary() const;
};
