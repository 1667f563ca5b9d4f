// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QWidget>

class PluginManager;
class PluginListModel;

/// Lists the loaded device backends with their manifests, and the plugin files that failed.
class PluginsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit PluginsPanel(const PluginManager &plugins, QWidget *parent = nullptr);

private:
    PluginListModel *m_model;
};
