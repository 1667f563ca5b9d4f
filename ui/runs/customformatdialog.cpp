// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "customformatdialog.h"

#include "core/sources/logs/logreader.h"
#include "core/sources/logs/logtext.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/numbertext.h"
#include "core/base/model/verdictcolors.h"
#include "theme.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QVBoxLayout>

CustomFormatDialog::CustomFormatDialog(QSettings &settings, const QString &sample, QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
    , m_saved(new QComboBox(this))
    , m_name(new QLineEdit(this))
    , m_regex(new QLineEdit(this))
    , m_description(new QLineEdit(this))
    , m_sample(new QPlainTextEdit(this))
    , m_preview(new QPlainTextEdit(this))
    , m_error(new QLabel(this))
{
    setObjectName(QStringLiteral("CustomFormatDialog"));
    setWindowTitle(tr("Custom Log Format"));
    m_saved->setObjectName(QStringLiteral("savedFormats"));
    m_saved->setToolTip(tr("Formats saved here or with `portbench-cli parse --define-format`"));
    m_name->setObjectName(QStringLiteral("formatName"));
    m_name->setPlaceholderText(tr("e.g. plain-steps (lower case, digits, '_', '.', '-')"));
    m_regex->setObjectName(QStringLiteral("formatRegex"));
    m_regex->setFont(QFont(QStringLiteral("monospace")));
    m_regex->setPlaceholderText(QStringLiteral("step (?<step>\\d+) loss (?<loss>\\S+)"));
    m_regex->setToolTip(tr("Named groups: step (whole number), time (unix seconds or ISO-8601), and one group per "
                           "metric, named as the metric (loss, lr, grad_norm, tokens_per_s, …)"));
    m_description->setObjectName(QStringLiteral("formatDescription"));
    m_sample->setObjectName(QStringLiteral("sampleText"));
    m_sample->setFont(QFont(QStringLiteral("monospace")));
    m_sample->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_sample->setPlaceholderText(tr("Paste a few lines of the log here"));
    m_sample->setPlainText(sample);
    m_preview->setObjectName(QStringLiteral("preview"));
    m_preview->setReadOnly(true);
    m_preview->setFont(QFont(QStringLiteral("monospace")));
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_error->setObjectName(QStringLiteral("formatError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(
        QStringLiteral("color: ")
        + VerdictColors::css(VerdictColors::strong(VerdictColors::Level::Fail, Theme::isDark(palette()))));

    auto *form = new QFormLayout;
    form->addRow(tr("&Saved formats:"), m_saved);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Regex:"), m_regex);
    form->addRow(tr("&Description:"), m_description);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_save = buttons->addButton(tr("&Save"), QDialogButtonBox::ActionRole);
    m_save->setObjectName(QStringLiteral("saveFormat"));
    m_delete = buttons->addButton(tr("De&lete"), QDialogButtonBox::ActionRole);
    m_delete->setObjectName(QStringLiteral("deleteFormat"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_save, &QPushButton::clicked, this, &CustomFormatDialog::save);
    connect(m_delete, &QPushButton::clicked, this, &CustomFormatDialog::removeCurrent);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(new QLabel(tr("Sample lines (the run's output, or paste some):"), this));
    layout->addWidget(m_sample, 1);
    layout->addWidget(new QLabel(tr("Preview (what each line gives the chart):"), this));
    layout->addWidget(m_preview, 1);
    layout->addWidget(buttons);

    connect(m_saved, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            loadSaved(m_saved->itemText(index));
    });
    connect(m_name, &QLineEdit::textChanged, this, &CustomFormatDialog::updatePreview);
    connect(m_regex, &QLineEdit::textChanged, this, &CustomFormatDialog::updatePreview);
    connect(m_sample, &QPlainTextEdit::textChanged, this, &CustomFormatDialog::updatePreview);
    refreshSaved();
    updatePreview();
    resize(720, 560);
}

void CustomFormatDialog::setProposal(const UserFormat &proposal)
{
    m_name->setText(proposal.name);
    m_description->setText(proposal.description);
    m_regex->setText(proposal.pattern);
}

UserFormat CustomFormatDialog::format() const
{
    return {m_name->text().trimmed(), m_regex->text(), m_description->text().trimmed()};
}

QString CustomFormatDialog::previewText() const
{
    return m_preview->toPlainText();
}

void CustomFormatDialog::refreshSaved()
{
    m_saved->clear();
    m_saved->addItem(tr("(new format)"));
    for (const UserFormat &f : UserFormat::load(m_settings))
        m_saved->addItem(f.name);
}

void CustomFormatDialog::loadSaved(const QString &name)
{
    for (const UserFormat &f : UserFormat::load(m_settings)) {
        if (f.name == name) {
            m_name->setText(f.name);
            m_regex->setText(f.pattern);
            m_description->setText(f.description);
            return;
        }
    }
}

void CustomFormatDialog::updatePreview()
{
    const UserFormat draft = format();
    const QRegularExpression re(draft.pattern);
    m_problem = draft.pattern.isEmpty() ? tr("Type a regular expression with named groups, e.g. %1")
                                              .arg(QStringLiteral("step (?<step>\\d+) loss (?<loss>\\S+)"))
                                        : draft.validate();
    // The name is checked too, but a regex that works is worth previewing before it is named.
    const bool regexUsable = !draft.pattern.isEmpty() && re.isValid()
        && UserFormat{QStringLiteral("preview"), draft.pattern, {}}.validate().isEmpty();
    m_error->setText(m_problem);
    m_error->setVisible(!m_problem.isEmpty());
    m_save->setEnabled(m_problem.isEmpty());
    m_delete->setEnabled(m_saved->findText(draft.name) > 0);
    if (!regexUsable) {
        m_preview->setPlainText(tr("(no preview: %1)").arg(m_problem));
        return;
    }

    QStringList lines = m_sample->toPlainText().split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.constLast().isEmpty())
        lines.removeLast();
    if (lines.size() > maxPreviewLines)
        lines = lines.mid(lines.size() - maxPreviewLines); // a run's output: its newest lines
    QStringList metricGroups;
    for (const QString &g : re.namedCaptureGroups()) {
        if (!g.isEmpty() && g != QLatin1String("step") && g != QLatin1String("time"))
            metricGroups << g;
    }

    QStringList out;
    // What the reader itself makes of the sample, detection included: a built-in format that
    // claims these lines first would chart them instead, and the user must see that here.
    UserFormat probe = draft;
    if (!draft.validate().isEmpty())
        probe.name = QStringLiteral("preview");
    ParseOptions options;
    options.userFormats = {probe};
    const ParseResult parsed
        = LogReader::readData(lines.join(QLatin1Char('\n')).toUtf8() + '\n', tr("sample"), options);
    if (parsed.run.isEmpty()) {
        out << tr("Summary: no points from %n line(s)", nullptr, int(lines.size()));
    } else {
        out << tr("Summary: %1 points, steps %2 … %3, metrics %4 (read as format '%5')")
                   .arg(parsed.run.pointCount())
                   .arg(parsed.run.step(0))
                   .arg(parsed.run.step(parsed.run.pointCount() - 1))
                   .arg(parsed.run.metricNames().join(QStringLiteral(", ")), parsed.format);
        if (parsed.format != probe.name)
            out << tr("Note: the built-in format '%1' recognises this sample first; open the log with "
                      "`--format %2` in the CLI, or make the regex match more of its lines")
                       .arg(parsed.format, probe.name);
    }
    out << QString();

    for (int i = 0; i < lines.size(); ++i) {
        const QString &line = lines.at(i);
        const QRegularExpressionMatch m = re.match(line);
        const QString prefix = QStringLiteral("%1: ").arg(i + 1, 4);
        if (!m.hasMatch()) {
            out << prefix + tr("no match");
            continue;
        }
        QStringList parts;
        QStringList problems;
        const QString step = m.captured(QStringLiteral("step"));
        qint64 stepValue = 0;
        if (re.namedCaptureGroups().contains(QStringLiteral("step"))) {
            if (LogText::toInt64(step.toUtf8(), stepValue))
                parts << QStringLiteral("step=%1").arg(stepValue);
            else
                problems << tr("step '%1' is not a whole number: line skipped").arg(step);
        } else {
            parts << tr("step=(next in order)");
        }
        const QString time = m.captured(QStringLiteral("time"));
        double wallTime = 0;
        if (!time.isEmpty()) {
            if (LogText::parseTimeValue(time.toUtf8(), wallTime))
                parts << QStringLiteral("time=%1").arg(time);
            else
                problems << tr("time '%1' is not a time: left out").arg(time);
        }
        for (const QString &g : std::as_const(metricGroups)) {
            const QString captured = m.captured(g);
            const QString metric = MetricNames::canonicalName(g);
            const QString label = metric == g ? g : QStringLiteral("%1→%2").arg(g, metric);
            double v = 0;
            if (captured.isEmpty())
                problems << tr("%1 not captured").arg(label);
            else if (LogText::toDoubleLenient(captured.toUtf8(), v))
                parts << QStringLiteral("%1=%2").arg(label, NumberText::shortest(v));
            else
                problems << tr("%1 '%2' is not a number: left out").arg(label, captured);
        }
        out << prefix + parts.join(QLatin1Char(' '))
                + (problems.isEmpty() ? QString() : QStringLiteral("  — ") + problems.join(QStringLiteral("; ")));
    }
    m_preview->setPlainText(out.join(QLatin1Char('\n')));
}

void CustomFormatDialog::save()
{
    const UserFormat f = format();
    if (!f.validate().isEmpty())
        return;
    if (m_saved->findText(f.name) > 0
        && QMessageBox::question(
               this, tr("Replace Format?"),
               tr("A format named '%1' is already saved (the CLI uses it too).\n\nReplace it?").arg(f.name),
               QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
            != QMessageBox::Yes)
        return;
    UserFormat::save(m_settings, f);
    if (m_settings.status() != QSettings::NoError) {
        m_error->setText(tr("Could not save to %1").arg(m_settings.fileName()));
        m_error->show();
        return;
    }
    refreshSaved();
    m_saved->setCurrentIndex(m_saved->findText(f.name));
    m_delete->setEnabled(true);
    Q_EMIT message(
        [name = f.name, file = m_settings.fileName()] { return tr("Saved log format '%1' (%2)").arg(name, file); });
    Q_EMIT saved(f.name);
}

void CustomFormatDialog::removeCurrent()
{
    const QString name = format().name;
    if (m_saved->findText(name) <= 0)
        return;
    if (QMessageBox::question(this, tr("Delete Format?"),
                              tr("Delete the saved format '%1'? Logs read with it are no longer recognised "
                                 "by the GUI or the CLI.")
                                  .arg(name),
                              QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
        != QMessageBox::Yes)
        return;
    UserFormat::remove(m_settings, name);
    refreshSaved();
    m_delete->setEnabled(false);
    Q_EMIT message([name] { return tr("Deleted log format '%1'").arg(name); });
}
