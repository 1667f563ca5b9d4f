// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "pluginspanel.h"

#include "core/sources/plugins/pluginlistmodel.h"
#include "core/sources/plugins/pluginmanager.h"

#include <QHeaderView>
#include <QTableView>
#include <QVBoxLayout>

PluginsPanel::PluginsPanel(const PluginManager &plugins, QWidget *parent)
    : QWidget(parent)
    , m_model(new PluginListModel(this))
{
    m_model->setData(plugins.backends(), plugins.errors());
    auto view = new QTableView(this);
    view->setModel(m_model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->resizeColumnsToContents();
    auto layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view);
}
