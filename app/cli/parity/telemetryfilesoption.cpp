// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetryfilesoption.h"

#include "core/engines/telemetry/runtelemetrylookup.h"
#include "core/sources/plugins/pluginmanager.h"

#include <QCoreApplication>

namespace TelemetryFilesOption {

namespace {

const QString name = QStringLiteral("telemetry");

} // namespace

void add(QCommandLineParser &parser)
{
    parser.addOption({name,
                      QCoreApplication::translate(
                          "TelemetryFilesOption",
                          "A telemetry file of the run LOG names (its log, file name or run name; repeatable): a "
                          "`monitor --out` recording or a captured nvidia-smi/npu-smi output. Its devices' mean "
                          "utilisation, peak memory and mean power are shown beside the throughput. Without it, "
                          "a workspace run's telemetry-*.tel files beside its log are read."),
                      QStringLiteral("LOG=FILE")});
}

bool read(const QCommandLineParser &parser, const std::vector<LogInputs::Input> &inputs, size_t count,
          const QString &command, CliContext &context, QVector<RunTelemetrySummary> *summaries, QString *error)
{
    QVector<QStringList> given;
    given.resize(qsizetype(count));
    for (const QString &value : parser.values(name)) {
        const qsizetype eq = value.indexOf(QLatin1Char('='));
        if (eq <= 0 || eq == value.size() - 1) {
            *error = QStringLiteral("--telemetry: '%1' is not LOG=FILE").arg(value);
            return false;
        }
        const QString log = value.left(eq);
        bool named = false;
        for (size_t i = 0; i < count; ++i) {
            if (LogInputs::names(inputs[i], log)) {
                given[qsizetype(i)] << value.mid(eq + 1);
                named = true;
            }
        }
        if (!named) {
            *error = QStringLiteral("--telemetry: '%1' names none of the compared logs").arg(log);
            return false;
        }
    }
    const QList<const DeviceBackend *> backends = context.plugins().deviceBackends();
    summaries->clear();
    for (size_t i = 0; i < count; ++i) {
        const RunMetrics &run = inputs[i].result.run;
        const bool explicitFiles = !given.at(qsizetype(i)).isEmpty();
        const QStringList files = explicitFiles
            ? given.at(qsizetype(i))
            : RunTelemetryLookup::besideLog(run.sourcePath.isEmpty() ? inputs[i].path : run.sourcePath);
        RunTelemetrySummary summary = RunTelemetryLookup::read(files, backends);
        if (explicitFiles && !summary.problems.isEmpty()) {
            *error = QStringLiteral("--telemetry: ") + summary.problems.join(QStringLiteral("; "));
            return false;
        }
        for (const QString &problem : summary.problems)
            context.err() << "portbench-cli " << command << ": warning: " << problem << '\n';
        summaries->append(summary);
    }
    return true;
}

} // namespace TelemetryFilesOption
