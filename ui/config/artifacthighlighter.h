// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/config/configartifact.h"

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

/// Small highlighter for the emitted artifacts: JSON, YAML and shell, one rule list each.
class ArtifactHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT

public:
    ArtifactHighlighter(QTextDocument *document, ConfigArtifact::Language language);

protected:
    void highlightBlock(const QString &text) override;

private:
    struct Rule
    {
        QRegularExpression pattern;
        QTextCharFormat format;
        int group = 0;
    };
    QList<Rule> m_rules;
};
