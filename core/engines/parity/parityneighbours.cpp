// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "parityneighbours.h"

#include "core/base/io/jsoninput.h"

#include "parityprecision.h"
#include "runseries.h"

#include "core/sources/logs/logreader.h"
#include "core/base/model/metricnames.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace {

constexpr qint64 maxEventScan = 1 << 20; // the args summary is among the first records
constexpr int maxAgreementChecks = 200;
constexpr qint64 maxDumpScan = 4 << 20; // argument dumps come before the first step
constexpr int maxDumpLines = 1000;

/// The folders where a log's neighbours may lie: its own, then one named as the log up to its first dot.
QStringList neighbourDirs(const QString &logPath)
{
    const QFileInfo info(logPath);
    if (logPath.isEmpty() || !info.exists())
        return {};
    const QString dir = info.absolutePath();
    QStringList dirs{dir};
    const QString stem = info.fileName().section(QLatin1Char('.'), 0, 0);
    if (!stem.isEmpty() && QFileInfo(dir + QLatin1Char('/') + stem).isDir())
        dirs.prepend(dir + QLatin1Char('/') + stem);
    return dirs;
}

/// The JSON object starting at `from`, brackets balanced outside strings; empty if unbalanced.
QByteArray jsonObjectAt(const QByteArray &data, qsizetype from)
{
    const qsizetype end = JsonInput::findNesting(data, from, [](int depth) { return depth == 0; });
    return end < 0 ? QByteArray() : data.mid(from, end - from + 1);
}

} // namespace

const QString ParityNeighbours::factSourcesKey = QStringLiteral("fact_sources");

QStringList ParityNeighbours::trainerStates(const QString &logPath)
{
    QStringList found;
    const QString self = QFileInfo(logPath).absoluteFilePath();
    for (const QString &dir : neighbourDirs(logPath)) {
        const QString candidate = dir + QStringLiteral("/trainer_state.json");
        if (candidate != self && QFileInfo(candidate).isFile())
            found.append(candidate);
    }
    return found;
}

QString ParityNeighbours::sameRunState(const RunMetrics &run, const QString &metric)
{
    const QString name = metric.isEmpty() ? MetricNames::primaryLoss(run.metricNames()) : metric;
    if (name.isEmpty() || !run.hasMetric(name))
        return {};
    const RunSeries printed(run, name);
    for (const QString &path : trainerStates(run.sourcePath)) {
        const ParseResult state = LogReader::readFile(path);
        if (!state || !state.run.hasMetric(name))
            continue;
        const RunSeries full(state.run, name);
        int checked = 0;
        bool agrees = true;
        size_t j = 0;
        for (size_t i = 0; i < printed.size() && checked < maxAgreementChecks && agrees; ++i) {
            while (j < full.size() && full.step(j) < printed.step(i))
                ++j;
            if (j >= full.size())
                break;
            const double v = printed.value(i);
            if (full.step(j) != printed.step(i) || !std::isfinite(v) || v == 0)
                continue;
            // A value printed with d significant digits is within half its last digit of the truth.
            const double half
                = 0.5 * std::pow(10.0, std::floor(std::log10(std::abs(v))) - ParityPrecision::significantDigits(v) + 1);
            agrees = std::abs(full.value(j) - v) <= half * (1 + 1e-9);
            ++checked;
        }
        if (agrees && checked > 0)
            return path;
    }
    return {};
}

QStringList ParityNeighbours::eventFiles(const QString &state)
{
    QStringList found;
    if (state.isEmpty())
        return found;
    QDirIterator it(QFileInfo(state).absolutePath() + QStringLiteral("/runs"),
                    {QStringLiteral("events.out.tfevents.*")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        found.append(it.next());
    found.sort();
    return found;
}

QVariantMap ParityNeighbours::trainingArguments(const QString &eventFile)
{
    QFile f(eventFile);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    // The TrainingArguments JSON is stored verbatim as the tensor string of the `args/text_summary`
    // summary value, so no protobuf decoding is needed to find it.
    const QByteArray data = f.read(maxEventScan);
    const qsizetype tag = data.indexOf("args/text_summary");
    if (tag < 0)
        return {};
    const qsizetype open = data.indexOf('{', tag);
    if (open < 0)
        return {};
    const QJsonDocument doc = JsonInput::parse(jsonObjectAt(data, open));
    QVariantMap args;
    const QJsonObject o = doc.object();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.value().isDouble() || it.value().isBool() || it.value().isString())
            args.insert(it.key(), it.value().toVariant());
    }
    return args;
}

QVariantMap ParityNeighbours::trainingArgumentsDump(const QString &logPath)
{
    QFile f(logPath);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray data = f.read(maxDumpScan);
    static const QRegularExpression opening(QStringLiteral("TrainingArguments\\(\\s*$"));
    static const QRegularExpression field(QStringLiteral("^([A-Za-z_][A-Za-z0-9_]*)=(.*?),?\\s*$"));
    QVariantMap args;
    bool inside = false;
    int lines = 0;
    for (const QByteArray &raw : data.split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (!inside) {
            inside = opening.match(line).hasMatch();
            continue;
        }
        if (line == QLatin1String(")") || ++lines > maxDumpLines)
            break;
        const QRegularExpressionMatch m = field.match(line);
        if (!m.hasMatch())
            continue; // the continuation of a wrapped dict, a log line in between
        const QString key = m.captured(1), value = m.captured(2).trimmed();
        if (value.isEmpty() || value == QLatin1String("None") || value.startsWith(QLatin1Char('{'))
            || value.startsWith(QLatin1Char('[')))
            continue;
        bool number = false;
        const double v = value.toDouble(&number);
        if (number)
            args.insert(key, v);
        else if (value == QLatin1String("True") || value == QLatin1String("False"))
            args.insert(key, value == QLatin1String("True"));
        else
            args.insert(key, value);
    }
    return args;
}

void ParityNeighbours::addFacts(RunMetrics &run, const QVariantMap &facts, const QString &source, QStringList *used)
{
    QVariantMap sources = run.meta.value(factSourcesKey).toMap();
    bool any = false;
    for (auto it = facts.cbegin(); it != facts.cend(); ++it) {
        if (run.meta.contains(it.key()) || it.key() == factSourcesKey)
            continue; // what the log itself states wins
        run.meta.insert(it.key(), it.value());
        sources.insert(it.key(), source);
        any = true;
    }
    if (any) {
        run.meta.insert(factSourcesKey, sources);
        if (used && !used->contains(source))
            used->append(source);
    }
}

QStringList ParityNeighbours::addFacts(RunMetrics &run, const QVariantMap &extra, const QString &extraSource)
{
    QStringList used;
    const QVariantMap dump = trainingArgumentsDump(run.sourcePath);
    if (!dump.isEmpty())
        addFacts(run, dump, run.sourcePath, &used);
    const QString state = sameRunState(run);
    if (!state.isEmpty()) {
        const ParseResult parsed = LogReader::readFile(state);
        if (parsed)
            addFacts(run, parsed.run.meta, state, &used);
    }
    for (const QString &events : eventFiles(state)) {
        const QVariantMap args = trainingArguments(events);
        if (!args.isEmpty()) {
            addFacts(run, args, events, &used);
            break;
        }
    }
    if (!extra.isEmpty())
        addFacts(run, extra, extraSource, &used);
    return used;
}
