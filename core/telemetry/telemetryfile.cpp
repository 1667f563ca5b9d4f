// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetryfile.h"

#include "model/numbertext.h"
#include "telemetrymetric.h"

#include <cmath>

namespace {

QList<QByteArrayView> splitTabs(QByteArrayView line)
{
    QList<QByteArrayView> cells;
    qsizetype from = 0;
    for (qsizetype tab = line.indexOf('\t'); tab >= 0; tab = line.indexOf('\t', from)) {
        cells << line.sliced(from, tab - from);
        from = tab + 1;
    }
    cells << line.sliced(from);
    return cells;
}

} // namespace

const QByteArray TelemetryFile::magic = QByteArrayLiteral("#portbench-telemetry/1");

bool TelemetryFile::recognises(QByteArrayView head)
{
    return head.startsWith(magic) && (head.size() == magic.size() || head[magic.size()] == '\n');
}

QByteArray TelemetryFile::header(const QString &host, const QString &tool, const QStringList &metrics)
{
    QByteArray out = magic;
    out += "\n#host " + host.toUtf8() + "\n#tool " + tool.toUtf8() + "\n#columns time_ms device";
    for (const QString &m : metrics)
        out += ' ' + m.toLatin1();
    out += '\n';
    return out;
}

QByteArray TelemetryFile::row(const TelemetrySample &sample, const QStringList &metrics)
{
    QByteArray out;
    NumberText::appendInteger(out, sample.timeMs);
    out += '\t';
    out += sample.device.toUtf8();
    for (const QString &m : metrics) {
        out += '\t';
        for (const auto &v : sample.values) {
            if (v.first == m && std::isfinite(v.second)) {
                NumberText::appendShortest(out, v.second);
                break;
            }
        }
    }
    out += '\n';
    return out;
}

TelemetryReader::LineResult TelemetryFile::readLine(QByteArrayView line, qint64)
{
    LineResult r;
    if (line.isEmpty())
        return r;
    if (line.startsWith('#')) {
        if (line == QByteArrayView(magic)) {
            m_sawMagic = true;
        } else if (line.startsWith("#host ")) {
            m_host = QString::fromUtf8(line.sliced(6)).trimmed();
        } else if (line.startsWith("#columns ")) {
            const QStringList words = QString::fromUtf8(line.sliced(9)).split(u' ', Qt::SkipEmptyParts);
            if (words.size() < 2 || words[0] != QLatin1String("time_ms") || words[1] != QLatin1String("device")) {
                r.problem = QStringLiteral("a #columns line must start with 'time_ms device'");
                return r;
            }
            m_columns = words.mid(2);
            for (const QString &m : std::as_const(m_columns)) {
                if (!TelemetryMetric::isValidName(m)) {
                    r.problem = QStringLiteral("'%1' is not a metric name (letters, digits, '_')").arg(m.left(64));
                    m_columns.clear();
                    return r;
                }
            }
        }
        return r;
    }
    if (!m_sawMagic || m_columns.isEmpty()) {
        r.problem = QStringLiteral("a sample before the #columns header");
        return r;
    }
    const QList<QByteArrayView> cells = splitTabs(line);
    if (cells.size() != m_columns.size() + 2) {
        r.problem = QStringLiteral("%1 cells where the #columns header names %2 (a line cut short?)")
                        .arg(cells.size())
                        .arg(m_columns.size() + 2);
        return r;
    }
    TelemetrySample s;
    bool ok = false;
    s.timeMs = cells[0].toLongLong(&ok);
    if (!ok) {
        r.problem = QStringLiteral("'%1' is not a time in milliseconds").arg(QString::fromUtf8(cells[0]).left(40));
        return r;
    }
    s.host = m_host;
    s.device = QString::fromUtf8(cells[1]);
    for (qsizetype i = 2; i < cells.size(); ++i) {
        if (cells[i].isEmpty())
            continue;
        const double v = cells[i].toDouble(&ok);
        if (!ok) {
            r.problem = QStringLiteral("'%1' is not a number (%2)")
                            .arg(QString::fromUtf8(cells[i]).left(40), m_columns[i - 2]);
            return r;
        }
        s.values.append({m_columns[i - 2], v});
    }
    r.samples << s;
    return r;
}
