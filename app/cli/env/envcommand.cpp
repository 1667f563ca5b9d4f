// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "envcommand.h"

#include "core/sources/plugins/devicebackend.h"
#include "core/sources/env/envprobe.h"
#include "hostoptions.h"
#include "core/sources/plugins/pluginmanager.h"

#include <QCoreApplication>
#include <QJsonDocument>

QString EnvCommand::summary() const
{
    return QCoreApplication::translate(
        "EnvCommand",
        "Check drivers, devices, CANN/MUSA/CUDA, Python modules, version compatibility and host limits "
        "(exit 1 when a check fails).");
}

void EnvCommand::addOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("backend"),
                      QCoreApplication::translate(
                          "EnvCommand", "auto (default), or a backend plugin's id (see `portbench-cli plugins`)."),
                      QStringLiteral("NAME"), QStringLiteral("auto")});
    parser.addOption({QStringLiteral("python"),
                      QCoreApplication::translate("EnvCommand", "Interpreter to probe (default: python3 on PATH)."),
                      QStringLiteral("PATH")});
    parser.addOption(
        {QStringLiteral("output"),
         QCoreApplication::translate("EnvCommand", "Output folder whose free disk is checked (default: .)."),
         QStringLiteral("DIR"), QStringLiteral(".")});
    HostOptions::add(parser);
    parser.addOption({QStringLiteral("json"), QCoreApplication::translate("EnvCommand", "Machine-readable output.")});
    parser.addOption({QStringLiteral("markdown"),
                      QCoreApplication::translate("EnvCommand", "Markdown table (for issues and reports).")});
}

int EnvCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    const QString backend = parser.value(QStringLiteral("backend"));
    const QList<const DeviceBackend *> backends = context.plugins().deviceBackends();
    QStringList ids{QStringLiteral("auto")};
    for (const DeviceBackend *b : backends)
        ids << b->info().id;
    if (!ids.contains(backend))
        return usageError(context,
                          QStringLiteral("unknown backend '%1' (%2; see `portbench-cli plugins`)")
                              .arg(backend, ids.join(QStringLiteral(", "))));
    if (const QString invalid = HostOptions::validate(parser); !invalid.isEmpty())
        return usageError(context, invalid);
    const EnvReport report
        = EnvProbe(backends, CompatMatrix::fromBackends(backends))
              .run(HostOptions::runner(parser),
                   {backend, parser.value(QStringLiteral("python")), parser.value(QStringLiteral("output"))});
    if (parser.isSet(QStringLiteral("json")))
        context.out() << QJsonDocument(report.toJson()).toJson(QJsonDocument::Indented);
    else if (parser.isSet(QStringLiteral("markdown")))
        context.out() << report.toMarkdown();
    else
        context.out() << report.toText();
    return report.hasFailures() ? ExitCode::Failed : ExitCode::Ok;
}
