// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/runs/remotefileentry.h"

#include <QDialog>
#include <QThreadPool>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTreeWidget;

/// Chooses a log to follow: an SSH host from ~/.ssh/config (or this machine), a folder listed by
/// the remote file picker (sub-folders to walk into, log files newest first), or a typed path.
/// Listing runs on a worker thread; the dialog stays responsive while ssh connects.
class AttachDialog : public QDialog
{
    Q_OBJECT

public:
    AttachDialog(const QStringList &sshHosts, QWidget *parent = nullptr);

    QString host() const;
    QString path() const;
    bool fromStart() const;

    void accept() override;

private:
    void list();
    void showEntries(const QList<RemoteFileEntry> &entries, const QString &error, int generation);

    QComboBox *m_host;
    QLineEdit *m_folder;
    QLineEdit *m_path;
    QCheckBox *m_logsOnly;
    QCheckBox *m_fromStart;
    QTreeWidget *m_files;
    QLabel *m_status;
    int m_generation = 0;
    /// This dialog's background jobs. Declared last, so it is destroyed first: the dialog waits for
    /// them, and none finishes after it is gone (a crash at exit in cleanupThreadData).
    QThreadPool m_jobs;
};
