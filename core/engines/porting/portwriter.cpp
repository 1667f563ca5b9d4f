// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/portwriter.h"

#include "core/base/io/safefilewriter.h"
#include "core/engines/porting/portscanner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

QString PortWriter::defaultOutput(const Port::Result &result)
{
    if (result.singleFile && !result.files.isEmpty()) {
        const QFileInfo file(QDir(result.root).filePath(result.files.constFirst().path));
        return file.dir().filePath(file.completeBaseName() + QLatin1Char('_') + result.target + QLatin1Char('.')
                                   + file.suffix());
    }
    return QDir::cleanPath(result.root) + QLatin1Char('_') + result.target;
}

PortWriter::Outcome PortWriter::writeTree(const Port::Result &result, const QString &output, bool force)
{
    Outcome outcome;
    outcome.output = QFileInfo(output).absoluteFilePath();
    const QFileInfo out(outcome.output);
    if (result.singleFile) {
        if (result.files.isEmpty()) { // the scan refused or skipped its one input
            outcome.error = QStringLiteral("%1: nothing to write, the source was not read").arg(output);
            return outcome;
        }
        if (out.exists() && !force) {
            outcome.error = QStringLiteral("%1 exists; choose another output or force overwriting").arg(output);
            return outcome;
        }
        const Port::FileResult &file = result.files.constFirst();
        if (out.exists() && out.isDir()) {
            outcome.error = QStringLiteral("%1 is a folder").arg(output);
            return outcome;
        }
        const QString source = QDir(result.root).filePath(file.path);
        QString backup;
        outcome.error = file.error.isEmpty()
            ? SafeFileWriter::writeFile(outcome.output, file.ported.toUtf8(), SafeFileWriter::Backup::Replace, &backup,
                                        QStringLiteral(".bak"), force)
            : SafeFileWriter::copyFile(source, outcome.output, SafeFileWriter::Backup::Replace, &backup, force);
        if (!backup.isEmpty())
            outcome.backups << backup;
        if (outcome.error.isEmpty() && file.changed())
            outcome.written << file.path;
        return outcome;
    }
    const QString root = QDir::cleanPath(result.root);
    const QString cleanOut = QDir::cleanPath(outcome.output);
    if (cleanOut == root || cleanOut.startsWith(root + QLatin1Char('/'))) {
        outcome.error = QStringLiteral("%1 is inside the source folder %2; write the port elsewhere").arg(output, root);
        return outcome;
    }
    if (out.exists() && !out.isDir()) {
        outcome.error = QStringLiteral("%1 exists and is not a folder").arg(output);
        return outcome;
    }
    if (out.isDir() && !QDir(cleanOut).isEmpty() && !force) {
        outcome.error
            = QStringLiteral("%1 exists and is not empty; choose another output or force overwriting").arg(output);
        return outcome;
    }
    QHash<QString, const Port::FileResult *> ported;
    for (const Port::FileResult &f : result.files) {
        if (f.isPython && f.error.isEmpty())
            ported.insert(f.path, &f);
    }
    const QDir target(cleanOut);
    for (const QString &relative : PortScanner::listTree(root)) {
        const QString destination = target.filePath(relative);
        if (!QDir().mkpath(QFileInfo(destination).absolutePath())) {
            outcome.error = QStringLiteral("%1: cannot create the folder").arg(QFileInfo(destination).absolutePath());
            return outcome;
        }
        const Port::FileResult *file = ported.value(relative);
        QString backup;
        if (file) {
            SafeFileWriter out(destination);
            out.setReplaceReadOnly(force);
            out.setNewFilePermissions(QFile::permissions(QDir(root).filePath(relative)));
            const QByteArray bytes = file->ported.toUtf8();
            if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit()) {
                outcome.error = out.error();
                return outcome;
            }
            backup = out.backupPath();
            if (file->changed())
                outcome.written << relative;
        } else {
            outcome.error = SafeFileWriter::copyFile(QDir(root).filePath(relative), destination,
                                                     SafeFileWriter::Backup::Replace, &backup, force);
            if (!outcome.error.isEmpty())
                return outcome;
            ++outcome.copied;
        }
        if (!backup.isEmpty())
            outcome.backups << target.relativeFilePath(backup);
    }
    return outcome;
}

PortWriter::Outcome PortWriter::writeInPlace(const Port::Result &result)
{
    Outcome outcome;
    outcome.output = result.root;
    const QDir root(result.root);
    for (const Port::FileResult &file : result.files) {
        if (!file.changed() || !file.error.isEmpty())
            continue;
        const QString path = root.filePath(file.path);
        // The first original stays in .orig; a later rewrite keeps what it replaces as .bak.
        // Beside the file itself: a symlinked source is written through, its backups sit by its target.
        const bool haveOriginal = QFileInfo::exists(QFileInfo(path).canonicalFilePath() + QStringLiteral(".orig"));
        QString backup;
        outcome.error = SafeFileWriter::writeFile(
            path, file.ported.toUtf8(),
            haveOriginal ? SafeFileWriter::Backup::Replace : SafeFileWriter::Backup::KeepFirst, &backup,
            haveOriginal ? QStringLiteral(".bak") : QStringLiteral(".orig"));
        if (!outcome.error.isEmpty())
            return outcome;
        if (!backup.isEmpty())
            outcome.backups << root.relativeFilePath(backup);
        outcome.written << file.path;
    }
    return outcome;
}
