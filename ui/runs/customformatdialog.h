// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/sources/logs/userformat.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSettings;

/// "Custom Log Format…": defines a UserFormat (a regular expression whose named groups are
/// `step`, `time` and metrics) for logs no built-in reader knows, such as plain
/// `step 10 loss 2.31` output. The preview reads the sample lines (a run's output, or pasted
/// text) as the chart would and says for each line what it captured or why it does not match.
/// Formats are kept in the same QSettings the CLI's `parse --define-format` writes, so a format
/// saved here is listed by `portbench-cli parse --list-formats` and the reverse.
class CustomFormatDialog : public QDialog
{
    Q_OBJECT

public:
    CustomFormatDialog(QSettings &settings, const QString &sample, QWidget *parent = nullptr);

    /// The format as typed now.
    UserFormat format() const;
    /// Fills in a proposed format (UserFormat::propose of a line no reader read) to confirm.
    void setProposal(const UserFormat &proposal);
    /// Why the format cannot be saved (empty when it can).
    QString problem() const { return m_problem; }
    /// The preview, one line of text per sample line plus a summary first.
    QString previewText() const;

    /// Most sample lines the preview reads: enough to see a pattern, cheap to redo per keystroke.
    static constexpr int maxPreviewLines = 500;

Q_SIGNALS:
    /// A format was saved under `name`.
    void saved(const QString &name);
    void message(const LocalizedText &text);

private:
    void updatePreview();
    void loadSaved(const QString &name);
    void save();
    void removeCurrent();
    void refreshSaved();

    QSettings &m_settings;
    QComboBox *m_saved;
    QLineEdit *m_name;
    QLineEdit *m_regex;
    QLineEdit *m_description;
    QPlainTextEdit *m_sample;
    QPlainTextEdit *m_preview;
    QLabel *m_error;
    QPushButton *m_save;
    QPushButton *m_delete;
    QString m_problem;
};
