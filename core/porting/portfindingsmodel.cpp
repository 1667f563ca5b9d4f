#include "porting/portfindingsmodel.h"

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
            tip += QStringLiteral("\nSuggestion: ") + f.suggestion;
        return tip;
    }
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (Column(index.column())) {
    case File:
        return f.file;
    case Line:
        return f.line;
    case ColumnNumber:
        return f.column;
    case Rule:
        return f.ruleId;
    case SeverityColumn:
        return role == SortRole ? QVariant(int(f.severity)) : QVariant(Port::severityName(f.severity));
    case Message:
        return f.message;
    case Suggestion:
        return f.suggestion;
    case ColumnCount:
        break;
    }
    return {};
}

QVariant PortFindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const QStringList names = {QStringLiteral("File"),     QStringLiteral("Line"),
                                      QStringLiteral("Col"),      QStringLiteral("Rule"),
                                      QStringLiteral("Severity"), QStringLiteral("Message"),
                                      QStringLiteral("Suggestion")};
    return section >= 0 && section < names.size() ? QVariant(names[section]) : QVariant();
}
