// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runoutputview.h"

#include <QCheckBox>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextCursor>
#include <QTextDocument>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

RunOutputView::RunOutputView(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_search(new QLineEdit(this))
    , m_follow(new QCheckBox(this))
    , m_text(new QPlainTextEdit(this))
    , m_timer(new QTimer(this))
    , m_next(new QToolButton(this))
    , m_previous(new QToolButton(this))
    , m_format(new QToolButton(this))
{
    setObjectName(QStringLiteral("RunOutputView"));
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_search->setClearButtonEnabled(true);
    m_follow->setChecked(true);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFont(QStringLiteral("monospace")));
    m_text->setMaximumBlockCount(200000);
    m_format->setObjectName(QStringLiteral("CustomFormatButton"));

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_search, 1);
    bar->addWidget(m_previous);
    bar->addWidget(m_next);
    bar->addWidget(m_follow);
    bar->addWidget(m_format);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_title);
    layout->addLayout(bar);
    layout->addWidget(m_text, 1);

    connect(m_search, &QLineEdit::returnPressed, this, [this] { findNext(false); });
    connect(m_next, &QToolButton::clicked, this, [this] { findNext(false); });
    connect(m_previous, &QToolButton::clicked, this, [this] { findNext(true); });
    connect(m_format, &QToolButton::clicked, this, &RunOutputView::formatEditorWanted);
    m_timer->setInterval(500);
    connect(m_timer, &QTimer::timeout, this, &RunOutputView::poll);
    retranslateUi();
}

void RunOutputView::retranslateUi()
{
    // The title names the shown run (its status from the Workspace); only the placeholder is ours.
    if (m_path.isEmpty())
        m_title->setText(tr("No run selected: select one in the Workspace panel, or open its output."));
    m_search->setPlaceholderText(tr("Search the output (Enter: next, Shift+Enter: previous)"));
    //: Check box: keep scrolling to the newest output lines.
    m_follow->setText(tr("&Follow"));
    m_follow->setToolTip(tr("Keep showing the newest lines while the run writes them"));
    //: Search: next match.
    m_next->setText(tr("Next"));
    //: Search: previous match.
    m_previous->setText(tr("Previous"));
    m_format->setText(tr("Log Format…"));
    m_format->setToolTip(tr("Define a log format for this output, with a live preview on it, so it is charted"));
}

void RunOutputView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void RunOutputView::showFile(const QString &path, const QString &title)
{
    m_path = path;
    m_text->clear();
    m_title->setText(title);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        m_title->setText(tr("%1 — cannot read %2: %3").arg(title, path, file.errorString()));
        m_timer->stop();
        return;
    }
    // A run's output can be gigabytes: its end is what matters.
    m_offset = std::max<qint64>(0, file.size() - maxBytes);
    if (m_offset > 0)
        m_text->appendPlainText(tr("[… first %1 MB not shown …]").arg(m_offset / (1024.0 * 1024.0), 0, 'f', 1));
    poll();
    m_timer->start();
}

void RunOutputView::poll()
{
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly))
        return;
    if (file.size() < m_offset) { // truncated or replaced: start over
        m_text->clear();
        m_offset = 0;
    }
    if (!file.seek(m_offset))
        return;
    QByteArray bytes = file.read(maxBytes);
    // Only whole lines: a line being written is shown once it ends.
    const qsizetype nl = bytes.lastIndexOf('\n');
    if (nl < 0)
        return;
    bytes.truncate(nl);
    m_offset += nl + 1;
    QScrollBar *bar = m_text->verticalScrollBar();
    const int keep = bar->value();
    m_text->appendPlainText(QString::fromUtf8(bytes));
    bar->setValue(m_follow->isChecked() ? bar->maximum() : keep);
}

bool RunOutputView::findNext(bool backward)
{
    const QString needle = m_search->text();
    if (needle.isEmpty())
        return false;
    const QTextDocument::FindFlags flags = backward ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    bool found = m_text->find(needle, flags);
    if (!found) { // wrap around once
        QTextCursor start = m_text->textCursor();
        start.movePosition(backward ? QTextCursor::End : QTextCursor::Start);
        m_text->setTextCursor(start);
        found = m_text->find(needle, flags);
    }
    if (found) {
        m_follow->setChecked(false); // the user is reading, not tailing
        return true;
    }
    Q_EMIT message([needle] { return tr("Output: \"%1\" not found").arg(needle); });
    return false;
}
