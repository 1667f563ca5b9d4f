// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/pythontokenizer.h"

namespace {

bool isIdentStart(QChar c)
{
    return c.isLetter() || c == QLatin1Char('_') || c.unicode() > 0x7f;
}

bool isIdentChar(QChar c)
{
    return isIdentStart(c) || c.isDigit();
}

bool isQuote(QChar c)
{
    return c == QLatin1Char('"') || c == QLatin1Char('\'');
}

bool isStringPrefix(QStringView word)
{
    if (word.size() > 2)
        return false;
    static const QStringList prefixes
        = {QStringLiteral("r"),  QStringLiteral("u"),  QStringLiteral("b"),  QStringLiteral("f"),
           QStringLiteral("br"), QStringLiteral("rb"), QStringLiteral("fr"), QStringLiteral("rf")};
    return prefixes.contains(word.toString().toLower());
}

class Scanner
{
public:
    explicit Scanner(QStringView source)
        : s(source)
        , n(int(source.size()))
    { }

    PythonTokens run();

private:
    QChar at(int i) const { return i < n ? s[i] : QChar(); }
    int newlineLength(int i) const
    {
        if (at(i) == QLatin1Char('\r'))
            return at(i + 1) == QLatin1Char('\n') ? 2 : 1;
        return at(i) == QLatin1Char('\n') ? 1 : 0;
    }
    /// Moves pos to `to`, counting the line breaks passed.
    void consume(int to)
    {
        while (pos < to) {
            const int nl = newlineLength(pos);
            if (nl) {
                pos += nl;
                ++line;
                lineStart = pos;
            } else {
                ++pos;
            }
        }
    }
    void push(PythonToken::Kind kind, int start, int end)
    {
        PythonToken t;
        t.kind = kind;
        t.start = start;
        t.length = end - start;
        t.line = line;
        t.column = start - lineStart + 1;
        t.depth = depth;
        append(t);
    }
    void append(const PythonToken &t)
    {
        if (result.tokens.size() >= PythonTokenizer::maxTokens) {
            fail(QStringLiteral("more than %1 tokens, the most PortBench reads in one file (see docs/limits.md)")
                     .arg(PythonTokenizer::maxTokens),
                 line);
            return; // the scan loop stops on the error
        }
        result.tokens.append(t);
    }
    bool fail(const QString &message, int atLine)
    {
        if (result.error.isEmpty()) {
            result.error = message;
            result.errorLine = atLine;
        }
        return false;
    }
    /// Scans a string literal whose opening quote is at `quote`; returns the end offset or -1.
    int scanString(int quote, bool fstring, QList<QPair<int, int>> *fields, int *bodyStart, int *bodyEnd);
    /// Scans an f-string replacement field after its `{`; returns the offset after its `}` or -1.
    int scanField(int from, int startLine);
    void markDocstrings();

    QStringView s;
    int n;
    int pos = 0;
    int line = 1;
    int lineStart = 0;
    int depth = 0;
    PythonTokens result;
};

int Scanner::scanString(int quote, bool fstring, QList<QPair<int, int>> *fields, int *bodyStart, int *bodyEnd)
{
    const QChar q = s[quote];
    const bool triple = at(quote + 1) == q && at(quote + 2) == q;
    const int startLine = line;
    int i = quote + (triple ? 3 : 1);
    if (bodyStart)
        *bodyStart = i;
    while (true) {
        if (i >= n) {
            fail(triple ? QStringLiteral("unterminated triple-quoted string") : QStringLiteral("unterminated string"),
                 startLine);
            return -1;
        }
        const QChar c = s[i];
        if (c == QLatin1Char('\\')) {
            // A backslash escapes the next character even in raw strings (r"\"" is one string).
            i += 1 + qMax(1, newlineLength(i + 1));
            continue;
        }
        if (!triple && newlineLength(i)) {
            fail(QStringLiteral("unterminated string"), startLine);
            return -1;
        }
        if (fstring && c == QLatin1Char('{')) {
            if (at(i + 1) == QLatin1Char('{')) {
                i += 2;
                continue;
            }
            const int fieldEnd = scanField(i + 1, startLine);
            if (fieldEnd < 0)
                return -1;
            if (fields)
                fields->append({i, fieldEnd});
            i = fieldEnd;
            continue;
        }
        if (c == q) {
            if (!triple) {
                if (bodyEnd)
                    *bodyEnd = i;
                return i + 1;
            }
            if (at(i + 1) == q && at(i + 2) == q) {
                if (bodyEnd)
                    *bodyEnd = i;
                return i + 3;
            }
        }
        ++i;
    }
}

int Scanner::scanField(int from, int startLine)
{
    int nesting = 1;
    int i = from;
    while (i < n) {
        const QChar c = s[i];
        if (isIdentStart(c)) {
            int j = i;
            while (j < n && isIdentChar(s[j]))
                ++j;
            if (isQuote(at(j)) && isStringPrefix(s.mid(i, j - i))) {
                const QString prefix = s.mid(i, j - i).toString().toLower();
                const int end = scanString(j, prefix.contains(QLatin1Char('f')), nullptr, nullptr, nullptr);
                if (end < 0)
                    return -1;
                i = end;
            } else {
                i = j;
            }
            continue;
        }
        if (isQuote(c)) {
            const int end = scanString(i, false, nullptr, nullptr, nullptr);
            if (end < 0)
                return -1;
            i = end;
            continue;
        }
        if (c == QLatin1Char('{') || c == QLatin1Char('(') || c == QLatin1Char('['))
            ++nesting;
        else if (c == QLatin1Char(')') || c == QLatin1Char(']'))
            --nesting;
        else if (c == QLatin1Char('}') && --nesting == 0)
            return i + 1;
        ++i;
    }
    fail(QStringLiteral("unterminated f-string replacement field"), startLine);
    return -1;
}

PythonTokens Scanner::run()
{
    static const QStringList threeCharOps = {QStringLiteral("**="), QStringLiteral("//="), QStringLiteral(">>="),
                                             QStringLiteral("<<="), QStringLiteral("...")};
    static const QStringList twoCharOps
        = {QStringLiteral("=="), QStringLiteral("!="), QStringLiteral("<="), QStringLiteral(">="), QStringLiteral("->"),
           QStringLiteral(":="), QStringLiteral("**"), QStringLiteral("//"), QStringLiteral("<<"), QStringLiteral(">>"),
           QStringLiteral("+="), QStringLiteral("-="), QStringLiteral("*="), QStringLiteral("/="), QStringLiteral("%="),
           QStringLiteral("&="), QStringLiteral("|="), QStringLiteral("^="), QStringLiteral("@=")};
    bool lineHasTokens = false;
    while (pos < n && result.error.isEmpty()) {
        const QChar c = s[pos];
        if (c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\f')) {
            ++pos;
            continue;
        }
        if (c == QLatin1Char('\\') && newlineLength(pos + 1)) {
            consume(pos + 1 + newlineLength(pos + 1));
            continue;
        }
        if (const int nl = newlineLength(pos)) {
            const bool logical = depth == 0 && lineHasTokens;
            push(logical ? PythonToken::Kind::Newline : PythonToken::Kind::LineBreak, pos, pos + nl);
            if (logical)
                lineHasTokens = false;
            consume(pos + nl);
            continue;
        }
        if (c == QLatin1Char('#')) {
            int end = pos;
            while (end < n && !newlineLength(end))
                ++end;
            push(PythonToken::Kind::Comment, pos, end);
            pos = end;
            continue;
        }
        lineHasTokens = true;
        const int start = pos;
        const int startLine = line;
        const int startColumn = pos - lineStart + 1;
        QString prefix;
        int quote = -1;
        if (isIdentStart(c)) {
            int end = pos;
            while (end < n && isIdentChar(s[end]))
                ++end;
            if (isQuote(at(end)) && isStringPrefix(s.mid(pos, end - pos))) {
                prefix = s.mid(pos, end - pos).toString().toLower();
                quote = end;
            } else {
                push(PythonToken::Kind::Name, pos, end);
                pos = end;
                continue;
            }
        } else if (isQuote(c)) {
            quote = pos;
        }
        if (quote >= 0) {
            PythonToken t;
            int bodyStart = 0;
            int bodyEnd = 0;
            const int end = scanString(quote, prefix.contains(QLatin1Char('f')), &t.fields, &bodyStart, &bodyEnd);
            if (end < 0)
                break;
            t.kind = PythonToken::Kind::String;
            t.start = start;
            t.length = end - start;
            t.line = startLine;
            t.column = startColumn;
            t.depth = depth;
            t.prefix = prefix;
            t.bodyStart = bodyStart;
            t.bodyLength = bodyEnd - bodyStart;
            append(t);
            if (!result.error.isEmpty())
                break;
            consume(end);
            continue;
        }
        if (c.isDigit() || (c == QLatin1Char('.') && at(pos + 1).isDigit())) {
            int end = pos;
            while (end < n) {
                const QChar d = s[end];
                const QChar prev = end > pos ? s[end - 1] : QChar();
                const bool exponentSign = (d == QLatin1Char('+') || d == QLatin1Char('-'))
                    && (prev == QLatin1Char('e') || prev == QLatin1Char('E'))
                    && !s.mid(pos, 2).startsWith(QLatin1String("0x"), Qt::CaseInsensitive);
                if (d.isLetterOrNumber() || d == QLatin1Char('_') || d == QLatin1Char('.') || exponentSign)
                    ++end;
                else
                    break;
            }
            push(PythonToken::Kind::Number, pos, end);
            pos = end;
            continue;
        }
        int len = 1;
        if (threeCharOps.contains(s.mid(pos, 3).toString()))
            len = 3;
        else if (twoCharOps.contains(s.mid(pos, 2).toString()))
            len = 2;
        if (c == QLatin1Char('(') || c == QLatin1Char('[') || c == QLatin1Char('{')) {
            push(PythonToken::Kind::Operator, pos, pos + 1);
            ++depth;
        } else if (c == QLatin1Char(')') || c == QLatin1Char(']') || c == QLatin1Char('}')) {
            depth = qMax(0, depth - 1);
            push(PythonToken::Kind::Operator, pos, pos + 1);
        } else {
            push(PythonToken::Kind::Operator, pos, pos + len);
        }
        pos += len;
    }
    if (result.error.isEmpty() && depth > 0)
        fail(QStringLiteral("unclosed bracket at end of file"), line);
    markDocstrings();
    return result;
}

void Scanner::markDocstrings()
{
    QList<PythonToken> &tokens = result.tokens;
    auto significant = [](const PythonToken &t) {
        return t.kind != PythonToken::Kind::Comment && t.kind != PythonToken::Kind::LineBreak;
    };
    int prev = -1; // previous significant token
    for (int i = 0; i < tokens.size(); ++i) {
        if (!significant(tokens[i]))
            continue;
        const bool statementStart = prev < 0 || tokens[prev].kind == PythonToken::Kind::Newline;
        if (statementStart && tokens[i].kind == PythonToken::Kind::String) {
            // A run of adjacent literals (implicit concatenation) that ends the logical line.
            int j = i;
            QList<int> run;
            for (; j < tokens.size(); ++j) {
                if (!significant(tokens[j]))
                    continue;
                if (tokens[j].kind != PythonToken::Kind::String)
                    break;
                run.append(j);
            }
            if (j == tokens.size() || tokens[j].kind == PythonToken::Kind::Newline) {
                for (int k : run)
                    tokens[k].docstring = true;
            }
        }
        prev = i;
    }
}

} // namespace

PythonTokens PythonTokenizer::tokenize(QStringView source)
{
    return Scanner(source).run();
}
