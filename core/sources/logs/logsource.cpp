// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "logsource.h"

#include "core/sources/logs/formatregistry.h"
#include "core/sources/logs/mlflow/mlflowrunreader.h"
#include "core/sources/logs/tensorboard/eventfilereader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>

namespace {

struct RunFolder
{
    QString path;
    bool mlflow = false;
};

void findRunFolders(const QString &path, int depth, QList<RunFolder> &found)
{
    if (MlflowRunReader::isRunDirectory(path)) {
        found.append({path, true});
        return; // its metrics/params/tags folders are not runs
    }
    if (!EventFileReader::eventFilesIn(path).isEmpty())
        found.append({path, false});
    if (depth >= LogSource::maxDepth)
        return;
    const QDir dir(path);
    for (const QString &sub : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        findRunFolders(dir.filePath(sub), depth + 1, found);
}

QList<ParseResult> readFolder(const RunFolder &folder, const QString &name, const ParseOptions &options)
{
    if (folder.mlflow) {
        ParseResult r = MlflowRunReader::readRun(folder.path, options);
        if (!name.isEmpty())
            r.run.name = name;
        return {r};
    }
    return EventFileReader::readFiles(EventFileReader::eventFilesIn(folder.path), name, options);
}

/// A list of one result, moved in: `return {result}` would copy it through an initializer list,
/// every column of a run of millions of points.
QList<ParseResult> onlyResult(ParseResult &&result)
{
    QList<ParseResult> list;
    list.append(std::move(result));
    return list;
}

} // namespace

LogSource::Kind LogSource::kind(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Kind::Missing;
    if (info.isFile())
        return EventFileReader::isEventFile(path) ? Kind::EventFile : Kind::TextLog;
    // A device, FIFO or socket is no folder: the text reader refuses it with its own message.
    if (!info.isDir())
        return Kind::TextLog;
    if (MlflowRunReader::isRunDirectory(path))
        return Kind::MlflowRun;
    QList<RunFolder> found;
    findRunFolders(path, 0, found);
    if (found.isEmpty())
        return Kind::EmptyFolder;
    if (found.size() == 1 && found.first().path == path)
        return Kind::EventRunFolder;
    return Kind::RunCollection;
}

bool LogSource::canRead(const QString &path, const ParseOptions &options)
{
    switch (kind(path)) {
    case Kind::EventFile:
    case Kind::EventRunFolder:
    case Kind::MlflowRun:
    case Kind::RunCollection: return true;
    case Kind::TextLog: {
        // Never open a FIFO or a device to sniff it: a FIFO without a writer would block.
        if (!QFileInfo(path).isFile())
            return false;
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return false;
        QByteArray head = file.read(64 * 1024);
        if (!file.atEnd()) {
            const qsizetype nl = head.lastIndexOf('\n');
            if (nl > 0)
                head.truncate(nl + 1);
        }
        const ParseResult r = LogReader::readData(head, path, options);
        if (r && !r.run.isEmpty())
            return true;
        if (file.atEnd())
            return false;
        // A document format (trainer_state.json) cannot be parsed from its head alone: its confident
        // detection is enough.
        const QList<QByteArray> raw = head.split('\n');
        QList<QByteArrayView> lines;
        for (const QByteArray &line : raw)
            lines << QByteArrayView(line);
        const FormatRegistry registry;
        const FormatRegistry::Detection detected
            = registry.detect(lines, lines, path); // a JSON document has no line prefixes
        const std::unique_ptr<LogFormat> format = registry.create(detected.name);
        return detected.score >= 90 && format && format->isDocument();
    }
    case Kind::Missing:
    case Kind::EmptyFolder: return false;
    }
    return false;
}

QList<ParseResult> LogSource::read(const QString &path, const ParseOptions &options)
{
    const QFileInfo info(path);
    if (!info.exists()) {
        ParseResult r;
        r.error = QStringLiteral("%1: no such file or folder").arg(path);
        return onlyResult(std::move(r));
    }
    if (info.isFile())
        return onlyResult(EventFileReader::isEventFile(path) ? EventFileReader::readFile(path, options)
                                                             : LogReader::readFile(path, options));
    // A device, FIFO or socket: the text reader refuses it and says what it is.
    if (!info.isDir())
        return onlyResult(LogReader::readFile(path, options));
    QList<RunFolder> found;
    findRunFolders(path, 0, found);
    if (found.isEmpty()) {
        ParseResult r;
        r.error = QStringLiteral("%1: no TensorBoard event files or MLflow runs in this folder (looked %2 levels deep)")
                      .arg(path)
                      .arg(maxDepth);
        return onlyResult(std::move(r));
    }
    const QDir root(path);
    QList<ParseResult> results;
    QStringList folders; ///< each result's folder, for telling apart runs of one name
    for (const RunFolder &folder : std::as_const(found)) {
        // The folder opened is named as itself; folders below it by their relative path, as
        // TensorBoard names runs, so rank_0 of two experiments stay apart.
        QString name = folder.path == path ? QDir(path).dirName() : root.relativeFilePath(folder.path);
        if (folder.mlflow)
            name.clear(); // an MLflow run is named by its meta.yaml
        QList<ParseResult> read = readFolder(folder, name, options);
        for (qsizetype i = 0; i < read.size(); ++i)
            folders.append(folder.path);
        results.append(std::move(read));
    }
    // Two MLflow runs may share a name: tell them apart by folder.
    QHash<QString, int> uses;
    for (const ParseResult &r : std::as_const(results))
        uses[r.run.name]++;
    for (qsizetype i = 0; i < results.size(); ++i) {
        RunMetrics &run = results[i].run;
        if (uses.value(run.name) > 1)
            run.name = QStringLiteral("%1 (%2)").arg(run.name, root.relativeFilePath(folders.at(i)));
    }
    return results;
}
