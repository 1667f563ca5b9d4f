// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "mlflowrunreader.h"

#include "core/base/io/inputfile.h"
#include "core/sources/logs/incrementalparser.h"
#include "core/sources/logs/parsecontext.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/steplimits.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

namespace {

// The line limit of text logs, for metric files and meta.yaml too (docs/limits.md).
constexpr qint64 lineLimit = IncrementalParser::maxLineBytes;

struct Sample
{
    qint64 step = 0;
    qint64 timestampMs = 0;
    double value = 0;
};

bool parseNumber(const QByteArray &text, double &value)
{
    bool ok = false;
    value = text.toDouble(&ok);
    if (ok)
        return true;
    const QByteArray t = text.toLower();
    if (t == "nan") {
        value = std::numeric_limits<double>::quiet_NaN();
        return true;
    }
    if (t == "inf" || t == "infinity") {
        value = std::numeric_limits<double>::infinity();
        return true;
    }
    if (t == "-inf" || t == "-infinity") {
        value = -std::numeric_limits<double>::infinity();
        return true;
    }
    return false;
}

QString readValueFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.read(1 << 20)).trimmed();
}

/// Every file under folder, keyed by its path relative to it (MLflow keeps '/' in keys as folders).
/// Walked from the absolute path: QDir::relativeFilePath of a relative folder kept the folder's
/// own path in the key (`mlruns/0/<run>/metrics/loss` for `loss`).
QHash<QString, QString> filesUnder(const QString &folder)
{
    QHash<QString, QString> files;
    const QDir root(QFileInfo(folder).absoluteFilePath());
    QDirIterator it(root.path(), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        files.insert(root.relativeFilePath(path), path);
    }
    return files;
}

} // namespace

bool MlflowRunReader::isRunDirectory(const QString &path)
{
    const QDir dir(path);
    return QFileInfo(dir.filePath(QStringLiteral("meta.yaml"))).isFile()
        && QFileInfo(dir.filePath(QStringLiteral("metrics"))).isDir();
}

ParseResult MlflowRunReader::readRun(const QString &directory, const ParseOptions &options)
{
    ParseResult result;
    result.format = formatName;
    const QDir dir(directory);
    if (!isRunDirectory(directory)) {
        result.error = QStringLiteral("%1: not an MLflow run folder (no meta.yaml and metrics/)").arg(directory);
        return result;
    }

    RunMetrics run;
    // meta.yaml is flat `key: value` lines; only the name and ids are read from it.
    QString name;
    {
        QFile meta(dir.filePath(QStringLiteral("meta.yaml")));
        if (InputFile::refusalFor(meta.fileName()).isEmpty() && meta.open(QIODevice::ReadOnly)) {
            QByteArray bytes;
            while (InputFile::readLine(meta, lineLimit, bytes) >= 0) {
                const QString line = QString::fromUtf8(bytes).trimmed();
                const qsizetype colon = line.indexOf(u':');
                if (colon <= 0)
                    continue;
                const QString key = line.left(colon).trimmed();
                QString value = line.mid(colon + 1).trimmed();
                if (value.size() >= 2 && (value.startsWith(u'\'') || value.startsWith(u'"')))
                    value = value.mid(1, value.size() - 2);
                if (key == QLatin1String("run_name") || key == QLatin1String("name"))
                    name = value;
                else if (key == QLatin1String("run_id") || key == QLatin1String("experiment_id"))
                    run.meta.insert(QStringLiteral("mlflow_") + key, value);
            }
        }
    }
    const QHash<QString, QString> tags = filesUnder(dir.filePath(QStringLiteral("tags")));
    for (auto it = tags.cbegin(); it != tags.cend(); ++it)
        run.meta.insert(it.key(), readValueFile(it.value()));
    const QHash<QString, QString> params = filesUnder(dir.filePath(QStringLiteral("params")));
    for (auto it = params.cbegin(); it != params.cend(); ++it)
        run.meta.insert(it.key(), readValueFile(it.value()));
    if (name.isEmpty())
        name = tags.contains(QStringLiteral("mlflow.runName"))
            ? readValueFile(tags.value(QStringLiteral("mlflow.runName")))
            : dir.dirName();

    QHash<QString, QString> metricFiles = filesUnder(dir.filePath(QStringLiteral("metrics")));
    QStringList keys = metricFiles.keys();
    keys.sort();
    std::vector<std::vector<Sample>> series;
    qint64 duplicates = 0;
    bool stepless = false;
    const auto skip = [&](qint64 lineNumber, const QString &reason, const QByteArray &line) {
        if (result.firstSkipped.size() < ParseContext::maxReportedSkips)
            result.firstSkipped.append({lineNumber, reason, QString::fromUtf8(line.left(200))});
        ++result.skippedCount;
    };
    for (qsizetype k = 0; k < keys.size(); ++k) {
        const QString &key = keys.at(k);
        QFile f(metricFiles.value(key));
        if (int(series.size()) >= RunMetrics::maxMetricNames) {
            result.notes.append(QStringLiteral("%1: %2 metrics beyond the limit of %3 metric names per run left out "
                                               "(first: %4; see docs/limits.md)")
                                    .arg(directory)
                                    .arg(keys.size() - k)
                                    .arg(RunMetrics::maxMetricNames)
                                    .arg(f.fileName()));
            break;
        }
        if (const QString refusal = InputFile::refusalFor(f.fileName()); !refusal.isEmpty()) {
            result.notes.append(refusal);
            continue;
        }
        if (!f.open(QIODevice::ReadOnly)) {
            result.notes.append(QStringLiteral("%1: cannot open: %2").arg(f.fileName(), f.errorString()));
            continue;
        }
        std::vector<Sample> samples;
        qint64 lineNumber = 0;
        QByteArray line;
        for (qint64 length; (length = InputFile::readLine(f, lineLimit, line)) >= 0;) {
            ++lineNumber;
            if (length > lineLimit) {
                skip(lineNumber,
                     QStringLiteral("%1: %2 bytes, over the %3 line limit (see docs/limits.md)")
                         .arg(f.fileName())
                         .arg(length)
                         .arg(InputFile::formatLimit(lineLimit)),
                     line);
                continue;
            }
            line = line.trimmed();
            if (line.isEmpty())
                continue;
            const QList<QByteArray> fields = line.simplified().split(' ');
            Sample s;
            bool okTime = false;
            bool okStep = true;
            if (fields.size() >= 2)
                s.timestampMs = fields.at(0).toLongLong(&okTime);
            if (fields.size() >= 3)
                s.step = fields.at(2).toLongLong(&okStep);
            if (fields.size() < 2 || fields.size() > 3 || !okTime || !okStep || !parseNumber(fields.at(1), s.value)) {
                skip(lineNumber, QStringLiteral("%1: expected `timestamp value step`").arg(f.fileName()), line);
                continue;
            }
            // The step limit of every reader: a step plus an offset cannot overflow.
            if (s.step > StepLimits::maxStep || s.step < -StepLimits::maxStep) {
                skip(lineNumber,
                     QStringLiteral("%1: step %2 out of range (steps up to ±10^15 are read; see docs/limits.md)")
                         .arg(f.fileName())
                         .arg(s.step),
                     line);
                continue;
            }
            if (fields.size() == 2) {
                stepless = true;
                s.step = qint64(samples.size());
            }
            samples.push_back(s);
            ++result.lineCount;
        }
        // Stable: two values of one step keep their file order, the later one wins below.
        std::stable_sort(samples.begin(), samples.end(),
                         [](const Sample &a, const Sample &b) { return a.step < b.step; });
        series.push_back(std::move(samples));
        run.ensureColumn(key);
    }

    // Points: every step any metric logged, ascending.
    std::map<qint64, double> wall;
    for (const auto &samples : series)
        for (const Sample &s : samples) {
            const double t = double(s.timestampMs) / 1000.0;
            auto [it, inserted] = wall.emplace(s.step, t);
            if (!inserted)
                it->second = std::min(it->second, t);
        }
    run.reserve(int(wall.size()));
    std::map<qint64, int> pointOf;
    for (const auto &[step, t] : wall)
        pointOf.emplace(step, run.appendPoint(step, t));
    for (size_t c = 0; c < series.size(); ++c) {
        qint64 previous = std::numeric_limits<qint64>::min();
        for (const Sample &s : series[c]) {
            if (s.step == previous)
                ++duplicates;
            previous = s.step;
            run.setValueAt(pointOf.at(s.step), int(c), s.value);
        }
    }
    if (duplicates > 0)
        result.notes.append(
            QStringLiteral("%1: %2 value(s) logged again for a step already logged: the later line kept")
                .arg(directory)
                .arg(duplicates));
    if (stepless)
        result.notes.append(
            QStringLiteral("%1: metric lines without a step (an old store): the line number is used as the step")
                .arg(directory));
    if (run.isEmpty()) {
        result.error = QStringLiteral("%1: MLflow run without metric values").arg(directory);
        return result;
    }
    options.metricMap.nameColumns(
        run, [](const QString &key) { return MetricNames::canonicalName(key); }, result.notes);
    run.squeeze();
    run.name = name;
    run.sourcePath = QFileInfo(directory).absoluteFilePath();
    run.format = formatName;
    result.run = std::move(run);
    return result;
}
