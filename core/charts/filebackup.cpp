#include "filebackup.h"

#include <QCoreApplication>
#include <QFile>

bool FileBackup::keepExisting(const QString &path, QString *error)
{
    if (!QFile::exists(path))
        return true;
    const QString backup = path + QStringLiteral(".bak");
    QFile::remove(backup);
    if (QFile::copy(path, backup))
        return true;
    if (error)
        *error = QCoreApplication::translate("FileBackup", "cannot keep a backup of %1 as %2").arg(path, backup);
    return false;
}
