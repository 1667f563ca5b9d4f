// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "porting/portcommand.h"

#include "core/base/io/inputfile.h"
#include "core/sources/plugins/pluginmanager.h"
#include "core/engines/porting/portchecker.h"
#include "core/engines/porting/portengine.h"
#include "core/engines/porting/portreport.h"
#include "core/engines/porting/portruleset.h"
#include "core/engines/porting/portscanner.h"
#include "core/engines/porting/portwriter.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

QString PortCommand::summary() const
{
    return QCoreApplication::translate(
        "PortCommand",
        "Port a CUDA training script or repository to another device backend (or back with "
        "--reverse): rewritten copy, diff, and a report of what needs a human; --check "
        "verifies a ported tree. "
        "Exit 0 when nothing manual remains, 3 when it does, 2 on errors.");
}

void PortCommand::addOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("SRC"),
                                 QCoreApplication::translate("PortCommand", "A .py file or a project folder."));
    parser.addOption({QStringLiteral("target"),
                      QCoreApplication::translate("PortCommand",
                                                  "Device to port to: a backend plugin's id, such as npu "
                                                  "(with --reverse: the device the code uses now; "
                                                  "'portbench-cli plugins' lists them)."),
                      QStringLiteral("ID")});
    parser.addOption({QStringLiteral("out"),
                      QCoreApplication::translate(
                          "PortCommand", "Write the ported tree here (default: SRC_<target>, or FILE_<target>.py)."),
                      QStringLiteral("DST")});
    parser.addOption(
        {QStringLiteral("in-place"),
         QCoreApplication::translate("PortCommand", "Rewrite SRC itself; originals kept as <file>.orig.")});
    parser.addOption({QStringLiteral("dry-run"),
                      QCoreApplication::translate("PortCommand", "Scan and report only; write no ported files.")});
    parser.addOption({QStringLiteral("force"),
                      QCoreApplication::translate("PortCommand", "Write into an existing, non-empty --out.")});
    parser.addOption({QStringLiteral("diff"),
                      QCoreApplication::translate("PortCommand", "Print the unified diff of every changed file.")});
    parser.addOption({QStringLiteral("report"),
                      QCoreApplication::translate("PortCommand", "Write the findings to FILE (.csv, else JSON)."),
                      QStringLiteral("FILE")});
    // --transfer-to-npu: the option's name before it became the plugins' automatic migration, kept
    // for the scripts that pass it.
    parser.addOption({QStringList{QStringLiteral("auto-migrate"), QStringLiteral("transfer-to-npu")},
                      QCoreApplication::translate(
                          "PortCommand",
                          "Also add the --target's automatic migration import to entry points (npu: 'from "
                          "torch_npu.contrib import transfer_to_npu'). --transfer-to-npu is the same option.")});
    parser.addOption(
        {QStringLiteral("reverse"),
         QCoreApplication::translate("PortCommand", "Port --target code back to CUDA (A/B experiments).")});
    parser.addOption({QStringLiteral("check"),
                      QCoreApplication::translate(
                          "PortCommand",
                          "Verify an already ported SRC for --target: CUDA calls, device strings and backend "
                          "names left, extension API used without its import, files that do not compile "
                          "(python3). Writes nothing; exit 0 clean, 3 work left, 2 input error.")});
    parser.addOption({QStringLiteral("json"), QCoreApplication::translate("PortCommand", "Machine-readable output.")});
}

int PortCommand::check(const QCommandLineParser &parser, CliContext &context, const PortRuleSet &rules)
{
    for (const char *option : {"out", "in-place", "dry-run", "force", "diff", "report", "auto-migrate", "reverse"}) {
        if (parser.isSet(QString::fromLatin1(option)))
            return usageError(context, QStringLiteral("--check does not take --%1").arg(QLatin1String(option)));
    }
    const PortEngine engine(rules, Port::Options{});
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    const Port::Result result = PortChecker(engine).check(parser.positionalArguments().constFirst(), python);
    if (parser.isSet(QStringLiteral("json"))) {
        context.out() << QJsonDocument(PortReport::toJson(result)).toJson(QJsonDocument::Indented);
    } else {
        for (const Port::Finding &f : result.findings()) {
            context.out() << f.file << ':' << f.line << ':' << f.column << ": " << Port::severityName(f.severity)
                          << " [" << f.ruleId << "] " << f.message;
            if (!f.suggestion.isEmpty())
                context.out() << " — " << f.suggestion;
            context.out() << '\n';
        }
        const int left = int(result.findings().size());
        context.out()
            << (left == 0
                    ? QStringLiteral("Check: clean, nothing CUDA-only left in %1 file(s)\n").arg(result.files.size())
                    : QStringLiteral("Check: %1 finding(s) left in %2 file(s)\n").arg(left).arg(result.files.size()));
    }
    return result.findings().isEmpty() ? ExitCode::Ok : NeedsHuman;
}

int PortCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1)
        return usageError(context, QStringLiteral("expected one SRC (a .py file or a folder)"));
    const QString src = positional.constFirst();
    const QString target = parser.value(QStringLiteral("target"));
    const QStringList targets = PortRuleSet::targets(context.plugins());
    if (!targets.contains(target))
        return usageError(context,
                          QStringLiteral("--target must be one of the loaded backends but cuda: %1")
                              .arg(targets.join(QStringLiteral(", "))));
    const bool reverse = parser.isSet(QStringLiteral("reverse"));
    const bool inPlace = parser.isSet(QStringLiteral("in-place"));
    const bool dryRun = parser.isSet(QStringLiteral("dry-run"));
    if (int(inPlace) + int(dryRun) + int(parser.isSet(QStringLiteral("out"))) > 1)
        return usageError(context, QStringLiteral("--out, --in-place and --dry-run exclude each other"));
    Port::Options options;
    options.automaticMigration = parser.isSet(QStringLiteral("auto-migrate"));
    const QFileInfo srcInfo(src);
    if (!srcInfo.exists())
        return usageError(context, QStringLiteral("%1: no such file or folder").arg(src));
    if (!srcInfo.isDir()) {
        // /dev/null scanned as an empty port, /dev/zero and a FIFO as "clean": refused before any read.
        if (const QString refusal = InputFile::refusalFor(src); !refusal.isEmpty()) {
            context.err() << "portbench-cli port: " << refusal << '\n';
            return ExitCode::UsageError;
        }
        if (!src.endsWith(QLatin1String(".py")))
            return usageError(context, QStringLiteral("%1: not a Python file (.py) or a folder").arg(src));
    }

    const PortRuleSet rules = PortRuleSet::fromBackends(context.plugins(), target, reverse);
    if (!rules) {
        context.err() << "portbench-cli port: " << rules.error << '\n';
        return ExitCode::UsageError;
    }
    // Only a backend whose porting rules name an automatic migration import has one.
    if (options.automaticMigration && (rules.transferImport.isEmpty() || reverse))
        return usageError(context,
                          QStringLiteral("--auto-migrate only applies to a --target whose rules have an automatic "
                                         "migration import (%1 has none), without --reverse")
                              .arg(target));
    if (parser.isSet(QStringLiteral("check")))
        return check(parser, context, rules);
    const PortEngine engine(rules, options);
    const Port::Result result = PortScanner(engine).scan(src);

    PortWriter::Outcome written;
    if (inPlace) {
        written = PortWriter::writeInPlace(result);
    } else if (!dryRun) {
        const QString out = parser.isSet(QStringLiteral("out")) ? parser.value(QStringLiteral("out"))
                                                                : PortWriter::defaultOutput(result);
        written = PortWriter::writeTree(result, out, parser.isSet(QStringLiteral("force")));
    }
    QString reportError;
    const bool reportOk = !parser.isSet(QStringLiteral("report"))
        || PortReport::write(result, parser.value(QStringLiteral("report")), &reportError);
    const bool wantDiff = parser.isSet(QStringLiteral("diff"));

    if (parser.isSet(QStringLiteral("json"))) {
        QJsonObject root = PortReport::toJson(result);
        QJsonObject output{{QStringLiteral("path"), written.output},
                           {QStringLiteral("written"), QJsonArray::fromStringList(written.written)},
                           {QStringLiteral("backups"), QJsonArray::fromStringList(written.backups)},
                           {QStringLiteral("copied"), written.copied},
                           {QStringLiteral("error"), written.error}};
        root[QStringLiteral("output")] = dryRun ? QJsonValue() : QJsonValue(output);
        if (!reportOk)
            root[QStringLiteral("reportError")] = reportError;
        if (wantDiff)
            root[QStringLiteral("diff")] = PortReport::diff(result);
        context.out() << QJsonDocument(root).toJson(QJsonDocument::Indented);
    } else {
        if (wantDiff)
            context.out() << PortReport::diff(result);
        for (const Port::Finding &f : result.findings()) {
            if (f.severity == Port::Severity::AutoFix)
                continue;
            context.out() << f.file << ':' << f.line << ':' << f.column << ": " << Port::severityName(f.severity)
                          << " [" << f.ruleId << "] " << f.message;
            if (!f.suggestion.isEmpty())
                context.out() << " — suggestion: " << f.suggestion;
            context.out() << '\n';
        }
        context.out() << PortReport::summaryText(result);
        if (!dryRun && written)
            context.out() << (inPlace ? "Rewrote " : "Wrote ") << written.written.size() << " changed file(s) "
                          << (inPlace ? "in " : "to ") << written.output << '\n';
    }
    if (!written) {
        context.err() << "portbench-cli port: " << written.error << '\n';
        return ExitCode::UsageError;
    }
    if (!reportOk) {
        context.err() << "portbench-cli port: " << reportError << '\n';
        return ExitCode::UsageError;
    }
    for (const Port::Finding &e : result.errors)
        context.err() << "portbench-cli port: " << e.message << '\n';
    if (!result.errors.isEmpty())
        return ExitCode::UsageError;
    return result.needsHuman() ? NeedsHuman : ExitCode::Ok;
}
