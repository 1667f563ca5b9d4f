#include "chartcsvwriter.h"

#include "io/safefilewriter.h"

#include <QCoreApplication>

#include <cmath>

namespace {

QByteArray number(double v)
{
    if (std::isnan(v))
        return QByteArrayLiteral("nan");
    if (std::isinf(v))
        return v > 0 ? QByteArrayLiteral("inf") : QByteArrayLiteral("-inf");
    return QByteArray::number(v, 'g', 17);
}

// RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled.
QByteArray field(const QString &text)
{
    QByteArray utf8 = text.toUtf8();
    if (!utf8.contains(',') && !utf8.contains('"') && !utf8.contains('\n') && !utf8.contains('\r'))
        return utf8;
    utf8.replace('"', QByteArrayLiteral("\"\""));
    return '"' + utf8 + '"';
}

} // namespace

ChartCsvWriter::Result ChartCsvWriter::write(QIODevice &device, const QVector<ChartCurve> &curves,
                                             const QString &xColumn)
{
    Result result;
    QByteArray buffer = "series,piece,step," + field(xColumn) + ",value,smoothed\n";
    for (const ChartCurve &c : curves) {
        const QByteArray name = field(c.label.isEmpty() ? c.id : c.label);
        for (int p = 0; p < c.pieceCount(); ++p) {
            const QByteArray piece = QByteArray::number(p);
            for (int i = c.pieceBegin(p); i < c.pieceEnd(p); ++i) {
                const size_t k = size_t(i);
                buffer += name + ',' + piece + ','
                    + (k < c.steps.size() ? QByteArray::number(c.steps[k]) : QByteArray()) + ',' + number(c.x[k])
                    + ',' + number(c.y[k]) + ',' + (k < c.smoothed.size() ? number(c.smoothed[k]) : QByteArray())
                    + '\n';
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
