// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include <QDirIterator>
#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QTest>

namespace {

const QString source = QStringLiteral(PORTBENCH_SOURCE_DIR "/");

/// A vendor's name, its device, its SDK or its collective library, as a word of its own or a
/// part of a camelCase name (`torch_npu`, `NPU-0`, `transferToNpu` and `NpuSmi` count; `npus`,
/// `input` and `CANNOT` do not).
const QRegularExpression vendorWord(
    QStringLiteral("(?:(?<![A-Za-z])|(?<=[a-z])(?=[A-Z]))(?i:(npu|musa|hccl|mccl|ascend|moore|mthreads|cann))"
                   "(?:(?![A-Za-z])|(?<=[a-z])(?=[A-Z]))"));

/// The calls whose string arguments are text for a person, which names whatever it describes.
const QStringList translationCalls{QStringLiteral("tr"), QStringLiteral("translate"), QStringLiteral("QT_TR_NOOP"),
                                   QStringLiteral("QT_TRANSLATE_NOOP")};

struct Hit
{
    int line = 0;
    QString word;
    QString where; ///< "code" or "string"
};

/// The ' of 0x7ff8'0000ULL, not the start of a character literal.
bool digitSeparator(const QString &codeBefore)
{
    return !codeBefore.isEmpty() && codeBefore.back().isLetterOrNumber();
}

/// Finds the vendor words of one C++ source that are knowledge rather than prose. Allowed: comments,
/// and string literals that are arguments of tr(), translate(), QT_TR_NOOP() or QT_TRANSLATE_NOOP()
/// (help text, messages, translations). Everything else is a hit: identifiers, #include names and
/// every other string literal (a module to import, a token to match, a default value).
QList<Hit> scan(const QString &text)
{
    QList<Hit> hits;
    auto collect = [&hits](const QString &piece, int line, const QString &where) {
        const QStringList lines = piece.split(QLatin1Char('\n'));
        for (int i = 0; i < lines.size(); ++i) {
            auto it = vendorWord.globalMatch(lines.at(i));
            while (it.hasNext())
                hits << Hit{line + i, it.next().captured(1), where};
        }
    };
    QStringList calls; // the function name before each open parenthesis
    QString code; // the code of the current line, comments and literals left out
    int line = 1;
    int codeLine = 1;
    auto flushCode = [&] {
        collect(code, codeLine, QStringLiteral("code"));
        code.clear();
    };
    // A comment or a literal that spans lines ends the code line it started on.
    auto skipLines = [&](const QString &piece) {
        const int newlines = int(piece.count(QLatin1Char('\n')));
        if (newlines == 0)
            return;
        flushCode();
        line += newlines;
        codeLine = line;
    };
    auto identifierBefore = [&code] {
        int end = int(code.size());
        while (end > 0 && code.at(end - 1).isSpace())
            --end;
        int start = end;
        while (start > 0 && (code.at(start - 1).isLetterOrNumber() || code.at(start - 1) == QLatin1Char('_')))
            --start;
        return code.mid(start, end - start);
    };
    const int n = int(text.size());
    for (int i = 0; i < n; ++i) {
        const QChar c = text.at(i);
        const QChar next = i + 1 < n ? text.at(i + 1) : QChar();
        if (c == QLatin1Char('\n')) {
            flushCode();
            codeLine = ++line;
        } else if (c == QLatin1Char('/') && next == QLatin1Char('/')) {
            while (i + 1 < n && text.at(i + 1) != QLatin1Char('\n'))
                ++i;
        } else if (c == QLatin1Char('/') && next == QLatin1Char('*')) {
            const int end = text.indexOf(QLatin1String("*/"), i + 2);
            const int stop = end < 0 ? n : end + 2;
            skipLines(text.mid(i, stop - i));
            i = stop - 1;
        } else if (c == QLatin1Char('"') || (c == QLatin1Char('\'') && !digitSeparator(code))) {
            const bool raw = c == QLatin1Char('"') && code.endsWith(QLatin1Char('R'));
            int end = i + 1;
            if (raw) {
                const int open = text.indexOf(QLatin1Char('('), i);
                const QString close = QLatin1Char(')') + text.mid(i + 1, open - i - 1) + QLatin1Char('"');
                end = text.indexOf(close, open) + int(close.size()) - 1;
            } else {
                while (end < n && text.at(end) != c) {
                    if (text.at(end) == QLatin1Char('\\'))
                        ++end;
                    ++end;
                }
            }
            const QString literal = text.mid(i, end - i + 1);
            const bool prose = !calls.isEmpty() && translationCalls.contains(calls.last());
            if (!prose)
                collect(literal, line, QStringLiteral("string"));
            code += QLatin1Char(' ');
            skipLines(literal);
            i = end;
        } else {
            if (c == QLatin1Char('('))
                calls << identifierBefore();
            else if (c == QLatin1Char(')') && !calls.isEmpty())
                calls.removeLast();
            code += c;
        }
    }
    flushCode();
    return hits;
}

QString read(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

/// Files outside plugins/ that still name a vendor in code, each with its reason. The list only
/// shrinks: a file listed here without a hit fails the test too.
const QMap<QString, QString> allowed{
    // Log vocabulary, not backend knowledge: the readers take any trainer's log, whatever it ran on.
    {QStringLiteral("core/base/model/metricnames.cpp"), QStringLiteral("'tokens/s/npu', a key MindSpeed logs print")},
    {QStringLiteral("core/sources/logs/formats/megatronformat.cpp"), QStringLiteral("the same log key")},
    {QStringLiteral("core/sources/logs/formats/hfddpdemoformat.h"),
     QStringLiteral("the format's name cites the porting guide whose demo prints these lines")},
    // A user-facing name kept for compatibility (docs/porting.md).
    {QStringLiteral("app/cli/porting/portcommand.cpp"),
     QStringLiteral("--transfer-to-npu, the earlier name of --auto-migrate, kept as its alias for scripts")},
};

} // namespace

/// Issue 36: the vendor lives only in its plugin. No vendor word in the code of core/, ui/, app/ or
/// torchlib/ (comments and translated text excepted, see scan()).
class TestVendorWords : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scannerTellsKnowledgeFromProse()
    {
        const QList<Hit> hits = scan(read(source + QStringLiteral("tests/data/foundation/vendorwords/sample.cpp")));
        QStringList found;
        for (const Hit &h : hits)
            found << QStringLiteral("%1:%2:%3").arg(h.line).arg(h.where, h.word);
        const QStringList expected{
            QStringLiteral("3:code:Ascend"),   QStringLiteral("4:string:npu"), QStringLiteral("5:string:MUSA"),
            QStringLiteral("9:string:hccl"),   QStringLiteral("13:code:npu"),  QStringLiteral("16:string:cann"),
            QStringLiteral("19:string:Moore"), QStringLiteral("20:code:Npu"),  QStringLiteral("21:string:Npu"),
        };
        QCOMPARE(found, expected);
    }

    void noVendorWordInCodeOutsidePlugins()
    {
        QStringList problems;
        QStringList seen;
        for (const QString &area :
             {QStringLiteral("core"), QStringLiteral("ui"), QStringLiteral("app"), QStringLiteral("torchlib")}) {
            QDirIterator it(source + area, {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                const QString relative = path.mid(source.size());
                const QList<Hit> hits = scan(read(path));
                if (hits.isEmpty())
                    continue;
                seen << relative;
                if (allowed.contains(relative))
                    continue;
                for (const Hit &h : hits)
                    problems << QStringLiteral("%1:%2: %3 in %4").arg(relative).arg(h.line).arg(h.word, h.where);
            }
        }
        for (auto it = allowed.cbegin(); it != allowed.cend(); ++it) {
            if (!seen.contains(it.key()))
                problems << QStringLiteral("%1: no vendor word left, drop it from the allowlist").arg(it.key());
        }
        for (const QString &p : problems)
            qWarning().noquote() << p;
        QVERIFY2(problems.isEmpty(), "vendor words in code outside plugins/ (listed above)");
    }
};

QTEST_GUILESS_MAIN(TestVendorWords)
#include "tst_vendorwords.moc"
