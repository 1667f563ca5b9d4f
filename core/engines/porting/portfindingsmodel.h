// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/porting/porttypes.h"

#include <QAbstractTableModel>

/// The findings of a port as a table (the report's columns), for the porting dock.
class PortFindingsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { File, Line, ColumnNumber, Rule, SeverityColumn, Message, Suggestion, ColumnCount };
    enum Role {
        SeverityRole = Qt::UserRole + 1, ///< int(Port::Severity)
        SortRole, ///< numbers as numbers, severities by weight
    };

    using QAbstractTableModel::QAbstractTableModel;

    /// A severity as the table shows it, in the user-interface language.
    static QString severityText(Port::Severity severity);
    void setFindings(const QList<Port::Finding> &findings);
    const QList<Port::Finding> &findings() const { return m_findings; }
    const Port::Finding &finding(int row) const { return m_findings[row]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Port::Finding> m_findings;
};
