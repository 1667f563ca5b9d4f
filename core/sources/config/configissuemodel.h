// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "configissue.h"

#include <QAbstractTableModel>

/// Validation findings as a table (severity, field, message) for the editor's issue list.
class ConfigIssueModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { SeverityColumn, FieldColumn, MessageColumn, ColumnCount };
    enum Role { FieldRole = Qt::UserRole + 1, IsErrorRole };

    using QAbstractTableModel::QAbstractTableModel;

    void setIssues(const ConfigIssues &issues);
    const ConfigIssues &issues() const { return m_issues; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    ConfigIssues m_issues;
};
