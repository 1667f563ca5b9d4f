// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "metricline.h"

#include "core/sources/logs/dictscanner.h"
#include "core/sources/logs/logtext.h"

#include <cstring>

namespace {

bool isLetter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool isDigit(char c)
{
    return LogText::isDigit(c);
}

// Bytes of a key word: letters, digits, the punctuation trainers put in names, and any byte of a
// UTF-8 sequence (Chinese keys).
bool isKeyChar(char c)
{
    return isLetter(c) || isDigit(c) || c == '_' || c == '/' || c == '.' || c == '-' || c == '@' || c == '#'
        || static_cast<unsigned char>(c) >= 0x80;
}

// QByteArrayView::trimmed() inline: keys are trimmed several times on every line.
QByteArrayView trimmedKey(QByteArrayView t)
{
    const auto space = [](char c) { return c == '\n' || LogText::isSpace(c); }; // what trimmed() drops
    qsizetype from = 0, to = t.size();
    while (from < to && space(t[from]))
        ++from;
    while (to > from && space(t[to - 1]))
        --to;
    return t.sliced(from, to - from);
}

bool startsWithNoCase(QByteArrayView t, const char *word)
{
    const qsizetype n = qsizetype(std::strlen(word));
    if (t.size() < n)
        return false;
    for (qsizetype i = 0; i < n; ++i) {
        char c = t[i];
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
        if (c != word[i])
            return false;
    }
    return true;
}

// Units trainers print after a value, separated by a space ("31.55 GiB", "507844.205 ms").
bool isUnit(QByteArrayView w)
{
    static constexpr QByteArrayView units[]
        = {"ms",        "s",      "sec",     "secs",   "seconds", "min", "mins", "h",    "us",   "GiB",      "GB",
           "MiB",       "MB",     "KiB",     "KB",     "TiB",     "TB",  "%",    "it/s", "s/it", "tokens/s", "tok/s",
           "samples/s", "TFLOPs", "TFLOP/s", "TFLOPS", "B",       "M",   "K",    "G",    "T",    "samples",  "tokens"};
    if (w.size() > 9)
        return false;
    for (QByteArrayView u : units) {
        if (w == u)
            return true;
    }
    return false;
}

bool isSourceFile(QByteArrayView key)
{
    if (!key.contains('.'))
        return false;
    static constexpr QByteArrayView extensions[]
        = {".py", ".cc", ".cpp", ".c", ".h", ".rs", ".go", ".java", ".sh", ".js", ".ts"};
    for (QByteArrayView ext : extensions) {
        if (key.endsWith(ext))
            return true;
    }
    return false;
}

// "olmo.train:908", "node-160750:0": a logger's module:line or a host:rank, when the number is
// glued to the colon.
bool isLocation(QByteArrayView k)
{
    for (qsizetype i = 1; i + 1 < k.size(); ++i) {
        if (k[i] == '.' && isLetter(k[i - 1]) && isLetter(k[i + 1]))
            return true;
    }
    qsizetype d = k.size();
    while (d > 0 && isDigit(k[d - 1]))
        --d;
    return d < k.size() && d > 0 && k[d - 1] == '-';
}

class Scanner
{
public:
    Scanner(QByteArrayView text, MetricLine &out)
        : m_s(text.data())
        , m_n(text.size())
        , m_out(out)
    { }

    void run(qsizetype from, qsizetype to)
    {
        const qsizetype savedEnd = m_n;
        m_n = to;
        m_keyStart = from;
        qsizetype i = from;
        while (i < m_n) {
            const char c = m_s[i];
            if (isLetter(c) || c == '_') {
                ++i; // most of a line: a key's letters start nothing
                continue;
            }
            if (isDigit(c) && !m_out.hasBar && (i == 0 || !isKeyChar(m_s[i - 1]))) {
                if (const qsizetype end = bar(i)) {
                    i = end;
                    continue;
                }
            }
            if (c == ':' || c == '=') {
                i = binder(i);
                continue;
            }
            if (c == '(' && i > m_keyStart && isKeyChar(m_s[i - 1])) {
                // A parenthesis inside a key ("train/lr(1e-3)", "Iter(train)", "memory(GiB)").
                const char *close
                    = static_cast<const char *>(std::memchr(m_s + i, ')', size_t(qMin<qsizetype>(m_n - i, 40))));
                i = close ? close - m_s + 1 : i + 1;
                continue;
            }
            if (c == '[' || c == '(') {
                i = bracket(i);
                continue;
            }
            if (isSeparator(i)) {
                i = afterSeparator(i);
                m_keyStart = i;
                continue;
            }
            if ((isDigit(c) || ((c == '-' || c == '+' || c == '.') && i + 1 < m_n && isDigit(m_s[i + 1]))) && i > 0
                && m_s[i - 1] == ' ') {
                i = spaceBound(i);
                continue;
            }
            ++i;
        }
        m_n = savedEnd;
    }

private:
    bool isSeparator(qsizetype i) const
    {
        const char c = m_s[i];
        if (c == '|' || c == ',' || c == ';' || c == '\t' || c == '{' || c == '}' || c == ']')
            return true;
        // " - ", " -- ", and a run of two or more spaces
        if (c == ' ' && i + 1 < m_n) {
            if (m_s[i + 1] == ' ')
                return true;
            if (m_s[i + 1] == '-') {
                qsizetype j = i + 1;
                while (j < m_n && m_s[j] == '-')
                    ++j;
                return j >= m_n || m_s[j] == ' ';
            }
        }
        return false;
    }

    qsizetype afterSeparator(qsizetype i) const
    {
        ++i;
        while (i < m_n && (m_s[i] == ' ' || m_s[i] == '-' || m_s[i] == '\t'))
            ++i;
        return i;
    }

    // The key of a value: the words since the last separator, after the last unmatched opener
    // and after bracketed tags ("Stage [train] iter" → "iter"); empty when it is no key.
    QByteArrayView key(qsizetype from, qsizetype to, int maxWords, bool glued = false) const
    {
        QByteArrayView k(m_s + from, to - from);
        k = trimmedKey(k);
        // After the last "] " / unmatched opener.
        int depth = 0;
        qsizetype start = 0;
        for (qsizetype i = k.size() - 1; i >= 0; --i) {
            const char c = k[i];
            if (c == ')' || c == ']' || c == '}') {
                // "Stage [train] iter", "(worker) iteration": a tag before the key.
                if ((c == ']' || c == ')') && i + 1 < k.size() && k[i + 1] == ' ' && depth == 0) {
                    start = i + 1;
                    break;
                }
                ++depth;
            } else if (c == '(' || c == '[' || c == '{') {
                if (depth == 0) {
                    start = i + 1;
                    break;
                }
                --depth;
            } else if (c == '\t' || (c == ' ' && i > 0 && k[i - 1] == ' ')) {
                if (depth == 0) {
                    start = i + 1;
                    break;
                }
            }
        }
        k = trimmedKey(k.sliced(start));
        while (!k.isEmpty() && (k.front() == '\'' || k.front() == '"' || k.front() == '-' || k.front() == '>'))
            k = trimmedKey(k.sliced(1));
        while (!k.isEmpty() && (k.back() == '\'' || k.back() == '"' || k.back() == ':'))
            k.chop(1);
        if (k.isEmpty() || k.size() > 64)
            return {};
        const char first = k.front();
        if (!(isLetter(first) || first == '_' || static_cast<unsigned char>(first) >= 0x80))
            return {};
        // One pass for the words and the binders no key holds.
        int words = 1;
        bool dot = false;
        for (char c : k) {
            if (c == '=' || c == ':')
                return {};
            words += c == ' ';
            dot = dot || c == '.';
        }
        if (words > maxWords || (dot && isSourceFile(k)) || (glued && isLocation(k)))
            return {};
        return k;
    }

    // A number (or nan/inf, or a counter N/M) at i; returns its end or -1. Dates, times and
    // addresses ("2023-07-11", "1:30:00", "10.96.202.43") are no values.
    qsizetype number(qsizetype i, MetricLine::Pair &p) const
    {
        qsizetype k = i;
        if (k < m_n && (m_s[k] == '-' || m_s[k] == '+'))
            ++k;
        if (k < m_n && isLetter(m_s[k])) {
            for (const char *word : {"infinity", "nan", "inf"}) {
                const qsizetype len = qsizetype(std::strlen(word));
                if (startsWithNoCase(QByteArrayView(m_s + k, m_n - k), word)
                    && (k + len >= m_n || !isKeyChar(m_s[k + len]))) {
                    double v;
                    if (!LogText::toDouble(QByteArrayView(m_s + i, k + len - i), v))
                        return -1;
                    p.value = v;
                    return k + len;
                }
            }
            return -1;
        }
        const qsizetype digitsFrom = k;
        while (k < m_n && isDigit(m_s[k]))
            ++k;
        const qsizetype intDigits = k - digitsFrom;
        bool thousands = false;
        // Thousands separators: "195,153", "1,048,576" (groups of three, then no digit).
        while (intDigits > 0 && intDigits <= 3 && k + 3 < m_n && m_s[k] == ',' && isDigit(m_s[k + 1])
               && isDigit(m_s[k + 2]) && isDigit(m_s[k + 3]) && (k + 4 >= m_n || !isDigit(m_s[k + 4]))) {
            thousands = true;
            k += 4;
        }
        if (k < m_n && m_s[k] == '.') {
            ++k;
            while (k < m_n && isDigit(m_s[k]))
                ++k;
        }
        if (k == digitsFrom || (k == digitsFrom + 1 && m_s[digitsFrom] == '.'))
            return -1;
        if (k + 1 < m_n && (m_s[k] == 'e' || m_s[k] == 'E')
            && (isDigit(m_s[k + 1])
                || ((m_s[k + 1] == '-' || m_s[k + 1] == '+') && k + 2 < m_n && isDigit(m_s[k + 2])))) {
            k += 2;
            while (k < m_n && isDigit(m_s[k]))
                ++k;
        }
        if (k < m_n) {
            const char next = m_s[k];
            const bool nextDigit = k + 1 < m_n && isDigit(m_s[k + 1]);
            if ((next == ':' || next == '-' || next == '.') && nextDigit)
                return -1; // a time, a date, an address
        }
        double v;
        const QByteArrayView text(m_s + i, k - i);
        if (!(thousands ? LogText::toDoubleLenient(text, v) : LogText::toDouble(text, v)))
            return -1;
        p.value = v;
        // A counter "N/M" or "N / M" (M may be '?' while unknown).
        qsizetype slash = k;
        if (slash + 2 < m_n && m_s[slash] == ' ' && m_s[slash + 1] == '/' && m_s[slash + 2] == ' ')
            ++slash;
        if (slash + 1 < m_n && m_s[slash] == '/'
            && (isDigit(m_s[slash + 1]) || m_s[slash + 1] == ' ' || m_s[slash + 1] == '?')) {
            qsizetype j = slash + 1;
            while (j < m_n && m_s[j] == ' ')
                ++j;
            const qsizetype from = j;
            while (j < m_n && isDigit(m_s[j]))
                ++j;
            if (j + 1 < m_n && j > from && m_s[j] == '.' && isDigit(m_s[j + 1])) {
                // "[2.244/2.244]": a value and its average, written like a counter.
                ++j;
                while (j < m_n && isDigit(m_s[j]))
                    ++j;
            }
            if (j > from && (j >= m_n || !isLetter(m_s[j]))) {
                double total;
                if (LogText::toDouble(QByteArrayView(m_s + from, j - from), total)) {
                    p.total = total;
                    p.counter = true;
                    k = j;
                }
            } else if (j < m_n && m_s[j] == '?') {
                p.counter = true;
                k = j + 1;
            }
        }
        // A unit glued to the number ("3456ms", "85%", "7.93s/it", "123.4T").
        qsizetype u = k;
        while (u < m_n && u - k < 12 && (isLetter(m_s[u]) || m_s[u] == '%' || (m_s[u] == '/' && u > k)))
            ++u;
        if (u > k && u < m_n && isDigit(m_s[u]))
            return -1; // a duration "1d9h41m12s", an id "3x4"
        return u;
    }

    // After a value: a separate unit word, and an annotation in parentheses or brackets — an
    // average "(0.0978)", a per-device share "(821.81/gpu)", or a counter without a key
    // "(100/24681)", "[ 50/1251 (4%)]", which becomes a pair of its own.
    qsizetype afterValue(qsizetype k)
    {
        qsizetype j = k;
        if (j < m_n && m_s[j] == ' ') {
            qsizetype w = j + 1;
            while (w < m_n && (isKeyChar(m_s[w]) || m_s[w] == '%'))
                ++w;
            if (w > j + 1 && isUnit(QByteArrayView(m_s + j + 1, w - j - 1)) && (w >= m_n || !isKeyChar(m_s[w]))
                && !(w < m_n && (m_s[w] == ':' || m_s[w] == '='))) {
                qsizetype after = w;
                while (after < m_n && m_s[after] == ' ')
                    ++after;
                // "lr 0.1 s 5": a unit word that is followed by a number is the next key.
                if (after >= m_n || !isDigit(m_s[after]))
                    j = w;
            }
        }
        qsizetype a = j;
        while (a < m_n && m_s[a] == ' ' && a - j < 2)
            ++a;
        if (a < m_n && (m_s[a] == '(' || m_s[a] == '[')) {
            const char close = m_s[a] == '(' ? ')' : ']';
            qsizetype depth = 0, e = a;
            for (; e < m_n && e - a < 80; ++e) {
                if (m_s[e] == '(' || m_s[e] == '[')
                    ++depth;
                else if ((m_s[e] == ')' || m_s[e] == ']') && --depth == 0)
                    break;
            }
            if (e < m_n && m_s[e] == close) {
                qsizetype v = a + 1;
                while (v < e && m_s[v] == ' ')
                    ++v;
                MetricLine::Pair counter;
                const qsizetype end = v < e && isDigit(m_s[v]) ? number(v, counter) : -1;
                if (end > 0 && counter.counter)
                    m_out.pairs.push_back(counter);
                return e + 1;
            }
        }
        return j;
    }

    void emit(QByteArrayView key, MetricLine::Pair p)
    {
        p.key = key;
        m_out.pairs.push_back(p);
    }

    // `key: v`, `key=v`, `key:[v/avg]`, `key: 'v'`; a binder followed by no value is either a
    // label before the next key ("print_output_info: Epoch:[…") or a text value ("overflow cond:
    // True,"), told apart by whether a binder or a separator comes first.
    qsizetype binder(qsizetype i)
    {
        const qsizetype keyEnd = i;
        qsizetype j = i + 1;
        while (j < m_n && m_s[j] == ' ')
            ++j;
        int opened = 0;
        if (QByteArrayView(m_s + j, m_n - j).startsWith("tensor(")) {
            j += 7; // PyTorch's repr "loss=tensor(2.2509, device='cuda:0')"
            ++opened;
        }
        while (j < m_n && (m_s[j] == '[' || m_s[j] == '(' || m_s[j] == '\'' || m_s[j] == '"')) {
            opened += m_s[j] == '[' || m_s[j] == '(';
            ++j;
            while (j < m_n && m_s[j] == ' ')
                ++j;
        }
        if (opened == 0 && j < m_n && isDigit(m_s[j]) && !m_out.hasBar) {
            // "Epoch 1/5:   2%|▏  | 3/154 […]": the bar after a description's colon.
            if (const qsizetype end = bar(j))
                return end;
        }
        MetricLine::Pair p;
        const qsizetype end = j < m_n ? number(j, p) : -1;
        if (end > 0) {
            const bool glued = m_s[i] == ':' && i + 1 < m_n && isDigit(m_s[i + 1]);
            const QByteArrayView k = key(m_keyStart, keyEnd, 6, glued);
            if (!k.isEmpty() || p.counter)
                emit(k, p); // "epoch 001:    100 / 412": a counter after a label
            qsizetype after = end;
            if (opened > 0) {
                // "[2.244/2.244]", "[0.1, 0.2]": the first number stands for the bracket.
                int depth = opened;
                while (after < m_n && depth > 0 && after - end < 200) {
                    if (m_s[after] == '[' || m_s[after] == '(')
                        ++depth;
                    else if (m_s[after] == ']' || m_s[after] == ')')
                        --depth;
                    ++after;
                }
            } else {
                while (after < m_n && (m_s[after] == '\'' || m_s[after] == '"'))
                    ++after;
                after = afterValue(after);
            }
            m_keyStart = after;
            return after;
        }
        // No number: a label or a text value.
        for (qsizetype t = j; t < m_n; ++t) {
            const char c = m_s[t];
            if (c == ':' || c == '=') {
                m_keyStart = j;
                return j;
            }
            if (isSeparator(t)) {
                m_keyStart = afterSeparator(t);
                return m_keyStart;
            }
        }
        m_keyStart = m_n;
        return m_n;
    }

    // `key v` without a binder: a pair only when a separator, the end, a unit or another
    // `key v` follows — "Saving checkpoint at step 500 to /path" is prose.
    qsizetype spaceBound(qsizetype i)
    {
        MetricLine::Pair p;
        const qsizetype end = number(i, p);
        if (end < 0) {
            ++i;
            while (i < m_n && !LogText::isSpace(m_s[i]))
                ++i;
            return i;
        }
        const qsizetype after = afterValue(end);
        qsizetype t = after;
        while (t < m_n && m_s[t] == ' ')
            ++t;
        bool ends = t >= m_n || isSeparator(qMax<qsizetype>(after, t - 1)) || m_s[t] == ':' || m_s[t] == '['
            || m_s[t] == '(' || m_s[t] == '|' || m_s[t] == ',';
        if (!ends && (isLetter(m_s[t]) || m_s[t] == '_')) {
            // Another key: a word followed by a value or a binder.
            qsizetype w = t;
            while (w < m_n && (isKeyChar(m_s[w]) || m_s[w] == '(' || m_s[w] == ')'))
                ++w;
            qsizetype v = w;
            while (v < m_n && m_s[v] == ' ')
                ++v;
            ends = v < m_n
                && (m_s[v] == ':' || m_s[v] == '=' || isDigit(m_s[v]) || m_s[v] == '-' || m_s[v] == '['
                    || (v + 1 < m_n && m_s[v] == '.' && isDigit(m_s[v + 1])));
            if (!ends && w < m_n) {
                // Or a multi-word key ("loss train: 2.8", "iter time: 480 ms").
                qsizetype x = v;
                while (x < m_n && x - v < 40 && (isKeyChar(m_s[x]) || m_s[x] == ' '))
                    ++x;
                ends = x < m_n && (m_s[x] == ':' || m_s[x] == '=');
            }
        }
        if (ends) {
            const QByteArrayView k = key(m_keyStart, i, 4);
            if (!k.isEmpty())
                emit(k, p);
        }
        m_keyStart = after;
        return qMax(after, i + 1);
    }

    // `[…]` or `(…)` not inside a key: `key [v]` ("Iter(train) [ 510/2046]", "Epoch(train)
    // [1][ 10/123]") or a counter without a key; anything else is skipped as a tag.
    qsizetype bracket(qsizetype i)
    {
        const char close = m_s[i] == '(' ? ')' : ']';
        qsizetype v = i + 1;
        while (v < m_n && m_s[v] == ' ')
            ++v;
        MetricLine::Pair p;
        const qsizetype end = v < m_n && (isDigit(m_s[v]) || m_s[v] == '-') ? number(v, p) : -1;
        if (end > 0) {
            qsizetype e = end;
            while (e < m_n && m_s[e] == ' ')
                ++e;
            // "[ 50/1251 (  4%)]": the percentage in the counter's bracket is the counter's.
            if (e < m_n && m_s[e] == '(') {
                const char *inner
                    = static_cast<const char *>(std::memchr(m_s + e, ')', size_t(qMin<qsizetype>(m_n - e, 24))));
                if (inner) {
                    e = inner - m_s + 1;
                    while (e < m_n && m_s[e] == ' ')
                        ++e;
                }
            }
            if (e < m_n && m_s[e] == close) {
                QByteArrayView k = key(m_keyStart, i, 4);
                if (k.isEmpty() && !p.counter)
                    k = previousWord(i); // "Epoch(train)  [1][ 10/123]": the key before the spaces
                emit(k, p);
                m_keyStart = e + 1;
                return e + 1;
            }
        }
        if (m_s[i] == '(') {
            // Words in parentheses belong to the key ("tgs (tokens/gpu/second)=1424.64").
            const char *end
                = static_cast<const char *>(std::memchr(m_s + i, ')', size_t(qMin<qsizetype>(m_n - i, 40))));
            if (end)
                return end - m_s + 1;
        }
        return i + 1;
    }

    // The word that ends before the spaces in front of i, when nothing but spaces follows it.
    QByteArrayView previousWord(qsizetype i) const
    {
        qsizetype end = i;
        while (end > 0 && m_s[end - 1] == ' ')
            --end;
        qsizetype start = end;
        while (start > 0 && (isKeyChar(m_s[start - 1]) || m_s[start - 1] == '(' || m_s[start - 1] == ')'))
            --start;
        if (end == i || start == end || (start > 0 && m_s[start - 1] != ' ' && m_s[start - 1] != ']'))
            return {};
        return key(start, end, 1);
    }

    // A tqdm bar "NN%|…| n/total [elapsed<left, rate, postfix]": the description before it was
    // scanned as pairs already; its counter and postfix are taken, then whatever is glued after.
    qsizetype bar(qsizetype i)
    {
        qsizetype j = i;
        while (j < m_n && j - i < 3 && isDigit(m_s[j]))
            ++j;
        if (j + 1 >= m_n || m_s[j] != '%' || m_s[j + 1] != '|')
            return 0;
        const char *closeBar
            = static_cast<const char *>(std::memchr(m_s + j + 2, '|', size_t(qMin<qsizetype>(m_n - j - 2, 400))));
        if (!closeBar)
            return 0;
        m_out.hasBar = true;
        qsizetype k = closeBar - m_s + 1;
        while (k < m_n && m_s[k] == ' ')
            ++k;
        MetricLine::Pair count;
        const qsizetype countEnd = k < m_n && isDigit(m_s[k]) ? number(k, count) : -1;
        if (countEnd > 0) {
            m_out.barCount = count.value;
            m_out.barTotal = count.total;
            k = countEnd;
        }
        while (k < m_n && m_s[k] == ' ')
            ++k;
        if (k < m_n && m_s[k] == '[') {
            const char *closeStatus = static_cast<const char *>(std::memchr(m_s + k, ']', size_t(m_n - k)));
            const qsizetype statusEnd = closeStatus ? closeStatus - m_s : m_n;
            // The postfix starts after the rate ("7.93s/it", "1.10it/s", "?it/s").
            const QByteArrayView status(m_s + k, statusEnd - k);
            // Without a rate (Lightning's bar while it has none), after the times.
            qsizetype rate = status.indexOf("it/s");
            if (rate < 0)
                rate = status.indexOf("s/it");
            const qsizetype comma = status.indexOf(',', qMax<qsizetype>(rate, 0));
            if (comma >= 0)
                run(k + comma + 1, statusEnd);
            k = closeStatus ? statusEnd + 1 : m_n;
        }
        m_keyStart = k;
        return k > i ? k : i + 1;
    }

    const char *m_s;
    qsizetype m_n;
    MetricLine &m_out;
    qsizetype m_keyStart = 0;
};

// "10, 2.2398" or "10 2.2398" after a tqdm bar: two bare numbers, the first whole.
bool positionalRow(QByteArrayView rest, MetricLine &out)
{
    rest = rest.trimmed();
    qsizetype sep = rest.indexOf(',');
    if (sep < 0)
        sep = rest.indexOf(' ');
    if (sep <= 0)
        return false;
    double step, value;
    qint64 whole;
    if (!LogText::toInt64(rest.first(sep), whole) || !LogText::toDouble(rest.sliced(sep + 1), value))
        return false;
    step = double(whole);
    MetricLine::Pair s, v;
    s.value = step;
    v.value = value;
    out.pairs = {s, v};
    out.positional = true;
    return true;
}

// A record of an evaluation: a word such as "validation", "eval", "Test", "[val]" before its
// first pair or in that pair's key ("validation loss at iteration 100", "valid on 'valid'
// subset | loss 9.38", "Eval stage of steps 100: …", "[val] name …").
bool mentionsEvaluation(QByteArrayView payload, const MetricLine &m)
{
    qsizetype end = payload.size();
    QByteArrayView firstKey;
    for (const MetricLine::Pair &p : m.pairs) {
        if (!p.key.isEmpty()) {
            firstKey = p.key;
            end = p.key.data() - payload.data();
            break;
        }
    }
    static constexpr QByteArrayView words[]
        = {"validation", "validate", "valid", "val", "evaluation", "evaluating", "eval", "test", "testing", "dev"};
    auto hasWord = [](QByteArrayView text) {
        qsizetype i = 0;
        while (i < text.size()) {
            while (i < text.size() && !isLetter(text[i]))
                ++i;
            const qsizetype from = i;
            while (i < text.size() && isLetter(text[i]))
                ++i;
            const QByteArrayView w = text.sliced(from, i - from);
            if (w.size() < 3 || w.size() > 10)
                continue;
            for (QByteArrayView e : words) {
                if (w.size() == e.size() && w.compare(e, Qt::CaseInsensitive) == 0)
                    return true;
            }
        }
        return false;
    };
    return hasWord(payload.first(qMax<qsizetype>(0, qMin(end, payload.size())))) || hasWord(firstKey);
}

} // namespace

MetricLine MetricLine::scan(QByteArrayView payload, bool afterBar)
{
    MetricLine out;
    out.pairs.reserve(16);
    scan(payload, afterBar, out);
    return out;
}

void MetricLine::scan(QByteArrayView payload, bool afterBar, MetricLine &out)
{
    std::vector<Pair> pairs = std::move(out.pairs);
    pairs.clear();
    out = MetricLine();
    out.pairs = std::move(pairs);
    const QByteArrayView t = payload.trimmed();
    if (t.startsWith('{')) {
        // A dict (a cut-short one yields nothing rather than the pairs before the cut).
        // A dict: its keys are quoted, its values may be quoted counters ('78/176').
        DictScanner::scan(t, [&out](QByteArrayView key, QByteArrayView value, DictScanner::Kind kind) {
            if (kind == DictScanner::Kind::Other)
                return;
            Pair p;
            p.key = key;
            const qsizetype slash = value.indexOf('/');
            if (kind == DictScanner::Kind::String && slash > 0) {
                double n, m;
                if (LogText::toDouble(value.first(slash), n) && LogText::toDouble(value.sliced(slash + 1), m)) {
                    p.value = n;
                    p.total = m;
                    p.counter = true;
                    out.pairs.push_back(p);
                }
                return;
            }
            double v;
            if (LogText::toDouble(value, v)) {
                p.value = v;
                out.pairs.push_back(p);
            }
        });
        return;
    }
    Scanner scanner(payload, out);
    scanner.run(0, payload.size());
    out.evalContext = mentionsEvaluation(payload, out);
    if ((out.hasBar || afterBar) && out.pairs.empty()) {
        // Nothing named: maybe a bare (step, value) row printed right after the bar.
        const qsizetype end = out.hasBar ? payload.lastIndexOf(']') : -1;
        positionalRow(payload.sliced(end + 1), out);
    }
}
