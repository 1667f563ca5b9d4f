// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "mthreadsgmitelemetryreader.h"

#include "core/engines/telemetry/telemetrymetric.h"

#include <QDateTime>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>

bool MthreadsGmiTelemetryReader::recognises(QByteArrayView head)
{
    // The banner line, within the first lines: "    mthreads-gmi:2.4.1           Driver Version:…".
    const QByteArrayView start = head.first(std::min<qsizetype>(head.size(), 1024));
    return start.indexOf("mthreads-gmi:") >= 0 && start.indexOf("Driver Version") >= 0;
}

void MthreadsGmiTelemetryReader::flush(LineResult &r)
{
    if (m_pending)
        r.samples << m_sample;
    m_pending = false;
}

TelemetryReader::LineResult MthreadsGmiTelemetryReader::readLine(QByteArrayView line, qint64 arrivalMs)
{
    LineResult r;
    const QString text = QString::fromUtf8(line);
    static const QRegularExpression date(
        QStringLiteral("^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\\w{3}) +(\\d{1,2}) (\\d\\d:\\d\\d:\\d\\d) (\\d{4})\\s*$"));
    if (const QRegularExpressionMatch m = date.match(text); m.hasMatch()) {
        flush(r);
        m_inProcesses = false;
        if (arrivalMs >= 0) {
            m_tableTime = arrivalMs;
        } else {
            const QString normal
                = QStringLiteral("%1 %2 %3 %4").arg(m.captured(2), m.captured(3), m.captured(5), m.captured(4));
            const QDateTime t = QLocale::c().toDateTime(normal, QStringLiteral("MMM d yyyy HH:mm:ss"));
            if (!t.isValid()) {
                r.problem = QStringLiteral("'%1' is not a date").arg(text.left(40));
                m_tableTime = -1;
                return r;
            }
            m_tableTime = t.toMSecsSinceEpoch();
        }
        return r;
    }
    if (text.startsWith(QLatin1String("Processes:"))) {
        flush(r);
        m_inProcesses = true;
        return r;
    }
    if (m_inProcesses || m_tableTime < 0)
        return r;
    // "0    MTT S5000            |00000000:18:00.0    |0%    0MiB(81920MiB)"
    static const QRegularExpression device(
        QStringLiteral("^(\\d+)\\s+\\S.*\\|[^|]*\\|\\s*(\\d+(?:\\.\\d+)?)%\\s+(\\d+)MiB\\((\\d+)MiB\\)"));
    if (const QRegularExpressionMatch m = device.match(text); m.hasMatch()) {
        flush(r);
        m_sample = {};
        m_sample.timeMs = m_tableTime;
        m_sample.device = m.captured(1);
        const double used = m.captured(3).toDouble();
        const double total = m.captured(4).toDouble();
        m_sample.values = {{TelemetryMetric::utilisation, m.captured(2).toDouble()},
                           {TelemetryMetric::memoryUsedMiB, used},
                           {TelemetryMetric::memoryTotalMiB, total}};
        if (total > 0)
            m_sample.values.append({TelemetryMetric::memoryPercent, 100.0 * used / total});
        m_pending = true;
        return r;
    }
    // "     Physical      P0     |16x(16x)            |48C   YES"
    static const QRegularExpression temperature(QStringLiteral("^\\s+\\S.*\\|[^|]*\\|\\s*(\\d+)C\\b"));
    if (m_pending) {
        if (const QRegularExpressionMatch m = temperature.match(text); m.hasMatch()) {
            m_sample.values.append({TelemetryMetric::temperatureC, m.captured(1).toDouble()});
            flush(r);
            return r;
        }
    }
    if (text.startsWith(QLatin1Char('+')) || text.startsWith(QLatin1Char('-')))
        flush(r);
    return r;
}
