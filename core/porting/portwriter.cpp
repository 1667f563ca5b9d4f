#include "porting/portwriter.h"

#include "porting/portscanner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace {

bool saveBytes(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit()) {
        *error = QStringLiteral("%1: %2").arg(path, out.errorString());
        return false;
    }
    return true;
}

/// Streams a file into a QSaveFile, so that large checkpoints in a repository are not read whole.
bool copyFile(const QString &from, const QString &to, QString *error)
{
    QFile in(from);
    if (!in.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(from, in.errorString());
        return false;
    }
    QSaveFile out(to);
    if (!out.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("%1: %2").arg(to, out.errorString());
        return false;
    }
    while (!in.atEnd()) {
        const QByteArray chunk = in.read(1 << 20);
        if (chunk.isEmpty() || out.write(chunk) != chunk.size()) {
            *error = QStringLiteral("%1: %2").arg(to, in.error() ? in.errorString() : out.errorString());
            return false;
        }
    }
    if (!out.commit()) {
        *error = QStringLiteral("%1: %2").arg(to, out.errorString());
        return false;
    }
    QFile::setPermissions(to, in.permissions());
    return true;
}

} // namespace

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
        const bool ok = file.error.isEmpty() ? saveBytes(outcome.output, file.ported.toUtf8(), &outcome.error)
                                             : copyFile(source, outcome.output, &outcome.error);
        if (ok && file.changed())
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
        outcome.error = QStringLiteral("%1 exists and is not empty; choose another output or force overwriting")
                            .arg(output);
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
        if (file) {
            if (!saveBytes(destination, file->ported.toUtf8(), &outcome.error))
                return outcome;
            QFile::setPermissions(destination, QFile::permissions(QDir(root).filePath(relative)));
            if (file->changed())
                outcome.written << relative;
        } else {
            if (!copyFile(QDir(root).filePath(relative), destination, &outcome.error))
                return outcome;
            ++outcome.copied;
        }
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
        const QString backup = path + QStringLiteral(".orig");
        if (!QFileInfo::exists(backup)) {
            if (!copyFile(path, backup, &outcome.error))
                return outcome;
            outcome.backups << file.path + QStringLiteral(".orig");
        }
        const QFile::Permissions permissions = QFile::permissions(path);
        if (!saveBytes(path, file.ported.toUtf8(), &outcome.error))
            return outcome;
        QFile::setPermissions(path, permissions);
        outcome.written << file.path;
    }
    return outcome;
}
