// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "porting/portdiffview.h"

#include "porting/pythonhighlighter.h"
#include "core/engines/porting/textdiff.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>

PortDiffView::PortDiffView(QWidget *parent)
    : QWidget(parent)
    , m_left(new QPlainTextEdit(this))
    , m_right(new QPlainTextEdit(this))
    , m_leftHighlighter(new PythonHighlighter(m_left->document()))
    , m_rightHighlighter(new PythonHighlighter(m_right->document()))
{
    auto layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (QPlainTextEdit *edit : {m_left, m_right}) {
        edit->setReadOnly(true);
        edit->setLineWrapMode(QPlainTextEdit::NoWrap);
        edit->setFont(mono);
        layout->addWidget(edit);
    }
    for (auto [from, to] : {std::pair{m_left, m_right}, std::pair{m_right, m_left}}) {
        connect(from->verticalScrollBar(), &QScrollBar::valueChanged, to->verticalScrollBar(), &QScrollBar::setValue);
        connect(from->horizontalScrollBar(), &QScrollBar::valueChanged, to->horizontalScrollBar(),
                &QScrollBar::setValue);
    }
    retranslateUi();
}

void PortDiffView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void PortDiffView::retranslateUi()
{
    m_left->setToolTip(tr("Original (red: changed or removed lines)"));
    m_right->setToolTip(tr("Port (green: changed or added lines)"));
}

void PortDiffView::setTexts(const QString &original, const QString &ported)
{
    const QStringList a = TextDiff::splitLines(original);
    const QStringList b = TextDiff::splitLines(ported);
    QStringList left;
    QStringList right;
    QHash<int, QColor> leftColors;
    QHash<int, QColor> rightColors;
    const QColor removed(255, 220, 220);
    const QColor added(215, 245, 215);
    m_rowOfOriginalLine.clear();
    const QList<TextDiff::Op> ops = TextDiff::diff(a, b);
    for (int i = 0; i < ops.size();) {
        if (ops[i].type == TextDiff::Op::Equal) {
            m_rowOfOriginalLine.append(int(left.size()));
            left << a[ops[i].a];
            right << b[ops[i].b];
            ++i;
            continue;
        }
        // A run of deletions and insertions is shown as rows of modified lines, padded with blanks.
        QStringList dels;
        QStringList ins;
        for (; i < ops.size() && ops[i].type != TextDiff::Op::Equal; ++i) {
            if (ops[i].type == TextDiff::Op::Delete) {
                m_rowOfOriginalLine.append(int(left.size() + dels.size()));
                dels << a[ops[i].a];
            } else {
                ins << b[ops[i].b];
            }
        }
        const int rows = int(qMax(dels.size(), ins.size()));
        for (int r = 0; r < rows; ++r) {
            if (r < dels.size())
                leftColors.insert(int(left.size()), removed);
            if (r < ins.size())
                rightColors.insert(int(right.size()), added);
            left << dels.value(r);
            right << ins.value(r);
        }
    }
    const QString leftText = left.join(QLatin1Char('\n'));
    const QString rightText = right.join(QLatin1Char('\n'));
    m_left->setPlainText(leftText);
    m_right->setPlainText(rightText);
    m_leftHighlighter->setSource(leftText, leftColors);
    m_rightHighlighter->setSource(rightText, rightColors);
}

void PortDiffView::clear()
{
    m_left->clear();
    m_right->clear();
    m_rowOfOriginalLine.clear();
}

void PortDiffView::showOriginalLine(int line)
{
    const int row = m_rowOfOriginalLine.value(line - 1, -1);
    if (row < 0)
        return;
    for (QPlainTextEdit *edit : {m_left, m_right}) {
        QTextCursor cursor(edit->document()->findBlockByNumber(row));
        edit->setTextCursor(cursor);
        edit->centerCursor();
    }
}

QString PortDiffView::leftText() const
{
    return m_left->toPlainText();
}

QString PortDiffView::rightText() const
{
    return m_right->toPlainText();
}
