// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "porting/portengine.h"

#include "porting/pythontokenizer.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <functional>
#include <tuple>

namespace {

using Kind = PythonToken::Kind;

struct Edit
{
    int start;
    int length;
    QString text;
};

/// The per-file state of one porting pass: tokens, the significant-token index, edits, findings.
class Pass
{
public:
    Pass(const PortRuleSet &rules, const Port::Options &options, const QString &path, const QString &text,
         const QList<PythonToken> &tokens)
        : m_rules(rules)
        , m_options(options)
        , m_path(path)
        , m_text(text)
        , m_tokens(tokens)
    {
        for (int i = 0; i < m_tokens.size(); ++i) {
            if (m_tokens[i].kind != Kind::Comment && m_tokens[i].kind != Kind::LineBreak)
                m_sig.append(i);
        }
        markStatements();
        for (int k = 0; k + 3 < m_sig.size(); ++k) { // `import torch as th` binds th
            if (isName(k, u"import") && isName(k + 1, u"torch") && isName(k + 2, u"as"))
                m_torchNames << this->text(sig(k + 3)).toString();
        }
    }

    /// `nested`: the tokens are an f-string field's code; no imports are added or dropped.
    void run(bool nested = false);
    QString apply() const;
    QList<Edit> edits() const { return m_edits; }
    QList<Port::Finding> findings() const { return m_findings; }

private:
    const PythonToken &sig(int k) const { return m_tokens[m_sig[k]]; }
    QStringView text(const PythonToken &t) const { return QStringView(m_text).mid(t.start, t.length); }
    bool isOp(int k, QLatin1String op) const
    {
        return k >= 0 && k < m_sig.size() && sig(k).kind == Kind::Operator && text(sig(k)) == op;
    }
    bool isName(int k, QStringView name) const
    {
        return k >= 0 && k < m_sig.size() && sig(k).kind == Kind::Name && text(sig(k)) == name;
    }
    void markStatements();
    /// The tokens [from, to) joined by single spaces, dots glued: `from torch_npu.contrib import x`.
    QString statementText(int from, int to) const;
    void dropImports();
    int matchDotted(int k, const PortRuleSet::Rule &rule) const;
    bool fromImportNamesIn(int k, const QStringList &names) const;
    bool matchAttribute(int k, const PortRuleSet::Rule &rule) const;
    bool inComparison(int k) const;
    void stringRules(int k);
    void fieldRules(const PythonToken &fstring);
    void addEntryImport();
    /// Where this (ported) text uses the target's extension API: "line 12: torch.npu", or empty.
    QString extensionUse() const;
    bool importsModule(int statement, const QString &module) const;
    void addFinding(const PythonToken &at, const PortRuleSet::Rule &rule, const QString &autoText);

    /// One assignment (or binding) of a variable: where its value comes from.
    struct Origin
    {
        int line = 0;
        bool provable = true; ///< every value it can take is a literal or a traced variable
        QString what; ///< the untraceable source, for the report
        QList<int> feeds; ///< string literals (significant-token indices) that a rule rewrites
        QStringList refs; ///< variables the value is copied from
        QStringList conditionRefs; ///< names tested in a conditional expression's condition
    };
    /// Data flow inside the module: literals that feed compared variables are rewritten together
    /// with the comparisons, or not at all (see docs/porting.md, "Data flow").
    void traceValues();
    void bindings(int from, int end);
    void classify(int from, int to, Origin *origin) const;
    QString chainAt(int k, int *end) const; ///< `self.device` starting at k (not after a '.'), end past it
    QString chainEndingAt(int k) const; ///< the dotted chain whose last name is at k
    QString comparedSubject(int k) const;
    QStringList dictSubjects(int k) const;
    bool cudaName(int k) const; ///< a literal naming the source device/backend (the comparison rules' pattern)
    bool rewrittenLiteral(int k) const; ///< a literal that an auto-fix string rule rewrites
    bool literalMatches(int k, const std::function<bool(const PortRuleSet::Rule &)> &which) const;
    int closing(int open) const;

    const PortRuleSet &m_rules;
    const Port::Options &m_options;
    QString m_path;
    QString m_text;
    QList<PythonToken> m_tokens;
    QStringList m_torchNames{QStringLiteral("torch")}; ///< `torch` and its aliases in this module
    QList<int> m_sig; ///< indices of tokens that are not comments or non-logical line breaks
    QList<int> m_statement; ///< per significant token: index (into m_sig) of its statement's first token
    QList<bool> m_dropped; ///< per significant token: inside an import statement that is removed
    QList<Edit> m_edits;
    QList<Port::Finding> m_findings;
    QHash<QString, QList<Origin>> m_origins;
    QHash<int, QString> m_follow; ///< compared literal → why it is rewritten with its variable
    QHash<int, QString> m_keep; ///< literal left unchanged → the lines to port together
};

void Pass::markStatements()
{
    m_statement.resize(m_sig.size());
    m_dropped.fill(false, m_sig.size());
    int first = 0;
    for (int k = 0; k < m_sig.size(); ++k) {
        m_statement[k] = first;
        if (sig(k).kind == Kind::Newline || (isOp(k, QLatin1String(";")) && sig(k).depth == 0))
            first = k + 1;
    }
}

QString Pass::statementText(int from, int to) const
{
    QStringList words;
    for (int k = from; k < to && k < m_sig.size(); ++k)
        words << text(sig(k)).toString();
    return words.join(QLatin1Char(' ')).replace(QLatin1String(" . "), QLatin1String("."));
}

void Pass::addFinding(const PythonToken &at, const PortRuleSet::Rule &rule, const QString &autoText)
{
    Port::Finding f;
    f.file = m_path;
    f.line = at.line;
    f.column = at.column;
    f.ruleId = rule.id;
    f.severity = rule.severity;
    f.message = rule.message;
    f.suggestion = rule.severity == Port::Severity::AutoFix ? autoText : rule.suggest;
    m_findings.append(f);
}

/// Returns how many significant tokens the rule's dotted name spans at k (0: no match).
int Pass::matchDotted(int k, const PortRuleSet::Rule &rule) const
{
    if (rule.anchored && isOp(k - 1, QLatin1String(".")))
        return 0;
    const bool inImport = isName(m_statement[k], u"import") || isName(m_statement[k], u"from");
    if (rule.importsOnly && !inImport)
        return 0;
    int j = k;
    for (int p = 0; p < rule.match.size(); ++p) {
        if (p > 0) {
            if (!isOp(j, QLatin1String(".")))
                return 0;
            ++j;
        }
        const bool alias = p == 0 && rule.match[0] == QLatin1String("torch") && j < m_sig.size()
            && sig(j).kind == Kind::Name && m_torchNames.contains(text(sig(j)).toString());
        if (!alias && !isName(j, rule.match[p]))
            return 0;
        ++j;
    }
    if (!rule.prependArg.isEmpty() && !isOp(j, QLatin1String("(")))
        return 0;
    if (!rule.members.isEmpty()) {
        const bool memberFollows = isOp(j, QLatin1String(".")) && j + 1 < m_sig.size() && sig(j + 1).kind == Kind::Name
            && rule.members.contains(text(sig(j + 1)).toString());
        // `from torch.cuda import amp, Stream`: the imported names are the members.
        if (!memberFollows && !(isName(m_statement[k], u"from") && fromImportNamesIn(j, rule.members)))
            return 0;
    }
    return j - k;
}

bool Pass::fromImportNamesIn(int k, const QStringList &names) const
{
    if (!isName(k, u"import"))
        return false;
    bool any = false;
    for (int j = k + 1; j < m_sig.size() && sig(j).kind != Kind::Newline && !isOp(j, QLatin1String(";")); ++j) {
        if (sig(j).kind != Kind::Name)
            continue;
        if (isName(j - 1, u"as"))
            continue;
        if (isName(j, u"as"))
            continue;
        if (!names.contains(text(sig(j)).toString()))
            return false;
        any = true;
    }
    return any;
}

bool Pass::matchAttribute(int k, const PortRuleSet::Rule &rule) const
{
    if (!isOp(k - 1, QLatin1String(".")) || !isName(k, rule.match.constFirst()))
        return false;
    if (rule.call && !isOp(k + 1, QLatin1String("(")))
        return false;
    if (rule.firstArgNumber
        && !(k + 2 < m_sig.size() && sig(k + 2).kind == Kind::Number
             && (isOp(k + 3, QLatin1String(")")) || isOp(k + 3, QLatin1String(",")))))
        return false;
    return true;
}

bool Pass::inComparison(int k) const
{
    static const QStringList ops = {QStringLiteral("=="), QStringLiteral("!=")};
    auto compareAt = [&](int j) {
        return j >= 0 && j < m_sig.size()
            && ((sig(j).kind == Kind::Operator && ops.contains(text(sig(j)).toString())) || isName(j, u"in"));
    };
    // `x == "cuda"`, `"cuda" != x`, `"nccl" in backends`, `x in ("cuda", "npu")` (one level of brackets).
    if (compareAt(k - 1) || compareAt(k + 1) || isName(k + 1, u"not"))
        return true;
    // `name.startswith("cuda")` tests a value just like `==` does.
    if (isOp(k - 1, QLatin1String("(")) && (isName(k - 2, u"startswith") || isName(k - 2, u"endswith")))
        return true;
    int open = k - 1;
    while (open >= 0 && (isOp(open, QLatin1String(",")) || sig(open).kind == Kind::String))
        --open;
    return (isOp(open, QLatin1String("(")) || isOp(open, QLatin1String("[")) || isOp(open, QLatin1String("{")))
        && compareAt(open - 1);
}

void Pass::stringRules(int k)
{
    const PythonToken &t = sig(k);
    // Docstrings are prose; bytes are data (torch device and backend names are always str).
    if (t.docstring || t.isBytes())
        return;
    const QString body = m_text.mid(t.bodyStart, t.bodyLength);
    if (const auto keep = m_keep.constFind(k); keep != m_keep.cend()) {
        PortRuleSet::Rule rule;
        rule.id = QStringLiteral("%1.device-flow").arg(m_rules.target);
        rule.severity = Port::Severity::Manual;
        rule.message = *keep;
        rule.suggest = QStringLiteral("port these lines together by hand");
        addFinding(t, rule, QString());
        return;
    }
    // A comparison whose variable is traced to literals of this module is ported with them.
    const bool followed = m_follow.contains(k);
    const bool compared = !followed && inComparison(k);
    for (PortRuleSet::Rule rule : m_rules.rules) {
        if (rule.kind != PortRuleSet::Kind::String || (rule.skipComparisons && compared)
            || (rule.comparisonsOnly && !compared) || (followed && rule.comparisonsOnly))
            continue;
        if (followed)
            rule.message = m_follow.value(k);
        QString rewritten;
        int copied = 0;
        bool matched = false;
        QRegularExpressionMatchIterator it = rule.pattern.globalMatch(body);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const int from = t.bodyStart + int(m.capturedStart());
            const int to = t.bodyStart + int(m.capturedEnd());
            // Never rewrite inside an f-string's {expression}: that is code, not text.
            const bool inField = std::any_of(t.fields.cbegin(), t.fields.cend(),
                                             [&](const QPair<int, int> &f) { return from < f.second && to > f.first; });
            if (inField)
                continue;
            matched = true;
            QString replacement = rule.replace;
            for (int g = int(m.lastCapturedIndex()); g >= 1; --g)
                replacement.replace(QStringLiteral("\\%1").arg(g), m.captured(g));
            rewritten += body.mid(copied, m.capturedStart() - copied) + replacement;
            copied = int(m.capturedEnd());
        }
        if (!matched)
            continue;
        rewritten += body.mid(copied);
        const QString quoted = m_text.mid(t.start, t.bodyStart - t.start) + rewritten
            + m_text.mid(t.bodyStart + t.bodyLength, t.end() - t.bodyStart - t.bodyLength);
        addFinding(t, rule, quoted);
        if (rule.severity == Port::Severity::AutoFix)
            m_edits.append({t.bodyStart, t.bodyLength, rewritten});
        return;
    }
}

/// The code inside an f-string's {fields} is ported like any other code: it is tokenized on its
/// own (offsets and lines shifted into the file) and run through the same rules.
void Pass::fieldRules(const PythonToken &fstring)
{
    for (const QPair<int, int> &field : fstring.fields) {
        const int from = field.first + 1;
        const PythonTokens sub = PythonTokenizer::tokenize(QStringView(m_text).mid(from, field.second - 1 - from));
        if (!sub)
            continue;
        const QStringView before = QStringView(m_text).mid(fstring.start, from - fstring.start);
        const int lineShift = int(before.count(QLatin1Char('\n')));
        const int lastBreak = int(before.lastIndexOf(QLatin1Char('\n')));
        const int columnShift
            = lastBreak < 0 ? fstring.column - 1 + int(before.size()) : int(before.size()) - lastBreak - 1;
        QList<PythonToken> tokens = sub.tokens;
        for (PythonToken &t : tokens) {
            if (t.line == 1)
                t.column += columnShift;
            t.line += lineShift;
            t.start += from;
            t.bodyStart += from;
            for (QPair<int, int> &f : t.fields)
                f = {f.first + from, f.second + from};
        }
        Pass nested(m_rules, m_options, m_path, m_text, tokens);
        nested.m_torchNames = m_torchNames;
        nested.run(true);
        m_edits += nested.edits();
        m_findings += nested.findings();
    }
}

void Pass::dropImports()
{
    if (m_rules.dropImports.isEmpty())
        return;
    for (int k = 0; k < m_sig.size(); ++k) {
        if (m_statement[k] != k || !(isName(k, u"import") || isName(k, u"from")))
            continue;
        int end = k;
        while (end < m_sig.size() && sig(end).kind != Kind::Newline)
            ++end;
        if (!m_rules.dropImports.contains(statementText(k, end)))
            continue;
        // Only a statement alone on its line(s) is removed; `import torch_npu; x = 1` is left to a human.
        const PythonToken &first = sig(k);
        const int lineStart = first.start - (first.column - 1);
        const bool alone = (k == 0 || sig(k - 1).kind == Kind::Newline) && end < m_sig.size();
        const bool indentOnly = QStringView(m_text).mid(lineStart, first.start - lineStart).trimmed().isEmpty();
        if (!alone || !indentOnly)
            continue;
        const PythonToken &newline = sig(end);
        QString replacement;
        if (first.column > 1) // keep an indented block non-empty: `try:` / `if` bodies
            replacement = m_text.mid(lineStart, first.column - 1) + QStringLiteral("pass") + text(newline);
        m_edits.append({lineStart, newline.end() - lineStart, replacement});
        for (int j = k; j <= end; ++j)
            m_dropped[j] = true;
        PortRuleSet::Rule rule;
        rule.id = QStringLiteral("%1.drop-import").arg(m_rules.target);
        rule.severity = Port::Severity::AutoFix;
        rule.message = QStringLiteral("removed the %1 device import").arg(m_rules.source);
        addFinding(first, rule, replacement.trimmed());
    }
}

bool Pass::importsModule(int statement, const QString &module) const
{
    // `from torch_npu.contrib import x` imports torch_npu too; `import os, torch_npu as tn` names it.
    if (isName(statement, u"from"))
        return isName(statement + 1, module);
    if (!isName(statement, u"import"))
        return false;
    for (int j = statement + 1; j < m_sig.size() && sig(j).kind != Kind::Newline && !isOp(j, QLatin1String(";")); ++j) {
        if (isName(j, module) && (isName(j - 1, u"import") || isOp(j - 1, QLatin1String(","))))
            return true;
    }
    return false;
}

QString Pass::extensionUse() const
{
    const QString &device = m_rules.device;
    const QString &extension = m_rules.extension;
    if (device.isEmpty() || extension.isEmpty())
        return {};
    const QRegularExpression deviceString(
        QStringLiteral("^%1(:\\d+|:\\{[^{}]*\\})?$").arg(QRegularExpression::escape(device)));
    for (int k = 0; k < m_sig.size(); ++k) {
        const PythonToken &t = sig(k);
        const bool inImport = isName(m_statement[k], u"import") || isName(m_statement[k], u"from");
        QString use;
        if (t.kind == Kind::Name && !isOp(k - 1, QLatin1String("."))) {
            int end = 0;
            const QString chain = chainAt(k, &end);
            const bool torch = m_torchNames.contains(text(t).toString());
            if (torch && isOp(k + 1, QLatin1String(".")) && isName(k + 2, device))
                use = text(t) + QLatin1Char('.') + device;
            else if (!inImport && text(t) == extension)
                use = extension;
            for (const QString &name : m_rules.extensionNames) {
                const QString local = torch ? QStringLiteral("torch") + chain.mid(text(t).size()) : chain;
                if (local == name || local.startsWith(name + QLatin1Char('.')))
                    use = chain;
            }
        } else if (t.kind == Kind::Name && !inImport
                   && ((text(t) == device && isOp(k + 1, QLatin1String("(")))
                       || text(t) == QString(QLatin1String("is_") + device))) {
            use = QLatin1Char('.') + text(t);
        } else if (t.kind == Kind::String && !t.docstring && !t.isBytes() && !inComparison(k)) {
            const QString body = m_text.mid(t.bodyStart, t.bodyLength);
            if (deviceString.match(body).hasMatch() || body == m_rules.collective)
                use = text(t).toString();
            for (const QPair<int, int> &field : t.fields) { // f"{torch.npu.device_count()}"
                const QString code = m_text.mid(field.first + 1, field.second - field.first - 2);
                const PythonTokens sub = PythonTokenizer::tokenize(code);
                if (use.isEmpty() && sub) {
                    Pass nested(m_rules, m_options, m_path, code, sub.tokens);
                    nested.m_torchNames = m_torchNames;
                    use = nested.extensionUse().section(QLatin1String(": "), 1);
                }
            }
        }
        if (!use.isEmpty())
            return QStringLiteral("line %1: %2").arg(t.line).arg(use);
    }
    return {};
}

void Pass::addEntryImport()
{
    bool entryPoint = m_options.everyFileIsEntryPoint;
    int anchor = -1; // the first top-level `import torch...` / `from torch... import` statement
    int before = -1; // or the first `from torch.<device>... import`, which must follow the extension import
    int header = -1; // the module docstring and `from __future__` imports, which must stay first
    bool inHeader = true;
    bool extensionImported = false;
    QStringList present; // normalised import statements already in the file
    for (int k = 0; k < m_sig.size(); ++k) {
        if (m_statement[k] != k)
            continue;
        const PythonToken &t = sig(k);
        int end = k;
        while (end < m_sig.size() && sig(end).kind != Kind::Newline && !isOp(end, QLatin1String(";")))
            ++end;
        const bool future = isName(k, u"from") && isName(k + 1, u"__future__");
        if (inHeader && end < m_sig.size() && sig(end).kind == Kind::Newline && (t.docstring || future))
            header = end;
        else if (sig(k).kind != Kind::Newline)
            inHeader = false;
        if (isName(k, u"if") && t.column == 1 && isName(k + 1, u"__name__") && isOp(k + 2, QLatin1String("=="))
            && k + 3 < m_sig.size() && sig(k + 3).kind == Kind::String
            && QStringView(m_text).mid(sig(k + 3).bodyStart, sig(k + 3).bodyLength) == u"__main__")
            entryPoint = true;
        if (!(isName(k, u"import") || isName(k, u"from")))
            continue;
        present << statementText(k, end);
        extensionImported = extensionImported || (!m_rules.extension.isEmpty() && importsModule(k, m_rules.extension));
        if (t.column != 1 || end >= m_sig.size() || sig(end).kind != Kind::Newline)
            continue;
        if (anchor >= 0 || before >= 0 || !isName(k + 1, u"torch"))
            continue;
        // `from torch.npu.amp import GradScaler` itself needs the extension: go before it.
        if (!m_rules.device.isEmpty() && isOp(k + 2, QLatin1String("."))
            && (isName(k + 3, m_rules.device) || isName(k + 3, m_rules.source)))
            before = k;
        else
            anchor = end;
    }
    // The extension import goes into every module whose ported code uses the extension's API (a
    // library module fails at its first torch.npu just like a script); transfer_to_npu patches
    // torch.cuda process-wide, so it belongs to entry points only.
    QString use;
    if (!m_rules.entryImport.isEmpty()) {
        const QString ported = apply();
        const PythonTokens tokens = PythonTokenizer::tokenize(ported);
        if (tokens)
            use = Pass(m_rules, m_options, m_path, ported, tokens.tokens).extensionUse();
    }
    const bool transfer = entryPoint && m_options.automaticMigration && !m_rules.transferImport.isEmpty()
        && (anchor >= 0 || before >= 0 || !use.isEmpty());
    QStringList lines;
    if (!m_rules.entryImport.isEmpty() && !extensionImported && (!use.isEmpty() || transfer))
        lines << m_rules.entryImport;
    if (transfer)
        lines << m_rules.transferImport;
    const QString eol = m_text.contains(QLatin1String("\r\n")) ? QStringLiteral("\r\n") : QStringLiteral("\n");
    if (anchor < 0 && before < 0)
        anchor = header;
    // Without a torch import or a header the line goes first (after leading comments: #! and coding).
    const int first = before >= 0 ? before : 0;
    const int at = anchor >= 0 ? sig(anchor).end() : (m_sig.isEmpty() ? 0 : sig(first).start - (sig(first).column - 1));
    const int atLine = anchor >= 0 ? sig(anchor).line + 1 : (m_sig.isEmpty() ? 1 : sig(first).line);
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
        addFinding(pos, rule, line);
    }
    if (!insert.isEmpty())
        m_edits.append({at, 0, insert});
}

int Pass::closing(int open) const
{
    static const QHash<QString, QString> pairs = {{QStringLiteral("("), QStringLiteral(")")},
                                                  {QStringLiteral("["), QStringLiteral("]")},
                                                  {QStringLiteral("{"), QStringLiteral("}")}};
    const QString close = pairs.value(text(sig(open)).toString());
    // The tokenizer gives a closing bracket the depth of its opening one.
    for (int j = open + 1; j < m_sig.size() && sig(j).depth >= sig(open).depth; ++j) {
        if (sig(j).depth == sig(open).depth)
            return sig(j).kind == Kind::Operator && text(sig(j)) == close ? j : -1;
    }
    return -1;
}

QString Pass::chainAt(int k, int *end) const
{
    *end = k;
    if (k < 0 || k >= m_sig.size() || sig(k).kind != Kind::Name || isOp(k - 1, QLatin1String(".")))
        return {};
    QString chain = text(sig(k)).toString();
    int j = k + 1;
    while (isOp(j, QLatin1String(".")) && j + 1 < m_sig.size() && sig(j + 1).kind == Kind::Name) {
        chain += QLatin1Char('.') + text(sig(j + 1));
        j += 2;
    }
    *end = j;
    return chain;
}

QString Pass::chainEndingAt(int k) const
{
    if (k < 0 || k >= m_sig.size() || sig(k).kind != Kind::Name)
        return {};
    QString chain = text(sig(k)).toString();
    int start = k;
    while (isOp(start - 1, QLatin1String(".")) && start - 2 >= 0 && sig(start - 2).kind == Kind::Name) {
        start -= 2;
        chain.prepend(text(sig(start)) + QLatin1Char('.'));
    }
    // `f(x).device` is not a variable.
    return isOp(start - 1, QLatin1String(".")) || isOp(start - 1, QLatin1String(")"))
            || isOp(start - 1, QLatin1String("]"))
        ? QString()
        : chain;
}

/// The variable a compared literal is compared with: `device == "cuda"`, `"cuda" in device`,
/// `device.type != "cuda"`, `device.startswith("cuda")`, `backend in ("nccl", "gloo")`. Empty when
/// the other side is not a plain (dotted) variable, e.g. a call's result.
QString Pass::comparedSubject(int k) const
{
    static const QStringList ops = {QStringLiteral("=="), QStringLiteral("!=")};
    auto isCompare = [&](int j) {
        return j >= 0 && j < m_sig.size()
            && ((sig(j).kind == Kind::Operator && ops.contains(text(sig(j)).toString())) || isName(j, u"in"));
    };
    auto subject = [](QString chain) {
        if (chain.endsWith(QLatin1String(".type"))) // torch.device.type
            chain.chop(5);
        return chain;
    };
    auto forward = [&](int j) {
        int end = 0;
        const QString chain = chainAt(j, &end);
        return chain.isEmpty() || isOp(end, QLatin1String("(")) || isOp(end, QLatin1String("[")) ? QString()
                                                                                                 : subject(chain);
    };
    auto backward = [&](int j) { return j >= 0 && sig(j).kind == Kind::Name ? subject(chainEndingAt(j)) : QString(); };
    if (isCompare(k - 1))
        return backward(k - 2).isEmpty() && isName(k - 2, u"not") ? backward(k - 3) : backward(k - 2);
    if (isCompare(k + 1))
        return forward(k + 2);
    if (isName(k + 1, u"not") && isName(k + 2, u"in"))
        return forward(k + 3);
    if (isOp(k - 1, QLatin1String("(")) && (isName(k - 2, u"startswith") || isName(k - 2, u"endswith"))
        && isOp(k - 3, QLatin1String(".")))
        return backward(k - 4);
    int open = k - 1;
    while (open >= 0 && (isOp(open, QLatin1String(",")) || sig(open).kind == Kind::String))
        --open;
    if ((isOp(open, QLatin1String("(")) || isOp(open, QLatin1String("[")) || isOp(open, QLatin1String("{")))
        && isCompare(open - 1))
        return isName(open - 2, u"not") ? backward(open - 3) : backward(open - 2);
    return {};
}

/// The variables a dictionary keyed by the literal at k is indexed with: `d = {"cuda": ...}` then
/// `d[device]` / `d.get(device)`, or `{"cuda": ...}[device]`.
QStringList Pass::dictSubjects(int k) const
{
    QStringList subjects;
    int open = k - 1;
    while (open >= 0 && sig(open).depth >= sig(k).depth)
        --open;
    if (!isOp(k + 1, QLatin1String(":")) || !isOp(open, QLatin1String("{")))
        return subjects;
    auto indexAt = [&](int j) { // `[device]` or `.get(device` at j
        int end = 0;
        QString chain;
        if (isOp(j, QLatin1String("[")))
            chain = chainAt(j + 1, &end);
        else if (isOp(j, QLatin1String(".")) && isName(j + 1, u"get") && isOp(j + 2, QLatin1String("(")))
            chain = chainAt(j + 3, &end);
        if (chain.endsWith(QLatin1String(".type")))
            chain.chop(5);
        if (!chain.isEmpty())
            subjects << chain;
    };
    const int close = closing(open);
    if (close > 0)
        indexAt(close + 1);
    int end = 0;
    const QString dict = isOp(open - 1, QLatin1String("=")) ? chainAt(m_statement[open], &end) : QString();
    if (dict.isEmpty() || end != open - 1)
        return subjects;
    for (int j = 0; j < m_sig.size(); ++j) {
        int e = 0;
        if (j != m_statement[open] && chainAt(j, &e) == dict)
            indexAt(e);
    }
    return subjects;
}

bool Pass::literalMatches(int k, const std::function<bool(const PortRuleSet::Rule &)> &which) const
{
    const PythonToken &t = sig(k);
    if (t.kind != Kind::String || t.docstring || t.isBytes())
        return false;
    const QString body = m_text.mid(t.bodyStart, t.bodyLength);
    return std::any_of(m_rules.rules.cbegin(), m_rules.rules.cend(), [&](const PortRuleSet::Rule &r) {
        return r.kind == PortRuleSet::Kind::String && which(r) && r.pattern.match(body).hasMatch();
    });
}

bool Pass::cudaName(int k) const
{
    return literalMatches(k, [](const PortRuleSet::Rule &r) { return r.comparisonsOnly; });
}

bool Pass::rewrittenLiteral(int k) const
{
    return literalMatches(
        k, [](const PortRuleSet::Rule &r) { return r.severity == Port::Severity::AutoFix && !r.comparisonsOnly; });
}

/// What the value expression [from, to) can be: literals (conditional expressions split into their
/// branches), `torch.device(...)` / `str(...)` of one, or another variable. Anything else (a call,
/// an attribute of an argument, an environment variable) cannot be traced.
void Pass::classify(int from, int to, Origin *origin) const
{
    if (from >= to) {
        origin->provable = false;
        return;
    }
    const int depth = sig(from).depth;
    for (int j = from; j < to; ++j) {
        if (sig(j).depth != depth || !isName(j, u"if"))
            continue;
        int otherwise = j + 1;
        while (otherwise < to && !(sig(otherwise).depth == depth && isName(otherwise, u"else")))
            ++otherwise;
        for (int c = j + 1; c < otherwise; ++c) {
            int end = 0;
            const QString chain = chainAt(c, &end);
            if (!chain.isEmpty())
                origin->conditionRefs << QString(chain).remove(QRegularExpression(QStringLiteral("\\.type$")));
        }
        classify(from, j, origin);
        classify(otherwise + 1, to, origin);
        return;
    }
    if (to - from == 1 && sig(from).kind == Kind::String) {
        if (rewrittenLiteral(from))
            origin->feeds << from;
        return;
    }
    if (to - from == 1 && isName(from, u"None"))
        return;
    int end = 0;
    const QString chain = chainAt(from, &end);
    if (!chain.isEmpty() && end == to && !isName(from, u"lambda")) {
        origin->refs << chain;
        return;
    }
    const bool torchDevice = chain.endsWith(QLatin1String(".device"))
        && m_torchNames.contains(chain.section(QLatin1Char('.'), 0, 0)) && chain.count(QLatin1Char('.')) == 1;
    if ((torchDevice || chain == QLatin1String("str")) && isOp(end, QLatin1String("(")) && closing(end) == to - 1) {
        int argEnd = end + 1;
        while (argEnd < to - 1 && !(sig(argEnd).depth == sig(end).depth + 1 && isOp(argEnd, QLatin1String(","))))
            ++argEnd;
        classify(end + 1, argEnd, origin);
        return;
    }
    origin->provable = false;
    origin->what = statementText(from, to);
    // `os.environ.get("DEVICE", "cuda")`: its literals must stay as they are with the rest.
    for (int j = from; j < to; ++j) {
        if (rewrittenLiteral(j))
            origin->feeds << j;
    }
}

/// Records what a statement binds: assignments (`a = b = expr`, `self.device: str = expr`),
/// function parameters, loop and `with ... as` targets (the last three cannot be traced).
void Pass::bindings(int from, int end)
{
    const int depth = sig(from).depth;
    auto untraced = [&](int k, const QString &what, int defaultFrom = -1, int defaultTo = -1) {
        int e = 0;
        const QString chain = chainAt(k, &e);
        if (chain.isEmpty())
            return;
        Origin o;
        o.line = sig(k).line;
        if (defaultFrom >= 0) // a parameter's default literal feeds it, whatever callers pass
            classify(defaultFrom, defaultTo, &o);
        o.provable = false;
        o.what = what;
        m_origins[chain] << o;
    };
    if (isName(from, u"def")) {
        for (int j = from + 2; j < end; ++j) {
            const bool start = isOp(j - 1, QLatin1String("(")) || isOp(j - 1, QLatin1String(","))
                || isOp(j - 1, QLatin1String("*")) || isOp(j - 1, QLatin1String("**"));
            if (sig(j).depth != depth + 1 || sig(j).kind != Kind::Name || !start)
                continue;
            int defaultFrom = -1;
            int defaultTo = -1;
            for (int d = j + 1; d < end && sig(d).depth >= depth; ++d) {
                if (sig(d).depth == depth + 1 && isOp(d, QLatin1String("=")) && defaultFrom < 0)
                    defaultFrom = d + 1;
                if ((sig(d).depth == depth + 1 && isOp(d, QLatin1String(","))) || sig(d).depth == depth) {
                    defaultTo = d; // the next parameter's comma or the closing parenthesis
                    break;
                }
            }
            untraced(j, QStringLiteral("parameter of %1()").arg(text(sig(from + 1))), defaultFrom,
                     defaultFrom >= 0 ? defaultTo : -1);
        }
        return;
    }
    // One pass: a loop's targets run from its `for` to the next `in`. A `for` without an `in`
    // ends at the next `for`, so `for for for …` is read once, not once per `for` (16 KB of it
    // took seconds and a gigabyte).
    bool loopTargets = false;
    for (int j = from; j < end; ++j) {
        if (isName(j, u"for") && sig(j).depth == depth)
            loopTargets = true;
        else if (isName(j, u"in"))
            loopTargets = false;
        else if (loopTargets)
            untraced(j, QStringLiteral("loop variable"));
        if (isName(j, u"as"))
            untraced(j + 1, QStringLiteral("'as' target"));
    }
    // `parser.add_argument("--device", default="cuda")`: the option's value (`args.device`) comes
    // from the command line; its default and choices are literals that feed it.
    for (int j = from; j + 2 < end; ++j) {
        if (!isName(j, u"add_argument") || !isOp(j + 1, QLatin1String("(")) || sig(j + 2).kind != Kind::String)
            continue;
        const int close = closing(j + 1);
        QString option = m_text.mid(sig(j + 2).bodyStart, sig(j + 2).bodyLength);
        for (int d = j + 2; d + 2 < close; ++d) {
            if (isName(d, u"dest") && isOp(d + 1, QLatin1String("=")) && sig(d + 2).kind == Kind::String)
                option = m_text.mid(sig(d + 2).bodyStart, sig(d + 2).bodyLength);
        }
        while (option.startsWith(QLatin1Char('-')))
            option.remove(0, 1);
        Origin o;
        o.line = sig(j).line;
        o.provable = false;
        o.what = QStringLiteral("command-line option --%1").arg(option);
        for (int d = j + 2; d < close; ++d) {
            if (rewrittenLiteral(d))
                o.feeds << d;
        }
        m_origins[QStringLiteral("*.") + option.replace(QLatin1Char('-'), QLatin1Char('_'))] << o;
    }
    QList<int> equals;
    for (int j = from; j < end; ++j) {
        if (sig(j).depth == depth && isOp(j, QLatin1String("=")))
            equals << j;
    }
    if (equals.isEmpty())
        return;
    Origin o;
    o.line = sig(from).line;
    classify(equals.constLast() + 1, end, &o);
    int target = from;
    for (const int eq : std::as_const(equals)) {
        int chainEnd = 0;
        const QString chain = chainAt(target, &chainEnd);
        if (!chain.isEmpty() && (chainEnd == eq || isOp(chainEnd, QLatin1String(":")))) {
            m_origins[chain] << o;
        } else {
            for (int v = target; v < eq; ++v) // `a, b = ...`: each name gets an untraced value
                untraced(v, QStringLiteral("tuple assignment"));
        }
        target = eq + 1;
    }
}

void Pass::traceValues()
{
    for (int k = 0; k < m_sig.size(); ++k) {
        if (m_statement[k] != k || isName(k, u"import") || isName(k, u"from"))
            continue;
        int end = k;
        while (end < m_sig.size() && sig(end).kind != Kind::Newline
               && !(isOp(end, QLatin1String(";")) && sig(end).depth == 0))
            ++end;
        bindings(k, end);
    }
    // A variable is traced when every value it gets is a literal or another traced variable.
    QHash<QString, bool> traced;
    for (auto it = m_origins.cbegin(); it != m_origins.cend(); ++it)
        traced[it.key()] = std::all_of(it->cbegin(), it->cend(), [](const Origin &o) { return o.provable; });
    for (bool changed = true; changed;) {
        changed = false;
        for (auto it = m_origins.cbegin(); it != m_origins.cend(); ++it) {
            if (!traced.value(it.key()))
                continue;
            for (const Origin &o : *it) {
                for (const QString &r : o.refs) {
                    if (!traced.value(r) && traced.value(it.key())) {
                        traced[it.key()] = false;
                        changed = true;
                    }
                }
            }
        }
    }
    // Uses: compared literals and dictionary keys naming the source device or backend.
    struct Use
    {
        int literal;
        QString subject;
        bool key; ///< a dictionary key (rewritten by default), not a comparison (left by default)
    };
    QList<Use> uses;
    QSet<QString> tainted;
    for (int k = 0; k < m_sig.size(); ++k) {
        if (!cudaName(k))
            continue;
        const QStringList keys = dictSubjects(k);
        for (const QString &subject : keys)
            uses.append({k, subject, true});
        if (keys.isEmpty() && inComparison(k))
            uses.append({k, comparedSubject(k), false});
    }
    for (Use &use : uses) {
        // `args.device` is the command-line option `--device` when this module defines one.
        const QString option = QStringLiteral("*.") + use.subject.section(QLatin1Char('.'), -1);
        if (use.subject.contains(QLatin1Char('.')) && !m_origins.contains(use.subject) && m_origins.contains(option))
            use.subject = option;
        if (!use.subject.isEmpty() && !traced.value(use.subject))
            tainted.insert(use.subject);
    }
    // A variable that flows into or out of an untraced one (as a value or in a condition) cannot
    // be ported alone either.
    for (bool changed = true; changed;) {
        changed = false;
        for (auto it = m_origins.cbegin(); it != m_origins.cend(); ++it) {
            for (const Origin &o : *it) {
                for (const QString &r : o.refs + o.conditionRefs) {
                    if (tainted.contains(it.key()) && m_origins.contains(r) && !tainted.contains(r)) {
                        tainted.insert(r);
                        changed = true;
                    } else if (tainted.contains(r) && !tainted.contains(it.key())) {
                        tainted.insert(it.key());
                        changed = true;
                    }
                }
            }
        }
    }
    auto linesOf = [&](const QString &variable) {
        QStringList lines;
        for (const Origin &o : m_origins.value(variable))
            lines << QString::number(o.line);
        return lines;
    };
    for (const Use &use : std::as_const(uses)) {
        if (!use.subject.isEmpty() && !tainted.contains(use.subject) && !use.key)
            m_follow.insert(use.literal,
                            QStringLiteral("ported with `%1` (its values: line %2)")
                                .arg(use.subject, linesOf(use.subject).join(QLatin1String(", "))));
    }
    // Variables left unchanged are reported in groups that flow into each other, so each finding
    // lists exactly the lines that must be ported together.
    QHash<QString, QString> groupOf;
    for (const QString &v : std::as_const(tainted))
        groupOf[v] = v;
    std::function<QString(const QString &)> root
        = [&](const QString &v) { return groupOf.value(v) == v ? v : root(groupOf.value(v)); };
    for (auto it = m_origins.cbegin(); it != m_origins.cend(); ++it) {
        if (!tainted.contains(it.key()))
            continue;
        for (const Origin &o : *it) {
            for (const QString &r : o.refs + o.conditionRefs) {
                if (tainted.contains(r))
                    groupOf[root(r)] = root(it.key());
            }
        }
    }
    QHash<QString, QStringList> lines; // group → the lines left unchanged
    QHash<QString, QStringList> untraceable; // group → its values that cannot be traced
    QList<QPair<int, QString>> kept; // literal → group
    for (const QString &v : std::as_const(tainted)) {
        const QString group = root(v);
        for (const Origin &o : m_origins.value(v)) {
            if (!o.provable)
                untraceable[group] << QStringLiteral("line %1: `%2` = %3").arg(o.line).arg(v, o.what);
            for (const int f : o.feeds)
                kept.append({f, group});
        }
        if (!m_origins.contains(v))
            untraceable[group] << QStringLiteral("`%1` is not assigned in this module").arg(v);
    }
    for (const Use &use : std::as_const(uses)) {
        // A comparison with a variable that nothing here assigns stays the comparison rule's finding.
        if (tainted.contains(use.subject) && (use.key || m_origins.contains(use.subject)))
            kept.append({use.literal, root(use.subject)});
    }
    for (const auto &[literal, group] : std::as_const(kept))
        lines[group] << QString::number(sig(literal).line);
    for (const auto &[literal, group] : std::as_const(kept)) {
        QStringList groupLines = lines.value(group);
        groupLines.removeDuplicates();
        std::sort(groupLines.begin(), groupLines.end(),
                  [](const QString &x, const QString &y) { return x.toInt() < y.toInt(); });
        QStringList reasons = untraceable.value(group);
        reasons.removeDuplicates();
        reasons.sort();
        m_keep.insert(literal,
                      QStringLiteral("left unchanged: a CUDA device/backend name flows through variables whose "
                                     "values cannot all be traced (%1); lines %2 must be ported together")
                          .arg(reasons.join(QLatin1String("; ")), groupLines.join(QLatin1String(", "))));
    }
}

void Pass::run(bool nested)
{
    if (!nested) {
        dropImports();
        traceValues();
    }
    for (int k = 0; k < m_sig.size(); ++k) {
        if (m_dropped[k])
            continue;
        const PythonToken &t = sig(k);
        if (t.kind == Kind::String) {
            stringRules(k);
            if (t.isFString())
                fieldRules(t);
            continue;
        }
        if (t.kind != Kind::Name)
            continue;
        for (const PortRuleSet::Rule &rule : m_rules.rules) {
            if (rule.kind == PortRuleSet::Kind::Dotted) {
                const int span = matchDotted(k, rule);
                if (!span)
                    continue;
                const PythonToken &last = sig(k + span - 1);
                QString replace = rule.replace;
                // `import torch as th`: th.cuda.synchronize() becomes th.npu.synchronize().
                if (text(t) != rule.match[0]
                    && (replace == QLatin1String("torch") || replace.startsWith(QLatin1String("torch."))))
                    replace = text(t) + replace.mid(5);
                if (!rule.prependArg.isEmpty()) // `autocast(` + `"npu", `
                    replace += QLatin1Char('(') + rule.prependArg
                        + (isOp(k + span + 1, QLatin1String(")")) ? QString() : QStringLiteral(", "));
                addFinding(t, rule, replace);
                if (rule.severity == Port::Severity::AutoFix)
                    m_edits.append(
                        {t.start, (rule.prependArg.isEmpty() ? last.end() : sig(k + span).end()) - t.start, replace});
                k += span - 1;
                break;
            }
            if (rule.kind == PortRuleSet::Kind::Attribute && matchAttribute(k, rule)) {
                addFinding(sig(k - 1), rule, QLatin1Char('.') + rule.replace);
                if (rule.severity == Port::Severity::AutoFix)
                    m_edits.append({t.start, t.length, rule.replace});
                break;
            }
        }
    }
    if (!nested)
        addEntryImport();
    std::stable_sort(m_findings.begin(), m_findings.end(), [](const Port::Finding &a, const Port::Finding &b) {
        return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    });
}

QString Pass::apply() const
{
    QList<Edit> edits = m_edits;
    // Insertions go before a replacement that starts at the same offset.
    std::stable_sort(edits.begin(), edits.end(), [](const Edit &a, const Edit &b) {
        return a.start != b.start ? a.start < b.start : (a.length == 0 && b.length != 0);
    });
    QString out;
    out.reserve(m_text.size() + 256);
    int copied = 0;
    for (const Edit &e : std::as_const(edits)) {
        if (e.start < copied)
            continue; // overlapping edits cannot come from one token walk; keep the first
        out += QStringView(m_text).mid(copied, e.start - copied);
        out += e.text;
        copied = e.start + e.length;
    }
    out += QStringView(m_text).mid(copied);
    return out;
}

} // namespace

PortEngine::PortEngine(const PortRuleSet &rules, const Port::Options &options)
    : m_rules(rules)
    , m_options(options)
{ }

Port::FileResult PortEngine::portText(const QString &path, const QString &text) const
{
    Port::FileResult result;
    result.path = path;
    result.original = text;
    result.ported = text;
    const PythonTokens tokens = PythonTokenizer::tokenize(text);
    if (!tokens) {
        result.error
            = QStringLiteral("%1:%2: %3; file left unchanged").arg(path).arg(tokens.errorLine).arg(tokens.error);
        return result;
    }
    Pass pass(m_rules, m_options, path, text, tokens.tokens);
    pass.run();
    result.ported = pass.apply();
    result.findings = pass.findings();
    return result;
}
