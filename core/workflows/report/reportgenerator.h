// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/parity/parityresult.h"
#include "reportdocument.h"
#include "reportinput.h"
#include "reportoptions.h"

#include <QString>
#include <QStringList>

#include <functional>

/// The one report pipeline: ReportInput → ReportBuilder → a writer, in the report's language
/// (ReportOptions::language, installed by a ReportLanguageScope only while the report is built
/// and written). Used by `portbench-cli report` and `demo` (writing through ReportDrawingModule)
/// and by the GUI's Report dialog (ReportExporter), so that all three write the same report.
class ReportGenerator
{
public:
    /// ReportExporter::write or ReportDrawingModule::write: the document to a file by suffix;
    /// returns an error naming the file, empty on success.
    using Writer = std::function<QString(const ReportDocument &doc, const QString &path, QStringList *written)>;

    struct Result
    {
        ReportDocument document;
        ParityResult parity; ///< the comparison the report shows (default when there was none)
        QStringList written; ///< every file written
        QString error; ///< empty when the report was built and written

        explicit operator bool() const { return error.isEmpty(); }
    };

    explicit ReportGenerator(const ReportOptions &options);

    /// The document only (the dialog's preview), in the report's language; cancelled as
    /// ReportBuilder::build's.
    ReportDocument build(const ReportInput &input, ParityResult *parity = nullptr,
                         const std::function<bool()> &cancelled = {}) const;

    /// Builds and writes the report to path. A comparison that was asked for (input.baseline)
    /// but could not be made is an error and nothing is written. parityCsv, when given, also
    /// receives the aligned per-step parity table.
    Result write(const ReportInput &input, const QString &path, const Writer &writer,
                 const QString &parityCsv = {}) const;

private:
    ReportOptions m_options;
};
