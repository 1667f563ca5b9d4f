#include "artifactwriter.h"

#include "io/inputfile.h"
#include "io/safefilewriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

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
        QString backup;
        result.error = SafeFileWriter::writeFile(path, a.content, SafeFileWriter::Backup::Numbered, &backup);
        if (!result.error.isEmpty())
            return result;
        if (!backup.isEmpty())
            result.backups << backup;
        if (a.language == ConfigArtifact::Language::Shell)
            QFile::setPermissions(path, QFile::permissions(path) | QFileDevice::ExeOwner | QFileDevice::ExeGroup);
        result.written << a.fileName;
    }
    return result;
}
