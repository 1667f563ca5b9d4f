// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QWidget>

class QPlainTextEdit;
class PythonHighlighter;

/// Side-by-side diff of one file: the original left, the port right, rows aligned (a removed line
/// faces a blank, an added line too), changed rows tinted, both sides Python-highlighted and
/// scrolled together.
class PortDiffView : public QWidget
{
    Q_OBJECT

public:
    explicit PortDiffView(QWidget *parent = nullptr);

    void setTexts(const QString &original, const QString &ported);
    void clear();
    /// Scrolls both sides to the aligned row of this 1-based line of the original.
    void showOriginalLine(int line);

    QString leftText() const;
    QString rightText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();

    QPlainTextEdit *m_left;
    QPlainTextEdit *m_right;
    PythonHighlighter *m_leftHighlighter;
    PythonHighlighter *m_rightHighlighter;
    QList<int> m_rowOfOriginalLine;
};
