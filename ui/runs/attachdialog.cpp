// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "attachdialog.h"

#include "core/base/exec/commandrunner.h"
#include "core/workflows/runs/remotefilelister.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

AttachDialog::AttachDialog(const QStringList &sshHosts, QWidget *parent)
    : QDialog(parent)
    , m_host(new QComboBox(this))
    , m_folder(new QLineEdit(this))
    , m_path(new QLineEdit(this))
    , m_logsOnly(new QCheckBox(tr("Logs only"), this))
    , m_fromStart(new QCheckBox(tr("Parse the whole file (otherwise only what is appended from now on)"), this))
    , m_files(new QTreeWidget(this))
    , m_status(new QLabel(this))
{
    setWindowTitle(tr("Attach to Log"));
    m_host->addItem(tr("This machine"));
    m_host->addItems(sshHosts);
    m_host->setEditable(true);
    m_host->setToolTip(tr("Hosts from ~/.ssh/config. The connection is followed with tail -F; a drop is retried "
                          "with backoff and resumes at the last byte received, so nothing is lost or repeated."));
    m_folder->setPlaceholderText(tr("folder on the host (empty: the login directory)"));
    m_logsOnly->setChecked(true);
    m_logsOnly->setToolTip(tr("Show only *.log, *.txt, *.out, *.err, *.json(l), *.csv and names containing \"log\""));
    m_fromStart->setChecked(true);
    m_files->setHeaderLabels({tr("Name"), tr("Size"), tr("Modified")});
    m_files->setRootIsDecorated(false);
    m_files->header()->setSectionResizeMode(0, QHeaderView::Stretch);

    auto listButton = new QPushButton(tr("&List"), this);
    listButton->setToolTip(tr("List the folder on the host (Enter in the folder field)"));
    connect(listButton, &QPushButton::clicked, this, &AttachDialog::list);
    connect(m_folder, &QLineEdit::returnPressed, this, &AttachDialog::list);
    connect(m_logsOnly, &QCheckBox::toggled, this, &AttachDialog::list);
    auto up = new QPushButton(tr("Up"), this);
    connect(up, &QPushButton::clicked, this, [this] {
        QString f = m_folder->text();
        while (f.endsWith(QLatin1Char('/')) && f.size() > 1)
            f.chop(1);
        const int slash = f.lastIndexOf(QLatin1Char('/'));
        m_folder->setText(slash > 0 ? f.left(slash) : (slash == 0 ? QStringLiteral("/") : QStringLiteral("..")));
        list();
    });
    connect(m_files, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) {
        if (!item->data(0, Qt::UserRole + 1).toBool())
            m_path->setText(item->data(0, Qt::UserRole).toString());
    });
    connect(m_files, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        if (item->data(0, Qt::UserRole + 1).toBool()) {
            m_folder->setText(item->data(0, Qt::UserRole).toString());
            list();
        } else {
            m_path->setText(item->data(0, Qt::UserRole).toString());
            accept();
        }
    });

    auto folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder);
    folderRow->addWidget(up);
    folderRow->addWidget(listButton);
    folderRow->addWidget(m_logsOnly);
    auto form = new QFormLayout;
    form->addRow(tr("&Host:"), m_host);
    form->addRow(tr("&Folder:"), folderRow);
    auto buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Attach"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_files);
    layout->addWidget(m_status);
    auto pathForm = new QFormLayout;
    pathForm->addRow(tr("&Log file:"), m_path);
    layout->addLayout(pathForm);
    layout->addWidget(m_fromStart);
    layout->addWidget(buttons);
    resize(720, 480);
}

QString AttachDialog::host() const
{
    const QString h = m_host->currentText().trimmed();
    return h == m_host->itemText(0) ? QString() : h;
}

QString AttachDialog::path() const
{
    return m_path->text();
}

bool AttachDialog::fromStart() const
{
    return m_fromStart->isChecked();
}

void AttachDialog::accept()
{
    if (m_path->text().isEmpty()) {
        QMessageBox::warning(this, windowTitle(), tr("Choose or type the log file to follow."));
        return;
    }
    QDialog::accept();
}

void AttachDialog::list()
{
    SshTarget target;
    target.host = host();
    const QString folder = m_folder->text();
    const bool logsOnly = m_logsOnly->isChecked();
    const int generation = ++m_generation;
    m_status->setText(tr("Listing %1 on %2…")
                          .arg(folder.isEmpty() ? tr("the login directory") : folder,
                               target.host.isEmpty() ? tr("this machine") : target.host));
    auto watcher = new QFutureWatcher<QPair<QList<RemoteFileEntry>, QString>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        const auto result = watcher->result();
        showEntries(result.first, result.second, generation);
    });
    watcher->setFuture(QtConcurrent::run(&m_jobs, [target, folder, logsOnly] {
        QString error;
        const QList<RemoteFileEntry> entries = RemoteFileLister::list(CommandRunner(target), folder, logsOnly, &error);
        return qMakePair(entries, error);
    }));
}

void AttachDialog::showEntries(const QList<RemoteFileEntry> &entries, const QString &error, int generation)
{
    // A slower, older listing must not replace the one the user asked for last.
    if (generation != m_generation)
        return;
    m_files->clear();
    m_status->setText(error.isEmpty() ? tr("%n entries", nullptr, int(entries.size())) : error);
    QString base = m_folder->text();
    if (!base.isEmpty() && !base.endsWith(QLatin1Char('/')))
        base += QLatin1Char('/');
    for (const RemoteFileEntry &e : entries) {
        auto item = new QTreeWidgetItem(m_files);
        // Newlines in a name are shown, not obeyed.
        QString shown = e.name;
        shown.replace(QLatin1Char('\n'), QStringLiteral("⏎"));
        item->setText(0, e.isDir ? shown + QLatin1Char('/') : shown);
        item->setText(1, e.isDir ? QString() : QLocale().formattedDataSize(e.size));
        item->setText(2, e.modified.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
        item->setData(0, Qt::UserRole, QString(base + e.name));
        item->setData(0, Qt::UserRole + 1, e.isDir);
    }
}
