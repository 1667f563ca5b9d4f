// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "pluginlistmodel.h"

#include "devicebackend.h"

void PluginListModel::setData(const QList<LoadedBackend> &backends, const QList<PluginLoadError> &errors)
{
    beginResetModel();
    m_backends = backends;
    m_errors = errors;
    endResetModel();
}

int PluginListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_backends.size() + m_errors.size());
}

int PluginListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PluginListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const int row = index.row();
    if (row >= m_backends.size()) {
        const PluginLoadError &error = m_errors.at(row - m_backends.size());
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
            switch (index.column()) {
            case Status: return tr("failed");
            case Name: return error.message;
            case Path: return error.path;
            default: return {};
            }
        }
        return {};
    }
    const LoadedBackend &loaded = m_backends.at(row);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const BackendInfo info = loaded.backend->info();
    switch (Column(index.column())) {
    case Status: return tr("loaded");
    case Id: return info.id;
    case Name: return info.displayName;
    case Vendor: return loaded.manifest.value(QStringLiteral("vendor")).toString();
    case Version: return loaded.manifest.value(QStringLiteral("version")).toString();
    case TorchDevice: return info.torchDevice;
    case Collective: return info.collectiveLibrary;
    case VisibleDevices: return info.visibleDevicesVariable;
    case VendorTool: return info.vendorTool;
    case Path: return loaded.path;
    case ColumnCount: break;
    }
    return {};
}

QVariant PluginListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Status: return tr("Status");
    case Id: return tr("Id");
    case Name: return tr("Name / error");
    case Vendor: return tr("Vendor");
    case Version: return tr("Version");
    case TorchDevice: return tr("torch device");
    case Collective: return tr("Collective");
    case VisibleDevices: return tr("Visible-devices variable");
    case VendorTool: return tr("Vendor tool");
    case Path: return tr("File");
    case ColumnCount: break;
    }
    return {};
}
