#include "logreader.h"

#include "logs/formatregistry.h"
#include "logs/incrementalparser.h"

#include <QFile>
#include <QFileInfo>

ParseResult LogReader::readFile(const QString &path, const ParseOptions &options)
{
    QFile file(path);
    ParseResult result;
    const QFileInfo info(path);
    if (info.isDir()) {
        result.error = QStringLiteral("%1: is a directory, not a log file").arg(path);
        return result;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        result.error = QStringLiteral("%1: cannot open: %2").arg(path, file.errorString());
        return result;
    }
    const qint64 size = file.size();
    // Mapping avoids copying a multi-GB log; pipes and empty files are read instead.
    if (size > 0) {
        if (uchar *map = file.map(0, size)) {
            result = parse(QByteArrayView(reinterpret_cast<const char *>(map), size), info.fileName(), path, options);
            file.unmap(map);
            return result;
        }
    }
    const QByteArray data = file.readAll();
    if (file.error() != QFileDevice::NoError) {
        result.error = QStringLiteral("%1: read error: %2").arg(path, file.errorString());
        return result;
    }
    return parse(data, info.fileName(), path, options);
}

ParseResult LogReader::readData(const QByteArray &data, const QString &sourceName, const ParseOptions &options)
{
    return parse(data, sourceName, QString(), options);
}

QStringList LogReader::formatNames()
{
    return FormatRegistry().names();
}

ParseResult LogReader::parse(QByteArrayView data, const QString &sourceName, const QString &path,
                             const ParseOptions &options)
{
    IncrementalParser parser(options, path.isEmpty() ? sourceName : path);
    parser.setExpectedSize(data.size());
    parser.feed(data);
    parser.finish();
    ParseResult result;
    result.error = parser.error();
    result.format = parser.format();
    result.lineCount = parser.lineCount();
    result.skippedCount = parser.skippedCount();
    result.firstSkipped = parser.firstSkipped();
    if (!result.error.isEmpty())
        return result;
    result.run = parser.takePoints();
    result.run.squeeze();
    result.run.name = QFileInfo(sourceName).completeBaseName();
    result.run.sourcePath = path;
    result.run.format = result.format;
    if (result.run.isEmpty()) {
        result.error = QStringLiteral("%1: read as %2, but no metric line was found (%3 lines, %4 skipped)")
                           .arg(path.isEmpty() ? sourceName : path, result.format)
                           .arg(result.lineCount)
                           .arg(result.skippedCount);
        if (!result.firstSkipped.isEmpty())
            result.error += QStringLiteral("; line %1: %2").arg(result.firstSkipped.first().lineNumber).arg(result.firstSkipped.first().reason);
    }
    return result;
}
