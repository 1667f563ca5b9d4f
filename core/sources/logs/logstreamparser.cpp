// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "logstreamparser.h"

#include "core/sources/logs/incrementalparser.h"
#include "core/sources/logs/tensorboard/eventfilereader.h"
#include "core/sources/logs/tensorboard/eventstreamparser.h"
#include "core/sources/logs/tensorboard/tfrecordscanner.h"

LogStreamParser::LogStreamParser(const ParseOptions &options, const QString &sourceName)
    : m_options(options)
    , m_sourceName(sourceName)
{
    if (options.format == EventFileReader::formatName)
        m_events = std::make_unique<EventStreamParser>(options,
                                                       sourceName); // resuming: the offset comes with setStartOffset()
    else if (options.format != QLatin1String("auto"))
        m_text = std::make_unique<IncrementalParser>(options, sourceName);
}

LogStreamParser::~LogStreamParser() = default;

void LogStreamParser::setStartOffset(qint64 offset)
{
    m_start = offset;
    if (m_events)
        m_events->setStartOffset(offset);
    if (m_text)
        m_text->setStartOffset(offset);
}

void LogStreamParser::decide(bool final)
{
    if (m_text || m_events)
        return;
    if (m_head.size() < TfRecordScanner::headerBytes && !final)
        return;
    if (EventFileReader::looksLikeEventData(m_head)) {
        m_events = std::make_unique<EventStreamParser>(m_options, m_sourceName);
        m_events->setStartOffset(m_start);
    } else {
        m_text = std::make_unique<IncrementalParser>(m_options, m_sourceName);
        m_text->setStartOffset(m_start);
    }
    const QByteArray head = std::move(m_head);
    m_head.clear();
    feed(head);
}

void LogStreamParser::feed(QByteArrayView bytes)
{
    if (m_events) {
        m_events->feed(bytes);
    } else if (m_text) {
        m_text->feed(bytes);
    } else {
        m_head.append(bytes);
        decide(false);
    }
}

void LogStreamParser::finish()
{
    decide(true);
    if (m_text)
        m_text->finish();
}

RunMetrics LogStreamParser::takePoints()
{
    if (m_events)
        return m_events->takePoints();
    return m_text ? m_text->takePoints() : RunMetrics();
}

void LogStreamParser::reset()
{
    m_head.clear();
    m_notesTaken = 0;
    m_start = 0;
    if (m_events)
        m_events->reset();
    if (m_text)
        m_text->reset();
    if (m_options.format == QLatin1String("auto")) {
        // A replaced file may be of the other kind.
        m_events.reset();
        m_text.reset();
    }
}

qint64 LogStreamParser::consumedBytes() const
{
    if (m_events)
        return m_events->consumedBytes();
    return m_text ? m_text->consumedBytes() : 0;
}

QString LogStreamParser::format() const
{
    if (m_events)
        return EventFileReader::formatName;
    return m_text ? m_text->format() : QString();
}

QString LogStreamParser::error() const
{
    return m_text ? m_text->error() : QString();
}

QStringList LogStreamParser::takeNotes()
{
    if (m_text)
        return m_text->takeNotes();
    if (!m_events)
        return {};
    const QStringList all = m_events->notes();
    const QStringList fresh = all.mid(m_notesTaken);
    m_notesTaken = all.size();
    return fresh;
}
