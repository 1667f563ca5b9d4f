#include "artifactwriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace {

bool sameContent(const QString &path, const QByteArray &content)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.readAll() == content;
}

QString freeBackupName(const QString &path)
{
    QString candidate = path + QStringLiteral(".bak");
    for (int i = 2; QFileInfo::exists(candidate); ++i)
        candidate = path + QStringLiteral(".bak.%1").arg(i);
    return candidate;
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
        result.error = QStringLiteral("would overwrite existing files in %1: %2").arg(dir, clashing.join(QStringLiteral(", ")));
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
        if (QFileInfo::exists(path)) {
            const QString backup = freeBackupName(path);
            if (!QFile::copy(path, backup)) {
                result.error = QStringLiteral("%1: cannot make the backup %2; nothing overwritten").arg(path, backup);
                return result;
            }
            result.backups << backup;
        }
        QSaveFile out(path);
        if (!out.open(QIODevice::WriteOnly) || out.write(a.content) != a.content.size() || !out.commit()) {
            result.error = QStringLiteral("%1: %2").arg(path, out.errorString());
            return result;
        }
        if (a.language == ConfigArtifact::Language::Shell)
            QFile::setPermissions(path, QFile::permissions(path) | QFileDevice::ExeOwner | QFileDevice::ExeGroup);
        result.written << a.fileName;
    }
    return result;
}
