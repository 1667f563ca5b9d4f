// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "launchdialog.h"

#include "core/sources/config/backendprofiles.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>

LaunchDialog::LaunchDialog(const QStringList &sshHosts, QWidget *parent)
    : QDialog(parent)
    , m_command(new QLineEdit(this))
    , m_name(new QLineEdit(this))
    , m_backend(new QComboBox(this))
    , m_host(new QComboBox(this))
    , m_workDir(new QLineEdit(QDir::currentPath(), this))
    , m_env(new QPlainTextEdit(this))
    , m_tags(new QLineEdit(this))
    , m_detach(new QCheckBox(tr("&Detached: keeps running after PortBench quits (setsid + nohup)"), this))
{
    setWindowTitle(tr("Launch Run"));
    m_command->setPlaceholderText(tr("torchrun --nproc_per_node=8 pretrain_gpt.py --tensor-model-parallel-size 2 …"));
    m_command->setToolTip(tr("Split into arguments like a shell would (quotes respected), but run without a shell. "
                             "Wrap it in bash -c '…' for pipes or redirections."));
    m_name->setPlaceholderText(tr("defaults to the program name"));
    m_backend->addItems(QStringList{QString()} + BackendProfiles::ids()); // the loaded backend plugins
    m_backend->setToolTip(tr("Which device the run trains on; used to pair runs for parity."));
    m_host->addItem(tr("This machine"), QString());
    for (const QString &h : sshHosts)
        m_host->addItem(h, h);
    m_host->setEditable(true);
    m_host->setToolTip(tr("SSH hosts come from ~/.ssh/config; the system ssh is used, so ProxyJump, agents and "
                          "ControlMaster work. Remote runs always start detached."));
    // The example names a loaded backend's own variable (ASCEND_RT_VISIBLE_DEVICES, …).
    const QList<BackendProfile> &backends = BackendProfiles::installed();
    m_env->setPlaceholderText(tr("One NAME=value per line, e.g. %1=0,1,2,3")
                                  .arg(backends.isEmpty() ? QStringLiteral("CUDA_VISIBLE_DEVICES")
                                                          : backends.constFirst().info.visibleDevicesVariable));
    m_env->setTabChangesFocus(true);
    m_env->setMaximumHeight(90);
    m_tags->setPlaceholderText(tr("comma separated"));

    auto browse = new QPushButton(tr("…"), this);
    browse->setToolTip(tr("Choose the working directory"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Working Directory"), m_workDir->text());
        if (!dir.isEmpty())
            m_workDir->setText(dir);
    });
    auto workRow = new QHBoxLayout;
    workRow->addWidget(m_workDir);
    workRow->addWidget(browse);
    connect(m_host, &QComboBox::currentIndexChanged, this, [this] {
        const bool remote = m_host->currentIndex() > 0;
        m_detach->setEnabled(!remote);
        if (remote) {
            m_detach->setChecked(true);
            m_workDir->clear();
            m_workDir->setPlaceholderText(tr("remote login directory"));
        }
    });

    auto form = new QFormLayout;
    form->addRow(tr("&Command:"), m_command);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Backend:"), m_backend);
    form->addRow(tr("&Host:"), m_host);
    // The field is a row of widgets: the label needs the line edit as its buddy, or it shows the '&'.
    auto workLabel = new QLabel(tr("&Working dir:"), this);
    workLabel->setBuddy(m_workDir);
    form->addRow(workLabel, workRow);
    form->addRow(tr("&Environment:"), m_env);
    form->addRow(tr("&Tags:"), m_tags);
    form->addRow(QString(), m_detach);
    auto buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Launch"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(640, sizeHint().height());
}

LaunchRecord LaunchDialog::record(QString *error) const
{
    LaunchRecord r;
    r.command = QProcess::splitCommand(m_command->text());
    if (r.command.isEmpty()) {
        *error = tr("Enter a command to run.");
        return r;
    }
    r.name = m_name->text().trimmed();
    r.backend = m_backend->currentText();
    const QString host = m_host->currentText().trimmed();
    r.host = host == m_host->itemText(0) ? QString() : host;
    r.workingDir = m_workDir->text().trimmed();
    const QStringList lines = m_env->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &line : lines) {
        const int eq = line.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            *error = tr("Environment line \"%1\" is not KEY=VALUE.").arg(line);
            return r;
        }
        r.env.insert(line.left(eq).trimmed(), line.mid(eq + 1));
    }
    for (const QString &t : m_tags->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        r.tags << t.trimmed();
    r.kind = !r.host.isEmpty()
        ? LaunchRecord::Kind::Remote
        : (m_detach->isChecked() ? LaunchRecord::Kind::LocalDetached : LaunchRecord::Kind::Local);
    error->clear();
    return r;
}

void LaunchDialog::accept()
{
    QString error;
    record(&error);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, windowTitle(), error);
        return;
    }
    QDialog::accept();
}
