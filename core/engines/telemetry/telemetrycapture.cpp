// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetrycapture.h"

#include "core/base/io/inputfile.h"
#include "core/sources/plugins/devicebackend.h"
#include "telemetryfile.h"

#include <QFile>

#include <algorithm>
#include <memory>

namespace {

std::unique_ptr<TelemetryReader> readerFor(const QByteArray &head, const QList<const DeviceBackend *> &backends)
{
    if (TelemetryFile::recognises(head))
        return std::make_unique<TelemetryFile>();
    for (const DeviceBackend *b : backends) {
        if (b->recognisesTelemetry(head))
            return b->createTelemetryReader();
    }
    return nullptr;
}

} // namespace

bool TelemetryCapture::recognises(const QByteArray &head, const QList<const DeviceBackend *> &backends)
{
    return !head.isEmpty() && readerFor(head, backends) != nullptr;
}

QByteArray TelemetryCapture::head(const QString &path)
{
    if (!InputFile::refusalFor(path).isEmpty())
        return {};
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.read(headBytes) : QByteArray();
}

TelemetryCapture::Result TelemetryCapture::read(const QString &path, const QList<const DeviceBackend *> &backends,
                                                const QString &host)
{
    Result r;
    TelemetryCapture capture(path, backends, host);
    if (!capture.readMore(r.recording, true, &r.error))
        return r;
    if (const QString note = capture.note(); !note.isEmpty())
        r.recording.notes << note;
    if (r.recording.sampleCount == 0 && r.recording.problemCount == 0)
        r.recording.notes << QStringLiteral("%1: no samples").arg(path);
    return r;
}

TelemetryCapture::TelemetryCapture(QString path, QList<const DeviceBackend *> backends, QString host)
    : m_path(std::move(path))
    , m_backends(std::move(backends))
    , m_host(std::move(host))
{ }

TelemetryCapture::~TelemetryCapture() = default;
TelemetryCapture::TelemetryCapture(TelemetryCapture &&) noexcept = default;
TelemetryCapture &TelemetryCapture::operator=(TelemetryCapture &&) noexcept = default;

QString TelemetryCapture::note() const
{
    return m_reader ? m_reader->note() : QString();
}

bool TelemetryCapture::readMore(TelemetryRecording &recording, bool toTheEnd, QString *error)
{
    const auto fail = [&](const QString &why) {
        *error = QStringLiteral("%1: %2").arg(m_path, why);
        return false;
    };
    if (const QString refusal = InputFile::refusalFor(m_path); !refusal.isEmpty())
        return fail(refusal);
    QFile f(m_path);
    if (!f.open(QIODevice::ReadOnly))
        return fail(f.errorString());
    const qint64 size = f.size();
    if (size > maxFileBytes)
        return fail(
            QStringLiteral("larger than the %1 limit for a telemetry file").arg(InputFile::formatLimit(maxFileBytes)));
    if (size < m_offset)
        return fail(QStringLiteral("shrank from %1 to %2 bytes (truncated or rewritten)").arg(m_offset).arg(size));
    if (!m_reader) {
        m_reader = readerFor(f.peek(headBytes), m_backends);
        if (!m_reader)
            return fail(QStringLiteral("not telemetry: neither a portbench-telemetry/1 file nor the output of a "
                                       "device tool a backend plugin reads"));
    }
    // Whole lines only while the file is written: up to the last line break (lines are short, so
    // it is in the last line-limit's worth of bytes).
    qint64 end = size;
    if (!toTheEnd && size > m_offset) {
        const qint64 from = std::max(m_offset, size - maxLineBytes - 1);
        if (!f.seek(from))
            return fail(f.errorString());
        const QByteArray tail = f.read(size - from);
        const qsizetype nl = tail.lastIndexOf('\n');
        end = nl < 0 ? m_offset : from + nl + 1;
    }
    if (!f.seek(m_offset))
        return fail(f.errorString());
    QByteArray line;
    while (f.pos() < end) {
        const qint64 length = InputFile::readLine(f, maxLineBytes, line);
        if (length < 0)
            break;
        ++m_lineNumber;
        if (length > maxLineBytes) {
            recording.addProblem(QStringLiteral("%1:%2: %3 bytes, over the %4 line limit")
                                     .arg(m_path)
                                     .arg(m_lineNumber)
                                     .arg(length)
                                     .arg(InputFile::formatLimit(maxLineBytes)));
            continue;
        }
        if (line.endsWith('\r'))
            line.chop(1);
        const TelemetryReader::LineResult lr = m_reader->readLine(line, -1);
        if (!lr.problem.isEmpty())
            recording.addProblem(QStringLiteral("%1:%2: %3").arg(m_path).arg(m_lineNumber).arg(lr.problem));
        for (const TelemetrySample &s : lr.samples)
            recording.append(s.host.isEmpty() ? m_host : s.host, s);
    }
    m_offset = f.pos();
    // After the lines: a reader can learn from a header which of its tool's outputs it reads.
    recording.tool = m_reader->tool();
    return true;
}
