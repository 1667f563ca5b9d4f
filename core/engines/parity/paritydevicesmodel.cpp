// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "paritydevicesmodel.h"

#include "core/base/model/numbertext.h"

#include <cmath>

namespace {

/// A telemetry percentage (60.25, not a share) as every other percentage reads.
QString devicePercent(double value)
{
    return NumberText::percent(value / 100);
}

} // namespace

ParityDevicesModel::ParityDevicesModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void ParityDevicesModel::setResult(const ParityResult &result)
{
    beginResetModel();
    m_rows.clear();
    if (result.hasTelemetry()) {
        Row baseline{result.baselineName, true, {}, std::nan(""), std::nan(""), result.baselineTelemetry};
        for (const ParityResult::Candidate &c : result.candidates) {
            // Every candidate's throughput is measured against the same baseline rate: take the first.
            if (!c.throughput.source.isEmpty() && baseline.source.isEmpty()) {
                baseline.source = c.throughput.source;
                baseline.throughput = c.throughput.baseline;
                baseline.ratio = 1;
            }
        }
        m_rows << baseline;
        for (const ParityResult::Candidate &c : result.candidates)
            m_rows << Row{c.name, false, c.throughput.source, c.throughput.candidate, c.throughput.ratio, c.telemetry};
    }
    endResetModel();
}

int ParityDevicesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ParityDevicesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ParityDevicesModel::text(const Row &row, int column) const
{
    const RunTelemetrySummary &t = row.telemetry;
    const double value = raw(row, column);
    switch (column) {
    case RunName: return row.baseline ? tr("%1 (baseline)").arg(row.name) : row.name;
    case Throughput:
        return std::isnan(value) ? NumberText::none
                                 : QStringLiteral("%1 %2").arg(NumberText::number(value, 4), row.source);
    case Ratio: return std::isnan(value) ? NumberText::none : NumberText::ratio(value);
    case Devices: return t.isEmpty() ? NumberText::none : QString::number(t.devices);
    case Utilisation: return std::isnan(value) ? NumberText::none : devicePercent(value);
    case PeakMemory:
        if (!std::isnan(t.peakMemoryMiB) && !std::isnan(t.peakMemoryPercent))
            return tr("%1 MiB (%2)").arg(NumberText::number(t.peakMemoryMiB), devicePercent(t.peakMemoryPercent));
        if (!std::isnan(t.peakMemoryMiB))
            return tr("%1 MiB").arg(NumberText::number(t.peakMemoryMiB));
        return std::isnan(t.peakMemoryPercent) ? NumberText::none : devicePercent(t.peakMemoryPercent);
    case Power: return std::isnan(value) ? NumberText::none : tr("%1 W").arg(NumberText::number(value, 4));
    }
    return {};
}

double ParityDevicesModel::raw(const Row &row, int column)
{
    const RunTelemetrySummary &t = row.telemetry;
    switch (column) {
    case Throughput: return row.throughput;
    case Ratio: return row.ratio;
    case Devices: return t.isEmpty() ? std::nan("") : double(t.devices);
    case Utilisation: return t.meanUtilPercent;
    case PeakMemory: return std::isnan(t.peakMemoryPercent) ? t.peakMemoryMiB : t.peakMemoryPercent;
    case Power: return t.meanPowerW;
    }
    return std::nan("");
}

QVariant ParityDevicesModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole: return text(row, index.column());
    case RawValueRole: return raw(row, index.column());
    case Qt::ToolTipRole:
        if (index.column() >= Devices && !row.telemetry.isEmpty())
            //: %1: the telemetry files a run's device figures were read from.
            return tr("From %1").arg(row.telemetry.files.join(QStringLiteral(", ")));
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == RunName ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant ParityDevicesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case RunName: return tr("Run");
    case Throughput: return tr("Throughput");
    case Ratio: return tr("vs baseline");
    case Devices: return tr("Devices");
    case Utilisation: return tr("Mean utilisation");
    case PeakMemory: return tr("Peak memory");
    case Power: return tr("Mean power per device");
    }
    return {};
}
