// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "chartcsvwriter.h"

#include "core/base/io/csvtext.h"
#include "core/base/io/safefilewriter.h"
#include "core/base/model/numbertext.h"

#include <QCoreApplication>

ChartCsvWriter::Result ChartCsvWriter::write(QIODevice &device, const QVector<ChartCurve> &curves,
                                             const QString &xColumn)
{
    Result result;
    QByteArray buffer = "series,piece,step,";
    CsvText::appendField(buffer, xColumn);
    buffer += ",value,smoothed\n";
    for (const ChartCurve &c : curves) {
        QByteArray name;
        CsvText::appendField(name, c.label.isEmpty() ? c.id : c.label);
        for (int p = 0; p < c.pieceCount(); ++p) {
            for (int i = c.pieceBegin(p); i < c.pieceEnd(p); ++i) {
                const size_t k = size_t(i);
                buffer += name + ',';
                NumberText::appendInteger(buffer, p);
                buffer += ',';
                if (k < c.steps.size())
                    NumberText::appendInteger(buffer, c.steps[k]);
                buffer += ',';
                CsvText::appendNumber(buffer, c.x[k]);
                buffer += ',';
                CsvText::appendNumber(buffer, c.y[k]);
                buffer += ',';
                if (k < c.smoothed.size())
                    CsvText::appendNumber(buffer, c.smoothed[k]);
                buffer += '\n';
                ++result.rows;
                if (buffer.size() > (1 << 20)) {
                    if (device.write(buffer) != buffer.size()) {
                        result.error = device.errorString();
                        return result;
                    }
                    buffer.clear();
                }
            }
        }
    }
    if (device.write(buffer) != buffer.size())
        result.error = device.errorString();
    return result;
}

ChartCsvWriter::Result ChartCsvWriter::writeFile(const QString &path, const QVector<ChartCurve> &curves,
                                                 const QString &xColumn)
{
    Result result;
    SafeFileWriter file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        result.error = file.error();
        return result;
    }
    result = write(file, curves, xColumn);
    if (!result) {
        result.error = file.error();
        return result;
    }
    if (!file.commit())
        result.error = file.error();
    return result;
}
