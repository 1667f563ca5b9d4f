// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "topocommand.h"

#include "core/sources/plugins/devicebackend.h"
#include "hostoptions.h"
#include "core/base/io/inputfile.h"
#include "core/base/io/safefilewriter.h"
#include "core/sources/plugins/pluginmanager.h"
#include "core/sources/topology/topologyadvisor.h"
#include "core/sources/topology/topologyexport.h"
#include "core/sources/topology/topologyreader.h"
#include "core/sources/topology/topologysvgwriter.h"

#include <QCoreApplication>
#include <QJsonDocument>

QString TopoCommand::summary() const
{
    return QCoreApplication::translate(
        "TopoCommand",
        "Device topology: links, NUMA/CPU affinity and placement advice, live or from a saved "
        "`nvidia-smi topo -m` / `npu-smi info -t topo` capture.");
}

void TopoCommand::addOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("backend"),
                      QCoreApplication::translate(
                          "TopoCommand", "auto (default), or a backend plugin's id (see `portbench-cli plugins`)."),
                      QStringLiteral("NAME"), QStringLiteral("auto")});
    parser.addOption(
        {QStringLiteral("from"),
         QCoreApplication::translate("TopoCommand", "Read a saved tool output instead of running the tool."),
         QStringLiteral("FILE")});
    HostOptions::add(parser);
    parser.addOption({QStringLiteral("json"), QCoreApplication::translate("TopoCommand", "Machine-readable output.")});
    parser.addOption({QStringLiteral("dot"), QCoreApplication::translate("TopoCommand", "Graphviz DOT output.")});
    parser.addOption({QStringLiteral("svg"),
                      QCoreApplication::translate("TopoCommand", "Also write the map as SVG to FILE."),
                      QStringLiteral("FILE")});
}

int TopoCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    const QString backendId = parser.value(QStringLiteral("backend"));
    QList<const DeviceBackend *> backends;
    QStringList ids{QStringLiteral("auto")};
    for (const LoadedBackend &b : context.plugins().backends()) {
        ids << b.backend->info().id;
        if (backendId == QLatin1String("auto") || b.backend->info().id == backendId)
            backends << b.backend;
    }
    if (backends.isEmpty())
        return usageError(context,
                          QStringLiteral("unknown backend '%1' (%2)").arg(backendId, ids.join(QStringLiteral(", "))));
    if (parser.isSet(QStringLiteral("json")) && parser.isSet(QStringLiteral("dot")))
        return usageError(context, QStringLiteral("--json and --dot exclude each other"));
    if (const QString invalid = HostOptions::validate(parser); !invalid.isEmpty())
        return usageError(context, invalid);
    // Refused before probing anything: a device or FIFO would otherwise only fail after the probe.
    if (parser.isSet(QStringLiteral("svg"))) {
        if (const QString refusal = SafeFileWriter::refusalFor(parser.value(QStringLiteral("svg"))); !refusal.isEmpty())
            return usageError(context, refusal);
    }

    Topology topology;
    if (parser.isSet(QStringLiteral("from"))) {
        const QString path = parser.value(QStringLiteral("from"));
        const InputFile::Result input
            = InputFile::read(path, InputFile::textCaptureLimit, QStringLiteral("topology capture"));
        if (!input)
            return usageError(context, input.error);
        topology = TopologyReader::fromCapture(input.bytes, backends);
        if (!topology) {
            context.err() << "portbench-cli topo: " << path << ": not a topology capture (" << topology.error << ")\n";
            return ExitCode::UsageError;
        }
    } else {
        const CommandRunner runner = HostOptions::runner(parser);
        topology = TopologyReader::probe(runner, backends);
        if (!topology) {
            // No accelerator on the host is an answer, not an error.
            context.out() << "No device topology on " << runner.describe() << " (" << topology.error << ")\n";
            return ExitCode::Ok;
        }
    }

    if (parser.isSet(QStringLiteral("svg"))) {
        const QString error = SafeFileWriter::writeFile(parser.value(QStringLiteral("svg")),
                                                        TopologySvgWriter::write(topology).toUtf8());
        if (!error.isEmpty())
            return usageError(context, error);
    }
    if (parser.isSet(QStringLiteral("json"))) {
        context.out() << QJsonDocument(TopologyExport::toJson(topology)).toJson(QJsonDocument::Indented);
        return ExitCode::Ok;
    }
    if (parser.isSet(QStringLiteral("dot"))) {
        context.out() << TopologyExport::toDot(topology);
        return ExitCode::Ok;
    }
    const QList<int> acc = topology.accelerators();
    context.out() << topology.source << ": " << acc.size() << " accelerator(s), " << topology.nics().size()
                  << " NIC(s)\n";
    for (const TopologyNode &n : topology.nodes) {
        context.out() << "  " << n.name.leftJustified(8) << (n.isAccelerator() ? "" : "NIC ")
                      << n.alias.leftJustified(n.alias.isEmpty() ? 0 : 10) << " CPU "
                      << (n.cpuAffinity.isEmpty() ? QStringLiteral("N/A") : n.cpuAffinity) << "  NUMA "
                      << (n.numaNode >= 0 ? QString::number(n.numaNode) : QStringLiteral("N/A")) << '\n';
    }
    context.out() << "Links:";
    for (const LinkType &k : topology.linkTypes())
        context.out() << ' ' << k.name();
    context.out() << "\nAdvice:\n";
    for (const QString &a : TopologyAdvisor::advise(topology))
        context.out() << "  - " << a << '\n';
    for (const QString &w : topology.warnings)
        context.out() << "Warning: " << w << '\n';
    return ExitCode::Ok;
}
