// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// LogFollower as `attach` uses it, over a real file that the input grows (whole lines, a line in two
// writes, junk), truncates, rotates (renamed away, a new file later or at once) and rewrites in
// place between reads (issue 32: `attach` through truncation and rotation). The follower is driven
// by poll() alone, as its timers would (no event loop: batches go out on rotation, truncation and
// stop()), and must neither crash nor hang, and never report a step it was not given: every step
// is a number written in the file (digits of one version of it, or, where the file was rewritten
// in place under the follower's read position, the digits the follower's held partial line joins
// with the new bytes), or a step counted on from the point before (a record without a step, such
// as the tail of a line whose head was rewritten away).
//
// Input: byte 0 picks the format the follower is told (formats: auto reads a mix of all line
// shapes); then operations, a byte each (Operation in the low 3 bits, 0x80: poll afterwards)
// followed by an argument byte; the lines an operation writes take their step and loss from
// further bytes (line()). Junk holds no digit, 'i', 'n' or 'f' (no number, nan or inf to read).
// Seeds: tests/data/fuzz/attach/.
#include "fuzzinput.h"
#include "core/sources/logs/logfollower.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QTemporaryDir>

#include <sys/stat.h>

#include <cctype>
#include <cstdlib>
#include <vector>

namespace {

class Reader
{
public:
    Reader(const uint8_t *data, size_t size)
        : m_data(data)
        , m_size(size)
    { }
    bool atEnd() const { return m_at >= m_size; }
    int byte() { return m_at < m_size ? m_data[m_at++] : 0; }

private:
    const uint8_t *m_data;
    size_t m_size;
    size_t m_at = 0;
};

enum Operation {
    AppendLines, // 1 + arg % 8 whole lines
    AppendHead, // the head of a line (arg % 64 bytes of it); its tail goes out with the next append
    AppendJunk, // arg % 96 bytes of junk, a '\n' after it when arg is odd
    Truncate, // cut to arg/255 of the size, in place
    Rotate, // renamed to NAME.1 (replacing it); with an odd arg a new empty file at once
    Rewrite, // the same inode rewritten with 1 + arg % 8 new lines
    Poll,
    PollTwice,
};

const char *const formats[] = {"auto", "jsonl", "megatron", "nanogpt", "csv"};
constexpr int formatCount = int(sizeof(formats) / sizeof(formats[0]));

/// The digit runs of bytes, as numbers (at most 18 digits: a step is at most 10^15).
void addNumbers(const QByteArray &bytes, QSet<qint64> &numbers)
{
    qsizetype i = 0;
    while (i < bytes.size()) {
        if (!std::isdigit(uchar(bytes[i]))) {
            ++i;
            continue;
        }
        qsizetype end = i;
        while (end < bytes.size() && std::isdigit(uchar(bytes[end])))
            ++end;
        if (end - i <= 18)
            numbers.insert(bytes.mid(i, end - i).toLongLong());
        i = end;
    }
}

class Harness
{
public:
    Harness(Reader &in, int format, const QString &path)
        : m_in(in)
        , m_format(format)
        , m_path(path)
    { }

    /// One generated line in the shape of the format (a random shape for auto).
    QByteArray line()
    {
        const int how = m_in.byte();
        switch (how % 4) {
        case 0: ++m_step; break;
        case 1: break; // the same step again
        case 2: m_step = std::max<qint64>(0, m_step - how / 4); break; // a restart
        case 3: m_step += qint64(how) * 1000; break;
        }
        const int v = m_in.byte();
        const QByteArray loss = v == 255 ? QByteArrayLiteral("nan") : QByteArray::number(1 + v / 37.0, 'g', 6);
        const QByteArray step = QByteArray::number(m_step);
        switch (m_format == 0 ? how % 4 : m_format - 1) {
        case 0: return "{\"step\": " + step + ", \"loss\": " + loss + "}\n";
        case 1:
            return " [2024-04-06 02:55:45] iteration " + step.rightJustified(8) + "/ 1000000 | lm loss: " + loss
                + " | grad norm: 1.5 |\n";
        case 2: return "iter " + step + ": loss " + loss + ", time 100.00ms, mfu 1.00%\n";
        default: return step + ',' + loss + '\n';
        }
    }

    void write(const QByteArray &bytes, QIODevice::OpenMode mode = QIODevice::Append)
    {
        QFile f(m_path);
        if (!f.open(QIODevice::WriteOnly | mode))
            std::abort();
        // A CSV log starts with its header.
        if (f.size() == 0 && qstrcmp(formats[m_format], "csv") == 0)
            f.write("step,loss\n");
        f.write(bytes);
        f.close();
        addNumbers(content(), m_given);
    }

    QByteArray content() const
    {
        QFile f(m_path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    void operate(int op, int arg)
    {
        switch (op % 8) {
        case AppendLines: {
            QByteArray bytes = m_tail;
            m_tail.clear();
            for (int i = 0; i <= arg % 8; ++i)
                bytes += line();
            write(bytes);
            break;
        }
        case AppendHead: {
            const QByteArray next = m_tail + line();
            const qsizetype cut = std::min<qsizetype>(arg % 64, next.size() - 1);
            write(next.left(cut));
            m_tail = next.mid(cut);
            break;
        }
        case AppendJunk: {
            static const char alphabet[] = "abcdeghjklmopqrstuvwxyz {}[]\":,=|/-_.'\t\r";
            QByteArray junk;
            for (int i = 0; i < arg % 96; ++i)
                junk += alphabet[m_in.byte() % (sizeof(alphabet) - 1)];
            write(arg % 2 ? junk + '\n' : junk);
            break;
        }
        case Truncate: {
            const qint64 size = QFileInfo(m_path).size();
            if (!QFile::resize(m_path, size * arg / 255))
                break;
            m_tail.clear();
            break;
        }
        case Rotate:
            QFile::remove(m_path + QStringLiteral(".1"));
            QFile::rename(m_path, m_path + QStringLiteral(".1"));
            m_tail.clear();
            if (arg % 2)
                write({});
            break;
        case Rewrite: {
            m_tail.clear();
            QByteArray bytes;
            for (int i = 0; i <= arg % 8; ++i)
                bytes += line();
            // QIODevice::Truncate keeps the inode: only the size tells the follower.
            write(bytes, QIODevice::Truncate);
            break;
        }
        case Poll:
        case PollTwice: poll(op % 8 == PollTwice ? 2 : 1); break;
        }
        if (op & 0x80)
            poll(1);
    }

    /// Polls as the follower's timer would, and notes the numbers in what the follower reads: the
    /// partial line it holds joined with the bytes past its read position of the file it has open
    /// (by now perhaps renamed or removed). After a rewrite in place, which it cannot tell from
    /// growth, those bytes are the new file's and the line joins two versions.
    void poll(int times)
    {
        const QByteArray followed = followedContent();
        struct stat st;
        const bool exists = ::stat(QFile::encodeName(m_path).constData(), &st) == 0;
        const bool rotated = exists && quint64(st.st_ino) != m_inode;
        const bool truncated = exists && !rotated && followed.size() < m_readSize;
        const QByteArray read = followed.size() >= m_readSize ? m_held + followed.mid(m_readSize) : m_held;
        addNumbers(read, m_given);
        for (int i = 0; i < times; ++i)
            m_follower.poll();
        if (rotated) { // the follower read the old file to its end and started on the new one
            m_inode = quint64(st.st_ino);
            m_followed.close();
            m_followed.setFileName(m_path);
            m_followed.open(QIODevice::ReadOnly);
        }
        if (rotated || truncated) { // it read the whole file from its start
            const QByteArray now = followedContent();
            m_held = now.mid(now.lastIndexOf('\n') + 1);
            m_readSize = now.size();
        } else if (followed.size() >= m_readSize) {
            m_held = read.mid(read.lastIndexOf('\n') + 1);
            m_readSize = followed.size();
        }
    }

    QByteArray followedContent()
    {
        return m_followed.isOpen() && m_followed.seek(0) ? m_followed.readAll() : QByteArray();
    }

    void run()
    {
        QObject::connect(&m_follower, &LogFollower::pointsAppended, [this](const RunMetrics &chunk) {
            for (int p = 0; p < chunk.pointCount(); ++p)
                m_reported.push_back(chunk.step(p));
        });
        write({});
        ParseOptions options;
        options.format = QString::fromLatin1(formats[m_format]);
        m_follower.start(m_path, options);
        poll(0);
        for (int ops = 0; ops < 256 && !m_in.atEnd(); ++ops) {
            const int op = m_in.byte();
            operate(op, m_in.byte());
        }
        poll(0); // what stop() reads last
        m_follower.stop();
        for (size_t i = 0; i < m_reported.size(); ++i) {
            const qint64 step = m_reported[i];
            const bool counted = step == 1 || (i > 0 && step == m_reported[i - 1] + 1);
            if (!counted && !m_given.contains(std::abs(step)))
                std::abort();
        }
    }

private:
    Reader &m_in;
    int m_format;
    QString m_path;
    LogFollower m_follower;
    qint64 m_step = 0;
    QByteArray m_tail; ///< the rest of a line whose head was written
    QSet<qint64> m_given; ///< every number written (a step must be one of them)
    std::vector<qint64> m_reported;
    QFile m_followed; ///< the file the follower reads, opened when it opened it
    quint64 m_inode = 0;
    qsizetype m_readSize = 0; ///< where the follower reads next in it (it reads to the end)
    QByteArray m_held; ///< the partial line the follower holds
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // LogFollower's watcher and timers belong to an application's main thread.
    static int argc = 1;
    static char name[] = "fuzz_attach";
    static char *argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
    static QTemporaryDir scratch;

    QDir dir(scratch.path());
    for (const QString &file : dir.entryList(QDir::Files))
        dir.remove(file);
    Reader in(data, size);
    Harness(in, in.byte() % formatCount, dir.filePath(QStringLiteral("train.log"))).run();
    return 0;
}
