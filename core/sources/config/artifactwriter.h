// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "configartifact.h"

#include <QString>
#include <QStringList>

/// Saves emitted artifacts into a folder, all or nothing (SafeFileWriter::commitAll): on a full disk
/// no artifact changes. A file that exists with other content (read-only ones too) is only replaced
/// when the caller says so (after asking the user), and is first kept as `NAME.bak` (`NAME.bak.2`,
/// … if that is taken). Identical files are left alone.
class ArtifactWriter
{
public:
    struct Result
    {
        QStringList written;
        QStringList unchanged;
        QStringList backups;
        QString error;
        explicit operator bool() const { return error.isEmpty(); }
    };

    /// Relative names of artifacts that exist in `dir` with different content.
    static QStringList conflicts(const ConfigArtifacts &artifacts, const QString &dir);
    /// Writes everything; with conflicts and !overwrite nothing is written and `error` lists them.
    static Result write(const ConfigArtifacts &artifacts, const QString &dir, bool overwrite);
};
