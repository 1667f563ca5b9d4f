// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/reference/trainstep.h"

#include <QByteArray>
#include <QFile>
#include <QJsonObject>
#include <QString>

/// Writes the reference run's log live, one JSON object per line, flushed after every line so a
/// viewer (or `tail -f`) sees each step as it happens and Ctrl-C leaves a complete file.
///
/// Line 1 is a header without "step" ({"event": "start", ...settings}); then one line per logged
/// step with canonical metric names; last, {"event": "end", "status": ...}. A non-finite number is
/// written as NaN / Infinity / -Infinity, as Python's json module does. See docs/reference-run.md.
class TrainLogWriter
{
public:
    TrainLogWriter() = default;
    TrainLogWriter(const TrainLogWriter &) = delete;
    TrainLogWriter &operator=(const TrainLogWriter &) = delete;

    /// Creates the log; an existing file at path is first renamed to path + ".bak".
    /// Returns an error text naming the file, or empty on success.
    QString open(const QString &path, const QJsonObject &header);
    bool isOpen() const { return m_file.isOpen(); }
    QString path() const { return m_file.fileName(); }

    void writeStep(const TrainStep &step);
    /// The closing line; status is "finished", "stopped" (cancelled) or "failed".
    void writeEnd(const QString &status, const QJsonObject &summary);
    void close();

    static QByteArray formatStep(const TrainStep &step);
    /// Shortest text that reads back to the same double; NaN/Infinity literals for non-finite values.
    static QByteArray formatNumber(double value);

private:
    void writeLine(const QByteArray &line);

    QFile m_file;
};
