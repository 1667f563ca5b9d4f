// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "tensorscommand.h"

#include "core/workflows/reference/torchmodule.h"
#include "core/sources/tensors/tensorcomparisonmodel.h"
#include "core/sources/tensors/tensordumpcomparer.h"
#include "core/sources/tensors/tensordumpreader.h"

#include <QCoreApplication>
#include <QJsonDocument>

QString TensorsCommand::summary() const
{
    return QCoreApplication::translate(
        "TensorsCommand",
        "Compare two tensor dumps (torch.save .pt, safetensors, or folders) by name with "
        "msprobe's statistics and pass/fail rules.");
}

void TensorsCommand::addOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("baseline"),
                                 QCoreApplication::translate("TensorsCommand", "Reference dump (e.g. from CUDA)."));
    parser.addPositionalArgument(QStringLiteral("candidate"),
                                 QCoreApplication::translate("TensorsCommand", "Dump to check (e.g. from the NPU)."));
    parser.addOption(
        {QStringLiteral("json"), QCoreApplication::translate("TensorsCommand", "Machine-readable output.")});
    parser.addOption({QStringLiteral("failed-only"),
                      QCoreApplication::translate("TensorsCommand", "List only the tensors that fail.")});
}

int TensorsCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2)
        return usageError(context,
                          QStringLiteral("expected BASELINE and CANDIDATE, got %1 argument(s)").arg(args.size()));
    const TensorDumpReader reader(TorchModule::tensorLoader()); // the libtorch module, loaded for the first .pt
    const TensorFile baseline = reader.read(args.at(0));
    if (!baseline)
        return usageError(context, baseline.error);
    const TensorFile candidate = reader.read(args.at(1));
    if (!candidate)
        return usageError(context, candidate.error);
    const TensorDumpReport report = TensorDumpComparer::compare(baseline, candidate);

    if (parser.isSet(QStringLiteral("json"))) {
        context.out() << QJsonDocument(report.toJson()).toJson(QJsonDocument::Indented);
        return report.passed() ? ExitCode::Ok : ExitCode::Failed;
    }

    // The same model the GUI's table shows, printed as text.
    TensorComparisonModel model;
    model.setReport(report);
    const bool failedOnly = parser.isSet(QStringLiteral("failed-only"));
    QVector<int> widths(TensorComparisonModel::ColumnCount);
    QVector<int> rows;
    for (int r = 0; r < model.rowCount(); ++r) {
        if (!failedOnly || !report.rows.at(r).passed)
            rows.append(r);
    }
    for (int c = 0; c < TensorComparisonModel::ColumnCount; ++c) {
        widths[c] = int(model.headerData(c, Qt::Horizontal).toString().size());
        for (int r : rows)
            widths[c] = std::max(widths[c], int(model.index(r, c).data().toString().size()));
    }
    auto printRow = [&](auto cell) {
        QString line;
        for (int c = 0; c < TensorComparisonModel::ColumnCount; ++c) {
            const QString text = cell(c);
            const bool numeric = c >= TensorComparisonModel::Cosine && c <= TensorComparisonModel::NanInf;
            line += (numeric ? text.rightJustified(widths[c]) : text.leftJustified(widths[c]));
            if (c + 1 < TensorComparisonModel::ColumnCount)
                line += QStringLiteral("  ");
        }
        context.out() << line.trimmed() << '\n';
    };
    context.out() << "Baseline:  " << baseline.path << " (" << baseline.tensors.size() << " tensors)\n"
                  << "Candidate: " << candidate.path << " (" << candidate.tensors.size() << " tensors)\n\n";
    printRow([&](int c) { return model.headerData(c, Qt::Horizontal).toString(); });
    for (int r : rows)
        printRow([&](int c) { return model.index(r, c).data().toString(); });
    if (!report.onlyInBaseline.isEmpty())
        context.out() << "\nOnly in baseline (" << report.onlyInBaseline.size()
                      << "): " << report.onlyInBaseline.join(QStringLiteral(", ")) << '\n';
    if (!report.onlyInCandidate.isEmpty())
        context.out() << "\nOnly in candidate (" << report.onlyInCandidate.size()
                      << "): " << report.onlyInCandidate.join(QStringLiteral(", ")) << '\n';
    context.out() << '\n';
    if (report.rows.isEmpty()) {
        context.out() << "Verdict: FAIL (no tensor names in common)\n";
        return ExitCode::Failed;
    }
    const int first = report.firstFailing();
    if (first >= 0)
        context.out() << "First failing tensor: " << report.rows.at(first).name << " (" << report.rows.at(first).reason
                      << ")\n";
    context.out() << "Verdict: " << (report.passed() ? "PASS" : "FAIL") << " (" << report.failedCount() << " of "
                  << report.rows.size() << " tensors failed)\n";
    return report.passed() ? ExitCode::Ok : ExitCode::Failed;
}
