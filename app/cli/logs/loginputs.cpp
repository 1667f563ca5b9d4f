// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "loginputs.h"

#include "core/sources/logs/logsource.h"

#include <QCoreApplication>
#include <QFileInfo>

void LogInputs::addOptions(QCommandLineParser &parser)
{
    parser.addOption(
        {QStringLiteral("metric-map"),
         QCoreApplication::translate(
             "LogInputs",
             "Read the log key (or TensorBoard tag, MLflow metric) OLD as metric NEW, e.g. "
             "throughput=tokens_per_s. Repeat or separate with commas; see docs/logs.md for the default names."),
         QStringLiteral("OLD=NEW")});
}

QString LogInputs::readOptions(const QCommandLineParser &parser, ParseOptions &options)
{
    QString error;
    options.metricMap = MetricMap::parse(parser.values(QStringLiteral("metric-map")), &error);
    return error;
}

bool LogInputs::read(const QStringList &paths, const ParseOptions &options, const QString &command, CliContext &context,
                     std::vector<Input> &inputs, bool stopOnError)
{
    bool ok = true;
    for (const QString &path : paths) {
        QList<ParseResult> results = LogSource::read(path, options);
        for (ParseResult &r : results) {
            for (const QString &note : r.notes)
                context.err() << "portbench-cli " << command << ": note: " << note << '\n';
            if (!r) {
                context.err() << "portbench-cli " << command << ": " << r.error << '\n';
                ok = false;
                if (stopOnError)
                    return false;
                continue;
            }
            Input input{path, std::move(r)}; // moved: a copy of a big run's columns costs more than reading it
            if (input.result.run.name.isEmpty())
                input.result.run.name = QFileInfo(path).fileName();
            inputs.push_back(std::move(input));
        }
    }
    return ok;
}

bool LogInputs::names(const Input &input, const QString &text)
{
    return input.path == text || QFileInfo(input.path).fileName() == text || input.result.run.name == text
        || QFileInfo(input.path).canonicalFilePath() == QFileInfo(text).canonicalFilePath();
}
