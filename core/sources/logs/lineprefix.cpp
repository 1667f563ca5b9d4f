// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "lineprefix.h"

#include "core/sources/logs/logtext.h"

#include <cmath>
#include <cstring>

namespace {

// Bracketed tags are short; a longer bracket is payload (a Python list, a tqdm status).
constexpr qsizetype kMaxTag = 96;

bool isUpper(char c)
{
    return c >= 'A' && c <= 'Z';
}

bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || isUpper(c) || LogText::isDigit(c) || c == '_' || c == '.';
}

bool isLevel(QByteArrayView word)
{
    static constexpr const char *levels[]
        = {"INFO", "WARNING", "WARN", "ERROR", "DEBUG", "CRITICAL", "TRACE", "NOTICE", "FATAL"};
    for (const char *l : levels) {
        if (word == l)
            return true;
    }
    return false;
}

// "10.96.202.43: " or "node-03: ": a name of letters, digits, '.' and '-' with a digit and a '.'
// or '-' in it, then ": ". Returns the length of the name, 0 when there is none.
qsizetype hostAt(const char *s, qsizetype n)
{
    qsizetype j = 0;
    bool digit = false, separator = false;
    while (j < n && j < 64 && (isWordChar(s[j]) || s[j] == '-') && s[j] != '_') {
        digit = digit || LogText::isDigit(s[j]);
        separator = separator || s[j] == '.' || s[j] == '-';
        ++j;
    }
    if (j == 0 || !digit || !separator || s[0] == '-' || s[0] == '.' || j + 1 >= n || s[j] != ':' || s[j + 1] != ' ')
        return 0;
    // "0.5: " would be a number, not a host: a host has a letter or three dots (IPv4).
    int dots = 0;
    bool letter = false;
    for (qsizetype k = 0; k < j; ++k) {
        dots += s[k] == '.';
        letter = letter || (!LogText::isDigit(s[k]) && s[k] != '.' && s[k] != '-');
    }
    return letter || dots == 3 ? j : 0;
}

// A tqdm bar that another logger's record was printed right after, without a newline:
// " 8%|████      | 1999/24128 [1:52:09<20:27:23,  3.33s/it]". Returns its length, 0 if none.
qsizetype progressBar(QByteArrayView t)
{
    qsizetype j = 0;
    while (j < t.size() && j < 3 && LogText::isDigit(t[j]))
        ++j;
    if (j + 1 >= t.size() || t[j] != '%' || t[j + 1] != '|')
        return 0;
    const qsizetype close = t.indexOf('|', j + 2);
    const qsizetype open = close < 0 ? -1 : t.indexOf('[', close);
    const qsizetype end = open < 0 ? -1 : t.indexOf(']', open);
    if (end < 0 || open - close > 24 || end - open > 80)
        return 0;
    const QByteArrayView status = t.sliced(open, end - open);
    return status.contains("it/s") || status.contains("s/it") || status.contains("?it") ? end + 1 : 0;
}

// A date or time that parseDateTime() does not read ("11/23/2026", "2023/03/22", "09:30:39",
// "05:35:21.845000"): digits with '/', '-', '.' or ':' separators, followed by a space, ']' or
// the end. Returns its length, 0 if none. "0/2000" (one separator, no ':') is payload.
qsizetype looseDateOrTime(QByteArrayView t)
{
    qsizetype j = 0;
    int separators = 0;
    bool colon = false;
    while (j < t.size() && j < 32
           && (LogText::isDigit(t[j]) || t[j] == '/' || t[j] == '-' || t[j] == '.' || t[j] == ':' || t[j] == ',')) {
        if (!LogText::isDigit(t[j])) {
            if (j == 0 || !LogText::isDigit(t[j - 1]))
                return 0;
            separators += t[j] != '.' && t[j] != ',';
            colon = colon || t[j] == ':';
        }
        ++j;
    }
    if (j == 0 || (j < t.size() && t[j] != ' ' && t[j] != ']') || !LogText::isDigit(t[j - 1]))
        return 0;
    return (colon && separators >= 2) || (!colon && separators == 2) ? j : 0;
}

// glog / absl / PyTorch C++ logging: "W1123 05:35:21.845000 743 torch/distributed/run.py:851] ".
qsizetype glogPrefix(QByteArrayView t)
{
    if (t.size() < 20 || !(t[0] == 'I' || t[0] == 'W' || t[0] == 'E' || t[0] == 'F'))
        return 0;
    for (int k = 1; k <= 4; ++k) {
        if (!LogText::isDigit(t[k]))
            return 0;
    }
    if (t[5] != ' ')
        return 0;
    const qsizetype time = looseDateOrTime(t.sliced(6));
    const qsizetype close = t.indexOf("] ", 6);
    return time > 0 && close > 0 && close < 160 ? close + 2 : 0;
}

// What a bracketed tag holds: no quotes, braces, '|', double spaces or ", " (a Python list, a
// dict, a tqdm status are payload).
bool isTag(QByteArrayView inner)
{
    if (inner.isEmpty())
        return false;
    char previous = 0;
    for (const char c : inner) {
        if (c == '|' || c == '{' || c == '\'' || c == '"' || (c == ' ' && (previous == ' ' || previous == ',')))
            return false;
        previous = c;
    }
    return true;
}

} // namespace

LinePrefix::Parts LinePrefix::split(QByteArrayView line)
{
    Parts parts;
    parts.time = std::nan("");
    const char *s = line.data();
    const qsizetype n = line.size();
    qsizetype i = 0;
    bool anchored = false; // something was stripped: a bare logger name may follow
    bool afterLevelColon = false; // "INFO:" just stripped: Python's "INFO:root:message"
    for (int tokens = 0; tokens < 16; ++tokens) {
        while (i < n && s[i] == ' ')
            ++i;
        if (i >= n)
            break;
        const char c = s[i];
        // The common case, a payload starting with a lower-case word and a space or '='
        // ("iteration 5", "step=3"), is decided at once.
        if (c >= 'a' && c <= 'z') {
            qsizetype j = i + 1;
            while (j < n && s[j] >= 'a' && s[j] <= 'z')
                ++j;
            if (j >= n || s[j] == '=' || (s[j] == ' ' && !(j + 1 < n && s[j + 1] == '-')))
                break; // not a logger name ("root - INFO")
        }
        if (c == '[' && i + 1 < n && LogText::isDigit(s[i + 1])) {
            // The common tag, a bracketed timestamp ("[2024-04-06 02:58:18]"), read at once: it
            // is what the general case below would find (a date holds no ']' and is a tag).
            double t;
            const qsizetype used = LogText::parseDateTime(line.sliced(i + 1), t);
            if (used > 0 && used + 1 < kMaxTag && i + 1 + used < n && s[i + 1 + used] == ']') {
                if (std::isnan(parts.time))
                    parts.time = t;
                i += used + 2;
                if (i < n && s[i] == ':')
                    ++i;
                anchored = true;
                continue;
            }
        }
        if (c == '[') {
            const char *close = static_cast<const char *>(std::memchr(s + i, ']', size_t(qMin(n - i, kMaxTag))));
            if (!close)
                break;
            const QByteArrayView inner(s + i + 1, close - s - i - 1);
            if (!isTag(inner))
                break;
            double t;
            if (LogText::parseDateTime(inner, t) > 0 && std::isnan(parts.time))
                parts.time = t;
            i = close - s + 1;
            if (i < n && s[i] == ':')
                ++i;
            anchored = true;
            continue;
        }
        if (c == '(') {
            // Ray's worker prefix: "(TaskRunner pid=2231)", "(WorkerDict pid=77, ip=10.0.0.3)".
            const char *close = static_cast<const char *>(std::memchr(s + i, ')', size_t(qMin(n - i, kMaxTag))));
            if (!close || !QByteArrayView(s + i, close - s - i).contains("pid="))
                break;
            i = close - s + 1;
            anchored = true;
            continue;
        }
        if (c == '>') {
            // Markdown quoting "> " and MindSpeed's ">>" marker.
            qsizetype j = i;
            while (j < n && s[j] == '>')
                ++j;
            if (j < n && s[j] != ' ')
                break;
            i = j;
            anchored = true;
            continue;
        }
        if ((c == '-' || c == '|' || c == ':') && anchored && i + 1 < n && s[i + 1] == ' ') {
            ++i;
            continue;
        }
        if (LogText::isDigit(c)) {
            double t;
            if (const qsizetype used = LogText::parseDateTime(line.sliced(i), t)) {
                if (std::isnan(parts.time))
                    parts.time = t;
                i += used;
                anchored = true;
                continue;
            }
            if (const qsizetype bar = progressBar(line.sliced(i))) {
                i += bar;
                anchored = true;
                continue;
            }
            if (const qsizetype loose = looseDateOrTime(line.sliced(i))) {
                i += loose;
                anchored = true;
                continue;
            }
        }
        if (!anchored) {
            if (const qsizetype glog = glogPrefix(line.sliced(i))) {
                i += glog;
                anchored = true;
                continue;
            }
        }
        if (const qsizetype host = hostAt(s + i, n - i)) {
            if (parts.host.isEmpty())
                parts.host = line.sliced(i, host);
            i += host + 2;
            anchored = true;
            continue;
        }
        if (isWordChar(c)) {
            qsizetype j = i;
            while (j < n && isWordChar(s[j]))
                ++j;
            const QByteArrayView word(s + i, j - i);
            // "INFO ", "INFO:", "WARNING -"; a logger name only between separators after a prefix:
            // "- root -", loguru's "| module:function:42 -", Python's default "INFO:root:".
            const bool level = isLevel(word) && (j >= n || s[j] == ' ' || s[j] == ':');
            qsizetype k = j;
            while (k < n && (isWordChar(s[k]) || s[k] == ':' || s[k] == '<' || s[k] == '>'))
                ++k;
            const bool logger = anchored && k + 2 < n && s[k] == ' ' && s[k + 1] == '-' && s[k + 2] == ' ';
            const bool pythonLogger
                = afterLevelColon && j + 1 < n && s[j] == ':' && s[j + 1] != ' ' && !LogText::isDigit(s[j + 1]);
            if (!level && !logger && !pythonLogger)
                break;
            afterLevelColon = false;
            i = logger && !level ? k : j;
            if ((level || pythonLogger) && i < n && s[i] == ':') {
                ++i;
                afterLevelColon = level;
            }
            anchored = true;
            continue;
        }
        break;
    }
    parts.payload = i;
    return parts;
}
