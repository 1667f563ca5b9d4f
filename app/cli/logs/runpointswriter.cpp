// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runpointswriter.h"

#include "core/base/io/csvtext.h"
#include "core/base/model/numbertext.h"
#include "core/base/model/runmetrics.h"

#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

#include <cmath>

namespace {

constexpr qsizetype kFlushBytes = 1 << 20;

// How a streamed value stands in an item's text: after a key, where a string's own quotes would
// be escaped, so a file name that spells the marker cannot be taken for one.
constexpr QByteArrayView kStreamedAfterKey(": \"@portbench-streamed-");

// A key as QJsonDocument escapes it: the compact text of a one-string array, brackets cut.
QByteArray quotedKey(const QString &key)
{
    const QByteArray a = QJsonDocument(QJsonArray{key}).toJson(QJsonDocument::Compact);
    return a.mid(1, a.size() - 2) + ": ";
}

// One key of a point object: where its value comes from. A metric named like a built-in key
// (step, time, segment) replaces it where it has a value, as QJsonObject insertion did.
struct PointKey
{
    enum class Builtin { None, Step, Time, Segment };
    QByteArray quoted;
    int column = -1;
    Builtin builtin = Builtin::None;
};

// The keys in the order QJsonObject keeps them, found by asking a QJsonObject once per run.
std::vector<PointKey> pointKeys(const RunMetrics &run)
{
    const QString step = QStringLiteral("step"), time = QStringLiteral("time"), segment = QStringLiteral("segment");
    QJsonObject order{{step, 0}, {time, 0}};
    const bool segments = run.segmentStarts().size() > 1;
    if (segments)
        order.insert(segment, 0);
    const QStringList names = run.metricNames();
    for (const QString &n : names)
        order.insert(n, 0);
    std::vector<PointKey> keys;
    for (const QString &k : order.keys()) {
        PointKey key;
        key.quoted = quotedKey(k);
        key.column = int(names.indexOf(k));
        if (k == step)
            key.builtin = PointKey::Builtin::Step;
        else if (k == time)
            key.builtin = PointKey::Builtin::Time;
        else if (k == segment && segments)
            key.builtin = PointKey::Builtin::Segment;
        keys.push_back(key);
    }
    return keys;
}

} // namespace

RunPointsWriter::RunPointsWriter(QIODevice &device)
    : m_device(device)
{
    m_buffer.reserve(kFlushBytes + 4096);
}

RunPointsWriter::~RunPointsWriter()
{
    flush();
}

void RunPointsWriter::write(const QByteArray &bytes)
{
    m_buffer += bytes;
    flushIfFull();
}

void RunPointsWriter::beginJsonList(const QString &key)
{
    m_listItems = 0;
    m_buffer += "{\n    ";
    m_buffer += quotedKey(key);
    m_buffer += "[\n";
}

QJsonValue RunPointsWriter::streamedValue(int n)
{
    return QStringLiteral("@portbench-streamed-%1@").arg(n);
}

void RunPointsWriter::writeJsonItem(const QJsonObject &item, const std::function<void(int n)> &stream)
{
    if (m_listItems++ > 0)
        m_buffer += ",\n";
    // The object alone, then moved two levels in (strings hold no raw line breaks, so every line
    // break starts a line of the layout).
    QByteArray text = QJsonDocument(item).toJson(QJsonDocument::Indented);
    text.chop(1);
    text.replace('\n', QByteArrayLiteral("\n        "));
    m_buffer += "        ";
    qsizetype from = 0;
    for (qsizetype at = 0; stream && (at = text.indexOf(kStreamedAfterKey, from)) >= 0;) {
        const qsizetype number = at + kStreamedAfterKey.size();
        const qsizetype end = text.indexOf('@', number);
        write(text.sliced(from, at + 2 - from)); // up to the value, ": " included
        stream(QByteArrayView(text).sliced(number, end - number).toInt());
        from = end + 2; // past the marker's closing @"
    }
    write(text.sliced(from));
}

void RunPointsWriter::endJsonList()
{
    m_buffer += m_listItems > 0 ? "\n    ]\n}\n" : "    ]\n}\n";
    flushIfFull();
}

void RunPointsWriter::writeJsonPoints(const RunMetrics &run, int indent)
{
    const std::vector<PointKey> keys = pointKeys(run);
    const QByteArray itemIndent(4 * (indent + 1), ' ');
    const QByteArray keyIndent(4 * (indent + 2), ' ');
    m_buffer += "[\n";
    for (int p = 0; p < run.pointCount(); ++p) {
        m_buffer += itemIndent;
        m_buffer += "{\n";
        bool first = true;
        for (const PointKey &k : keys) {
            double metric = 0;
            const bool hasMetric = k.column >= 0 && !RunMetrics::isMissing(metric = run.columnAt(k.column)[size_t(p)]);
            const bool hasTime = k.builtin == PointKey::Builtin::Time && !std::isnan(run.wallTime(p));
            if (!hasMetric && !hasTime && k.builtin != PointKey::Builtin::Step
                && k.builtin != PointKey::Builtin::Segment)
                continue;
            if (!first)
                m_buffer += ",\n";
            first = false;
            m_buffer += keyIndent;
            m_buffer += k.quoted;
            if (hasMetric)
                NumberText::appendJson(m_buffer, metric);
            else if (k.builtin == PointKey::Builtin::Step)
                NumberText::appendInteger(m_buffer, run.step(p));
            else if (k.builtin == PointKey::Builtin::Segment)
                NumberText::appendInteger(m_buffer, run.segmentOf(p));
            else
                NumberText::appendJson(m_buffer, run.wallTime(p));
        }
        m_buffer += '\n';
        m_buffer += itemIndent;
        m_buffer += p + 1 < run.pointCount() ? "},\n" : "}\n";
        flushIfFull();
    }
    m_buffer += QByteArray(4 * indent, ' ');
    m_buffer += ']';
}

void RunPointsWriter::writeCsv(const RunMetrics &run, const QString &file)
{
    const QStringList names = run.metricNames();
    QStringList header{QStringLiteral("step"), QStringLiteral("time"), QStringLiteral("segment")};
    header << names;
    QByteArray fileCell;
    if (!file.isNull()) {
        header.prepend(QStringLiteral("file"));
        CsvText::appendField(fileCell, file);
        fileCell += ',';
    }
    CsvText::appendRow(m_buffer, header);
    for (int p = 0; p < run.pointCount(); ++p) {
        m_buffer += fileCell;
        NumberText::appendInteger(m_buffer, run.step(p));
        m_buffer += ',';
        if (!std::isnan(run.wallTime(p)))
            NumberText::appendFixed(m_buffer, run.wallTime(p), 6);
        m_buffer += ',';
        NumberText::appendInteger(m_buffer, run.segmentOf(p));
        for (int c = 0; c < run.columnCount(); ++c) {
            m_buffer += ',';
            const double v = run.columnAt(c)[size_t(p)];
            if (!RunMetrics::isMissing(v))
                CsvText::appendNumber(m_buffer, v);
        }
        m_buffer += '\n';
        flushIfFull();
    }
}

bool RunPointsWriter::flush()
{
    if (!m_buffer.isEmpty() && m_error.isEmpty() && m_device.write(m_buffer) != m_buffer.size())
        m_error = m_device.errorString();
    m_buffer.clear();
    return m_error.isEmpty();
}

void RunPointsWriter::flushIfFull()
{
    if (m_buffer.size() >= kFlushBytes)
        flush();
}
