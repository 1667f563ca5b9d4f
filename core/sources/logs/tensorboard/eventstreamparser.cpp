// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "eventstreamparser.h"

#include "core/sources/logs/tensorboard/tensorboardtags.h"
#include "core/sources/logs/tensorboard/tfrecordscanner.h"

EventStreamParser::EventStreamParser(const ParseOptions &options, const QString &sourceName)
    : m_options(options)
    , m_sourceName(sourceName)
{ }

void EventStreamParser::feed(QByteArrayView bytes)
{
    m_buffer.append(bytes);
    qint64 undecodable = 0;
    const TfRecordScan scan = TfRecordScanner::scan(
        m_buffer, m_start + m_consumed, [&](qint64 offset, QByteArrayView payload) {
            if (TfEventDecoder::decode(payload, m_event)) {
                m_builder.add(m_event, offset);
                return;
            }
            ++undecodable;
            m_notes.append(
                QStringLiteral("%1: byte offset %2: checksums match but the record is not a TensorFlow Event: skipped")
                    .arg(m_sourceName)
                    .arg(offset));
        });
    for (const TfRecordIssue &issue : scan.issues)
        m_notes.append(QStringLiteral("%1: byte offset %2: %3").arg(m_sourceName).arg(issue.offset).arg(issue.reason));
    m_records += scan.records - undecodable; // counted as damaged, as EventFileReader does
    m_consumed += scan.consumed;
    m_buffer.remove(0, qsizetype(scan.consumed));
}

RunMetrics EventStreamParser::takePoints()
{
    RunMetrics run = m_builder.takeRun();
    if (run.isEmpty())
        return run;
    QStringList notes; // collisions are said once, by the reader of the whole file
    m_options.metricMap.nameColumns(
        run, [this](const QString &tag) { return TensorBoardTags::metricName(tag, m_options.metricMap); }, notes);
    run.format = QStringLiteral("tensorboard");
    return run;
}

void EventStreamParser::reset()
{
    m_buffer.clear();
    m_start = 0;
    m_consumed = 0;
    m_records = 0;
    m_notes.clear();
    m_builder = EventRunBuilder();
}
