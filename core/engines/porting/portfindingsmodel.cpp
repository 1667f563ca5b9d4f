// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/portfindingsmodel.h"

QString PortFindingsModel::severityText(Port::Severity severity)
{
    // Port::severityName() is the report and CLI spelling; this is the table's.
    switch (severity) {
    //: Porting finding severity: the porter rewrites it
    case Port::Severity::AutoFix: return tr("auto-fix");
    //: Porting finding severity: a person must change it
    case Port::Severity::Manual: return tr("manual");
    //: Porting finding severity: no equivalent on the target device
    case Port::Severity::Unsupported: return tr("unsupported");
    }
    return {};
}

void PortFindingsModel::setFindings(const QList<Port::Finding> &findings)
{
    beginResetModel();
    m_findings = findings;
    endResetModel();
}

int PortFindingsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_findings.size());
}

int PortFindingsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PortFindingsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Port::Finding &f = m_findings[index.row()];
    if (role == SeverityRole)
        return int(f.severity);
    if (role == Qt::ToolTipRole) {
        QString tip = f.message;
        if (!f.suggestion.isEmpty())
            tip += QLatin1Char('\n') + tr("Suggestion: %1").arg(f.suggestion);
        return tip;
    }
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (Column(index.column())) {
    case File: return f.file;
    case Line: return f.line;
    case ColumnNumber: return f.column;
    case Rule: return f.ruleId;
    case SeverityColumn: return role == SortRole ? QVariant(int(f.severity)) : QVariant(severityText(f.severity));
    case Message: return f.message;
    case Suggestion: return f.suggestion;
    case ColumnCount: break;
    }
    return {};
}

QVariant PortFindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case File: return tr("File");
    case Line: return tr("Line");
    //: Column number in a source file (short)
    case ColumnNumber: return tr("Col");
    case Rule: return tr("Rule");
    case SeverityColumn: return tr("Severity");
    case Message: return tr("Message");
    case Suggestion: return tr("Suggestion");
    case ColumnCount: break;
    }
    return {};
}
