// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/runs/launchrecord.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QPlainTextEdit;

/// Asks for what a launch needs: command line, name, backend, environment (KEY=VALUE lines),
/// working directory, where (this machine or an SSH host from ~/.ssh/config), detached, tags.
class LaunchDialog : public QDialog
{
    Q_OBJECT

public:
    LaunchDialog(const QStringList &sshHosts, QWidget *parent = nullptr);

    /// The run to start (kind Local, LocalDetached or Remote), or an error text in *error.
    LaunchRecord record(QString *error) const;

    void accept() override;

private:
    QLineEdit *m_command;
    QLineEdit *m_name;
    QComboBox *m_backend;
    QComboBox *m_host;
    QLineEdit *m_workDir;
    QPlainTextEdit *m_env;
    QLineEdit *m_tags;
    QCheckBox *m_detach;
};
