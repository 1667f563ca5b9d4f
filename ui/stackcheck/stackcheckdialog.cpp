// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "stackcheckdialog.h"

#include "core/workflows/runs/runloader.h"
#include "core/base/model/verdictcolors.h"
#include "core/engines/parity/paritytext.h"
#include "core/workflows/reference/demoplan.h"
#include "core/workflows/reference/stackcheck.h"
#include "theme.h"

#include <QCloseEvent>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <memory>

StackCheckDialog::StackCheckDialog(const PluginManager &plugins, RunLoader &loader, const QStringList &sshHosts,
                                   QWidget *parent)
    : QDialog(parent)
    , m_plugins(plugins)
    , m_loader(loader)
    , m_python(new QLineEdit(QStringLiteral("python3"), this))
    , m_host(new QComboBox(this))
    , m_device(new QComboBox(this))
    , m_precision(new QComboBox(this))
    , m_reference(new QComboBox(this))
    , m_devices(new QComboBox(this))
    , m_steps(new QSpinBox(this))
    , m_folder(new QLineEdit(
          QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/stackcheck"), this))
    , m_run(new QPushButton(this))
    , m_progress(new QProgressBar(this))
    , m_stack(new QLabel(this))
    , m_verdict(new QLabel(this))
    , m_referenceInfo(new QLabel(this))
    , m_details(new QPlainTextEdit(this))
    , m_browse(new QPushButton(this))
    , m_intro(new QLabel(this))
{
    m_python->setObjectName(QStringLiteral("StackCheckPython"));
    m_host->setObjectName(QStringLiteral("StackCheckHost"));
    m_host->addItem(QString(), QString()); // "This machine", named in retranslateUi()
    for (const QString &h : sshHosts)
        m_host->addItem(h, h);
    m_host->setEditable(true);
    m_device->setObjectName(QStringLiteral("StackCheckDevice"));
    StackCheckRequest backends;
    StackCheck::useBackends(plugins, backends);
    m_device->addItems(StackCheck::deviceChoices(backends.pluginDevices));
    m_precision->setObjectName(QStringLiteral("StackCheckPrecision"));
    m_precision->addItems(StackCheck::precisionChoices());
    m_reference->setObjectName(QStringLiteral("StackCheckReference"));
    m_reference->addItems(StackCheck::referenceChoices());
    m_devices->setObjectName(QStringLiteral("StackCheckDevices"));
    for (int n = 1; n <= StackCheck::batchSize; n *= 2)
        m_devices->addItem(QString::number(n), n);
    m_steps->setObjectName(QStringLiteral("StackCheckSteps"));
    m_steps->setRange(1, StackCheck::scheduleSteps);
    m_steps->setValue(StackCheck::scheduleSteps);
    m_folder->setObjectName(QStringLiteral("StackCheckFolder"));
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Stack Check Folder"), m_folder->text());
        if (!dir.isEmpty())
            m_folder->setText(dir);
    });
    auto *folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder);
    folderRow->addWidget(m_browse);

    auto *form = new QFormLayout;
    const auto addRow = [this, form](QWidget *buddy, QLayout *fieldLayout) {
        auto *label = new QLabel(this);
        label->setBuddy(buddy);
        m_formLabels << label;
        if (fieldLayout)
            form->addRow(label, fieldLayout);
        else
            form->addRow(label, buddy);
    };
    for (QWidget *field :
         std::initializer_list<QWidget *>{m_python, m_host, m_device, m_precision, m_reference, m_devices, m_steps})
        addRow(field, nullptr);
    addRow(m_folder, folderRow);

    m_run->setObjectName(QStringLiteral("StackCheckRun"));
    m_run->setDefault(true);
    connect(m_run, &QPushButton::clicked, this, &StackCheckDialog::start);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_run, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);

    m_progress->setObjectName(QStringLiteral("StackCheckProgress"));
    m_progress->setValue(0);
    m_stack->setObjectName(QStringLiteral("StackCheckStack"));
    m_stack->setWordWrap(true);
    m_stack->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setObjectName(QStringLiteral("StackCheckVerdict"));
    QFont big = m_verdict->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.4);
    m_verdict->setFont(big);
    m_referenceInfo->setObjectName(QStringLiteral("StackCheckReferenceInfo"));
    m_referenceInfo->setWordWrap(true);
    m_referenceInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setObjectName(QStringLiteral("StackCheckDetails"));
    m_details->setReadOnly(true);
    m_intro->setWordWrap(true);
    // Lines of a readable length: a wrapped label alone would make the dialog open narrow, its
    // intro five lines high, and leave the form's fields too little height.
    m_intro->setMinimumWidth(m_intro->fontMetrics().averageCharWidth() * 60);

    // What a run writes (the stack line, the verdict, the reference's provenance) wraps to any
    // height: it scrolls in its own area, so it can neither squeeze the form's fields nor run over
    // the buttons (a dialog's layout does not grow for word-wrapped labels).
    auto *outcome = new QWidget;
    auto *outcomeLayout = new QVBoxLayout(outcome);
    outcomeLayout->setContentsMargins(0, 0, 0, 0);
    outcomeLayout->addWidget(m_stack);
    outcomeLayout->addWidget(m_verdict);
    outcomeLayout->addWidget(m_referenceInfo);
    outcomeLayout->addStretch(1);
    auto *outcomeArea = new QScrollArea(this);
    outcomeArea->setObjectName(QStringLiteral("StackCheckOutcome"));
    outcomeArea->setWidget(outcome);
    outcomeArea->setWidgetResizable(true);
    outcomeArea->setFrameShape(QFrame::NoFrame);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(outcomeArea, 1);
    layout->addWidget(m_details, 2);
    layout->addWidget(buttons);
    retranslateUi();
}

void StackCheckDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

void StackCheckDialog::retranslateUi()
{
    setWindowTitle(tr("Stack Check"));
    m_intro->setText(tr("Trains PortBench's reference GPT in the Python stack given here (its torch, device "
                        "extension, toolkit, driver and collective library) and judges the loss curve "
                        "against the reference curve shipped with PortBench."));
    m_python->setToolTip(tr("The interpreter of the stack to check, on the chosen machine; it needs torch, and "
                            "torch_npu or torch_musa for an NPU or MUSA device"));
    m_host->setItemText(0, tr("This machine"));
    m_host->setToolTip(tr("SSH hosts come from ~/.ssh/config; the system ssh is used, and the log is followed live"));
    m_device->setToolTip(tr("auto: the first accelerator torch sees, else the CPU"));
    m_precision->setToolTip(tr("bf16 trains under torch.autocast with fp32 master weights"));
    m_reference->setToolTip(tr("The shipped reference curve to judge against; auto: CUDA's when this build ships "
                               "it, else the CPU's (the verdict says which)"));
    m_devices->setToolTip(tr("Data-parallel processes on one node (DDP over nccl, hccl, mccl; gloo on the CPU)"));
    m_steps->setToolTip(tr("The first N steps of the fixed %1-step schedule").arg(StackCheck::scheduleSteps));
    m_folder->setToolTip(tr("Each check writes a new folder here: the workload, the run's log and the reference copy"));
    m_browse->setText(tr("…"));
    m_browse->setToolTip(tr("Choose the folder"));
    const QStringList labels{tr("&Python:"),    tr("&Host:"),      tr("&Device:"), tr("P&recision:"),
                             tr("Re&ference:"), tr("Pro&cesses:"), tr("&Steps:"),  tr("&Folder:")};
    for (int i = 0; i < m_formLabels.size(); ++i)
        m_formLabels.at(i)->setText(labels.at(i));
    m_run->setText(tr("&Run"));
    if (m_outcomeShown)
        showOutcome();
}

StackCheckDialog::~StackCheckDialog()
{
    m_future.waitForFinished();
}

StackCheckRequest StackCheckDialog::request() const
{
    StackCheckRequest r;
    StackCheck::useBackends(m_plugins, r);
    r.python = m_python->text().trimmed();
    const int hostIndex = m_host->findText(m_host->currentText());
    r.target.host = hostIndex >= 0 ? m_host->itemData(hostIndex).toString() : m_host->currentText().trimmed();
    r.device = m_device->currentText();
    r.precision = m_precision->currentText();
    r.reference = m_reference->currentText();
    r.devices = m_devices->currentData().toInt();
    r.steps = m_steps->value();
    r.outDir = DemoPlan::newOutputDir(m_folder->text().trimmed(), QStringLiteral("portbench-stackcheck"));
    return r;
}

void StackCheckDialog::start()
{
    if (isRunning())
        return;
    const StackCheckRequest r = request();
    m_outcomeShown = false;
    m_verdict->clear();
    m_referenceInfo->clear();
    m_stack->clear();
    m_details->clear();
    m_progress->setRange(0, r.steps);
    m_progress->setValue(0);
    if (const QString error = r.validate(); !error.isEmpty()) {
        m_details->setPlainText(tr("Not started: %1").arg(error));
        return;
    }
    m_charted = false;
    Q_EMIT message([r] {
        const QString where = r.target.isLocal() ? tr("this machine") : r.target.host;
        return tr("Stack check: %1 on %2, device %3, %4, %5 process(es), %6 steps; folder %7")
            .arg(r.python, where, r.device, r.precision)
            .arg(r.devices)
            .arg(r.steps)
            .arg(r.outDir);
    });
    setRunning(true);
    const QString log = StackCheck::logPath(r);
    // Records come on the worker thread; each is handed to the GUI thread. The destructor waits
    // for the worker, so `this` outlives every queued call.
    m_future = QtConcurrent::run(&m_pool, [this, r, log] {
        const StackCheckOutcome outcome = StackCheck::run(r, [this, log, steps = r.steps](const QJsonObject &record) {
            QMetaObject::invokeMethod(this, [this, record, log, steps] { onRecord(record, log, steps); });
        });
        QMetaObject::invokeMethod(this, [this, outcome] { onFinished(outcome); });
    });
}

void StackCheckDialog::onRecord(const QJsonObject &record, const QString &log, int steps)
{
    if (record.value(QStringLiteral("event")) == QLatin1String("start")) {
        const QString line = StackCheck::environmentLine(record.value(QStringLiteral("environment")).toObject());
        m_stack->setText(tr("Stack: %1").arg(line));
        Q_EMIT message([line] { return tr("Stack check: stack %1").arg(line); });
        return;
    }
    if (!record.contains(QStringLiteral("step")))
        return;
    const TrainStep s = StackCheck::stepOf(record);
    m_progress->setValue(s.step);
    m_progress->setFormat(tr("step %1/%2, loss %3").arg(s.step).arg(steps).arg(s.loss, 0, 'f', 4));
    if (!m_charted) { // the loader follows the growing log from here on: live curves in the charts
        m_charted = true;
        m_loader.open(log);
    }
}

void StackCheckDialog::onFinished(const StackCheckOutcome &outcome)
{
    m_outcome = outcome;
    m_outcomeShown = true;
    setRunning(false);
    showOutcome();
    if (outcome.status == StackCheckOutcome::Status::Judged) {
        // The reference beside the run in the charts (and the Parity dock's lists).
        m_loader.open(outcome.referencePath);
    }
    // Each line composed again from the outcome in a new language (one shared copy of it).
    const auto shared = std::make_shared<const StackCheckOutcome>(outcome);
    for (int i = 0; i < int(outcomeLines(outcome).size()); ++i)
        Q_EMIT message([shared, i] { return outcomeLines(*shared).value(i); });
    Q_EMIT finished(outcome);
}

QStringList StackCheckDialog::outcomeLines(const StackCheckOutcome &outcome)
{
    if (outcome.status != StackCheckOutcome::Status::Judged) {
        return {(outcome.status == StackCheckOutcome::Status::RunFailed ? tr("Stack check failed: %1")
                                                                        : tr("Stack check not judged: %1"))
                    .arg(outcome.error)};
    }
    QStringList lines = outcome.notes;
    lines << ParityText::summary(outcome.parity);
    lines << QString() << tr("Run log: %1").arg(QDir::toNativeSeparators(outcome.logPath))
          << tr("Reference copy: %1").arg(QDir::toNativeSeparators(outcome.referencePath))
          << tr("Look closer: portbench-cli parity %1 %2 --preset stackcheck")
                 .arg(outcome.referencePath, outcome.logPath);
    return lines;
}

void StackCheckDialog::showOutcome()
{
    const StackCheckOutcome &outcome = m_outcome;
    m_details->setPlainText(outcomeLines(outcome).join(QLatin1Char('\n')));
    if (outcome.status != StackCheckOutcome::Status::Judged) {
        m_verdict->setText(outcome.status == StackCheckOutcome::Status::RunFailed ? tr("Run failed")
                                                                                  : tr("Not judged"));
        return;
    }
    const QString verdict = ParityResult::verdictName(outcome.parity.verdict);
    m_verdict->setText(tr("Verdict: %1").arg(verdict));
    const bool fail = outcome.parity.verdict == ParityResult::Verdict::Fail;
    m_verdict->setStyleSheet(
        fail ? QStringLiteral("color: ")
                + VerdictColors::css(VerdictColors::strong(VerdictColors::Level::Fail, Theme::isDark(palette())))
             : QString());
    m_referenceInfo->setText(
        tr("Judged against the shipped %1 reference, %2").arg(outcome.referenceDevice, outcome.referenceProvenance));
}

void StackCheckDialog::setRunning(bool running)
{
    m_running = running;
    m_run->setEnabled(!running);
    for (QWidget *field : std::initializer_list<QWidget *>{m_python, m_host, m_device, m_precision, m_reference,
                                                           m_devices, m_steps, m_folder})
        field->setEnabled(!running);
    Q_EMIT runningChanged(running);
}

void StackCheckDialog::closeEvent(QCloseEvent *event)
{
    // A running check goes on (its log stays charted); the dialog is only hidden.
    hide();
    event->ignore();
}
