// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/porting/porttypes.h"

#include <QString>
#include <QStringList>

/// Writes a port to disk: a new tree beside the source, or the source itself with backups.
/// Every file goes through SafeFileWriter: complete or absent, never a device or a link replaced,
/// and what it replaces is kept (`.orig` for the first in-place rewrite, `.bak` after that).
class PortWriter
{
public:
    struct Outcome
    {
        QString error;
        QString output; ///< the folder (or file) written
        QStringList written; ///< relative paths of ported files that changed
        QStringList backups; ///< backups made of replaced files (.orig / .bak), relative to the output
        int copied = 0; ///< new tree: files copied unchanged
        explicit operator bool() const { return error.isEmpty(); }
    };

    /// `<src>_<target>` beside a folder, or `<stem>_<target>.py` beside a single file.
    static QString defaultOutput(const Port::Result &result);
    /// Copies the scanned tree (minus skipped folders) to `output` with ported files replaced.
    /// Refuses an existing non-empty output and read-only files in it unless `force`, and an output
    /// inside the source.
    static Outcome writeTree(const Port::Result &result, const QString &output, bool force);
    /// Rewrites changed files in place; the first original of each is kept as `<file>.orig`
    /// (an existing .orig is never overwritten: it holds the older original).
    static Outcome writeInPlace(const Port::Result &result);
};
