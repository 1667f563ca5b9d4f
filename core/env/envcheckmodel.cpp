#include "envcheckmodel.h"

void EnvCheckModel::setChecks(const QList<EnvCheck> &checks)
{
    beginResetModel();
    m_checks = checks;
    endResetModel();
}

int EnvCheckModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_checks.size());
}

int EnvCheckModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EnvCheckModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const EnvCheck &c = m_checks.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case StatusColumn: return EnvCheck::statusName(c.status);
        case TitleColumn: return c.title;
        case FoundColumn: return c.found;
        case ExpectedColumn: return c.expected;
        case FixColumn: return c.fix;
        default: return {};
        }
    case Qt::ToolTipRole:
        return c.fix.isEmpty() ? c.id : QStringLiteral("%1\nFix: %2").arg(c.id, c.fix);
    case StatusRole:
        return int(c.status);
    case IdRole:
        return c.id;
    default:
        return {};
    }
}

QVariant EnvCheckModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case StatusColumn: return QStringLiteral("Status");
    case TitleColumn: return QStringLiteral("Check");
    case FoundColumn: return QStringLiteral("Found");
    case ExpectedColumn: return QStringLiteral("Expected");
    case FixColumn: return QStringLiteral("Fix");
    default: return {};
    }
}
