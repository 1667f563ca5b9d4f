// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityresult.h"

#include <QAbstractTableModel>

#include <functional>

/// The statistics of a ParityResult as a table: one row per statistic, one column per candidate.
/// Display text is formatted, the tooltip says how the number is computed, RawValueRole gives the
/// number itself, StepRole the step a cell points at (the GUI jumps there) and SeverityRole whether
/// the cell is what made the verdict WARN or FAIL.
class ParityStatsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Roles {
        RawValueRole = Qt::UserRole + 1,
        StepRole, ///< qint64 step, or -1
        SeverityRole, ///< int(ParityResult::Verdict) the cell contributes
        KeyRole, ///< the statistic's stable key (same as the JSON key)
    };

    explicit ParityStatsModel(QObject *parent = nullptr);

    void setResult(const ParityResult &result);
    const ParityResult &result() const { return m_result; }
    /// The row of a statistic key, -1 if none.
    int rowOf(const QString &key) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Cell
    {
        QString text;
        QVariant raw;
        qint64 step = -1;
        ParityResult::Verdict severity = ParityResult::Verdict::Pass;
    };
    struct Statistic
    {
        QString key;
        QString label;
        QString tooltip;
        std::function<Cell(const ParityResult::Candidate &, const ParityOptions &)> cell;
    };
    static QVector<Statistic> statistics();

    ParityResult m_result;
    QVector<Statistic> m_statistics;
};
