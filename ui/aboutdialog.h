// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDialog>

class PluginManager;

/// Versions of PortBench, Qt, libtorch and every loaded backend plugin.
class AboutDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AboutDialog(const PluginManager &plugins, QWidget *parent = nullptr);

    /// The text shown, also used by tests and "copy to clipboard".
    static QString versionText(const PluginManager &plugins);
};
