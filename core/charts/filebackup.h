#pragma once

#include <QString>

/// Keeps a user's file before an export replaces it: `name.ext` is copied to `name.ext.bak`
/// (replacing an older backup). Exports then write with QSaveFile, so a failed write leaves the
/// original in place too.
class FileBackup
{
public:
    /// True when there was nothing to keep or the copy succeeded; otherwise `error` says why.
    static bool keepExisting(const QString &path, QString *error);
};
