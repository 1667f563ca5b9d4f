#include "telemetryparse.h"

#include "clicommand.h"
#include "plugins/devicebackend.h"
#include "plugins/pluginmanager.h"
#include "telemetry/telemetrycapture.h"
#include "telemetrytext.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace {

QList<const DeviceBackend *> backendsOf(CliContext &context)
{
    QList<const DeviceBackend *> backends;
    for (const LoadedBackend &b : context.plugins().backends())
        backends << b.backend;
    return backends;
}

} // namespace

bool TelemetryParse::allAreTelemetry(const QStringList &files, CliContext &context, bool *anyIs)
{
    const QList<const DeviceBackend *> backends = backendsOf(context);
    int count = 0;
    for (const QString &f : files)
        count += TelemetryCapture::recognises(TelemetryCapture::head(f), backends) ? 1 : 0;
    *anyIs = count > 0;
    return count == files.size();
}

int TelemetryParse::run(const QStringList &files, bool json, bool columns, CliContext &context)
{
    const QList<const DeviceBackend *> backends = backendsOf(context);
    QJsonArray results;
    int exitCode = ExitCode::Ok;
    for (const QString &file : files) {
        const TelemetryCapture::Result r = TelemetryCapture::read(file, backends);
        if (!r) {
            context.err() << "portbench-cli parse: " << r.error << '\n';
            exitCode = ExitCode::UsageError;
            continue;
        }
        const QList<TelemetryFlag> flags = TelemetryFlags::compute(r.recording);
        if (json)
            results.append(TelemetryText::summaryJson(file, r.recording, flags, columns));
        else
            TelemetryText::printSummary(context.out(), file, r.recording, flags);
    }
    if (json)
        context.out()
            << QJsonDocument(QJsonObject{{QStringLiteral("telemetry"), results}}).toJson(QJsonDocument::Indented);
    return exitCode;
}
