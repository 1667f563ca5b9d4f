// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "logfollower.h"

#include "core/base/io/inputfile.h"
#include "core/sources/logs/logstreamparser.h"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

#include <sys/stat.h>

#include <utility>

namespace {

constexpr qint64 kReadBlock = 4 * 1024 * 1024;

bool statPath(const QString &path, quint64 &inode, qint64 &size, bool *regular = nullptr)
{
    struct stat st;
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return false;
    inode = quint64(st.st_ino);
    size = qint64(st.st_size);
    if (regular)
        *regular = S_ISREG(st.st_mode);
    return true;
}

} // namespace

LogFollower::LogFollower(QObject *parent)
    : QObject(parent)
    , m_watcher(new QFileSystemWatcher(this))
    , m_pollTimer(new QTimer(this))
    , m_batchTimer(new QTimer(this))
{
    m_pollTimer->setInterval(pollIntervalMs);
    m_batchTimer->setSingleShot(true);
    connect(m_pollTimer, &QTimer::timeout, this, &LogFollower::poll);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &LogFollower::poll);
    connect(m_batchTimer, &QTimer::timeout, this, &LogFollower::flush);
}

LogFollower::~LogFollower() = default;

void LogFollower::start(const QString &path, const ParseOptions &options, qint64 fromOffset)
{
    stop();
    m_path = path;
    m_options = options;
    m_parser = std::make_unique<LogStreamParser>(options, path);
    m_base = qMax<qint64>(0, fromOffset);
    m_parser->setStartOffset(m_base);
    m_readPosition = m_base;
    m_bytesRead = 0;
    m_cancelled.storeRelaxed(false);
    m_following = true;
    m_newSegment = false;
    m_errorReported = false;
    m_refusalReported = false;
    m_sinceBatch.invalidate();
    if (m_parser->hasError()) {
        m_errorReported = true;
        Q_EMIT errorOccurred(m_parser->error());
    }
    openFile(m_base);
    m_pollTimer->start();
    poll();
}

void LogFollower::stop()
{
    if (!m_following)
        return;
    poll();
    flush();
    m_following = false;
    m_pollTimer->stop();
    m_batchTimer->stop();
    if (!m_watcher->files().isEmpty())
        m_watcher->removePaths(m_watcher->files());
    m_file.close();
}

QString LogFollower::restartNote(const QString &path, bool replaced)
{
    return replaced
        ? tr("%1 was replaced (log rotation): the new file is read from its start, as a new segment of the run")
              .arg(path)
        : tr("%1 was truncated: it is read again from its start, as a new segment of the run").arg(path);
}

qint64 LogFollower::offset() const
{
    return m_parser ? m_base + m_parser->consumedBytes() : 0;
}

QString LogFollower::format() const
{
    return m_parser ? m_parser->format() : QString();
}

bool LogFollower::openFile(qint64 offset)
{
    m_file.close();
    m_file.setFileName(m_path);
    qint64 size = 0;
    bool regular = false;
    if (!statPath(m_path, m_inode, size, &regular))
        return false;
    // /dev/zero never ends (reading it would hold this thread for good) and opening a FIFO waits
    // for a writer: only regular files are followed; the path is checked again on the next poll.
    if (!regular) {
        if (!m_refusalReported) {
            m_refusalReported = true;
            Q_EMIT errorOccurred(InputFile::refusalFor(m_path));
        }
        return false;
    }
    m_refusalReported = false;
    if (!m_file.open(QIODevice::ReadOnly))
        return false;
    if (offset > size)
        offset = 0; // the saved offset belongs to an older, longer file
    m_file.seek(offset);
    m_readPosition = offset;
    if (!m_watcher->files().contains(m_path))
        m_watcher->addPath(m_path);
    return true;
}

void LogFollower::restart()
{
    m_parser->reset();
    m_base = 0;
    m_errorReported = false;
    openFile(0);
}

void LogFollower::poll()
{
    if (!m_following || m_cancelled.loadRelaxed())
        return;
    if (!m_file.isOpen()) {
        if (!openFile(0))
            return; // not there yet, or between rotation steps
    }
    quint64 inode = 0;
    qint64 size = 0;
    const bool exists = statPath(m_path, inode, size);
    if (exists && inode != m_inode) {
        // Rotated: finish the old file (its writer may have added lines before the rename),
        // then start over on the new one.
        readAvailable();
        flush();
        m_newSegment = true;
        Q_EMIT rotated();
        restart();
    } else if (exists && size < m_readPosition) {
        flush();
        m_newSegment = true;
        Q_EMIT truncated();
        restart();
    }
    readAvailable();
}

void LogFollower::readAvailable()
{
    if (!m_file.isOpen())
        return;
    while (!m_cancelled.loadRelaxed()) {
        const QByteArray bytes = m_file.read(kReadBlock);
        if (bytes.isEmpty())
            break;
        m_readPosition += bytes.size();
        m_parser->feed(bytes);
        m_bytesRead += bytes.size();
        if (m_blockHook)
            m_blockHook(m_bytesRead);
    }
    collect();
}

void LogFollower::collect()
{
    if (!m_errorReported && m_parser->hasError()) {
        m_errorReported = true;
        Q_EMIT errorOccurred(m_parser->error());
    }
    for (const QString &note : m_parser->takeNotes())
        Q_EMIT errorOccurred(note);
    RunMetrics chunk = m_parser->takePoints();
    if (chunk.isEmpty())
        return;
    if (m_pending.isEmpty())
        m_pending = std::move(chunk);
    else
        m_pending.append(chunk);
    if (!m_sinceBatch.isValid() || m_sinceBatch.elapsed() >= batchIntervalMs)
        flush();
    else if (!m_batchTimer->isActive())
        m_batchTimer->start(int(batchIntervalMs - m_sinceBatch.elapsed()));
}

void LogFollower::flush()
{
    m_batchTimer->stop();
    if (m_pending.isEmpty())
        return;
    RunMetrics batch = std::move(m_pending);
    m_pending = RunMetrics();
    batch.name = QFileInfo(m_path).completeBaseName();
    batch.sourcePath = m_path;
    batch.startsSegment = std::exchange(m_newSegment, false);
    m_sinceBatch.start();
    Q_EMIT pointsAppended(batch);
}
