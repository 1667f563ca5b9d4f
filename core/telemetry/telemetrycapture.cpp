#include "telemetrycapture.h"

#include "io/inputfile.h"
#include "plugins/devicebackend.h"
#include "telemetryfile.h"

#include <QFile>
#include <QFileInfo>

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
    const QString refusal = InputFile::refusalFor(path);
    if (!refusal.isEmpty()) {
        r.error = QStringLiteral("%1: %2").arg(path, refusal);
        return r;
    }
    if (QFileInfo(path).size() > maxFileBytes) {
        r.error = QStringLiteral("%1: larger than the %2 limit for a telemetry file")
                      .arg(path, InputFile::formatLimit(maxFileBytes));
        return r;
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        r.error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return r;
    }
    const std::unique_ptr<TelemetryReader> reader = readerFor(f.peek(headBytes), backends);
    if (!reader) {
        r.error = QStringLiteral("%1: not telemetry: neither a portbench-telemetry/1 file nor the output of a "
                                 "device tool a backend plugin reads")
                      .arg(path);
        return r;
    }
    r.recording.tool = reader->tool();
    QByteArray line;
    qint64 lineNumber = 0;
    for (qint64 length = InputFile::readLine(f, maxLineBytes, line); length >= 0;
         length = InputFile::readLine(f, maxLineBytes, line)) {
        ++lineNumber;
        if (length > maxLineBytes) {
            r.recording.addProblem(QStringLiteral("%1:%2: %3 bytes, over the %4 line limit")
                                       .arg(path)
                                       .arg(lineNumber)
                                       .arg(length)
                                       .arg(InputFile::formatLimit(maxLineBytes)));
            continue;
        }
        if (line.endsWith('\r'))
            line.chop(1);
        const TelemetryReader::LineResult lr = reader->readLine(line, -1);
        if (!lr.problem.isEmpty())
            r.recording.addProblem(QStringLiteral("%1:%2: %3").arg(path).arg(lineNumber).arg(lr.problem));
        for (const TelemetrySample &s : lr.samples)
            r.recording.append(s.host.isEmpty() ? host : s.host, s);
    }
    if (const QString note = reader->note(); !note.isEmpty())
        r.recording.notes << note;
    if (r.recording.sampleCount == 0 && r.recording.problemCount == 0)
        r.recording.notes << QStringLiteral("%1: no samples").arg(path);
    return r;
}
