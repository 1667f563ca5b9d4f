#include "logreader.h"

#include "io/inputfile.h"
#include "logs/formatregistry.h"
#include "logs/chunkedparser.h"
#include "model/metricnames.h"
#include "model/numbertext.h"
#include "tensorboard/eventfilereader.h"

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
    // Binary event files are recognised by their framing before any text detection sees them.
    if (EventFileReader::looksLikeEventData(file.peek(16)))
        return EventFileReader::readFile(path, options);
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

QString LogReader::unreadWarning(qint64 count, const QList<SkippedLine> &first)
{
    if (count <= 0 || first.isEmpty())
        return {};
    // The first few lines themselves: the user sees at once what was left out.
    QStringList lines;
    for (qsizetype i = 0; i < first.size() && i < 3; ++i)
        lines
            << QStringLiteral("line %1 %2: %3").arg(first[i].lineNumber).arg(first[i].reason, first[i].text.left(120));
    return QStringLiteral("%1 %2 like metric lines but %3 not read (first: %4)")
        .arg(count)
        .arg(count == 1 ? QStringLiteral("line looks") : QStringLiteral("lines look"))
        .arg(count == 1 ? QStringLiteral("was") : QStringLiteral("were"))
        .arg(lines.join(QStringLiteral("; ")));
}

QString LogReader::takePlaceholderLoss(Run &run)
{
    // Enough points that a real loss would have moved; a real loss does not repeat to the last
    // digit over all of them.
    constexpr int kMinPoints = 4;
    const QString loss = MetricNames::primaryLoss(run.metricNames());
    if (loss.isEmpty())
        return {};
    const std::vector<double> &values = *run.column(loss);
    int count = 0;
    double first = 0;
    for (double v : values) {
        if (Run::isMissing(v))
            continue;
        if (count++ == 0)
            first = v;
        else if (!(v == first))
            return {};
    }
    if (count < kMinPoints)
        return {};
    const QString renamed = loss + QStringLiteral("_placeholder");
    if (!run.renameColumn(run.columnIndex(loss), renamed))
        return {};
    return QStringLiteral("'%1' is %2 at every one of its %3 points: a placeholder, not a training loss (torchtitan "
                          "prints -1 on pipeline stages that do not compute the loss; read the last stage's log); "
                          "kept as '%4'")
        .arg(loss, NumberText::number(first))
        .arg(count)
        .arg(renamed);
}

ParseResult LogReader::parse(QByteArrayView data, const QString &sourceName, const QString &path,
                             const ParseOptions &options)
{
    // Below a few MB the threads cost more than they save.
    constexpr qsizetype kParallelBytes = 8 * 1024 * 1024;
    const int pieces = data.size() >= kParallelBytes ? QThread::idealThreadCount() : 1;
    ParseResult result = ChunkedParser::parse(data, path.isEmpty() ? sourceName : path, options, pieces);
    if (result.run.isEmpty() && result.otherMetricRank >= 0) {
        // The rank asked for printed no metrics (Megatron logs from the last pipeline rank):
        // the first rank that did is read instead, and the run says so.
        ParseOptions other = options;
        other.rank = result.otherMetricRank;
        ParseResult fallback = ChunkedParser::parse(data, path.isEmpty() ? sourceName : path, other, pieces);
        if (fallback.error.isEmpty() && !fallback.run.isEmpty()) {
            fallback.run.readWarnings.prepend(
                QStringLiteral("rank %1 printed no metric line; the lines of rank %2 were read (--rank chooses)")
                    .arg(options.rank)
                    .arg(other.rank));
            result = std::move(fallback);
        }
    }
    if (!result.error.isEmpty()) {
        result.run = Run();
        return result;
    }
    result.run.squeeze();
    result.run.name = QFileInfo(sourceName).completeBaseName();
    result.run.sourcePath = path;
    result.run.format = result.format;
    if (const QString placeholder = takePlaceholderLoss(result.run); !placeholder.isEmpty())
        result.run.readWarnings.prepend(placeholder);
    const QString unread = unreadWarning(result.unreadCount, result.firstUnread);
    if (!unread.isEmpty())
        result.run.readWarnings.prepend(unread);
    if (result.run.isEmpty()) {
        result.error = QStringLiteral("%1: read as %2, but no metric line was found (%3 lines, %4 skipped)")
                           .arg(path.isEmpty() ? sourceName : path, result.format)
                           .arg(result.lineCount)
                           .arg(result.skippedCount);
        if (!result.firstSkipped.isEmpty())
            result.error += QStringLiteral("; line %1: %2")
                                .arg(result.firstSkipped.first().lineNumber)
                                .arg(result.firstSkipped.first().reason);
        if (!unread.isEmpty())
            result.error += QStringLiteral("; ") + unread;
    }
    return result;
}
