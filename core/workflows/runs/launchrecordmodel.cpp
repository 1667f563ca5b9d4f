// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "launchrecordmodel.h"

#include "core/base/model/durationtext.h"
#include "core/base/model/numbertext.h"

#include <QLocale>

#include <cmath>

void LaunchRecordModel::setRuns(const QList<LaunchRecord> &runs)
{
    beginResetModel();
    m_runs = runs;
    endResetModel();
}

int LaunchRecordModel::rowOf(const QString &id) const
{
    for (int i = 0; i < m_runs.size(); ++i) {
        if (m_runs.at(i).id == id)
            return i;
    }
    return -1;
}

void LaunchRecordModel::updateRun(const LaunchRecord &run)
{
    const int row = rowOf(run.id);
    if (row < 0) {
        beginInsertRows({}, int(m_runs.size()), int(m_runs.size()));
        m_runs << run;
        endInsertRows();
        return;
    }
    m_runs[row] = run;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void LaunchRecordModel::removeRun(const QString &id)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_runs.removeAt(row);
    m_connection.remove(id);
    endRemoveRows();
}

void LaunchRecordModel::setConnectionState(const QString &id, const QString &state)
{
    if (state.isEmpty())
        m_connection.remove(id);
    else
        m_connection.insert(id, state);
    const int row = rowOf(id);
    if (row >= 0)
        Q_EMIT dataChanged(index(row, Status), index(row, Status));
}

int LaunchRecordModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_runs.size());
}

int LaunchRecordModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LaunchRecordModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const LaunchRecord &r = m_runs.at(index.row());
    if (role == IdRole)
        return r.id;
    if (role == RecordStatusRole)
        return int(r.status);
    if (role == Qt::TextAlignmentRole) {
        switch (index.column()) {
        case Duration:
        case Step:
        case LastLoss:
        case TokensPerSecond: return int(Qt::AlignRight | Qt::AlignVCenter);
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Status: return r.exitDetail.isEmpty() ? QVariant() : QVariant(r.exitDetail);
        case LastLoss: return tr("The loss at the last parsed step (lm_loss for Megatron/MindSpeed logs).");
        case TokensPerSecond:
            return tr("Throughput the trainer reported at the last step (whole job, tokens per second).");
        case Command: return r.command.join(QLatin1Char(' '));
        default: return r.sourceLog.isEmpty() ? QVariant() : QVariant(r.sourceLog);
        }
    }
    // Sorting uses the raw value, not the formatted text.
    const bool sort = role == Qt::UserRole;
    if (role != Qt::DisplayRole && !sort)
        return {};
    switch (index.column()) {
    case Name: return r.name;
    case Status: {
        QString s = LaunchRecord::statusName(r.status);
        if (r.status == LaunchRecord::Status::Finished || r.status == LaunchRecord::Status::Failed)
            s += QStringLiteral(" (%1)").arg(r.exitCode);
        const QString link = m_connection.value(r.id);
        return link.isEmpty() ? s : QStringLiteral("%1 · %2").arg(s, link);
    }
    case Kind: return LaunchRecord::kindName(r.kind);
    case Host: return r.host.isEmpty() ? QStringLiteral("localhost") : r.host;
    case Started:
        return sort ? QVariant(r.started)
                    : QVariant(r.started.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    case Duration:
        return sort ? QVariant(r.durationSeconds())
                    : QVariant(r.durationSeconds() < 0 ? QString() : DurationText::clock(r.durationSeconds()));
    case Step: return r.lastStep < 0 ? QVariant() : QVariant(r.lastStep);
    case LastLoss:
        return std::isfinite(r.lastLoss)
            ? QVariant(sort ? QVariant(r.lastLoss) : QVariant(NumberText::number(r.lastLoss)))
            : QVariant();
    case TokensPerSecond:
        return std::isfinite(r.tokensPerSecond)
            ? QVariant(sort ? QVariant(r.tokensPerSecond) : QVariant(QLocale().toString(r.tokensPerSecond, 'f', 0)))
            : QVariant();
    case Tags: return r.tags.join(QStringLiteral(", "));
    case Command: return r.command.join(QLatin1Char(' '));
    default: return {};
    }
}

QVariant LaunchRecordModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Name: return tr("Name");
    case Status: return tr("Status");
    case Kind: return tr("Kind");
    case Host: return tr("Host");
    case Started: return tr("Started");
    case Duration: return tr("Duration");
    case Step: return tr("Step");
    case LastLoss: return tr("Last loss");
    case TokensPerSecond: return tr("Tokens/s");
    case Tags: return tr("Tags");
    case Command: return tr("Command");
    default: return {};
    }
}
