// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runs/runoutputview.h"

#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTemporaryDir>
#include <QTest>

/// The Run Output dock: a run's output shown from its end, tailed while it grows, searchable.
class TestRunOutputView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tailsAndSearchesARunsOutput()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("output.log"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("step 1 loss 2.5\nstep 2 loss 2.4\n");
        f.flush();

        RunOutputView view;
        view.show();
        view.showFile(path, QStringLiteral("train — Running"));
        QVERIFY(view.text()->toPlainText().contains(QStringLiteral("step 2 loss 2.4")));

        // A traceback arrives: shown once its line is complete, without reopening.
        f.write("Traceback (most recent call last):\nRuntimeError: HCCL error 7");
        f.flush();
        QTRY_VERIFY(view.text()->toPlainText().contains(QStringLiteral("Traceback")));
        QVERIFY(!view.text()->toPlainText().contains(QStringLiteral("HCCL error 7"))); // line not ended
        f.write("\n");
        f.flush();
        QTRY_VERIFY(view.text()->toPlainText().contains(QStringLiteral("RuntimeError: HCCL error 7")));

        auto *search = view.findChild<QLineEdit *>();
        QVERIFY(search);
        QTest::keyClicks(search, QStringLiteral("loss 2.4"));
        QVERIFY(view.findNext());
        QCOMPARE(view.text()->textCursor().selectedText(), QStringLiteral("loss 2.4"));
        search->clear();
        QTest::keyClicks(search, QStringLiteral("not in the output"));
        QVERIFY(!view.findNext());
    }
};

QTEST_MAIN(TestRunOutputView)
#include "tst_runoutputview.moc"
