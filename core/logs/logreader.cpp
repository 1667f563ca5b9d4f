#include "logreader.h"

#include "io/inputfile.h"
#include "logs/formatregistry.h"
#include "logs/chunkedparser.h"

#include <QFile>
#include <QFileInfo>
#include <QThread>

ParseResult LogReader::readFile(const QString &path, const ParseOptions &options)
{
    QFile file(path);
    ParseResult result;
    const QFileInfo info(path);
    // A FIFO with no writer would block the open forever, /dev/zero never ends: regular files only
    // (stdin is read on purpose through readData).
    result.error = InputFile::refusalFor(path);
    if (!result.error.isEmpty())
        return result;
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
    // Below a few MB the threads cost more than they save.
    constexpr qsizetype kParallelBytes = 8 * 1024 * 1024;
    const int pieces = data.size() >= kParallelBytes ? QThread::idealThreadCount() : 1;
    ParseResult result = ChunkedParser::parse(data, path.isEmpty() ? sourceName : path, options, pieces);
    if (!result.error.isEmpty()) {
        result.run = Run();
        return result;
    }
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
