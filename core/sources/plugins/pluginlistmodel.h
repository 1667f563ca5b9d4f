// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "pluginmanager.h"

#include <QAbstractTableModel>

/// The loaded backends and the plugin files that failed, one row each, for the Plugins panel.
class PluginListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Status,
        Id,
        Name,
        Vendor,
        Version,
        TorchDevice,
        Collective,
        VisibleDevices,
        VendorTool,
        Path,
        ColumnCount
    };

    using QAbstractTableModel::QAbstractTableModel;

    void setData(const QList<LoadedBackend> &backends, const QList<PluginLoadError> &errors);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<LoadedBackend> m_backends;
    QList<PluginLoadError> m_errors;
};
