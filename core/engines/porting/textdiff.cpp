// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/textdiff.h"

#include <QHash>

#include <algorithm>
#include <vector>

QStringList TextDiff::splitLines(const QString &text)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    if (text.endsWith(QLatin1Char('\n')))
        lines.removeLast();
    for (QString &line : lines) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
    }
    return lines;
}

QList<TextDiff::Op> TextDiff::diff(const QStringList &a, const QStringList &b)
{
    // Lines become integers once, so the inner loop compares ints, not strings.
    QHash<QString, int> ids;
    auto intern = [&ids](const QStringList &lines) {
        std::vector<int> out;
        out.reserve(size_t(lines.size()));
        for (const QString &l : lines) {
            auto it = ids.constFind(l);
            if (it == ids.cend())
                it = ids.insert(l, int(ids.size()));
            out.push_back(*it);
        }
        return out;
    };
    const std::vector<int> x = intern(a);
    const std::vector<int> y = intern(b);
    const int n0 = int(x.size());
    const int m0 = int(y.size());
    int prefix = 0;
    while (prefix < n0 && prefix < m0 && x[size_t(prefix)] == y[size_t(prefix)])
        ++prefix;
    int suffix = 0;
    while (suffix < n0 - prefix && suffix < m0 - prefix && x[size_t(n0 - 1 - suffix)] == y[size_t(m0 - 1 - suffix)])
        ++suffix;
    const int n = n0 - prefix - suffix;
    const int m = m0 - prefix - suffix;
    auto X = [&](int i) { return x[size_t(prefix + i)]; };
    auto Y = [&](int j) { return y[size_t(prefix + j)]; };

    // Forward Myers search; trace[d] keeps V restricted to diagonals -d..d (O(D^2) memory).
    const int max = n + m;
    std::vector<int> v(size_t(2 * max + 3), 0);
    const int off = max + 1;
    std::vector<std::vector<int>> trace;
    int finalD = 0;
    for (int d = 0; d <= max; ++d) {
        bool done = false;
        for (int k = -d; k <= d; k += 2) {
            int i;
            if (k == -d || (k != d && v[size_t(off + k - 1)] < v[size_t(off + k + 1)]))
                i = v[size_t(off + k + 1)];
            else
                i = v[size_t(off + k - 1)] + 1;
            int j = i - k;
            while (i < n && j < m && X(i) == Y(j)) {
                ++i;
                ++j;
            }
            v[size_t(off + k)] = i;
            if (i >= n && j >= m) {
                done = true;
                break;
            }
        }
        trace.emplace_back(v.begin() + (off - d), v.begin() + (off + d + 1));
        if (done) {
            finalD = d;
            break;
        }
    }

    QList<Op> reversed;
    int i = n;
    int j = m;
    for (int d = finalD; d > 0; --d) {
        const std::vector<int> &prev = trace[size_t(d - 1)];
        auto prevAt = [&](int k) { return prev[size_t(k + d - 1)]; };
        const int k = i - j;
        int prevK;
        if (k == -d || (k != d && prevAt(k - 1) < prevAt(k + 1)))
            prevK = k + 1;
        else
            prevK = k - 1;
        const int prevI = prevAt(prevK);
        const int prevJ = prevI - prevK;
        while (i > prevI && j > prevJ) {
            --i;
            --j;
            reversed.append({Op::Equal, prefix + i, prefix + j});
        }
        if (i == prevI) {
            --j;
            reversed.append({Op::Insert, prefix + i, prefix + j});
        } else {
            --i;
            reversed.append({Op::Delete, prefix + i, prefix + j});
        }
    }
    while (i > 0 && j > 0) {
        --i;
        --j;
        reversed.append({Op::Equal, prefix + i, prefix + j});
    }
    QList<Op> ops;
    ops.reserve(prefix + reversed.size() + suffix);
    for (int p = 0; p < prefix; ++p)
        ops.append({Op::Equal, p, p});
    for (auto it = reversed.crbegin(); it != reversed.crend(); ++it)
        ops.append(*it);
    for (int s = 0; s < suffix; ++s)
        ops.append({Op::Equal, n0 - suffix + s, m0 - suffix + s});
    return ops;
}

QString TextDiff::unified(const QString &oldText, const QString &newText, const QString &oldName,
                          const QString &newName, int context)
{
    if (oldText == newText)
        return {};
    const QStringList a = splitLines(oldText);
    const QStringList b = splitLines(newText);
    QList<Op> ops = diff(a, b);
    const bool aNoEol = !oldText.isEmpty() && !oldText.endsWith(QLatin1Char('\n'));
    const bool bNoEol = !newText.isEmpty() && !newText.endsWith(QLatin1Char('\n'));
    // Equal last lines that differ only in the final line break are a change for patch.
    if (aNoEol != bNoEol && !ops.isEmpty() && ops.constLast().type == Op::Equal) {
        const Op last = ops.takeLast();
        ops.append({Op::Delete, last.a, last.b});
        ops.append({Op::Insert, last.a + 1, last.b});
    }
    static const QString noEol = QStringLiteral("\\ No newline at end of file\n");

    QString out = QStringLiteral("--- %1\n+++ %2\n").arg(oldName, newName);
    int p = 0;
    const int count = int(ops.size());
    while (p < count) {
        while (p < count && ops[p].type == Op::Equal)
            ++p;
        if (p == count)
            break;
        // A hunk: up to `context` equal lines before, changes, and equal runs shorter than
        // 2*context+1 merged into it.
        const int start = qMax(0, p - context);
        int end = p;
        while (end < count) {
            if (ops[end].type != Op::Equal) {
                ++end;
                continue;
            }
            int run = end;
            while (run < count && ops[run].type == Op::Equal)
                ++run;
            if (run == count || run - end > 2 * context) {
                end = qMin(run, end + context);
                break;
            }
            end = run;
        }
        int aStart = -1, bStart = -1, aLen = 0, bLen = 0;
        QString body;
        for (int q = start; q < end; ++q) {
            const Op &op = ops[q];
            if (op.type != Op::Insert) {
                if (aStart < 0)
                    aStart = op.a;
                ++aLen;
            }
            if (op.type != Op::Delete) {
                if (bStart < 0)
                    bStart = op.b;
                ++bLen;
            }
            const bool lastA = op.type != Op::Insert && op.a == a.size() - 1 && aNoEol;
            const bool lastB = op.type != Op::Delete && op.b == b.size() - 1 && bNoEol;
            if (op.type == Op::Equal) {
                body += QLatin1Char(' ') + a[op.a] + QLatin1Char('\n') + (lastA ? noEol : QString());
            } else if (op.type == Op::Delete) {
                body += QLatin1Char('-') + a[op.a] + QLatin1Char('\n') + (lastA ? noEol : QString());
            } else {
                body += QLatin1Char('+') + b[op.b] + QLatin1Char('\n') + (lastB ? noEol : QString());
            }
        }
        // diff -u: an empty range is written as the line before it with length 0.
        auto range = [](int startIndex, int len, int fallback) {
            const int first = len == 0 ? fallback : startIndex + 1;
            return len == 1 ? QString::number(first) : QStringLiteral("%1,%2").arg(first).arg(len);
        };
        const int aFallback = aStart >= 0 ? aStart : ops[start].a;
        const int bFallback = bStart >= 0 ? bStart : ops[start].b;
        out += QStringLiteral("@@ -%1 +%2 @@\n").arg(range(aStart, aLen, aFallback), range(bStart, bLen, bFallback))
            + body;
        p = end;
    }
    return out;
}
