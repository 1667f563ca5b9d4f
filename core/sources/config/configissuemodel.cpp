// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "configissuemodel.h"

void ConfigIssueModel::setIssues(const ConfigIssues &issues)
{
    beginResetModel();
    m_issues = issues;
    endResetModel();
}

int ConfigIssueModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_issues.size());
}

int ConfigIssueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ConfigIssueModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ConfigIssue &issue = m_issues.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == SeverityColumn)
            return issue.isError() ? tr("error") : tr("warning");
        return index.column() == FieldColumn ? issue.field : issue.message;
    case Qt::ToolTipRole: return issue.toString();
    case FieldRole: return issue.field;
    case IsErrorRole: return issue.isError();
    default: return {};
    }
}

QVariant ConfigIssueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case FieldColumn: return tr("Field");
    case MessageColumn: return tr("Message");
    default: return {};
    }
}
