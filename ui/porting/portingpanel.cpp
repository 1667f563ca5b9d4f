// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "porting/portingpanel.h"

#include "core/sources/plugins/devicebackend.h"
#include "core/base/i18n/languagechange.h"
#include "core/sources/plugins/pluginmanager.h"
#include "core/engines/porting/portchecker.h"
#include "porting/portdiffview.h"
#include "core/engines/porting/portengine.h"
#include "core/engines/porting/portfindingsfilter.h"
#include "core/engines/porting/portfindingsmodel.h"
#include "core/engines/porting/portreport.h"
#include "core/engines/porting/portruleset.h"
#include "core/engines/porting/portscanner.h"
#include "core/engines/porting/portwriter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace {
/// The severity filter boxes, in order.
constexpr Port::Severity severities[] = {Port::Severity::AutoFix, Port::Severity::Manual, Port::Severity::Unsupported};
} // namespace

PortingPanel::PortingPanel(const PluginManager &plugins, QWidget *parent)
    : QWidget(parent)
    , m_plugins(plugins)
    , m_path(new QLineEdit(this))
    , m_target(new QComboBox(this))
    , m_reverse(new QCheckBox(this))
    , m_transfer(new QCheckBox(this))
    , m_browse(new QPushButton(this))
    , m_scan(new QPushButton(this))
    , m_check(new QPushButton(this))
    , m_cancel(new QPushButton(this))
    , m_progress(new QProgressBar(this))
    , m_summary(new QLabel(this))
    , m_showLabel(new QLabel(this))
    , m_file(new QComboBox(this))
    , m_filterText(new QLineEdit(this))
    , m_table(new QTableView(this))
    , m_model(new PortFindingsModel(this))
    , m_filter(new PortFindingsFilter(this))
    , m_diff(new PortDiffView(this))
    , m_apply(new QPushButton(this))
    , m_export(new QPushButton(this))
{
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Project to port"), m_path->text());
        if (!dir.isEmpty())
            m_path->setText(dir);
    });
    // Product names from each plugin (the same in every language).
    for (const QString &id : PortRuleSet::targets(m_plugins))
        m_target->addItem(m_plugins.backend(id)->info().displayName, id);
    m_scan->setShortcut(QKeySequence(Qt::Key_F5));
    m_cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancel->setEnabled(false);
    m_progress->setVisible(false);
    connect(m_scan, &QPushButton::clicked, this, &PortingPanel::scan);
    connect(m_check, &QPushButton::clicked, this, &PortingPanel::checkPort);
    connect(m_cancel, &QPushButton::clicked, this, &PortingPanel::cancel);
    connect(m_path, &QLineEdit::returnPressed, this, &PortingPanel::scan);
    connect(m_target, &QComboBox::currentIndexChanged, this, &PortingPanel::updateAutomaticMigration);
    connect(m_reverse, &QCheckBox::toggled, this, &PortingPanel::updateAutomaticMigration);
    updateAutomaticMigration();
    // Findings of another target, direction or source must not look current, nor be applied.
    connect(m_path, &QLineEdit::textChanged, this, &PortingPanel::updateOutdated);
    connect(m_target, &QComboBox::currentIndexChanged, this, &PortingPanel::updateOutdated);
    connect(m_reverse, &QCheckBox::toggled, this, &PortingPanel::updateOutdated);
    connect(m_transfer, &QCheckBox::toggled, this, &PortingPanel::updateOutdated);

    // The source on a row of its own: beside the target and the buttons it was squeezed to a
    // few letters ("CUD…") in a 1024 px window.
    m_path->setObjectName(QStringLiteral("portSource"));
    auto source = new QHBoxLayout;
    source->addWidget(m_path, 1);
    source->addWidget(m_browse);
    auto top = new QHBoxLayout;
    top->addWidget(m_target);
    top->addWidget(m_reverse);
    top->addWidget(m_transfer);
    top->addStretch(1);
    top->addWidget(m_scan);
    top->addWidget(m_check);
    top->addWidget(m_cancel);

    auto filters = new QHBoxLayout;
    filters->addWidget(m_showLabel);
    for (Port::Severity s : severities) {
        auto box = new QCheckBox(this);
        box->setChecked(true);
        connect(box, &QCheckBox::toggled, this, [this, s](bool on) { m_filter->setSeverityVisible(s, on); });
        filters->addWidget(box);
        m_severityBoxes << box;
    }
    m_filterText->setClearButtonEnabled(true);
    connect(m_filterText, &QLineEdit::textChanged, m_filter, &PortFindingsFilter::setText);
    filters->addWidget(m_filterText, 1);
    connect(m_file, &QComboBox::currentIndexChanged, this, [this] {
        const QString path = m_file->currentData().toString();
        m_filter->setFile(path);
        showFile(path);
    });
    filters->addWidget(m_file);

    m_filter->setSourceModel(m_model);
    m_table->setModel(m_filter);
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!current.isValid())
                    return;
                const QModelIndex source = m_filter->mapToSource(current);
                const Port::Finding &f = m_model->finding(source.row());
                showFile(f.file);
                m_diff->showOriginalLine(f.line);
            });

    auto splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_diff);
    splitter->setStretchFactor(1, 2);

    auto applyMenu = new QMenu(this);
    m_writeCopyAction = applyMenu->addAction(QString(), this, &PortingPanel::applyToNewTree);
    m_rewriteAction = applyMenu->addAction(QString(), this, &PortingPanel::applyInPlace);
    m_apply->setMenu(applyMenu);
    connect(m_export, &QPushButton::clicked, this, &PortingPanel::exportReport);
    auto bottom = new QHBoxLayout;
    bottom->addWidget(m_summary, 1);
    bottom->addWidget(m_progress);
    bottom->addWidget(m_apply);
    bottom->addWidget(m_export);
    m_apply->setEnabled(false);
    m_export->setEnabled(false);

    auto layout = new QVBoxLayout(this);
    layout->addLayout(source);
    layout->addLayout(top);
    layout->addLayout(filters);
    layout->addWidget(splitter, 1);
    layout->addLayout(bottom);
    setAcceptDrops(true);
    retranslateUi();
}

void PortingPanel::updateAutomaticMigration()
{
    // Only a backend whose porting rules name an automatic migration import offers it.
    const QString target = m_target->currentData().toString();
    const QString import
        = target.isEmpty() ? QString() : PortRuleSet::fromBackends(m_plugins, target, false).transferImport;
    m_transfer->setEnabled(!m_reverse->isChecked() && !import.isEmpty());
    m_transfer->setToolTip(import.isEmpty()
                               ? tr("The selected device's porting rules have no automatic migration import")
                               : tr("Also add '%1' to entry points").arg(import));
}

void PortingPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void PortingPanel::retranslateUi()
{
    m_path->setPlaceholderText(tr("CUDA training repository or .py file (drop one here)"));
    m_browse->setText(tr("Browse…"));
    //: Port in the opposite direction (from the device back to CUDA)
    m_reverse->setText(tr("Reverse"));
    m_reverse->setToolTip(tr("Port code written for the selected device back to CUDA (A/B experiments)"));
    //: A backend's import that patches torch.cuda at run time (Ascend: transfer_to_npu)
    m_transfer->setText(tr("Automatic migration"));
    updateAutomaticMigration();
    m_scan->setText(tr("Scan"));
    m_scan->setToolTip(tr("Scan and port in memory; nothing is written (F5)"));
    m_check->setText(tr("Check Port"));
    m_check->setToolTip(tr("Verify an already ported tree for the selected device: CUDA calls, device strings and "
                           "backend names left, extension API without its import, files that do not compile"));
    m_cancel->setText(tr("Cancel"));
    //: Label before the severity check boxes that filter the findings
    m_showLabel->setText(tr("Show:"));
    for (int i = 0; i < m_severityBoxes.size(); ++i)
        m_severityBoxes.at(i)->setText(PortFindingsModel::severityText(severities[i]));
    m_filterText->setPlaceholderText(tr("Filter rule, message, file…"));
    m_file->setToolTip(tr("File shown in the diff; findings are limited to it unless 'All files' is chosen"));
    if (m_file->count() > 0)
        m_file->setItemText(0, tr("All files"));
    m_writeCopyAction->setText(tr("Write Ported Copy…"));
    m_rewriteAction->setText(tr("Rewrite In Place (keeps .orig backups)…"));
    m_apply->setText(tr("Apply"));
    m_apply->setToolTip(tr("Write the port: a new tree beside the source, or the source itself with .orig backups"));
    m_export->setText(tr("Export Report…"));
    if (!m_scan->isEnabled())
        m_summary->setText(tr("Scanning…"));
    else if (!m_result.files.isEmpty() || !m_result.errors.isEmpty())
        showSummary();
    LanguageChange::notifyModel(m_model);
}

PortingPanel::~PortingPanel()
{
    if (m_cancelFlag)
        m_cancelFlag->store(true);
}

void PortingPanel::openPath(const QString &path)
{
    m_path->setText(path);
    scan();
}

void PortingPanel::scan()
{
    start(false);
}

void PortingPanel::checkPort()
{
    start(true);
}

void PortingPanel::start(bool check)
{
    const QString path = m_path->text().trimmed();
    if (path.isEmpty() || !QFileInfo::exists(path)) {
        Q_EMIT message([path] { return tr("Porting: %1: no such file or folder").arg(path); });
        return;
    }
    const PortRuleSet rules
        = PortRuleSet::fromBackends(m_plugins, m_target->currentData().toString(), m_reverse->isChecked() && !check);
    if (!rules) {
        Q_EMIT message([error = rules.error] { return tr("Porting: %1").arg(error); });
        return;
    }
    Port::Options options;
    options.automaticMigration = !check && m_transfer->isEnabled() && m_transfer->isChecked();
    const QString python = check ? QStandardPaths::findExecutable(QStringLiteral("python3")) : QString();
    m_checking = check;
    if (m_cancelFlag)
        m_cancelFlag->store(true);
    auto cancelFlag = std::make_shared<std::atomic_bool>(false);
    m_cancelFlag = cancelFlag;
    const int generation = ++m_generation;
    const QString inputs = inputsKey(check);
    setBusy(true);
    QPointer<PortingPanel> self(this);
    auto watcher = new QFutureWatcher<Port::Result>(this);
    connect(watcher, &QFutureWatcher<Port::Result>::finished, this, [this, watcher, generation, inputs] {
        watcher->deleteLater();
        if (generation != m_generation) // a newer scan started: this result is stale
            return;
        m_resultInputs = inputs;
        setBusy(false);
        setResult(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(&m_jobs, [rules, options, path, cancelFlag, self, generation, check, python] {
        const PortEngine engine(rules, options);
        const PortScanner::Progress progress = [&](int done, int total) {
            QMetaObject::invokeMethod(
                self.data(),
                [self, generation, done, total] {
                    if (self && self->m_generation == generation) {
                        self->m_progress->setMaximum(total);
                        self->m_progress->setValue(done);
                    }
                },
                Qt::QueuedConnection);
            return !cancelFlag->load();
        };
        return check ? PortChecker(engine).check(path, python, progress) : PortScanner(engine).scan(path, progress);
    }));
}

void PortingPanel::cancel()
{
    if (m_cancelFlag)
        m_cancelFlag->store(true);
}

void PortingPanel::setBusy(bool busy)
{
    m_scan->setEnabled(!busy);
    m_check->setEnabled(!busy);
    m_cancel->setEnabled(busy);
    m_progress->setVisible(busy);
    m_progress->setValue(0);
    if (busy)
        m_summary->setText(tr("Scanning…"));
}

void PortingPanel::setResult(const Port::Result &result)
{
    m_result = result;
    m_model->setFindings(result.findings());
    m_table->resizeColumnsToContents();
    {
        const QSignalBlocker block(m_file);
        m_file->clear();
        m_file->addItem(tr("All files"), QString());
        for (const Port::FileResult &f : result.files) {
            if (f.isPython)
                m_file->addItem(f.changed() ? f.path + QStringLiteral(" *") : f.path, f.path);
        }
    }
    m_filter->setFile(QString());
    m_diff->clear();
    for (const Port::FileResult &f : result.files) {
        if (f.changed()) {
            showFile(f.path);
            break;
        }
    }
    m_export->setEnabled(!result.files.isEmpty() || !result.errors.isEmpty());
    for (const Port::Finding &e : result.errors)
        Q_EMIT message([text = e.message] { return tr("Porting: %1").arg(text); });
    updateOutdated();
    // Composed again from the result when the language changes.
    Q_EMIT message([result = withoutTexts(m_result), checking = m_checking, outdated = isResultOutdated()] {
        return tr("Porting: %1").arg(summaryLine(result, checking, outdated));
    });
    Q_EMIT scanFinished();
}

QString PortingPanel::inputsKey(bool check) const
{
    const bool reverse = m_reverse->isChecked() && !check;
    const bool transfer = !check && m_transfer->isEnabled() && m_transfer->isChecked();
    return QStringLiteral("%1|%2|%3|%4|%5")
        .arg(m_path->text().trimmed(), m_target->currentData().toString())
        .arg(reverse)
        .arg(transfer)
        .arg(check);
}

bool PortingPanel::isResultOutdated() const
{
    return !m_resultInputs.isEmpty() && inputsKey(m_checking) != m_resultInputs;
}

void PortingPanel::updateOutdated()
{
    if (m_resultInputs.isEmpty() || !m_scan->isEnabled())
        return;
    const bool outdated = isResultOutdated();
    // A check has nothing to write; an outdated port would write another target's edits.
    m_apply->setEnabled(!outdated && !m_result.canceled && !m_result.files.isEmpty() && !m_checking);
    m_table->setEnabled(!outdated);
    m_diff->setEnabled(!outdated);
    showSummary();
}

void PortingPanel::showSummary()
{
    m_summary->setToolTip(PortReport::summaryText(m_result));
    m_summary->setText(summaryLine(m_result, m_checking, isResultOutdated()));
}

Port::Result PortingPanel::withoutTexts(Port::Result result)
{
    // A message lives as long as the Messages dock: it must not hold every scanned tree's sources.
    // What changed stays told apart (FileResult::changed() compares the two texts).
    for (Port::FileResult &f : result.files) {
        const bool changed = f.changed();
        f.original.clear();
        f.ported = changed ? QStringLiteral("changed") : QString();
    }
    return result;
}

QString PortingPanel::summaryLine(const Port::Result &result, bool checking, bool outdated)
{
    QString text;
    if (!checking)
        text = PortReport::summaryText(result).section(QLatin1Char('\n'), 0, 0);
    else if (result.findings().isEmpty())
        text = tr("Check: clean, nothing CUDA-only left");
    else
        text = tr("Check: %n finding(s) left", nullptr, int(result.findings().size()));
    //: %1 is the summary of a scan made for another target, direction or source than the one now chosen.
    return outdated ? tr("Outdated (the target or source changed; scan again): %1").arg(text) : text;
}

void PortingPanel::showFile(const QString &path)
{
    for (const Port::FileResult &f : std::as_const(m_result.files)) {
        if (f.path == path && f.isPython) {
            m_diff->setTexts(f.original, f.ported);
            return;
        }
    }
}

void PortingPanel::applyToNewTree()
{
    const QString suggested = PortWriter::defaultOutput(m_result);
    const QString out = m_result.singleFile
        ? QFileDialog::getSaveFileName(this, tr("Write Ported File"), suggested, tr("Python (*.py)"))
        : QFileDialog::getExistingDirectory(this, tr("Write Ported Copy Into"), QFileInfo(suggested).absolutePath());
    if (out.isEmpty())
        return;
    // Choosing the parent folder means "the default name inside it".
    const QString target
        = !m_result.singleFile && QFileInfo(out).absoluteFilePath() == QFileInfo(suggested).absolutePath() ? suggested
                                                                                                           : out;
    PortWriter::Outcome o = PortWriter::writeTree(m_result, target, false);
    if (!o && QFileInfo::exists(target)
        && QMessageBox::question(this, tr("Overwrite?"),
                                 tr("%1\n\nOverwrite the files there with the port?").arg(o.error))
            == QMessageBox::Yes)
        o = PortWriter::writeTree(m_result, target, true);
    Q_EMIT message([ok = bool(o), count = int(o.written.size()), output = o.output, error = o.error] {
        return ok ? tr("Porting: wrote %n changed file(s) to %1", nullptr, count).arg(output)
                  : tr("Porting: %1").arg(error);
    });
}

void PortingPanel::applyInPlace()
{
    if (QMessageBox::question(
            this, tr("Rewrite In Place"),
            tr("Rewrite the changed files under %1?\nEach original is kept as <file>.orig.").arg(m_result.root))
        != QMessageBox::Yes)
        return;
    const PortWriter::Outcome o = PortWriter::writeInPlace(m_result);
    Q_EMIT message([ok = bool(o), count = int(o.written.size()), error = o.error] {
        return ok ? tr("Porting: rewrote %n file(s) in place", nullptr, count) : tr("Porting: %1").arg(error);
    });
    if (o)
        scan();
}

void PortingPanel::exportReport()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Porting Report"), QDir(m_result.root).filePath(QStringLiteral("porting-report.csv")),
        tr("CSV (*.csv);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    const bool written = PortReport::write(m_result, path, &error);
    Q_EMIT message([written, path, error] {
        return written ? tr("Porting: report written to %1").arg(path) : tr("Porting: %1").arg(error);
    });
}
