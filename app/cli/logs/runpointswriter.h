// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

class QIODevice;
class QJsonObject;
class QJsonValue;
class RunMetrics;

/// Writes every point of a parsed run as `parse --json` and `parse --csv` print them, straight to a
/// device in pieces of about 1 MB: a 2 M-point log never becomes a document in memory. The points
/// are formatted in blocks, one per thread at a time, and written in order. The JSON is
/// byte for byte what QJsonDocument::Indented writes for the same objects (keys in QJsonObject
/// order, numbers as NumberText::appendJson), so scripts see the same text as before.
/// It also writes the list around them, `{"runs": [ ... ]}` for logs and `{"telemetry": [ ... ]}`
/// for device captures: one item at a time, its large values streamed into their place.
class RunPointsWriter
{
public:
    explicit RunPointsWriter(QIODevice &device);
    ~RunPointsWriter();

    /// Opens an object whose one key holds the list: `{`, then `"key": [` one level in.
    void beginJsonList(const QString &key);
    /// One item of the list, laid out as QJsonDocument::Indented lays it out there. Each value of
    /// `item` that is streamedValue(n) is replaced by what `stream(n)` writes through this writer
    /// (a key of the item itself is at level 3: writeJsonPoints(run, 3)).
    void writeJsonItem(const QJsonObject &item, const std::function<void(int n)> &stream = {});
    /// Closes the list and the object, with the final line break.
    void endJsonList();
    /// Stands for the n-th streamed value in an item until writeJsonItem streams it into its place.
    static QJsonValue streamedValue(int n);

    /// Bytes as they are (JSON or CSV text composed by the caller).
    void write(const QByteArray &bytes);
    /// The value of "points": an array of one object per point, for a key at `indent` levels.
    void writeJsonPoints(const RunMetrics &run, int indent);
    /// A CSV table: header, then one row per point; `file` is the first column when given.
    void writeCsv(const RunMetrics &run, const QString &file = QString());
    /// Writes what is buffered; false (with error()) when the device refused it.
    bool flush();
    QString error() const { return m_error; }

private:
    void flushIfFull();
    /// Writes format(from, to, out)'s text of points [0, count), formatted in blocks on several
    /// threads at once, in order; `pointBytes` (the most one point can take) sizes the blocks.
    void writeInBlocks(int count, qsizetype pointBytes,
                       const std::function<void(int from, int to, QByteArray &out)> &format);

    QIODevice &m_device;
    QByteArray m_buffer;
    int m_listItems = 0; ///< items written since beginJsonList
    QString m_error;
};
