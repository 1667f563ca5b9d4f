// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "tensorspanel.h"

#include "core/base/i18n/languagechange.h"

#include "core/workflows/reference/torchmodule.h"
#include "core/sources/tensors/tensorcomparisonmodel.h"
#include "core/sources/tensors/tensordumpcomparer.h"
#include "core/sources/tensors/tensordumpreader.h"

#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <memory>

struct TensorsPanel::Outcome
{
    TensorDumpReport report;
    QString error;
};

TensorsPanel::TensorsPanel(QWidget *parent)
    : QWidget(parent)
    , m_baseline(new QLineEdit(this))
    , m_candidate(new QLineEdit(this))
    , m_compare(new QPushButton(this))
    , m_verdict(new QLabel(this))
    , m_table(new QTableView(this))
    , m_model(new TensorComparisonModel(this))
{
    auto form = new QFormLayout;
    for (QLineEdit *edit : {m_baseline, m_candidate}) {
        auto row = new QHBoxLayout;
        row->addWidget(edit);
        auto file = new QPushButton(this);
        connect(file, &QPushButton::clicked, this, [this, edit] { browse(edit); });
        auto folder = new QPushButton(this);
        connect(folder, &QPushButton::clicked, this, [this, edit] {
            const QString dir = QFileDialog::getExistingDirectory(this, tr("Tensor Dump Folder"), edit->text());
            if (!dir.isEmpty())
                edit->setText(dir);
        });
        row->addWidget(file);
        row->addWidget(folder);
        auto label = new QLabel(this);
        label->setBuddy(edit);
        form->addRow(label, row);
        m_rows.append({label, file, folder});
        connect(edit, &QLineEdit::returnPressed, this, &TensorsPanel::compareEntered);
    }
    connect(m_compare, &QPushButton::clicked, this, &TensorsPanel::compareEntered);
    auto shortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    shortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(shortcut, &QShortcut::activated, this, &TensorsPanel::compareEntered);
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::PlainText);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setModel(m_model);
    m_table->setSortingEnabled(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();

    auto layout = new QVBoxLayout(this);
    layout->addLayout(form);
    auto buttons = new QHBoxLayout;
    buttons->addWidget(m_compare);
    buttons->addWidget(m_verdict, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_table, 1);

    connect(&m_watcher, &QFutureWatcher<void>::finished, this, [this] {
        m_compare->setEnabled(true);
        showOutcome(*m_outcome);
        if (m_queued.size() == 2) {
            const QStringList next = std::exchange(m_queued, {});
            compareFiles(next.at(0), next.at(1));
        }
    });
    retranslateUi();
}

void TensorsPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void TensorsPanel::retranslateUi()
{
    m_rows.at(0).label->setText(tr("Baseline"));
    m_rows.at(1).label->setText(tr("Candidate"));
    for (const Row &row : std::as_const(m_rows)) {
        row.file->setText(tr("File…"));
        row.folder->setText(tr("Folder…"));
    }
    for (QLineEdit *edit : {m_baseline, m_candidate}) {
        edit->setPlaceholderText(tr(".pt (torch.save), .safetensors, or a folder of them"));
        edit->setToolTip(tr("A torch.save dict name → tensor, a safetensors file, or a folder read recursively; "
                            "tensors are matched by name"));
    }
    m_compare->setText(tr("&Compare"));
    m_compare->setToolTip(tr("Compare by msprobe's rules: fail if cosine < 0.99 and max abs error > 0.001, cosine < "
                             "0.9, max abs error > 1, or any NaN/Inf (Ctrl+Return)"));
    if (m_watcher.isRunning())
        m_verdict->setText(tr("Reading and comparing…"));
    else if (m_outcome)
        showVerdict(*m_outcome);
    LanguageChange::notifyModel(m_model);
}

TensorsPanel::~TensorsPanel()
{
    m_watcher.waitForFinished();
}

void TensorsPanel::browse(QLineEdit *edit)
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Tensor Dump"), edit->text(), tr("Tensor dumps (*.pt *.pth *.bin *.safetensors);;All files (*)"));
    if (!path.isEmpty())
        edit->setText(path);
}

void TensorsPanel::compareEntered()
{
    if (m_baseline->text().trimmed().isEmpty() || m_candidate->text().trimmed().isEmpty()) {
        m_verdict->setText(tr("Give a baseline and a candidate dump."));
        return;
    }
    compareFiles(m_baseline->text().trimmed(), m_candidate->text().trimmed());
}

void TensorsPanel::compareFiles(const QString &baseline, const QString &candidate)
{
    m_baseline->setText(baseline);
    m_candidate->setText(candidate);
    if (m_watcher.isRunning()) {
        m_queued = {baseline, candidate};
        return;
    }
    m_compare->setEnabled(false);
    m_verdict->setText(tr("Reading and comparing…"));
    auto outcome = std::make_shared<Outcome>();
    m_outcome = outcome;
    m_watcher.setFuture(QtConcurrent::run([outcome, baseline, candidate] {
        const TensorDumpReader reader(TorchModule::tensorLoader()); // the libtorch module, loaded for the first .pt
        const TensorFile a = reader.read(baseline);
        const TensorFile b = a ? reader.read(candidate) : TensorFile();
        if (!a || !b) {
            outcome->error = !a ? a.error : b.error;
            return;
        }
        outcome->report = TensorDumpComparer::compare(a, b);
    }));
}

void TensorsPanel::showOutcome(const Outcome &outcome)
{
    m_report = outcome.report;
    m_model->setReport(m_report);
    showVerdict(outcome);
    if (outcome.error.isEmpty()) {
        const int first = m_report.firstFailing();
        if (first >= 0) {
            m_table->selectRow(first);
            m_table->scrollTo(m_model->index(first, 0));
        }
    }
    // Composed again from the report (or the error) when the language changes.
    Q_EMIT message([report = m_report, error = outcome.error] {
        return tr("Tensors: %1").arg(error.isEmpty() ? verdictText(report) : error);
    });
    Q_EMIT compared();
}

void TensorsPanel::showVerdict(const Outcome &outcome)
{
    m_verdict->setText(outcome.error.isEmpty() ? verdictText(m_report) : tr("Cannot compare: %1").arg(outcome.error));
}

QString TensorsPanel::verdictText(const TensorDumpReport &report)
{
    const int first = report.firstFailing();
    QString text = tr("%1 — %2 of %3 tensors failed")
                       .arg(report.passed() ? tr("PASS") : tr("FAIL"))
                       .arg(report.failedCount())
                       .arg(report.rows.size());
    if (first >= 0)
        text += tr("; first failing: %1").arg(report.rows.at(first).name);
    if (!report.onlyInBaseline.isEmpty() || !report.onlyInCandidate.isEmpty())
        text += tr("; only in baseline %1, only in candidate %2")
                    .arg(report.onlyInBaseline.size())
                    .arg(report.onlyInCandidate.size());
    return text;
}
