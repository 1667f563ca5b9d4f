#include "porting/portengine.h"

#include "porting/pythontokenizer.h"

#include <algorithm>
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
    void addFinding(const PythonToken &at, const PortRuleSet::Rule &rule, const QString &autoText);

    const PortRuleSet &m_rules;
    const Port::Options &m_options;
    QString m_path;
    QString m_text;
    QList<PythonToken> m_tokens;
    QList<int> m_sig; ///< indices of tokens that are not comments or non-logical line breaks
    QList<int> m_statement; ///< per significant token: index (into m_sig) of its statement's first token
    QList<bool> m_dropped; ///< per significant token: inside an import statement that is removed
    QList<Edit> m_edits;
    QList<Port::Finding> m_findings;
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
        if (!isName(j, rule.match[p]))
            return 0;
        ++j;
    }
    if (!rule.members.isEmpty()) {
        const bool memberFollows = isOp(j, QLatin1String(".")) && j + 1 < m_sig.size()
            && sig(j + 1).kind == Kind::Name && rule.members.contains(text(sig(j + 1)).toString());
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
    const bool compared = inComparison(k);
    for (const PortRuleSet::Rule &rule : m_rules.rules) {
        if (rule.kind != PortRuleSet::Kind::String || (rule.skipComparisons && compared)
            || (rule.comparisonsOnly && !compared))
            continue;
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
        const int columnShift = lastBreak < 0 ? fstring.column - 1 + int(before.size()) : int(before.size()) - lastBreak - 1;
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

void Pass::addEntryImport()
{
    QStringList lines;
    if (!m_rules.entryImport.isEmpty())
        lines << m_rules.entryImport;
    if (m_options.transferToNpu && !m_rules.transferImport.isEmpty())
        lines << m_rules.transferImport;
    if (lines.isEmpty())
        return;
    bool entryPoint = m_options.everyFileIsEntryPoint;
    int anchor = -1; // the first top-level `import torch...` / `from torch... import` statement
    int firstImport = -1;
    QStringList present; // normalised import statements already in the file
    for (int k = 0; k < m_sig.size(); ++k) {
        if (m_statement[k] != k)
            continue;
        const PythonToken &t = sig(k);
        if (isName(k, u"if") && t.column == 1 && isName(k + 1, u"__name__") && isOp(k + 2, QLatin1String("=="))
            && k + 3 < m_sig.size() && sig(k + 3).kind == Kind::String
            && QStringView(m_text).mid(sig(k + 3).bodyStart, sig(k + 3).bodyLength) == u"__main__")
            entryPoint = true;
        if (!(isName(k, u"import") || isName(k, u"from")))
            continue;
        int end = k;
        while (end < m_sig.size() && sig(end).kind != Kind::Newline && !isOp(end, QLatin1String(";")))
            ++end;
        present << statementText(k, end);
        if (t.column != 1 || end >= m_sig.size() || sig(end).kind != Kind::Newline)
            continue;
        const bool future = isName(k + 1, u"__future__");
        if (firstImport < 0 && !future)
            firstImport = end;
        if (anchor < 0 && isName(k + 1, u"torch"))
            anchor = end;
    }
    if (!entryPoint)
        return;
    // A script that never imports torch needs no device import unless the rules rewrote it.
    const bool rewritten = std::any_of(m_findings.cbegin(), m_findings.cend(),
                                       [](const Port::Finding &f) { return f.severity == Port::Severity::AutoFix; });
    if (anchor < 0 && rewritten)
        anchor = firstImport;
    if (anchor < 0)
        return;
    const QString eol = m_text.contains(QLatin1String("\r\n")) ? QStringLiteral("\r\n") : QStringLiteral("\n");
    const PythonToken &newline = sig(anchor);
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
        rule.message = QStringLiteral("entry point: added '%1' so the %2 device is registered before use")
                           .arg(line, m_rules.target);
        PythonToken at = newline;
        at.line += 1;
        at.column = 1;
        addFinding(at, rule, line);
    }
    if (!insert.isEmpty())
        m_edits.append({newline.end(), 0, insert});
}

void Pass::run(bool nested)
{
    if (!nested)
        dropImports();
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
                addFinding(t, rule, rule.replace);
                if (rule.severity == Port::Severity::AutoFix)
                    m_edits.append({t.start, last.end() - t.start, rule.replace});
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
{
}

Port::FileResult PortEngine::portText(const QString &path, const QString &text) const
{
    Port::FileResult result;
    result.path = path;
    result.original = text;
    result.ported = text;
    const PythonTokens tokens = PythonTokenizer::tokenize(text);
    if (!tokens) {
        result.error = QStringLiteral("%1:%2: %3; file left unchanged").arg(path).arg(tokens.errorLine).arg(tokens.error);
        return result;
    }
    Pass pass(m_rules, m_options, path, text, tokens.tokens);
    pass.run();
    result.ported = pass.apply();
    result.findings = pass.findings();
    return result;
}
