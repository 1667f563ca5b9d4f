// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/config/shellwords.h"
#include "core/base/exec/shellquote.h"

#include <QProcess>
#include <QTest>

namespace {

/// What `sh` makes of `word`: printf prints it back between brackets, MASTER_ADDR set.
QString throughShell(const QString &word)
{
    QProcess sh;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("MASTER_ADDR"), QStringLiteral("10.0.0.1"));
    sh.setProcessEnvironment(env);
    sh.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("printf '[%s]' ") + word});
    if (!sh.waitForFinished(10000))
        return QStringLiteral("(sh did not finish)");
    return QString::fromUtf8(sh.readAllStandardOutput());
}

} // namespace

/// The one POSIX shell quoter (exec/shellquote.h): literal for remote arguments, references kept for
/// generated launch lines. Each quoted word goes through a real sh.
class TestShellQuote : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void quote_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("plain") << QStringLiteral("nvidia-smi") << QStringLiteral("nvidia-smi");
        QTest::newRow("path") << QStringLiteral("/usr/local/Ascend/x.cfg") << QStringLiteral("/usr/local/Ascend/x.cfg");
        QTest::newRow("empty") << QString() << QStringLiteral("''");
        QTest::newRow("space") << QStringLiteral("a b") << QStringLiteral("'a b'");
        QTest::newRow("single quote") << QStringLiteral("it's") << QStringLiteral("'it'\\''s'");
        QTest::newRow("subst") << QStringLiteral("$(id)") << QStringLiteral("'$(id)'");
        QTest::newRow("semicolon") << QStringLiteral("a;b") << QStringLiteral("'a;b'");
        QTest::newRow("glob") << QStringLiteral("*") << QStringLiteral("'*'");
        QTest::newRow("tilde") << QStringLiteral("~root") << QStringLiteral("'~root'");
        QTest::newRow("reference is data") << QStringLiteral("$MASTER_ADDR") << QStringLiteral("'$MASTER_ADDR'");
    }
    void quote()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(ShellQuote::quote(in), out);
        QCOMPARE(throughShell(out), QStringLiteral("[%1]").arg(in));
    }

    void quoteKeepingReferences_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("quoted");
        QTest::addColumn<QString>("expanded"); ///< what sh makes of it with MASTER_ADDR=10.0.0.1
        QTest::newRow("plain") << QStringLiteral("/workspace/model/") << QStringLiteral("/workspace/model/")
                               << QStringLiteral("/workspace/model/");
        QTest::newRow("empty") << QString() << QStringLiteral("''") << QString();
        QTest::newRow("space") << QStringLiteral("full_shard auto_wrap") << QStringLiteral("'full_shard auto_wrap'")
                               << QStringLiteral("full_shard auto_wrap");
        QTest::newRow("reference") << QStringLiteral("$MASTER_ADDR") << QStringLiteral("$MASTER_ADDR")
                                   << QStringLiteral("10.0.0.1");
        QTest::newRow("braced reference, suffix")
            << QStringLiteral("${MASTER_ADDR}:29500") << QStringLiteral("${MASTER_ADDR}:29500")
            << QStringLiteral("10.0.0.1:29500");
        QTest::newRow("reference in words")
            << QStringLiteral("host $MASTER_ADDR") << QStringLiteral("\"host $MASTER_ADDR\"")
            << QStringLiteral("host 10.0.0.1");
        QTest::newRow("hostile") << QStringLiteral("a'; rm -rf /") << QStringLiteral("'a'\\''; rm -rf /'")
                                 << QStringLiteral("a'; rm -rf /");
        QTest::newRow("backquote with $")
            << QStringLiteral("`id` $MASTER_ADDR") << QStringLiteral("'`id` $MASTER_ADDR'")
            << QStringLiteral("`id` $MASTER_ADDR");
    }
    void quoteKeepingReferences()
    {
        QFETCH(QString, value);
        QFETCH(QString, quoted);
        QFETCH(QString, expanded);
        QCOMPARE(ShellQuote::quoteKeepingReferences(value), quoted);
        QCOMPARE(throughShell(quoted), QStringLiteral("[%1]").arg(expanded));
        // A launch line PortBench writes reads back as the value it was given.
        QCOMPARE(ShellWords::unquote(quoted), value);
    }

    void join()
    {
        QCOMPARE(ShellQuote::join({QStringLiteral("printf"), QStringLiteral("%s\n"), QStringLiteral("two words")}),
                 QStringLiteral("printf '%s\n' 'two words'"));
    }
};

QTEST_GUILESS_MAIN(TestShellQuote)
#include "tst_shellquote.moc"
