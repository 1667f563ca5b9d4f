// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/sources/env/envcheckmodel.h"
#include "core/sources/env/envreport.h"

#include <QThreadPool>
#include <QWidget>

class PluginManager;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;

/// Environment dock: the check rows with status icons, a host selector (this machine or an SSH
/// host from ~/.ssh/config), the Python interpreter, re-run, and copy as Markdown. Probes run on
/// QtConcurrent; a newer run makes an older result stale.
class EnvironmentPanel : public QWidget
{
    Q_OBJECT

public:
    explicit EnvironmentPanel(const PluginManager &plugins, QWidget *parent = nullptr);

    void run();
    const EnvReport &report() const { return m_report; }
    bool isRunning() const;

Q_SIGNALS:
    void finished();
    void message(const LocalizedText &text);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void show(const EnvReport &report);
    void showSummary();

    const PluginManager &m_plugins;
    EnvCheckModel m_model;
    EnvReport m_report;
    QComboBox *m_host;
    QComboBox *m_python;
    QComboBox *m_backend;
    QPushButton *m_runButton;
    QPushButton *m_copyButton;
    QProgressBar *m_busy;
    QLabel *m_summary;
    QLabel *m_hostLabel;
    QLabel *m_pythonLabel;
    QLabel *m_backendLabel;
    int m_generation = 0;
    int m_running = 0;
    /// This panel's background jobs. Declared last, so it is destroyed first: the panel waits for
    /// them, and none finishes after it is gone (a crash at exit in cleanupThreadData).
    QThreadPool m_jobs;
};
