// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "workspacepanel.h"

#include "attachdialog.h"
#include "launchdialog.h"

#include "core/workflows/runs/runloader.h"
#include "core/workflows/runs/runcontroller.h"
#include "core/workflows/runs/launchrecordmodel.h"
#include "core/workflows/runs/launchworkspace.h"
#include "core/workflows/runs/sshconfighosts.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QFileDialog>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

WorkspacePanel::WorkspacePanel(LaunchWorkspace &workspace, RunController &controller, BackendProfiles backends,
                               std::function<void(const QStringList &)> openFiles, QWidget *parent)
    : QWidget(parent)
    , m_workspace(workspace)
    , m_controller(controller)
    , m_backends(std::move(backends))
    , m_openFiles(std::move(openFiles))
    , m_model(new LaunchRecordModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_filter(new QLineEdit(this))
    , m_folder(new QLabel(this))
    , m_status(new QLabel(this))
    , m_refresh(new QTimer(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(Qt::UserRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(LaunchRecordModel::Started, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    m_folder->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_folder->setToolTip(m_workspace.root());
    // A long path must not set the dock's minimum width: it is cut, and whole in the tooltip.
    m_folder->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    auto toolbar = new QToolBar(this);
    auto add = [this, toolbar](const QKeySequence &key, void (WorkspacePanel::*slot)(), bool needsSelection) {
        QAction *a = toolbar->addAction(QString(), this, slot);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        if (needsSelection) {
            m_selectionActions << a;
            m_view->addAction(a);
        }
        m_toolActions << a;
    };
    add(QKeySequence(Qt::CTRL | Qt::Key_L), &WorkspacePanel::launch, false);
    add(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A), &WorkspacePanel::attach, false);
    add(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B), &WorkspacePanel::submit, false);
    add(QKeySequence(Qt::CTRL | Qt::Key_Period), &WorkspacePanel::stopSelected, true);
    add(QKeySequence(Qt::Key_Return), &WorkspacePanel::openSelected, true);
    add(QKeySequence(Qt::CTRL | Qt::Key_U), &WorkspacePanel::showOutput, true);
    add(QKeySequence(Qt::Key_F2), &WorkspacePanel::renameSelected, true);
    add(QKeySequence(Qt::CTRL | Qt::Key_T), &WorkspacePanel::tagSelected, true);
    add(QKeySequence::Delete, &WorkspacePanel::deleteSelected, true);
    add(QKeySequence::Refresh, &WorkspacePanel::reload, false);

    auto layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(toolbar);
    layout->addWidget(m_filter);
    layout->addWidget(m_view);
    layout->addWidget(m_status);
    layout->addWidget(m_folder);

    connect(m_view, &QTableView::doubleClicked, this, &WorkspacePanel::openSelected);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &WorkspacePanel::updateActions);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &WorkspacePanel::currentChanged);
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &from, const QModelIndex &to) {
        const int row = m_model->rowOf(selectedIds().value(0));
        if (row >= from.row() && row <= to.row()) {
            showStatus();
            offerTelemetry();
        }
    });
    m_status->setObjectName(QStringLiteral("WorkspaceRunStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_status->hide();
    connect(&m_controller, &RunController::recordChanged, m_model, &LaunchRecordModel::updateRun);
    connect(&m_controller, &RunController::connectionStateChanged, m_model, &LaunchRecordModel::setConnectionState);
    // A resumed run's big log is read in the background; its row says so until its points are in.
    connect(&m_controller, &RunController::loadingChanged, m_model, [this](const QString &id, bool loading) {
        m_model->setConnectionState(id, loading ? tr("loading") : QString());
    });
    connect(&m_controller, &RunController::runFinished, this, [this](const LaunchRecord &r) {
        m_model->updateRun(r);
        Q_EMIT message(
            [name = r.name, status = r.status] { return tr("Run %1 %2").arg(name, LaunchRecord::statusName(status)); });
    });
    // Runs started by the CLI or another PortBench show up, and durations tick.
    m_refresh->setInterval(5000);
    connect(m_refresh, &QTimer::timeout, this, &WorkspacePanel::reload);
    m_refresh->start();
    reload();
    updateActions();
    retranslateUi();
}

void WorkspacePanel::retranslateUi()
{
    m_filter->setPlaceholderText(tr("Filter runs (name, status, host, tag, command)…"));
    m_folder->setText(tr("Workspace: %1").arg(m_workspace.root()));
    // In the order of m_toolActions: text, then what it does (the tooltip, with the shortcut).
    const std::pair<QString, QString> texts[] = {
        {tr("Launch…"), tr("Start a command locally or on an SSH host and record it as a run")},
        {tr("Attach…"), tr("Follow a training log on an SSH host or here, surviving dropped connections")},
        {tr("Submit…"), tr("Submit a SLURM batch script with sbatch, here or on a login node")},
        {tr("Stop"), tr("SIGTERM to the run's process group, SIGKILL after 10 s")},
        {tr("Open"), tr("Open the run's log in the charts")},
        //: Tool bar button: show the run's console output.
        {tr("Output"), tr("Show the run's output, live while it runs, with search")},
        {tr("Rename…"), tr("Rename the run")},
        {tr("Tag…"), tr("Set the run's tags")},
        {tr("Delete"), tr("Move the run's folder to the workspace trash")},
        {tr("Refresh"), tr("Re-read the workspace folder")},
    };
    for (qsizetype i = 0; i < m_toolActions.size(); ++i) {
        QAction *a = m_toolActions.at(i);
        const auto &[text, tip] = texts[i];
        a->setText(text);
        const QKeySequence key = a->shortcut();
        a->setToolTip(key.isEmpty() ? tip : QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
    }
    if (!m_status->isHidden()) {
        const QString status = statusText();
        m_status->setText(status);
        m_status->setToolTip(status);
    }
}

void WorkspacePanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

QStringList WorkspacePanel::selectedIds() const
{
    QStringList ids;
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    for (const QModelIndex &i : rows)
        ids << i.data(LaunchRecordModel::IdRole).toString();
    return ids;
}

void WorkspacePanel::updateActions()
{
    const bool any = !selectedIds().isEmpty();
    for (QAction *a : std::as_const(m_selectionActions))
        a->setEnabled(any);
}

void WorkspacePanel::reload()
{
    const QStringList selected = selectedIds();
    QStringList errors;
    QList<LaunchRecord> runs = m_workspace.list(&errors);
    // A live run's in-memory state is newer than its last save.
    for (LaunchRecord &r : runs) {
        const int row = m_model->rowOf(r.id);
        if (row >= 0 && m_controller.isLive(r.id))
            r = m_model->runs().at(row);
    }
    m_model->setRuns(runs);
    for (const QString &id : selected) {
        const int row = m_model->rowOf(id);
        if (row >= 0)
            m_view->selectionModel()->select(m_proxy->mapFromSource(m_model->index(row, 0)),
                                             QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
    for (const QString &e : errors)
        Q_EMIT message([e] { return tr("Workspace: skipped %1").arg(e); });
}

void WorkspacePanel::launch()
{
    LaunchDialog dialog(SshConfigHosts::read(), m_backends, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    const LaunchRecord record = dialog.record(&error);
    // A remote start is a few ssh round trips.
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const QString id = m_controller.launch(record, &error);
    QApplication::restoreOverrideCursor();
    if (id.isEmpty()) {
        QMessageBox::warning(this, tr("Launch Run"), error);
        reload();
        return;
    }
    Q_EMIT message(
        [command = record.command, id] { return tr("Launched %1 (%2)").arg(command.join(QLatin1Char(' ')), id); });
}

void WorkspacePanel::attach()
{
    AttachDialog dialog(SshConfigHosts::read(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    LaunchRecord record;
    record.host = dialog.host();
    QString error;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const QString id = m_controller.attach(record, dialog.path(), dialog.fromStart(), &error);
    QApplication::restoreOverrideCursor();
    if (id.isEmpty()) {
        QMessageBox::warning(this, tr("Attach to Log"), error);
        return;
    }
    const QString where = record.host.isEmpty() ? QString() : record.host + QLatin1Char(':');
    Q_EMIT message([where, path = dialog.path(), id] { return tr("Following %1%2 as run %3").arg(where, path, id); });
}

void WorkspacePanel::submit()
{
    const QString script = QFileDialog::getOpenFileName(this, tr("Submit SLURM Batch Script"), QString(),
                                                        tr("Batch scripts (*.sh *.sbatch *.slurm);;All files (*)"));
    if (script.isEmpty())
        return;
    QStringList hosts{tr("This machine")};
    hosts << SshConfigHosts::read();
    bool ok = false;
    const QString host
        = QInputDialog::getItem(this, tr("Submit SLURM Batch Script"),
                                tr("Submit with sbatch on (a login node from ~/.ssh/config):"), hosts, 0, true, &ok);
    if (!ok)
        return;
    LaunchRecord record;
    record.command = {script};
    record.host = host == hosts.first() ? QString() : host.trimmed();
    QString error;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const QString id = m_controller.submit(record, &error);
    QApplication::restoreOverrideCursor();
    if (id.isEmpty()) {
        QMessageBox::warning(this, tr("Submit SLURM Batch Script"), error);
        reload();
        return;
    }
    Q_EMIT message([script, job = m_controller.record(id).slurmJobId, id] {
        return tr("Submitted %1 as SLURM job %2 (run %3)").arg(script, job, id);
    });
}

void WorkspacePanel::stopSelected()
{
    for (const QString &id : selectedIds()) {
        QString error;
        if (!m_controller.stop(id, 10000, &error))
            Q_EMIT message([id, error] { return tr("Cannot stop %1: %2").arg(id, error); });
    }
}

void WorkspacePanel::openSelected()
{
    QStringList logs;
    for (const QString &id : selectedIds()) {
        const LaunchRecord r = m_model->runs().value(m_model->rowOf(id));
        const QString log = m_workspace.localLogPath(r);
        // Output without training steps (a run that failed at start, a custom format) is shown
        // as text, not refused as an unknown file type.
        if (RunLoader::canRead(log))
            logs << log;
        else
            Q_EMIT outputWanted(m_workspace.logPath(id), tr("%1 — %2").arg(r.name, LaunchRecord::statusName(r.status)),
                                true);
    }
    if (!logs.isEmpty())
        m_openFiles(logs);
}

void WorkspacePanel::showOutput()
{
    const QString id = m_view->currentIndex().isValid() ? selectedIds().value(0) : QString();
    if (id.isEmpty())
        return;
    const LaunchRecord r = m_model->runs().value(m_model->rowOf(id));
    Q_EMIT outputWanted(m_workspace.logPath(id), tr("%1 — %2").arg(r.name, statusText()), true);
}

QString WorkspacePanel::statusText() const
{
    const QString id = selectedIds().value(0);
    if (id.isEmpty())
        return {};
    const LaunchRecord r = m_model->runs().value(m_model->rowOf(id));
    QString text = LaunchRecord::statusName(r.status);
    if (r.status == LaunchRecord::Status::Finished || r.status == LaunchRecord::Status::Failed)
        text += tr(", exit code %1").arg(r.exitCode);
    if (!r.exitDetail.isEmpty())
        text += QStringLiteral(" (%1)").arg(r.exitDetail);
    // What following its log met: a truncation or rotation, a line over the line limit.
    for (const QString &warning : r.warnings)
        text += QLatin1Char('\n') + tr("warning: %1").arg(warning);
    for (const QString &note : r.notes)
        text += QLatin1Char('\n') + tr("note: %1").arg(note);
    QStringList telemetry;
    for (const QString &file : m_workspace.telemetryFiles(id))
        telemetry << QFileInfo(file).fileName();
    if (telemetry.size() > 1)
        text += QLatin1Char('\n')
            + tr("telemetry: %1 (in System Charts together)").arg(telemetry.join(QStringLiteral(", ")));
    if (r.status != LaunchRecord::Status::Failed)
        return text;
    // Why it failed is usually in its last lines (a traceback's last line, an OOM, NCCL/HCCL errors).
    QFile log(m_workspace.logPath(id));
    if (log.open(QIODevice::ReadOnly)) {
        log.seek(std::max<qint64>(0, log.size() - 4096));
        QStringList lines = QString::fromUtf8(log.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        lines = lines.mid(std::max<qsizetype>(0, lines.size() - 3));
        if (!lines.isEmpty())
            text += QStringLiteral(":\n") + lines.join(QLatin1Char('\n'));
    }
    return text;
}

void WorkspacePanel::currentChanged()
{
    const QString id = selectedIds().value(0);
    if (id.isEmpty()) {
        m_status->hide();
        return;
    }
    const LaunchRecord r = m_model->runs().value(m_model->rowOf(id));
    showStatus();
    Q_EMIT outputWanted(m_workspace.logPath(id),
                        tr("%1 — %2").arg(r.name, m_status->text().section(QLatin1Char('\n'), 0, 0)), false);
    m_telemetryOffered.clear();
    m_telemetryOfferedFiles.clear();
    offerTelemetry();
}

void WorkspacePanel::offerTelemetry()
{
    const QString id = selectedIds().value(0);
    if (id.isEmpty())
        return;
    const QStringList telemetry = m_workspace.telemetryFiles(id);
    if (telemetry.isEmpty() || (id == m_telemetryOffered && telemetry == m_telemetryOfferedFiles))
        return;
    m_telemetryOffered = id;
    m_telemetryOfferedFiles = telemetry;
    Q_EMIT telemetryWanted(telemetry);
}

void WorkspacePanel::showStatus()
{
    const QString status = statusText();
    m_status->setText(status);
    m_status->setToolTip(status);
    m_status->setVisible(!status.isEmpty());
}

void WorkspacePanel::renameSelected()
{
    const QStringList ids = selectedIds();
    if (ids.size() != 1)
        return;
    LaunchRecord r = m_workspace.load(ids.first());
    bool ok = false;
    const QString name
        = QInputDialog::getText(this, tr("Rename Run"), tr("Name:"), QLineEdit::Normal, r.name, &ok).trimmed();
    if (!ok || name.isEmpty())
        return;
    r.name = name;
    QString error;
    if (!m_workspace.save(r, &error))
        QMessageBox::warning(this, tr("Rename Run"), error);
    m_model->updateRun(r);
}

void WorkspacePanel::tagSelected()
{
    const QStringList ids = selectedIds();
    if (ids.isEmpty())
        return;
    const LaunchRecord first = m_workspace.load(ids.first());
    bool ok = false;
    const QString text = QInputDialog::getText(this, tr("Tag Runs"), tr("Tags (comma separated):"), QLineEdit::Normal,
                                               first.tags.join(QStringLiteral(", ")), &ok);
    if (!ok)
        return;
    QStringList tags;
    for (const QString &t : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        tags << t.trimmed();
    for (const QString &id : ids) {
        LaunchRecord r = m_workspace.load(id);
        r.tags = tags;
        if (m_workspace.save(r))
            m_model->updateRun(r);
    }
}

void WorkspacePanel::deleteSelected()
{
    const QStringList ids = selectedIds();
    if (ids.isEmpty())
        return;
    for (const QString &id : ids) {
        if (m_controller.isLive(id)) {
            QMessageBox::information(this, tr("Delete Runs"), tr("Stop %1 before deleting it.").arg(id));
            return;
        }
    }
    if (QMessageBox::question(this, tr("Delete Runs"),
                              tr("Move %n run(s) to %1?", nullptr, int(ids.size())).arg(m_workspace.trashDir()))
        != QMessageBox::Yes)
        return;
    for (const QString &id : ids) {
        QString error;
        if (m_workspace.moveToTrash(id, &error))
            m_model->removeRun(id);
        else
            Q_EMIT message(error);
    }
}
