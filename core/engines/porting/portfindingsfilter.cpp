// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/portfindingsfilter.h"

#include "core/engines/porting/portfindingsmodel.h"

PortFindingsFilter::PortFindingsFilter(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(PortFindingsModel::SortRole);
}

void PortFindingsFilter::setSeverityVisible(Port::Severity severity, bool visible)
{
    if (visible)
        m_hidden.remove(int(severity));
    else
        m_hidden.insert(int(severity));
    invalidateFilter();
}

void PortFindingsFilter::setFile(const QString &file)
{
    m_file = file;
    invalidateFilter();
}

void PortFindingsFilter::setText(const QString &text)
{
    m_text = text;
    invalidateFilter();
}

bool PortFindingsFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *model = sourceModel();
    auto cell = [&](int column, int role = Qt::DisplayRole) {
        return model->data(model->index(sourceRow, column, sourceParent), role);
    };
    if (m_hidden.contains(cell(PortFindingsModel::SeverityColumn, PortFindingsModel::SeverityRole).toInt()))
        return false;
    if (!m_file.isEmpty() && cell(PortFindingsModel::File).toString() != m_file)
        return false;
    if (m_text.isEmpty())
        return true;
    for (int column : {PortFindingsModel::File, PortFindingsModel::Rule, PortFindingsModel::Message,
                       PortFindingsModel::Suggestion}) {
        if (cell(column).toString().contains(m_text, Qt::CaseInsensitive))
            return true;
    }
    return false;
}
