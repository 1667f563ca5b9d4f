#include "envcommand.h"

#include "plugins/devicebackend.h"
#include "env/envprobe.h"
#include "hostoptions.h"
#include "plugins/pluginmanager.h"

#include <QJsonDocument>

QString EnvCommand::summary() const
{
    return QStringLiteral("Check drivers, devices, CANN/MUSA/CUDA, Python modules, version compatibility and host limits "
                          "(exit 1 when a check fails).");
}

void EnvCommand::addOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("backend"), QStringLiteral("auto (default), cuda, npu or musa."), QStringLiteral("NAME"),
                      QStringLiteral("auto")});
    parser.addOption({QStringLiteral("python"), QStringLiteral("Interpreter to probe (default: python3 on PATH)."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("output"), QStringLiteral("Output folder whose free disk is checked (default: .)."),
                      QStringLiteral("DIR"), QStringLiteral(".")});
    HostOptions::add(parser);
    parser.addOption({QStringLiteral("json"), QStringLiteral("Machine-readable output.")});
    parser.addOption({QStringLiteral("markdown"), QStringLiteral("Markdown table (for issues and reports).")});
}

int EnvCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    const QString backend = parser.value(QStringLiteral("backend"));
    QList<const DeviceBackend *> backends;
    for (const LoadedBackend &b : context.plugins().backends())
        backends << b.backend;
    if (backend != QLatin1String("auto") && !context.plugins().backend(backend))
        return usageError(context, QStringLiteral("unknown backend '%1' (auto, cuda, npu, musa; see `portbench-cli plugins`)").arg(backend));
    if (const QString invalid = HostOptions::validate(parser); !invalid.isEmpty())
        return usageError(context, invalid);
    const CompatMatrix matrix = CompatMatrix::builtin();
    const EnvReport report = EnvProbe(backends, matrix).run(HostOptions::runner(parser),
                                                            {backend, parser.value(QStringLiteral("python")), parser.value(QStringLiteral("output"))});
    if (parser.isSet(QStringLiteral("json")))
        context.out() << QJsonDocument(report.toJson()).toJson(QJsonDocument::Indented);
    else if (parser.isSet(QStringLiteral("markdown")))
        context.out() << report.toMarkdown();
    else
        context.out() << report.toText();
    return report.hasFailures() ? ExitCode::Failed : ExitCode::Ok;
}
