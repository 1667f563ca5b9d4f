// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/envcheck.h"

#include <QAbstractTableModel>
#include <QList>

/// Environment check rows as a table: Status, Check, Found, Expected, Fix. Views add icons from
/// StatusRole; the tooltip carries the id and the fix.
class EnvCheckModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { StatusColumn, TitleColumn, FoundColumn, ExpectedColumn, FixColumn, ColumnCount };
    enum Roles { StatusRole = Qt::UserRole + 1, IdRole };

    using QAbstractTableModel::QAbstractTableModel;

    void setChecks(const QList<EnvCheck> &checks);
    const QList<EnvCheck> &checks() const { return m_checks; }
    /// A status as the table shows it, in the user-interface language.
    static QString statusText(EnvCheck::Status status);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<EnvCheck> m_checks;
};
