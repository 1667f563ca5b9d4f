// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "launchrecord.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

/// The workspace runs, one row each, for the GUI's Workspace dock: status, duration, last loss,
/// tokens/s. Fed whole lists (setRuns) and single updates from live launchers and followers.
class LaunchRecordModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Name,
        Status,
        Kind,
        Host,
        Started,
        Duration,
        Step,
        LastLoss,
        TokensPerSecond,
        Tags,
        Command,
        ColumnCount
    };
    enum Role { IdRole = Qt::UserRole + 1, RecordStatusRole };

    using QAbstractTableModel::QAbstractTableModel;

    void setRuns(const QList<LaunchRecord> &runs);
    /// Replaces the row with the same id, or appends it.
    void updateRun(const LaunchRecord &run);
    void removeRun(const QString &id);
    /// Transient state of a live link ("connected", "reconnecting in 4 s", ...); empty clears it.
    void setConnectionState(const QString &id, const QString &state);

    const QList<LaunchRecord> &runs() const { return m_runs; }
    int rowOf(const QString &id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<LaunchRecord> m_runs;
    QHash<QString, QString> m_connection;
};
