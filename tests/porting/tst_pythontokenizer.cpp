// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/pythontokenizer.h"

#include <QTest>

using Kind = PythonToken::Kind;

class TestPythonTokenizer : public QObject
{
    Q_OBJECT

    static QStringList L(std::initializer_list<const char *> items)
    {
        QStringList list;
        for (const char *item : items)
            list << QString::fromUtf8(item);
        return list;
    }

    static QStringList describe(const QString &source)
    {
        const PythonTokens r = PythonTokenizer::tokenize(source);
        QStringList out;
        for (const PythonToken &t : r.tokens) {
            static const char *names[] = {"N", "Num", "S", "C", "Op", "NL", "LB"};
            QString d = QLatin1String(names[int(t.kind)]) + QLatin1Char(':') + source.mid(t.start, t.length);
            if (t.docstring)
                d += QStringLiteral("(doc)");
            out << d;
        }
        if (!r)
            out << QStringLiteral("ERROR %1: %2").arg(r.errorLine).arg(r.error);
        return out;
    }

private Q_SLOTS:
    void tokens_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("names and dots") << QStringLiteral("torch.cuda.synchronize()\n")
                                        << L({"N:torch", "Op:.", "N:cuda", "Op:.", "N:synchronize", "Op:(", "Op:)",
                                              "NL:\n"});
        QTest::newRow("comment kept whole") << QStringLiteral("x = 1  # use cuda \"here\"\n")
                                            << L({"N:x", "Op:=", "Num:1", "C:# use cuda \"here\"", "NL:\n"});
        QTest::newRow("f-string with nested quotes") << QStringLiteral("d = f\"cuda:{opts['rank']}\"\n")
                                                     << L({"N:d", "Op:=", "S:f\"cuda:{opts['rank']}\"", "NL:\n"});
        QTest::newRow("byte and raw strings")
            << QStringLiteral("a = b'cuda' + rb\"\\\"\" + Rb'x'\n")
            << L({"N:a", "Op:=", "S:b'cuda'", "Op:+", "S:rb\"\\\"\"", "Op:+", "S:Rb'x'", "NL:\n"});
        QTest::newRow("triple quotes span lines, docstring")
            << QStringLiteral("def f():\n    \"\"\"Uses \"cuda\".\n    \"\"\"\n    return 'cuda'\n")
            << L({"N:def", "N:f", "Op:(", "Op:)", "Op::", "NL:\n", "S:\"\"\"Uses \"cuda\".\n    \"\"\"(doc)", "NL:\n",
                  "N:return", "S:'cuda'", "NL:\n"});
        QTest::newRow("brackets make line breaks non-logical")
            << QStringLiteral("f(a,\n  b)\n") << L({"N:f", "Op:(", "N:a", "Op:,", "LB:\n", "N:b", "Op:)", "NL:\n"});
        QTest::newRow("operators") << QStringLiteral("x == 'nccl' != y ** 2 -> z\n")
                                   << L({"N:x", "Op:==", "S:'nccl'", "Op:!=", "N:y", "Op:**", "Num:2", "Op:->", "N:z",
                                         "NL:\n"});
        QTest::newRow("numbers") << QStringLiteral("1e-4 0x1F 3.5j .5\n")
                                 << L({"Num:1e-4", "Num:0x1F", "Num:3.5j", "Num:.5", "NL:\n"});
        QTest::newRow("continuation") << QStringLiteral("x = 1 + \\\n    2\n")
                                      << L({"N:x", "Op:=", "Num:1", "Op:+", "Num:2", "NL:\n"});
        QTest::newRow("unterminated string")
            << QStringLiteral("x = 1\ny = 'cuda\n")
            << L({"N:x", "Op:=", "Num:1", "NL:\n", "N:y", "Op:=", "ERROR 2: unterminated string"});
        QTest::newRow("unterminated triple")
            << QStringLiteral("s = \"\"\"open\n\n") << L({"N:s", "Op:=", "ERROR 1: unterminated triple-quoted string"});
    }

    void tokens()
    {
        QFETCH(QString, source);
        QFETCH(QStringList, expected);
        QCOMPARE(describe(source), expected);
    }

    void fstringFieldsAndPositions()
    {
        const QString source = QStringLiteral("x = 0\n  y = f\"a{b}{{c}}{d:{w}}\"\n");
        const PythonTokens r = PythonTokenizer::tokenize(source);
        QVERIFY(r);
        const PythonToken &s = r.tokens.at(6);
        QCOMPARE(s.kind, Kind::String);
        QCOMPARE(s.line, 2);
        QCOMPARE(s.column, 7);
        QVERIFY(s.isFString());
        QCOMPARE(s.fields.size(), 2); // {{c}} is literal text
        QCOMPARE(source.mid(s.fields[0].first, s.fields[0].second - s.fields[0].first), QStringLiteral("{b}"));
        QCOMPARE(source.mid(s.fields[1].first, s.fields[1].second - s.fields[1].first), QStringLiteral("{d:{w}}"));
        QCOMPARE(source.mid(s.bodyStart, s.bodyLength), QStringLiteral("a{b}{{c}}{d:{w}}"));
    }

    void crlfLines()
    {
        const PythonTokens r = PythonTokenizer::tokenize(QStringLiteral("a = 1\r\nb = 'x'\r\n"));
        QVERIFY(r);
        QCOMPARE(r.tokens.at(4).line, 2);
        QCOMPARE(r.tokens.at(4).column, 1);
    }
};

QTEST_GUILESS_MAIN(TestPythonTokenizer)
#include "tst_pythontokenizer.moc"
