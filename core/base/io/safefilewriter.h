// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QFileDevice>
#include <QIODevice>
#include <QString>

#include <vector>

/// The one way PortBench writes a file: the result is the complete new file or the untouched old one.
///
/// Bytes go to a temporary file beside the target; every write, the fsync and the close are checked
/// (a full disk is reported as "No space left on device", not "Unknown error"), and only then is the
/// old file kept as a backup (a hard link, so keeping it needs no space) and the new one renamed over
/// it. A symlink to a regular file is written *through* (the link stays, its target is replaced);
/// anything that is not a regular file — a device such as /dev/null, a FIFO, a socket, a folder — is
/// refused, never replaced. QSaveFile does none of the last three and loses errno on commit.
///
/// A read-only target (no write permission for this process) is refused unless
/// setReplaceReadOnly() allows it (the CLI's --force). Every backup PortBench makes is marked with
/// the extended attribute `user.portbench.backup`; a backup is only ever replaced when it carries
/// that mark, so a `NAME.bak` someone else made is kept and the backup goes to `NAME.bak.2`, … On a
/// file system without extended attributes nothing is marked, so no backup there is ever replaced:
/// they accumulate instead (docs/limits.md).
class SafeFileWriter : public QIODevice
{
    Q_OBJECT
public:
    /// What becomes of a file that is replaced.
    enum class Backup {
        None, ///< PortBench's own records (run.json): nothing kept
        Replace, ///< `NAME<suffix>`, replacing an older backup
        Numbered, ///< `NAME<suffix>`, then `NAME<suffix>.2`, … — no backup is ever replaced
        KeepFirst, ///< `NAME<suffix>` only when none exists: it holds the oldest original (port --in-place's .orig)
    };

    explicit SafeFileWriter(const QString &path, Backup backup = Backup::Replace,
                            const QString &backupSuffix = QStringLiteral(".bak"));
    ~SafeFileWriter() override;

    /// Checks the target and creates the temporary file. Only WriteOnly is accepted.
    bool open(OpenMode mode) override;
    /// Flushes, fsyncs and closes the temporary file, keeps the backup, renames into place and
    /// fsyncs the folder. False (and the old file untouched, the temporary removed) on any failure.
    bool commit();
    /// Commits several files all or nothing: every temporary file is completed first (a full disk
    /// fails here, before any target changes), then each is renamed into place; if one of those
    /// fails, the files already replaced get their old contents back from their backups (so the
    /// writers need Backup::Numbered or Replace) and new ones are removed.
    /// Returns an empty string or the first error.
    static QString commitAll(const std::vector<SafeFileWriter *> &writers);
    /// Whether a read-only target may be replaced (it keeps its permissions). Off by default.
    void setReplaceReadOnly(bool replace) { m_replaceReadOnly = replace; }
    /// Drops what was written; the target is left as it was.
    void cancel();
    bool isSequential() const override { return true; }

    /// The path as given; the file actually replaced (a symlink's target) is resolvedPath().
    QString path() const { return m_path; }
    QString resolvedPath() const { return m_resolved; }
    /// The backup made by commit(), empty when none was needed.
    QString backupPath() const { return m_backupPath; }
    /// "PATH: what went wrong", naming the path as the user gave it.
    QString error() const { return m_error; }
    /// Permissions for a new file (an existing file keeps its own). Applied at commit.
    void setNewFilePermissions(QFileDevice::Permissions permissions);

    /// Writes `bytes` to `path` in one go; returns an empty string or the error. `backupMade`, when
    /// given, receives the backup's path (empty if there was nothing to keep).
    /// `replaceReadOnly`: see setReplaceReadOnly().
    static QString writeFile(const QString &path, const QByteArray &bytes, Backup backup = Backup::Replace,
                             QString *backupMade = nullptr, const QString &backupSuffix = QStringLiteral(".bak"),
                             bool replaceReadOnly = false);
    /// Copies `from` into `to` through a SafeFileWriter, streaming (large files are not read whole);
    /// the copy gets the source's permissions when `to` is new.
    static QString copyFile(const QString &from, const QString &to, Backup backup = Backup::Replace,
                            QString *backupMade = nullptr, bool replaceReadOnly = false);

    /// Why `path` may not be written (a device, FIFO, socket, folder, a symlink loop); empty when it may.
    static QString refusalFor(const QString &path);

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override;

private:
    bool fail(const QString &what, int errnum);
    /// Completes the temporary file (permissions, fsync, close); nothing is renamed yet.
    bool prepare();
    /// Keeps the backup and renames the prepared temporary file into place.
    bool install();
    /// After install(): puts the old file back (or removes a new one), for commitAll().
    void undoInstall();
    bool keepBackup();
    void removeTemporary();

    QString m_path;
    QString m_resolved;
    QString m_temporary;
    QString m_backupSuffix;
    QString m_backupPath;
    QString m_error;
    Backup m_backup;
    int m_fd = -1;
    bool m_targetExists = false;
    bool m_failed = false;
    bool m_hasNewPermissions = false;
    bool m_replaceReadOnly = false;
    QFileDevice::Permissions m_newPermissions;
};
