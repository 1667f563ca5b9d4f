// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/deviceimports.h"

#include "core/engines/porting/portedits.h"
#include "core/engines/porting/portruleset.h"
#include "core/engines/porting/portsource.h"
#include "core/engines/porting/pythontokenizer.h"

#include <QRegularExpression>

using Kind = PythonToken::Kind;

DeviceImports::DeviceImports(const PortSource &source, const PortRuleSet &rules, const Port::Options &options)
    : m_source(source)
    , m_rules(rules)
    , m_options(options)
{ }

QList<bool> DeviceImports::drop(PortEdits &edits) const
{
    QList<bool> dropped(m_source.size(), false);
    if (m_rules.dropImports.isEmpty())
        return dropped;
    for (int k = 0; k < m_source.size(); ++k) {
        if (m_source.statementOf(k) != k || !(m_source.isName(k, u"import") || m_source.isName(k, u"from")))
            continue;
        int end = k;
        while (end < m_source.size() && m_source.sig(end).kind != Kind::Newline)
            ++end;
        if (!m_rules.dropImports.contains(m_source.statementText(k, end)))
            continue;
        // Only a statement alone on its line(s) is removed; `import torch_npu; x = 1` is left to a human.
        const PythonToken &first = m_source.sig(k);
        const int lineStart = first.start - (first.column - 1);
        const bool alone = (k == 0 || m_source.sig(k - 1).kind == Kind::Newline) && end < m_source.size();
        const bool indentOnly
            = QStringView(m_source.text()).mid(lineStart, first.start - lineStart).trimmed().isEmpty();
        if (!alone || !indentOnly)
            continue;
        const PythonToken &newline = m_source.sig(end);
        QString replacement;
        if (first.column > 1) // keep an indented block non-empty: `try:` / `if` bodies
            replacement
                = m_source.text().mid(lineStart, first.column - 1) + QStringLiteral("pass") + m_source.text(newline);
        edits.replace(lineStart, newline.end() - lineStart, replacement);
        for (int j = k; j <= end; ++j)
            dropped[j] = true;
        PortRuleSet::Rule rule;
        rule.id = QStringLiteral("%1.drop-import").arg(m_rules.target);
        rule.severity = Port::Severity::AutoFix;
        rule.message = QStringLiteral("removed the %1 device import").arg(m_rules.source);
        edits.addFinding(first, rule, replacement.trimmed());
    }
    return dropped;
}

bool DeviceImports::importsModule(int statement, const QString &module) const
{
    // `from torch_npu.contrib import x` imports torch_npu too; `import os, torch_npu as tn` names it.
    if (m_source.isName(statement, u"from"))
        return m_source.isName(statement + 1, module);
    if (!m_source.isName(statement, u"import"))
        return false;
    for (int j = statement + 1;
         j < m_source.size() && m_source.sig(j).kind != Kind::Newline && !m_source.isOp(j, QLatin1String(";")); ++j) {
        if (m_source.isName(j, module)
            && (m_source.isName(j - 1, u"import") || m_source.isOp(j - 1, QLatin1String(","))))
            return true;
    }
    return false;
}

void DeviceImports::addEntryImport(PortEdits &edits) const
{
    bool entryPoint = m_options.everyFileIsEntryPoint;
    int anchor = -1; // the first top-level `import torch...` / `from torch... import` statement
    int before = -1; // or the first `from torch.<device>... import`, which must follow the extension import
    int header = -1; // the module docstring and `from __future__` imports, which must stay first
    bool inHeader = true;
    bool extensionImported = false;
    QStringList present; // normalised import statements already in the file
    for (int k = 0; k < m_source.size(); ++k) {
        if (m_source.statementOf(k) != k)
            continue;
        const PythonToken &t = m_source.sig(k);
        int end = k;
        while (end < m_source.size() && m_source.sig(end).kind != Kind::Newline
               && !m_source.isOp(end, QLatin1String(";")))
            ++end;
        const bool future = m_source.isName(k, u"from") && m_source.isName(k + 1, u"__future__");
        if (inHeader && end < m_source.size() && m_source.sig(end).kind == Kind::Newline && (t.docstring || future))
            header = end;
        else if (m_source.sig(k).kind != Kind::Newline)
            inHeader = false;
        if (m_source.isName(k, u"if") && t.column == 1 && m_source.isName(k + 1, u"__name__")
            && m_source.isOp(k + 2, QLatin1String("==")) && k + 3 < m_source.size()
            && m_source.sig(k + 3).kind == Kind::String
            && QStringView(m_source.text()).mid(m_source.sig(k + 3).bodyStart, m_source.sig(k + 3).bodyLength)
                == u"__main__")
            entryPoint = true;
        if (!(m_source.isName(k, u"import") || m_source.isName(k, u"from")))
            continue;
        present << m_source.statementText(k, end);
        extensionImported = extensionImported || (!m_rules.extension.isEmpty() && importsModule(k, m_rules.extension));
        if (t.column != 1 || end >= m_source.size() || m_source.sig(end).kind != Kind::Newline)
            continue;
        if (anchor >= 0 || before >= 0 || !m_source.isName(k + 1, u"torch"))
            continue;
        // `from torch.npu.amp import GradScaler` itself needs the extension: go before it.
        if (!m_rules.device.isEmpty() && m_source.isOp(k + 2, QLatin1String("."))
            && (m_source.isName(k + 3, m_rules.device) || m_source.isName(k + 3, m_rules.source)))
            before = k;
        else
            anchor = end;
    }
    // The extension import goes into every module whose ported code uses the extension's API (a
    // library module fails at its first torch.npu just like a script); transfer_to_npu patches
    // torch.cuda process-wide, so it belongs to entry points only.
    QString use;
    if (!m_rules.entryImport.isEmpty()) {
        const QString ported = edits.apply(m_source.text());
        const PythonTokens tokens = PythonTokenizer::tokenize(ported);
        if (tokens)
            use = extensionUse(PortSource(ported, tokens.tokens), m_rules);
    }
    const bool transfer = entryPoint && m_options.automaticMigration && !m_rules.transferImport.isEmpty()
        && (anchor >= 0 || before >= 0 || !use.isEmpty());
    QStringList lines;
    if (!m_rules.entryImport.isEmpty() && !extensionImported && (!use.isEmpty() || transfer))
        lines << m_rules.entryImport;
    if (transfer)
        lines << m_rules.transferImport;
    const QString eol = m_source.text().contains(QLatin1String("\r\n")) ? QStringLiteral("\r\n") : QStringLiteral("\n");
    if (anchor < 0 && before < 0)
        anchor = header;
    // Without a torch import or a header the line goes first (after leading comments: #! and coding).
    const int first = before >= 0 ? before : 0;
    const int at = anchor >= 0
        ? m_source.sig(anchor).end()
        : (m_source.size() == 0 ? 0 : m_source.sig(first).start - (m_source.sig(first).column - 1));
    const int atLine
        = anchor >= 0 ? m_source.sig(anchor).line + 1 : (m_source.size() == 0 ? 1 : m_source.sig(first).line);
    QString insert;
    for (const QString &line : std::as_const(lines)) {
        QString normalised = line.simplified();
        normalised.replace(QLatin1String(" . "), QLatin1String("."));
        if (present.contains(normalised))
            continue;
        insert += line + eol;
        PortRuleSet::Rule rule;
        rule.id = QStringLiteral("%1.entry-import").arg(m_rules.target);
        rule.severity = Port::Severity::AutoFix;
        rule.message = use.isEmpty() || line != m_rules.entryImport
            ? QStringLiteral("entry point: added '%1' so the %2 device is registered before use")
                  .arg(line, m_rules.target)
            : QStringLiteral("added '%1': this module uses the %2 API (%3)").arg(line, m_rules.target, use);
        PythonToken pos;
        pos.line = atLine;
        pos.column = 1;
        edits.addFinding(pos, rule, line);
    }
    if (!insert.isEmpty())
        edits.replace(at, 0, insert);
}

QString DeviceImports::extensionUse(const PortSource &source, const PortRuleSet &rules)
{
    const QString &device = rules.device;
    const QString &extension = rules.extension;
    if (device.isEmpty() || extension.isEmpty())
        return {};
    const QRegularExpression deviceString(
        QStringLiteral("^%1(:\\d+|:\\{[^{}]*\\})?$").arg(QRegularExpression::escape(device)));
    for (int k = 0; k < source.size(); ++k) {
        const PythonToken &t = source.sig(k);
        const bool inImport = source.inImport(k);
        QString use;
        if (t.kind == Kind::Name && !source.isOp(k - 1, QLatin1String("."))) {
            int end = 0;
            const QString chain = source.chainAt(k, &end);
            const bool torch = source.torchNames().contains(source.text(t).toString());
            if (torch && source.isOp(k + 1, QLatin1String(".")) && source.isName(k + 2, device))
                use = source.text(t) + QLatin1Char('.') + device;
            else if (!inImport && source.text(t) == extension)
                use = extension;
            for (const QString &name : rules.extensionNames) {
                const QString local = torch ? QStringLiteral("torch") + chain.mid(source.text(t).size()) : chain;
                if (local == name || local.startsWith(name + QLatin1Char('.')))
                    use = chain;
            }
        } else if (t.kind == Kind::Name && !inImport
                   && ((source.text(t) == device && source.isOp(k + 1, QLatin1String("(")))
                       || source.text(t) == QString(QLatin1String("is_") + device))) {
            use = QLatin1Char('.') + source.text(t);
        } else if (source.isTextLiteral(k) && !source.inComparison(k)) {
            const QString body = source.body(t);
            if (deviceString.match(body).hasMatch() || body == rules.collective)
                use = source.text(t).toString();
            for (const QPair<int, int> &field : t.fields) { // f"{torch.npu.device_count()}"
                const QString code = source.text().mid(field.first + 1, field.second - field.first - 2);
                const PythonTokens sub = PythonTokenizer::tokenize(code);
                if (use.isEmpty() && sub) {
                    use = extensionUse(PortSource(code, sub.tokens, source.torchNames()), rules)
                              .section(QLatin1String(": "), 1);
                }
            }
        }
        if (!use.isEmpty())
            return QStringLiteral("line %1: %2").arg(t.line).arg(use);
    }
    return {};
}
