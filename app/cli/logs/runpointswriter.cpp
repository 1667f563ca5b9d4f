// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runpointswriter.h"

#include "core/base/exec/threadjobs.h"
#include "core/base/io/csvtext.h"
#include "core/base/model/numbertext.h"
#include "core/base/model/runmetrics.h"

#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QThread>

#include <cmath>
#include <cstring>
#include <vector>

namespace {

constexpr qsizetype kFlushBytes = 1 << 20;
// Points formatted at once by one thread: about 500 KB of JSON for a Megatron run, within a core's
// L2; fewer where a point may be long (a run of thousands of TensorBoard tags), so a block stays
// about the size of a flush.
constexpr int kBlockPoints = 1024;

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

// Copies text to `to` and returns the end (the caller made room).
char *put(char *to, QByteArrayView text)
{
    std::memcpy(to, text.data(), size_t(text.size()));
    return to + text.size();
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
    // Room for the longest a point can be: every key with the longest number.
    qsizetype pointBytes = 2 * itemIndent.size() + 8;
    for (const PointKey &k : keys)
        pointBytes += 2 + keyIndent.size() + k.quoted.size() + NumberText::maxNumberChars;
    m_buffer += "[\n";
    const int count = run.pointCount();
    writeInBlocks(count, pointBytes, [&](int from, int to, QByteArray &out) {
        for (int p = from; p < to; ++p) {
            const qsizetype start = out.size();
            out.resize(start + pointBytes);
            char *w = out.data() + start;
            w = put(w, itemIndent);
            w = put(w, "{\n");
            bool first = true;
            for (const PointKey &k : keys) {
                double metric = 0;
                const bool hasMetric
                    = k.column >= 0 && !RunMetrics::isMissing(metric = run.columnAt(k.column)[size_t(p)]);
                const bool hasTime = k.builtin == PointKey::Builtin::Time && !std::isnan(run.wallTime(p));
                if (!hasMetric && !hasTime && k.builtin != PointKey::Builtin::Step
                    && k.builtin != PointKey::Builtin::Segment)
                    continue;
                if (!first)
                    w = put(w, ",\n");
                first = false;
                w = put(w, keyIndent);
                w = put(w, k.quoted);
                if (hasMetric)
                    w = NumberText::writeJson(w, metric);
                else if (k.builtin == PointKey::Builtin::Step)
                    w = NumberText::writeInteger(w, run.step(p));
                else if (k.builtin == PointKey::Builtin::Segment)
                    w = NumberText::writeInteger(w, run.segmentOf(p));
                else
                    w = NumberText::writeJson(w, run.wallTime(p));
            }
            *w++ = '\n';
            w = put(w, itemIndent);
            w = put(w, p + 1 < count ? "},\n" : "}\n");
            out.truncate(w - out.constData());
        }
    });
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
    // Room for a row after its time cell: every cell with the longest number.
    const qsizetype restBytes = qsizetype(run.columnCount() + 2) * (1 + NumberText::maxNumberChars);
    writeInBlocks(run.pointCount(), fileCell.size() + 2 * NumberText::maxNumberChars + restBytes,
                  [&](int from, int to, QByteArray &out) {
                      for (int p = from; p < to; ++p) {
                          out += fileCell;
                          NumberText::appendInteger(out, run.step(p));
                          out += ',';
                          // A time is written as Qt's fixed form, which can be long (appendFixed).
                          if (!std::isnan(run.wallTime(p)))
                              NumberText::appendFixed(out, run.wallTime(p), 6);
                          const qsizetype start = out.size();
                          out.resize(start + restBytes);
                          char *w = out.data() + start;
                          *w++ = ',';
                          w = NumberText::writeInteger(w, run.segmentOf(p));
                          for (int c = 0; c < run.columnCount(); ++c) {
                              *w++ = ',';
                              const double v = run.columnAt(c)[size_t(p)];
                              if (!RunMetrics::isMissing(v))
                                  w = CsvText::writeNumber(w, v);
                          }
                          *w++ = '\n';
                          out.truncate(w - out.constData());
                      }
                  });
}

void RunPointsWriter::writeInBlocks(int count, qsizetype pointBytes,
                                    const std::function<void(int from, int to, QByteArray &out)> &format)
{
    const int perBlock
        = int(qBound(qsizetype(1), kFlushBytes / qMax(qsizetype(1), pointBytes), qsizetype(kBlockPoints)));
    // A 2 M-point run spends its time turning numbers into text: each thread formats a block of
    // points at once, and the blocks are written in order (one round of blocks held).
    const int threads = qMax(1, QThread::idealThreadCount());
    std::vector<QByteArray> blocks(static_cast<size_t>(threads));
    for (int from = 0; from < count; from += perBlock * threads) {
        const int round = int(qMin(qint64(threads), (qint64(count) - from + perBlock - 1) / perBlock));
        ThreadJobs::takeInTurn(threads, round, [&](int t) {
            const int begin = from + t * perBlock;
            blocks[size_t(t)].truncate(0); // keeps its capacity for the next round
            format(begin, qMin(begin + perBlock, count), blocks[size_t(t)]);
        });
        for (int t = 0; t < round; ++t)
            write(blocks[size_t(t)]);
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
