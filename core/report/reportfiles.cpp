#include "reportfiles.h"

#include "charts/filebackup.h"

#include <QFileInfo>
#include <QSaveFile>

QStringList ReportFiles::suffixes()
{
    return {QStringLiteral("html"), QStringLiteral("htm"), QStringLiteral("pdf"), QStringLiteral("md")};
}

bool ReportFiles::supports(const QString &path)
{
    return suffixes().contains(QFileInfo(path).suffix().toLower());
}

QString ReportFiles::writeFile(const QString &path, const QByteArray &bytes)
{
    QString error;
    if (!FileBackup::keepExisting(path, &error))
        return error;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return QStringLiteral("%1: %2").arg(path, file.errorString());
    return QString();
}
