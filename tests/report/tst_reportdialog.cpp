// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "runs/runlistmodel.h"
#include "i18n/translationcatalog.h"
#include "logs/logreader.h"
#include "parity/paritypresets.h"
#include "report/reportdialog.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QThread>

namespace {
const QString megatron = QStringLiteral(PORTBENCH_TEST_DATA "/report/megatron_training_log_2024_throughput_moe.txt");
}

/// The Export Report dialog's Language: it starts as the interface's, and a choice changes the
/// report (preview and export) without changing the window around it.
class TestReportDialog : public QObject
{
    Q_OBJECT

private:
    RunListModel m_runs;

private Q_SLOTS:
    void initTestCase()
    {
        builtPlugins(); // the parity presets the backend plugins bring, the default among them
        ParseResult r = LogReader::readFile(megatron, ParseOptions{});
        QVERIFY2(r, qPrintable(r.error));
        m_runs.addRun(r.run);
    }

    void cleanup() { TranslationCatalog::install(QStringLiteral("en")); }

    void startsAsTheInterface_data()
    {
        QTest::addColumn<QString>("interface");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void startsAsTheInterface()
    {
        QFETCH(QString, interface);
        QVERIFY(TranslationCatalog::install(interface));
        ReportDialog dialog(m_runs, ReportDialog::Context{});
        QCOMPARE(dialog.language(), interface);
        const QString summary = interface == QLatin1String("en") ? QStringLiteral("Summary") : QStringLiteral("摘要");
        QCOMPARE(dialog.document().sections.first().title, summary);
    }

    void presetBoxOffersTheLoadedPresets()
    {
        ReportDialog dialog(m_runs, ReportDialog::Context{});
        QComboBox *box = nullptr;
        for (QComboBox *b : dialog.findChildren<QComboBox *>()) {
            if (b->findText(ParityPresets::defaultName()) >= 0)
                box = b;
        }
        QVERIFY(box);
        QStringList items;
        for (int i = 0; i < box->count(); ++i)
            items << box->itemText(i);
        QCOMPARE(items, ParityPresets::names());
        QCOMPARE(box->currentText(), ParityPresets::defaultName());
        // Its tooltip names each with its source, the ones the plugins bring too.
        for (const ParityPreset &p : ParityPresets::all())
            QVERIFY2(box->toolTip().contains(p.name + QStringLiteral(" — ") + p.source), qPrintable(box->toolTip()));
        QVERIFY(box->toolTip().contains(QStringLiteral("strict — Moore Threads MUSA porting guide")));
    }

    void chineseReportFromAnEnglishWindow()
    {
        ReportDialog dialog(m_runs, ReportDialog::Context{});
        auto *language = dialog.findChild<QComboBox *>(QStringLiteral("ReportLanguage"));
        QVERIFY(language);
        QCOMPARE(language->currentData().toString(), QStringLiteral("en"));
        language->setCurrentIndex(language->findData(QStringLiteral("zh_CN")));
        QCOMPARE(dialog.language(), QStringLiteral("zh_CN"));
        QCOMPARE(dialog.document().sections.first().title, QStringLiteral("摘要"));
        // The preview follows; the dialog itself stays English.
        auto *preview = dialog.findChild<QTextBrowser *>();
        QVERIFY(preview);
        QTRY_VERIFY_WITH_TIMEOUT(preview->toPlainText().contains(QStringLiteral("摘要")), 10000);
        QCOMPARE(dialog.windowTitle(), QStringLiteral("Export Report"));
        QCOMPARE(TranslationCatalog::current(), QStringLiteral("en"));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.html"));
        QCOMPARE(dialog.exportTo(path), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(file.readAll());
        QVERIFY(html.contains(QLatin1String("lang=\"zh-CN\"")));
        QVERIFY(html.contains(QStringLiteral("<h2>目录</h2>")));
    }

    void previewIsAssembledOffTheEventLoopThread_data()
    {
        QTest::addColumn<bool>("cancel");
        QTest::newRow("shown") << false;
        QTest::newRow("cancelled") << true;
    }
    void previewIsAssembledOffTheEventLoopThread()
    {
        // Assembling the preview took 2-4 s with six 400-step logs and 5.9 s with a 1 M-step log,
        // the window frozen meanwhile. The assembly is held here to see the dialog answer
        // meanwhile, in its working state, and the preview come after.
        QFETCH(bool, cancel);
        ReportDialog dialog(m_runs, ReportDialog::Context{});
        QThread *const eventLoopThread = QThread::currentThread();
        QAtomicPointer<QThread> assembler;
        QSemaphore held;
        dialog.setAssemblyHook([&] {
            assembler.storeRelease(QThread::currentThread());
            if (QThread::currentThread() != eventLoopThread) // waiting there would hold the test for good
                held.tryAcquire(1, 30000);
        });
        QSignalSpy ready(&dialog, &ReportDialog::previewReady);
        auto *preview = dialog.findChild<QTextBrowser *>();
        auto *progress = dialog.findChild<QProgressBar *>(QStringLiteral("ReportProgress"));
        QVERIFY(preview && progress);
        QTRY_VERIFY(assembler.loadAcquire() != nullptr); // the event loop runs while it is assembled
        QVERIFY(assembler.loadAcquire() != eventLoopThread);
        QVERIFY(dialog.isPreviewing());
        QVERIFY(!progress->isHidden());
        QVERIFY(preview->toPlainText().isEmpty());
        if (cancel) {
            QPushButton *cancelButton = nullptr;
            const QList<QPushButton *> buttons = dialog.findChildren<QPushButton *>();
            for (QPushButton *button : buttons) {
                if (button->text() == QLatin1String("Cancel Preview"))
                    cancelButton = button;
            }
            QVERIFY(cancelButton && !cancelButton->isHidden());
            cancelButton->click();
            QVERIFY(!dialog.isPreviewing());
            QVERIFY(progress->isHidden());
            held.release();
            // A newer preview lands; the cancelled one never does.
            dialog.setAssemblyHook({});
            auto *title = dialog.findChild<QLineEdit *>();
            QVERIFY(title);
            title->setText(QStringLiteral("again"));
            QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 20000);
            QVERIFY(preview->toPlainText().contains(QLatin1String("again")));
            return;
        }
        held.release();
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 20000);
        QVERIFY(!dialog.isPreviewing());
        QVERIFY(progress->isHidden());
        QVERIFY(preview->toPlainText().contains(QLatin1String("Summary")));
    }
};

QTEST_MAIN(TestReportDialog)
#include "tst_reportdialog.moc"
