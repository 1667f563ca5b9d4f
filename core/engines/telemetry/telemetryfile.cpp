// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetryfile.h"

#include "core/base/model/numbertext.h"
#include "telemetrymetric.h"

#include <charconv>
#include <cmath>

namespace {

/// A cell as the writer prints it (NumberText: plain decimals) without an allocation; anything else
/// (a file edited by hand) through Qt's reader.
bool readCell(QByteArrayView cell, double &value)
{
    const auto [end, error] = std::from_chars(cell.begin(), cell.end(), value);
    if (error == std::errc() && end == cell.end())
        return true;
    bool ok = false;
    value = cell.toDouble(&ok);
    return ok;
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
    // A week of 16 devices is ten million lines: cells are walked in place, a device's name is
    // made once, the values reserved.
    const qsizetype cellCount = line.count('\t') + 1;
    if (cellCount != m_columns.size() + 2) {
        r.problem = QStringLiteral("%1 cells where the #columns header names %2 (a line cut short?)")
                        .arg(cellCount)
                        .arg(m_columns.size() + 2);
        return r;
    }
    qsizetype from = 0;
    const auto nextCell = [&] {
        qsizetype tab = line.indexOf('\t', from);
        if (tab < 0)
            tab = line.size();
        const QByteArrayView cell = line.sliced(from, tab - from);
        from = tab + 1;
        return cell;
    };
    TelemetrySample s;
    bool ok = false;
    const QByteArrayView time = nextCell();
    s.timeMs = time.toLongLong(&ok);
    if (!ok) {
        r.problem = QStringLiteral("'%1' is not a time in milliseconds").arg(QString::fromUtf8(time).left(40));
        return r;
    }
    s.host = m_host;
    s.device = deviceName(nextCell());
    s.values.reserve(m_columns.size());
    for (const QString &column : std::as_const(m_columns)) {
        const QByteArrayView cell = nextCell();
        if (cell.isEmpty())
            continue;
        double v = 0;
        if (!readCell(cell, v)) {
            r.problem = QStringLiteral("'%1' is not a number (%2)").arg(QString::fromUtf8(cell).left(40), column);
            return r;
        }
        s.values.append({column, v});
    }
    r.samples << s;
    return r;
}

QString TelemetryFile::deviceName(QByteArrayView cell)
{
    // A host has a handful of devices: a linear search beats hashing.
    for (const auto &known : std::as_const(m_devices)) {
        if (QByteArrayView(known.first) == cell)
            return known.second;
    }
    m_devices.append({cell.toByteArray(), QString::fromUtf8(cell)});
    return m_devices.constLast().second;
}
