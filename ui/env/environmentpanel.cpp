// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "environmentpanel.h"

#include "core/sources/plugins/devicebackend.h"
#include "core/base/exec/commandrunner.h"
#include "core/sources/env/envprobe.h"
#include "core/sources/env/pythonprobe.h"
#include "core/base/i18n/languagechange.h"
#include "core/sources/plugins/pluginmanager.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QEvent>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace {
/// Adds a status icon to the Status column; the model itself stays widget-free in core.
class StatusIconModel : public QIdentityProxyModel
{
public:
    using QIdentityProxyModel::QIdentityProxyModel;
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role == Qt::DecorationRole && index.column() == EnvCheckModel::StatusColumn) {
            switch (EnvCheck::Status(QIdentityProxyModel::data(index, EnvCheckModel::StatusRole).toInt())) {
            case EnvCheck::Status::Ok: return qApp->style()->standardIcon(QStyle::SP_DialogApplyButton);
            case EnvCheck::Status::Warn: return qApp->style()->standardIcon(QStyle::SP_MessageBoxWarning);
            case EnvCheck::Status::Fail: return qApp->style()->standardIcon(QStyle::SP_MessageBoxCritical);
            case EnvCheck::Status::Skipped: return qApp->style()->standardIcon(QStyle::SP_MessageBoxInformation);
            }
        }
        return QIdentityProxyModel::data(index, role);
    }
};
}

EnvironmentPanel::EnvironmentPanel(const PluginManager &plugins, QWidget *parent)
    : QWidget(parent)
    , m_plugins(plugins)
    , m_host(new QComboBox(this))
    , m_python(new QComboBox(this))
    , m_backend(new QComboBox(this))
    , m_runButton(new QPushButton(this))
    , m_copyButton(new QPushButton(this))
    , m_busy(new QProgressBar(this))
    , m_summary(new QLabel(this))
    , m_hostLabel(new QLabel(this))
    , m_pythonLabel(new QLabel(this))
    , m_backendLabel(new QLabel(this))
{
    m_host->setEditable(true);
    m_host->addItem(QString()); // "this machine", named in retranslateUi()
    m_python->setEditable(true);
    m_python->addItem(QStringLiteral("python3"));
    m_backend->addItem(QStringLiteral("auto"));
    for (const LoadedBackend &b : m_plugins.backends())
        m_backend->addItem(b.backend->info().id);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->hide();
    m_runButton->setShortcut(QKeySequence(Qt::Key_F5));
    connect(m_copyButton, &QPushButton::clicked, this, [this] {
        QGuiApplication::clipboard()->setText(m_report.toMarkdown());
        Q_EMIT message([] { return tr("Environment report copied as Markdown"); });
    });
    connect(m_runButton, &QPushButton::clicked, this, &EnvironmentPanel::run);

    auto proxy = new StatusIconModel(this);
    proxy->setSourceModel(&m_model);
    auto table = new QTableView(this);
    table->setModel(proxy);
    table->setWordWrap(true);
    table->horizontalHeader()->setStretchLastSection(true);
    table->horizontalHeader()->setSectionResizeMode(EnvCheckModel::FoundColumn, QHeaderView::Interactive);
    table->verticalHeader()->hide();

    auto bar = new QHBoxLayout;
    bar->addWidget(m_hostLabel);
    bar->addWidget(m_host, 2);
    bar->addWidget(m_pythonLabel);
    bar->addWidget(m_python, 2);
    bar->addWidget(m_backendLabel);
    bar->addWidget(m_backend);
    bar->addWidget(m_runButton);
    bar->addWidget(m_copyButton);
    bar->addWidget(m_busy);
    auto layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_summary);
    layout->addWidget(table);

    // Fill the interpreter list without blocking the window.
    auto discovery = new QFutureWatcher<QStringList>(this);
    connect(discovery, &QFutureWatcher<QStringList>::finished, this, [this, discovery] {
        for (const QString &p : discovery->result()) {
            if (m_python->findText(p) < 0)
                m_python->addItem(p);
        }
        discovery->deleteLater();
    });
    discovery->setFuture(QtConcurrent::run(&m_jobs, [] { return PythonProbe::discover(CommandRunner()); }));
    retranslateUi();
}

void EnvironmentPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void EnvironmentPanel::retranslateUi()
{
    m_runButton->setText(tr("&Run Checks"));
    m_runButton->setToolTip(tr("Run all checks again (F5)"));
    m_copyButton->setText(tr("Copy as &Markdown"));
    m_copyButton->setToolTip(tr("Copy the table as Markdown, ready for an issue or a report"));
    m_hostLabel->setText(tr("Host:"));
    m_host->setItemText(0, tr("this machine"));
    m_host->setToolTip(tr("An SSH destination or Host alias from ~/.ssh/config (key-based login; BatchMode)"));
    m_pythonLabel->setText(tr("Python:"));
    m_python->setToolTip(tr("Interpreter whose torch / torch_npu / torch_musa are checked"));
    m_backendLabel->setText(tr("Backend:"));
    m_backend->setToolTip(tr("The device backend to check; auto checks every loaded backend"));
    if (isRunning())
        m_summary->setText(tr("Checking…"));
    else if (!m_report.checks.isEmpty())
        showSummary();
    LanguageChange::notifyModel(&m_model);
}

bool EnvironmentPanel::isRunning() const
{
    return m_running > 0;
}

void EnvironmentPanel::run()
{
    const int generation = ++m_generation;
    ++m_running;
    m_busy->show();
    m_summary->setText(tr("Checking…"));
    SshTarget target;
    if (m_host->currentIndex() != 0 || m_host->currentText() != m_host->itemText(0))
        target.host = m_host->currentText().trimmed();
    const EnvRequest request{m_backend->currentText(), m_python->currentText().trimmed(), QStringLiteral(".")};
    const QList<const DeviceBackend *> backends = m_plugins.deviceBackends();
    auto watcher = new QFutureWatcher<EnvReport>(this);
    connect(watcher, &QFutureWatcher<EnvReport>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        --m_running;
        if (generation == m_generation) { // an older run finishing late must not overwrite a newer one
            m_busy->hide();
            show(watcher->result());
        }
        Q_EMIT finished();
    });
    watcher->setFuture(QtConcurrent::run(&m_jobs, [backends, target, request] {
        return EnvProbe(backends, CompatMatrix::fromBackends(backends)).run(CommandRunner(target, 60000), request);
    }));
}

void EnvironmentPanel::show(const EnvReport &report)
{
    m_report = report;
    m_model.setChecks(report.checks);
    showSummary();
}

void EnvironmentPanel::showSummary()
{
    const EnvReport &report = m_report;
    m_summary->setText(tr("%1: %2 ok, %3 warn, %4 fail, %5 skipped")
                           .arg(report.host)
                           .arg(report.count(EnvCheck::Status::Ok))
                           .arg(report.count(EnvCheck::Status::Warn))
                           .arg(report.count(EnvCheck::Status::Fail))
                           .arg(report.count(EnvCheck::Status::Skipped)));
}
