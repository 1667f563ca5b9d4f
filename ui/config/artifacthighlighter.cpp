// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "artifacthighlighter.h"

#include "theme.h"

using Theme::textFormat;

ArtifactHighlighter::ArtifactHighlighter(QTextDocument *document, ConfigArtifact::Language language)
    : QSyntaxHighlighter(document)
{
    const QTextCharFormat key = textFormat(QColor(0x1f, 0x5f, 0xa8), true);
    const QTextCharFormat string = textFormat(QColor(0x2e, 0x7d, 0x32));
    const QTextCharFormat number = textFormat(QColor(0xad, 0x5a, 0x00));
    const QTextCharFormat keyword = textFormat(QColor(0x8e, 0x24, 0xaa), true);
    const QTextCharFormat comment = textFormat(Qt::gray, false, true);
    auto add = [this](const QString &re, const QTextCharFormat &f, int group = 0) {
        m_rules.append({QRegularExpression(re), f, group});
    };
    // Later rules win where they overlap, so strings and comments come last.
    switch (language) {
    case ConfigArtifact::Language::Json:
        add(QStringLiteral("-?\\b[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?\\b"), number);
        add(QStringLiteral("\\b(true|false|null)\\b"), keyword);
        add(QStringLiteral("\"(?:[^\"\\\\]|\\\\.)*\""), string);
        add(QStringLiteral("(\"(?:[^\"\\\\]|\\\\.)*\")\\s*:"), key, 1);
        break;
    case ConfigArtifact::Language::Yaml:
        add(QStringLiteral(":\\s*(-?[0-9][0-9.eE+-]*)\\s*$"), number, 1);
        add(QStringLiteral(":\\s*(true|false|null)\\s*$"), keyword, 1);
        add(QStringLiteral("'[^']*'|\"[^\"]*\""), string);
        add(QStringLiteral("^(\\s*[A-Za-z0-9_.-]+):"), key, 1);
        add(QStringLiteral("#.*$"), comment);
        break;
    case ConfigArtifact::Language::Shell:
        add(QStringLiteral("(^|\\s)(--?[A-Za-z0-9_-]+)"), key, 2);
        add(QStringLiteral("\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?"), number);
        add(QStringLiteral("\\b(export|source|set|srun|torchrun|deepspeed|accelerate|sh|bash)\\b"), keyword);
        add(QStringLiteral("\\b([A-Z_][A-Z0-9_]*)="), number, 1);
        add(QStringLiteral("'[^']*'|\"(?:[^\"\\\\]|\\\\.)*\""), string);
        add(QStringLiteral("(^|\\s)#.*$"), comment);
        break;
    }
}

void ArtifactHighlighter::highlightBlock(const QString &text)
{
    for (const Rule &rule : std::as_const(m_rules)) {
        auto it = rule.pattern.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            if (m.capturedStart(rule.group) >= 0)
                setFormat(int(m.capturedStart(rule.group)), int(m.capturedLength(rule.group)), rule.format);
        }
    }
}
