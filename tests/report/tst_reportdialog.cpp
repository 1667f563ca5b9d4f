// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/base/i18n/translationcatalog.h"
#include "core/sources/logs/logreader.h"
#include "core/engines/parity/paritypresets.h"
#include "report/reportdialog.h"
#include "report/reportexporter.h"
#include "core/workflows/report/reportlanguagescope.h"

#include "eventloopwatchdog.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QListWidget>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
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
const QString h100 = QStringLiteral(PORTBENCH_TEST_DATA "/logs/h100/hf/");

QPushButton *buttonNamed(const QDialog &dialog, const QString &text)
{
    const QList<QPushButton *> buttons = dialog.findChildren<QPushButton *>();
    for (QPushButton *button : buttons) {
        if (button->text() == text)
            return button;
    }
    return nullptr;
}

/// The choices of the dialog that an export disables.
QList<QWidget *> choices(const QDialog &dialog)
{
    return {dialog.findChild<QLineEdit *>(), dialog.findChild<QListWidget *>(), dialog.findChild<QGroupBox *>(),
            dialog.findChild<QComboBox *>(QStringLiteral("ReportLanguage")),
            buttonNamed(dialog, QStringLiteral("&Export…"))};
}

/// Every file in dir with its bytes; a report's own text with its time of writing masked.
QMap<QString, QByteArray> filesIn(const QString &dir)
{
    QMap<QString, QByteArray> files;
    const QStringList names = QDir(dir).entryList(QDir::Files | QDir::Hidden);
    for (const QString &name : names) {
        QFile file(QDir(dir).filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        QByteArray bytes = file.readAll();
        if (name.endsWith(QLatin1String(".pdf"))) {
            QProcess text;
            text.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), file.fileName(), QStringLiteral("-")});
            if (!text.waitForFinished(60000) || text.exitCode() != 0)
                return {};
            bytes = text.readAllStandardOutput();
        }
        if (!name.endsWith(QLatin1String(".png"))) {
            static const QRegularExpression time(QStringLiteral("\\d\\d:\\d\\d"));
            bytes = QString::fromUtf8(bytes).replace(time, QStringLiteral("HH:mm")).toUtf8();
        }
        files.insert(name, bytes);
    }
    return files;
}
} // namespace

/// The Export Report dialog's Language: it starts as the interface's, and a choice changes the
/// report (preview and export) without changing the window around it.
class TestReportDialog : public QObject
{
    Q_OBJECT

private:
    LoadedRunsModel m_runs;
    LoadedRunsModel m_sixRuns; ///< six 400-step HF logs from an H100

private Q_SLOTS:
    void initTestCase()
    {
        builtPlugins(); // the parity presets the backend plugins bring, the default among them
        ParseResult r = LogReader::readFile(megatron, ParseOptions{});
        QVERIFY2(r, qPrintable(r.error));
        m_runs.addRun(r.run);
        for (const char *name :
             {"cuda_fp32", "cuda_bf16", "cpu_fp32", "cuda_fp32_rep2", "cuda_fp32_seed1", "cuda_fp32_lr2e-3"}) {
            ParseResult six
                = LogReader::readFile(h100 + QLatin1String(name) + QStringLiteral(".console.log"), ParseOptions{});
            QVERIFY2(six, qPrintable(six.error));
            m_sixRuns.addRun(six.run);
        }
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
        QSignalSpy exported(&dialog, &ReportDialog::exported);
        dialog.exportTo(path);
        QVERIFY(exported.wait(30000));
        QCOMPARE(exported.first().at(1).toString(), QString());
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

    void previewLayoutKeepsTheWindowAnswering()
    {
        // The preview of six 400-step logs took 0.5 s to lay out, in turns of the event loop of up
        // to 175 ms, its figures made pixmaps again at every look. What is left of its layout once
        // it is ready is forced here, counted as the event loop's work, as a paint would force it.
        ReportDialog dialog(m_sixRuns, ReportDialog::Context{});
        auto *preview = dialog.findChild<QTextBrowser *>();
        QVERIFY(preview);
        QSignalSpy ready(&dialog, &ReportDialog::previewReady);
        const EventLoopWatchdog watchdog;
        QVERIFY(ready.wait(30000));
        QVERIFY(preview->document()->documentLayout()->documentSize().height() > 0);
        QVERIFY2(watchdog.longestHoldMs() < 100,
                 qPrintable(QStringLiteral("the event loop was held %1 ms").arg(watchdog.longestHoldMs())));
        QVERIFY(preview->toPlainText().contains(QLatin1String("Summary")));
    }

    void exportKeepsTheWindowAnswering_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("html") << QStringLiteral("report.html");
        QTest::newRow("markdown") << QStringLiteral("report.md");
        QTest::newRow("pdf") << QStringLiteral("report.pdf");
    }
    void exportKeepsTheWindowAnswering()
    {
        // Exporting six 400-step logs held the window 0.7 s (HTML), 3.5 s (Markdown) and 2.2 s
        // (PDF) without a repaint: the event loop may now do at most 100 ms of work at a time.
        QFETCH(QString, file);
        ReportDialog dialog(m_sixRuns, ReportDialog::Context{});
        QSignalSpy ready(&dialog, &ReportDialog::previewReady);
        QVERIFY(ready.wait(30000));
        // The preview is not what is measured here: the browser lays its document out lazily,
        // in turns of the event loop; that is done first.
        auto *preview = dialog.findChild<QTextBrowser *>();
        QVERIFY(preview && preview->document()->documentLayout()->documentSize().height() > 0);
        QTemporaryDir dir;
        const QString path = dir.filePath(file);
        QSignalSpy exported(&dialog, &ReportDialog::exported);
        auto *progress = dialog.findChild<QProgressBar *>(QStringLiteral("ReportProgress"));
        QVERIFY(progress);
        const EventLoopWatchdog watchdog;
        dialog.exportTo(path);
        QVERIFY(dialog.isExporting());
        QVERIFY(!progress->isHidden());
        for (QWidget *choice : choices(dialog))
            QVERIFY(choice && !choice->isEnabled());
        QVERIFY(buttonNamed(dialog, QStringLiteral("Cancel Export")));
        QVERIFY(exported.wait(60000));
        QCOMPARE(exported.first().at(1).toString(), QString());
        QVERIFY2(watchdog.longestHoldMs() < 100,
                 qPrintable(QStringLiteral("the event loop was held %1 ms").arg(watchdog.longestHoldMs())));
        QVERIFY(!dialog.isExporting());
        QVERIFY(QFileInfo(path).size() > 0);
        QVERIFY(progress->isHidden());
        auto *status = dialog.findChild<QLabel *>(QStringLiteral("ReportStatus"));
        QVERIFY(status);
        QCOMPARE(status->text(), QStringLiteral("Wrote %1").arg(path));
        for (QWidget *choice : choices(dialog))
            QVERIFY(choice->isEnabled());
    }

    void cancelledExportWritesNothing_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("whileDrawing"); ///< else while assembling
        QTest::addColumn<bool>("existing"); ///< a report of that name is there before
        QTest::newRow("markdown, assembling") << QStringLiteral("report.md") << false << false;
        QTest::newRow("markdown, drawing") << QStringLiteral("report.md") << true << false;
        QTest::newRow("pdf, drawing, over a report") << QStringLiteral("report.pdf") << true << true;
        QTest::newRow("html, drawing, over a report") << QStringLiteral("report.html") << true << true;
    }
    void cancelledExportWritesNothing()
    {
        QFETCH(QString, file);
        QFETCH(bool, whileDrawing);
        QFETCH(bool, existing);
        ReportDialog dialog(m_sixRuns, ReportDialog::Context{});
        QSignalSpy ready(&dialog, &ReportDialog::previewReady);
        QVERIFY(ready.wait(30000));
        QTemporaryDir dir;
        const QString path = dir.filePath(file);
        if (existing) {
            QFile old(path);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("the report before");
        }
        const QMap<QString, QByteArray> before = filesIn(dir.path());

        QSemaphore held;
        QAtomicInt assembling;
        QThread *const eventLoopThread = QThread::currentThread();
        if (!whileDrawing) {
            dialog.setAssemblyHook([&] {
                assembling.storeRelease(1);
                if (QThread::currentThread() != eventLoopThread)
                    held.tryAcquire(1, 30000);
            });
        }
        auto *progress = dialog.findChild<QProgressBar *>(QStringLiteral("ReportProgress"));
        QVERIFY(progress);
        // Cancelled on the event loop's turn that drew the first figure, so the others are not.
        QMetaObject::Connection drawn;
        if (whileDrawing) {
            drawn = connect(progress, &QProgressBar::valueChanged, &dialog, [&](int value) {
                if (value == 1 && progress->maximum() > 1)
                    buttonNamed(dialog, QStringLiteral("Cancel Export"))->click();
            });
        }
        QSignalSpy exported(&dialog, &ReportDialog::exported);
        dialog.exportTo(path);
        if (!whileDrawing) {
            QTRY_VERIFY(assembling.loadAcquire());
            buttonNamed(dialog, QStringLiteral("Cancel Export"))->click();
            held.release();
        }
        QVERIFY(exported.wait(30000));
        disconnect(drawn);
        QCOMPARE(exported.first().at(1).toString(), QStringLiteral("Export cancelled; nothing was written."));
        QCOMPARE(filesIn(dir.path()), before); // no report, no figure, no temporary file, no backup
        QVERIFY(!dialog.isExporting());
        for (QWidget *choice : choices(dialog))
            QVERIFY(choice->isEnabled());
    }

    void exportWritesWhatTheCliWrites_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("language");
        QTest::newRow("markdown") << QStringLiteral("report.md") << QStringLiteral("en");
        QTest::newRow("markdown, zh_CN") << QStringLiteral("report.md") << QStringLiteral("zh_CN");
        QTest::newRow("html") << QStringLiteral("report.html") << QStringLiteral("en");
        QTest::newRow("pdf") << QStringLiteral("report.pdf") << QStringLiteral("en");
    }
    void exportWritesWhatTheCliWrites()
    {
        // The dialog writes on its own thread with figures drawn on the GUI thread, the CLI
        // (ReportDrawingModule) calls ReportExporter::write: the same files either way. (A Chinese
        // PDF is not compared here: which face draws its charts' Latin text depends on the fonts
        // this thread cached before ChartFontFallback, so this process's GUI thread answers
        // differently from the CLI's, whose charts match the dialog's.)
        QFETCH(QString, file);
        QFETCH(QString, language);
        if (file.endsWith(QLatin1String(".pdf"))
            && QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QSKIP("pdftotext not found (Debian package poppler-utils)");
        ReportDialog dialog(m_sixRuns, ReportDialog::Context{});
        auto *languages = dialog.findChild<QComboBox *>(QStringLiteral("ReportLanguage"));
        QVERIFY(languages);
        languages->setCurrentIndex(languages->findData(language));
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("dialog")) && QDir(dir.path()).mkpath(QStringLiteral("cli")));
        QSignalSpy exported(&dialog, &ReportDialog::exported);
        dialog.exportTo(dir.filePath(QStringLiteral("dialog/") + file));
        QVERIFY(exported.wait(60000));
        QCOMPARE(exported.first().at(1).toString(), QString());
        {
            const ReportDocument doc = dialog.document();
            const ReportLanguageScope scope(language);
            QCOMPARE(ReportExporter::write(doc, dir.filePath(QStringLiteral("cli/") + file)), QString());
        }
        const QMap<QString, QByteArray> written = filesIn(dir.filePath(QStringLiteral("dialog")));
        QVERIFY(written.contains(file));
        QVERIFY(written.value(file).contains(language == QLatin1String("en") ? "Summary" : "摘要"));
        if (file.endsWith(QLatin1String(".md")))
            QVERIFY(written.size() > 3); // figures beside it
        QCOMPARE(written, filesIn(dir.filePath(QStringLiteral("cli"))));
    }
};

QTEST_MAIN(TestReportDialog)
#include "tst_reportdialog.moc"
