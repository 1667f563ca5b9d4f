// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/base/io/csvtext.h"

#include <QTest>

namespace {

QStringList fieldsOf(const QByteArray &line, char delimiter)
{
    QByteArray scratch;
    QStringList fields;
    for (QByteArrayView field : CsvText::splitRecord(line, delimiter, scratch))
        fields << QString::fromUtf8(field);
    return fields;
}

// Cells as UTF-8 literals (the strict Qt defines forbid the implicit conversion).
QStringList texts(std::initializer_list<const char *> cells)
{
    QStringList list;
    for (const char *c : cells)
        list << QString::fromUtf8(c);
    return list;
}

} // namespace

/// The one CSV reader (io/csvtext.h, used by CSV/TSV logs and the compatibility rows): RFC 4180
/// quoting undone, with the leeway hand-written files need, and what the writer writes read back.
class TestCsvText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void splitRecord_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QByteArray>("delimiter");
        QTest::addColumn<QStringList>("fields");
        const QByteArray comma(",");
        QTest::newRow("plain") << QByteArray("a,b,c") << comma << texts({"a", "b", "c"});
        QTest::newRow("empty line") << QByteArray() << comma << texts({""});
        QTest::newRow("empty fields") << QByteArray(",,") << comma << texts({"", "", ""});
        QTest::newRow("trailing delimiter") << QByteArray("a,") << comma << texts({"a", ""});
        QTest::newRow("unquoted spaces kept") << QByteArray(" a , b") << comma << texts({" a ", " b"});
        QTest::newRow("comma in quotes") << QByteArray("\"a,b\",c") << comma << texts({"a,b", "c"});
        QTest::newRow("doubled quotes") << QByteArray("\"say \"\"hi\"\"\",x") << comma << texts({"say \"hi\"", "x"});
        QTest::newRow("only a quote") << QByteArray("\"\"\"\"") << comma << texts({"\""});
        QTest::newRow("empty quoted") << QByteArray("\"\",x,\"\"") << comma << texts({"", "x", ""});
        QTest::newRow("quote inside unquoted field")
            << QByteArray("5\" disk,x,y") << comma << texts({"5\" disk", "x", "y"});
        QTest::newRow("spaces around quoted field") << QByteArray(" \"a,b\" ,c") << comma << texts({"a,b", "c"});
        QTest::newRow("text after closing quote") << QByteArray("\"a\"b,c") << comma << texts({"ab", "c"});
        QTest::newRow("doubled quote then spaces") << QByteArray("\"a\"\"b\"  ,c") << comma << texts({"a\"b", "c"});
        QTest::newRow("unclosed quote") << QByteArray("x,\"a,b") << comma << texts({"x", "a,b"});
        QTest::newRow("utf-8") << QByteArray("\"größe, mm\",1") << comma << texts({"größe, mm", "1"});
        QTest::newRow("tab") << QByteArray("\"a\tb\"\t\tc") << QByteArray("\t") << texts({"a\tb", "", "c"});
        QTest::newRow("semicolon") << QByteArray("\"a;b\";2,5") << QByteArray(";") << texts({"a;b", "2,5"});
    }
    void splitRecord()
    {
        QFETCH(QByteArray, line);
        QFETCH(QByteArray, delimiter);
        QFETCH(QStringList, fields);
        QCOMPARE(fieldsOf(line, delimiter.at(0)), fields);
    }

    void readsWhatTheWriterWrites_data()
    {
        QTest::addColumn<QStringList>("cells");
        QTest::newRow("plain") << texts({"step", "loss"});
        QTest::newRow("commas and quotes") << texts({"a,b", "say \"hi\"", "\"", ",", ""});
        QTest::newRow("spaces") << texts({" lead", "trail ", " "});
    }
    void readsWhatTheWriterWrites()
    {
        QFETCH(QStringList, cells);
        QByteArray row;
        CsvText::appendRow(row, cells);
        row.chop(1); // the line break
        QCOMPARE(fieldsOf(row, ','), cells);
    }

    void viewsSurviveLaterFields()
    {
        // Several rewritten fields in one line: each view into scratch must still read right.
        QByteArray scratch;
        const QByteArray line("\"a\"\"1\",\"b\"\"2\",\"c\"x");
        const QList<QByteArrayView> fields = CsvText::splitRecord(line, ',', scratch);
        QCOMPARE(fields.size(), 3);
        QCOMPARE(fields.at(0), QByteArrayView("a\"1"));
        QCOMPARE(fields.at(1), QByteArrayView("b\"2"));
        QCOMPARE(fields.at(2), QByteArrayView("cx"));
    }
};

QTEST_GUILESS_MAIN(TestCsvText)
#include "tst_csvtext.moc"
