// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "envcheckmodel.h"

#include <QCoreApplication>

QString EnvCheckModel::statusText(EnvCheck::Status status)
{
    // EnvCheck::statusName() is the JSON and CLI spelling; this is the table's.
    switch (status) {
    //: Environment check status
    case EnvCheck::Status::Ok: return tr("ok");
    //: Environment check status
    case EnvCheck::Status::Warn: return tr("warn");
    //: Environment check status
    case EnvCheck::Status::Fail: return tr("fail");
    //: Environment check status
    case EnvCheck::Status::Skipped: return tr("skipped");
    }
    return {};
}

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
        case StatusColumn: return statusText(c.status);
        case TitleColumn: return QCoreApplication::translate("EnvCheck", c.title.toUtf8().constData());
        case FoundColumn: return c.found;
        case ExpectedColumn: return c.expected;
        case FixColumn: return c.fix;
        default: return {};
        }
    case Qt::ToolTipRole: return c.fix.isEmpty() ? c.id : tr("%1\nFix: %2").arg(c.id, c.fix);
    case StatusRole: return int(c.status);
    case IdRole: return c.id;
    default: return {};
    }
}

QVariant EnvCheckModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case StatusColumn: return tr("Status");
    case TitleColumn: return tr("Check");
    case FoundColumn: return tr("Found");
    case ExpectedColumn: return tr("Expected");
    case FixColumn: return tr("Fix");
    default: return {};
    }
}
