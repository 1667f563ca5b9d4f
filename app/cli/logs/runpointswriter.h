// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QString>

class QIODevice;
class Run;

/// Writes every point of a parsed run as `parse --json` and `parse --csv` print them, straight to a
/// device in pieces of about 1 MB: a 2 M-point log never becomes a document in memory. The JSON is
/// byte for byte what QJsonDocument::Indented writes for the same objects (keys in QJsonObject
/// order, numbers as NumberText::appendJson), so scripts see the same text as before.
class RunPointsWriter
{
public:
    explicit RunPointsWriter(QIODevice &device);
    ~RunPointsWriter();

    /// Bytes as they are (JSON or CSV text composed by the caller).
    void write(const QByteArray &bytes);
    /// The value of "points": an array of one object per point, for a key at `indent` levels.
    void writeJsonPoints(const Run &run, int indent);
    /// A CSV table: header, then one row per point; `file` is the first column when given.
    void writeCsv(const Run &run, const QString &file = QString());
    /// Writes what is buffered; false (with error()) when the device refused it.
    bool flush();
    QString error() const { return m_error; }

private:
    void flushIfFull();

    QIODevice &m_device;
    QByteArray m_buffer;
    QString m_error;
};
