// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logformat.h"

#include <QByteArray>

#include <vector>

/// Generic CSV or TSV with a header row (delimiter taken from the header: tab, ',' or ';'; cells
/// quoted as CsvText::splitRecord reads them).
/// A step/iteration/global_step column gives the step (else rows are numbered 1, 2, ...),
/// time/timestamp/wall_time the wall time; every other column is a metric under its
/// canonical name. Empty cells are missing; text cells are ignored; a repeated header (files
/// concatenated) is skipped.
class CsvFormat : public LogFormat
{
public:
    QString name() const override { return QStringLiteral("csv"); }
    QString displayName() const override { return QStringLiteral("CSV / TSV with a header"); }
    int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const override;
    void parseLine(QByteArrayView line, ParseContext &context) override;
    bool readsPayload() const override { return false; }

private:
    enum class Role { Metric, Step, Time };
    struct Column
    {
        Role role = Role::Metric;
        int column = -1;
    };
    QByteArray m_header;
    char m_delimiter = ',';
    QByteArray m_scratch; ///< the unquoted text of the current line's cells (CsvText::splitRecord)
    std::vector<Column> m_columns;
};
