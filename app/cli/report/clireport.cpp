// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clireport.h"

#include "core/base/i18n/translationcatalog.h"
#include "core/engines/parity/parityneighbours.h"
#include "core/workflows/report/reportdrawingmodule.h"

namespace {
const QString optLang = QStringLiteral("lang");
}

void CliReport::addLanguageOption(QCommandLineParser &parser)
{
    parser.addOption(
        {optLang,
         tr("The report's language: %1 (default en). Only the report: what the command prints stays English.")
             .arg(TranslationCatalog::languages().join(QStringLiteral(", "))),
         QStringLiteral("LANG"), QStringLiteral("en")});
}

QString CliReport::readLanguage(const QCommandLineParser &parser, ReportOptions &options)
{
    const QString language = parser.value(optLang);
    if (!TranslationCatalog::languages().contains(language))
        return QStringLiteral("--lang: '%1' is not one of %2")
            .arg(language, TranslationCatalog::languages().join(QStringLiteral(", ")));
    options.language = language;
    return {};
}

void CliReport::addRuns(std::vector<LogInputs::Input> &parsed, ReportInput &input)
{
    for (LogInputs::Input &r : parsed) {
        ParityNeighbours::addFacts(r.result.run);
        input.runs << &r.result.run;
    }
}

ReportGenerator::Result CliReport::write(const ReportOptions &options, const ReportInput &input, const QString &path,
                                         const QString &parityCsv)
{
    QString error;
    const ReportDrawingModule *drawing = ReportDrawingModule::load(&error);
    if (!drawing) {
        ReportGenerator::Result result;
        result.error = error;
        return result;
    }
    return ReportGenerator(options).write(
        input, path,
        [drawing](const ReportDocument &doc, const QString &file, QStringList *written) {
            return drawing->write(doc, file, written);
        },
        parityCsv);
}
