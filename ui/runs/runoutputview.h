// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTimer;
class QToolButton;

/// The Run Output dock: the output of one run (its output.log, or any text file), tailed live
/// while it grows, with search. What a failed run printed last is what explains it, so the view
/// opens at the end and the header says the run's status and exit code.
class RunOutputView : public QWidget
{
    Q_OBJECT

public:
    explicit RunOutputView(QWidget *parent = nullptr);

    /// Shows `path`'s last bytes (at most maxBytes) and follows it; `title` names the run and its status.
    void showFile(const QString &path, const QString &title);
    QString path() const { return m_path; }
    QPlainTextEdit *text() const { return m_text; }
    /// Selects the next match of the search box's text (wrapping); false when there is none.
    bool findNext(bool backward = false);

    static constexpr qint64 maxBytes = 4 * 1024 * 1024;

protected:
    void changeEvent(QEvent *event) override;

Q_SIGNALS:
    void message(const LocalizedText &text);
    /// "Log Format…": define a format for this output (it is not charted when no reader knows it).
    void formatEditorWanted();

private:
    void poll();
    void retranslateUi();

    QString m_path;
    qint64 m_offset = 0;
    QLabel *m_title;
    QLineEdit *m_search;
    QCheckBox *m_follow;
    QPlainTextEdit *m_text;
    QTimer *m_timer;
    QToolButton *m_next;
    QToolButton *m_previous;
    QToolButton *m_format;
};
