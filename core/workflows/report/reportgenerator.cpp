// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportgenerator.h"

#include "core/base/io/safefilewriter.h"
#include "reportbuilder.h"
#include "reportlanguagescope.h"

ReportGenerator::ReportGenerator(const ReportOptions &options)
    : m_options(options)
{ }

ReportDocument ReportGenerator::build(const ReportInput &input, ParityResult *parity,
                                      const std::function<bool()> &cancelled) const
{
    const ReportLanguageScope language(m_options.language);
    return ReportBuilder(m_options).build(input, parity, cancelled);
}

ReportGenerator::Result ReportGenerator::write(const ReportInput &input, const QString &path, const Writer &writer,
                                               const QString &parityCsv) const
{
    Result result;
    // Writers add words of their own (contents, page numbers): same language as the document.
    const ReportLanguageScope language(m_options.language);
    result.document = ReportBuilder(m_options).build(input, &result.parity);
    const bool comparing = input.baseline >= 0 && input.runs.size() > 1;
    if (comparing && !result.parity) {
        result.error = QStringLiteral("parity: ") + result.parity.error;
        return result;
    }
    result.error = writer(result.document, path, &result.written);
    if (!result.error.isEmpty() || parityCsv.isEmpty())
        return result;
    for (const auto &[name, bytes] : result.document.attachments) {
        if (name == QLatin1String("parity.csv")) {
            result.error = SafeFileWriter::writeFile(parityCsv, bytes);
            if (result.error.isEmpty())
                result.written << parityCsv;
        }
    }
    return result;
}
