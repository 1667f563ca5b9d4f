// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/workflows/reference/stackcheckoutcome.h"
#include "core/workflows/reference/stackcheckrequest.h"

#include <QDialog>
#include <QFuture>
#include <QThreadPool>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class PluginManager;
class RunLoader;

/// Tools > Stack Check: the form of `portbench-cli stackcheck` (Python, SSH host, device,
/// precision, reference, processes, steps, folder). Run calls StackCheck::run — the CLI's code —
/// on a worker thread; the run's log is opened in the Runs dock through the RunLoader as soon as
/// its first step is written (the loader follows it, so the charts are live, over SSH too), and
/// the verdict is shown against the shipped reference with where and how that was made.
class StackCheckDialog : public QDialog
{
    Q_OBJECT

public:
    /// The devices offered are those of the loaded backend plugins (and auto, cpu).
    StackCheckDialog(const PluginManager &plugins, RunLoader &loader, const QStringList &sshHosts,
                     QWidget *parent = nullptr);
    /// Waits for a running check (StackCheck::run cannot be interrupted).
    ~StackCheckDialog() override;

    /// From Run until the outcome is shown.
    bool isRunning() const { return m_running; }
    /// The request the fields describe now (in a new folder under the chosen one).
    StackCheckRequest request() const;
    /// The last check's outcome (status InputError with no error before the first).
    const StackCheckOutcome &outcome() const { return m_outcome; }

    /// Starts a check of the fields' request unless one runs.
    void start();

Q_SIGNALS:
    void runningChanged(bool running);
    /// Lines for the Messages dock: start, the stack, the verdict's summary, errors.
    void message(const LocalizedText &text);
    void finished(const StackCheckOutcome &outcome);

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /// The form's texts and a shown outcome in the current language (the dialog is kept, so it
    /// follows a language switch).
    void retranslateUi();
    void onRecord(const QJsonObject &record, const QString &log, int steps);
    void onFinished(const StackCheckOutcome &outcome);
    /// The outcome's verdict, reference and details in the fields, in the language of now.
    void showOutcome();
    /// The details of an outcome, one message each: the error, or the notes, verdict and files.
    static QStringList outcomeLines(const StackCheckOutcome &outcome);
    void setRunning(bool running);

    const PluginManager &m_plugins;
    RunLoader &m_loader;
    QLineEdit *m_python;
    QComboBox *m_host;
    QComboBox *m_device;
    QComboBox *m_precision;
    QComboBox *m_reference;
    QComboBox *m_devices;
    QSpinBox *m_steps;
    QLineEdit *m_folder;
    QPushButton *m_run;
    QProgressBar *m_progress;
    QLabel *m_stack;
    QLabel *m_verdict;
    QLabel *m_referenceInfo;
    QPlainTextEdit *m_details;
    QPushButton *m_browse;
    QLabel *m_intro;
    QList<QLabel *> m_formLabels;
    QThreadPool m_pool; ///< the check's own thread: it blocks for minutes, the global pool charts the log
    QFuture<void> m_future;
    StackCheckOutcome m_outcome;
    bool m_outcomeShown = false; ///< m_outcome is in the fields (until the next check starts)
    bool m_charted = false;
    bool m_running = false;
};
