// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "artifactwriter.h"

#include "core/base/io/inputfile.h"
#include "core/base/io/safefilewriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <memory>
#include <vector>

namespace {

bool sameContent(const QString &path, const QByteArray &content)
{
    // A FIFO or device in the way is never "the same" (and opening a FIFO would block): the write
    // then refuses it by name.
    QFile f(path);
    return InputFile::refusalFor(path).isEmpty() && f.size() == content.size() && f.open(QIODevice::ReadOnly)
        && f.readAll() == content;
}

} // namespace

QStringList ArtifactWriter::conflicts(const ConfigArtifacts &artifacts, const QString &dir)
{
    QStringList out;
    for (const ConfigArtifact &a : artifacts) {
        const QString path = QDir(dir).filePath(a.fileName);
        if (QFileInfo::exists(path) && !sameContent(path, a.content))
            out << a.fileName;
    }
    return out;
}

ArtifactWriter::Result ArtifactWriter::write(const ConfigArtifacts &artifacts, const QString &dir, bool overwrite)
{
    Result result;
    const QStringList clashing = conflicts(artifacts, dir);
    if (!clashing.isEmpty() && !overwrite) {
        result.error
            = QStringLiteral("would overwrite existing files in %1: %2").arg(dir, clashing.join(QStringLiteral(", ")));
        return result;
    }
    // All or nothing: every file is written to its temporary file first, then all are renamed.
    std::vector<std::unique_ptr<SafeFileWriter>> files;
    std::vector<const ConfigArtifact *> changed;
    for (const ConfigArtifact &a : artifacts) {
        if (a.fileName.isEmpty() || QDir::isAbsolutePath(a.fileName) || a.fileName.contains(QLatin1String(".."))) {
            result.error = QStringLiteral("refusing to write \"%1\" outside %2").arg(a.fileName, dir);
            return result;
        }
        const QString path = QDir(dir).filePath(a.fileName);
        if (QFileInfo::exists(path) && sameContent(path, a.content)) {
            result.unchanged << a.fileName;
            continue;
        }
        if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
            result.error = QStringLiteral("%1: cannot create the folder").arg(QFileInfo(path).absolutePath());
            return result;
        }
        auto out = std::make_unique<SafeFileWriter>(path, SafeFileWriter::Backup::Numbered);
        // Replacing was asked for (--force, or the user said yes): read-only files included.
        out->setReplaceReadOnly(overwrite);
        if (!out->open(QIODevice::WriteOnly) || out->write(a.content) != a.content.size()) {
            result.error = out->error();
            return result;
        }
        files.push_back(std::move(out));
        changed.push_back(&a);
    }
    std::vector<SafeFileWriter *> writers;
    for (const auto &f : files)
        writers.push_back(f.get());
    result.error = SafeFileWriter::commitAll(writers);
    if (!result.error.isEmpty())
        return result;
    for (size_t i = 0; i < changed.size(); ++i) {
        const QString path = files[i]->path();
        if (!files[i]->backupPath().isEmpty())
            result.backups << files[i]->backupPath();
        if (changed[i]->language == ConfigArtifact::Language::Shell)
            // Owner/group/other bits only: the "User" ones say what this process may do (all, as
            // root), and setting them would make a read-only file writable.
            QFile::setPermissions(path,
                                  (QFile::permissions(path) & ~QFileDevice::Permissions(0x0700)) | QFileDevice::ExeOwner
                                      | QFileDevice::ExeGroup);
        result.written << changed[i]->fileName;
    }
    return result;
}
