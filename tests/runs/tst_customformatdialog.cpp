// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"

#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/workflows/runs/runloader.h"
#include "core/sources/logs/userformat.h"
#include "charts/runspanel.h"
#include "runs/customformatdialog.h"
#include "runs/runoutputview.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

namespace {

// The home of both the GUI (this process) and the CLI (a child process): set before the first
// QSettings is made, since Qt reads XDG_CONFIG_HOME once.
const IsolatedHome *home = nullptr;

const QString plainRegex = QStringLiteral("^step (?<step>\\d+) loss (?<loss>\\S+)");
const QString hashRegex = QStringLiteral("^#(?<step>\\d+) ~ (?<loss>\\S+)");

QProcessEnvironment cliEnvironment()
{
    return home->environment();
}

// Answers the next modal message box with `button` (the dialog asks before replacing a format).
void answerNextMessageBox(QMessageBox::StandardButton button, bool *asked)
{
    QTimer::singleShot(0, qApp, [button, asked] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box) {
            answerNextMessageBox(button, asked); // not shown yet
            return;
        }
        *asked = true;
        box->button(button)->click();
    });
}

} // namespace

class TestCustomFormatDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QSettings settings;
        settings.remove(QStringLiteral("logFormats"));
    }

    void preview_data()
    {
        QTest::addColumn<QString>("regex");
        QTest::addColumn<QString>("sample");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<bool>("canSave");
        QTest::newRow("captures") << plainRegex << QStringLiteral("step 10 loss 2.5")
                                  << QStringLiteral("step=10 loss=2.5") << true;
        QTest::newRow("no match") << plainRegex << QStringLiteral("starting up") << QStringLiteral("1: no match")
                                  << true;
        QTest::newRow("not a number") << plainRegex << QStringLiteral("step 3 loss abc")
                                      << QStringLiteral("loss 'abc' is not a number") << true;
        QTest::newRow("metric renamed") << QStringLiteral("s=(?<step>\\d+) (?<train_loss>\\S+)")
                                        << QStringLiteral("s=4 1.75") << QStringLiteral("step=4 train_loss→loss=1.75")
                                        << true;
        QTest::newRow("invalid regex") << QStringLiteral("step (?<step>\\d+ loss (?<loss>\\S+)")
                                       << QStringLiteral("step 1 loss 2")
                                       << QStringLiteral("invalid regular expression") << false;
        QTest::newRow("no metric group") << QStringLiteral("step (?<step>\\d+)") << QStringLiteral("step 1 loss 2")
                                         << QStringLiteral("at least one named group for a metric") << false;
    }

    void preview()
    {
        QFETCH(QString, regex);
        QFETCH(QString, sample);
        QFETCH(QString, expected);
        QFETCH(bool, canSave);
        QSettings settings;
        CustomFormatDialog dialog(settings, sample);
        auto *save = dialog.findChild<QPushButton *>(QStringLiteral("saveFormat"));
        auto *error = dialog.findChild<QLabel *>(QStringLiteral("formatError"));
        QVERIFY(save && error);
        QTest::keyClicks(dialog.findChild<QLineEdit *>(QStringLiteral("formatName")), QStringLiteral("plain"));
        QTest::keyClicks(dialog.findChild<QLineEdit *>(QStringLiteral("formatRegex")), regex);
        QCOMPARE(save->isEnabled(), canSave);
        const QString shown = canSave ? dialog.previewText() : error->text();
        QVERIFY2(shown.contains(expected), qPrintable(shown));
        if (!canSave)
            QVERIFY(dialog.previewText().startsWith(QLatin1String("(no preview")));
    }

    void savedFormatIsSharedWithCliAndCharted()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("train.out"));
        {
            QFile f(log);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("loading model\n#1 ~ 10.5\n#2 ~ 9.25\nwarmup done\n#3 ~ 8.125\n");
        }

        // Without the format no reader recognises the log (no key names its numbers, so not even the
        // general reader): what follows is the format's doing.
        QCOMPARE(RunLoader::canRead(log), false);

        QSettings settings;
        {
            CustomFormatDialog dialog(settings, QStringLiteral("#1 ~ 10.5\nwarmup done\n"));
            QSignalSpy saved(&dialog, &CustomFormatDialog::saved);
            QTest::keyClicks(dialog.findChild<QLineEdit *>(QStringLiteral("formatName")),
                             QStringLiteral("plain-steps"));
            QTest::keyClicks(dialog.findChild<QLineEdit *>(QStringLiteral("formatRegex")), hashRegex);
            QVERIFY2(dialog.previewText().contains(QLatin1String("read as format 'plain-steps'")),
                     qPrintable(dialog.previewText()));
            QVERIFY(dialog.previewText().contains(QLatin1String("2: no match")));
            QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("saveFormat")), Qt::LeftButton);
            QCOMPARE(saved.count(), 1);
            QCOMPARE(saved.first().first().toString(), QStringLiteral("plain-steps"));

            // Saving again under the same name asks; Cancel keeps the saved regex.
            auto *regex = dialog.findChild<QLineEdit *>(QStringLiteral("formatRegex"));
            regex->clear();
            QTest::keyClicks(regex, QStringLiteral("^step (?<step>\\d+) x (?<loss>\\S+)"));
            bool asked = false;
            answerNextMessageBox(QMessageBox::Cancel, &asked);
            QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("saveFormat")), Qt::LeftButton);
            QVERIFY(asked);
            QCOMPARE(saved.count(), 1);
        }

        // The CLI, a separate process reading the same settings location, lists it and reads with it.
        CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--list-formats")}, cliEnvironment());
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("plain-steps"), r.out.constData());
        r = runCli({QStringLiteral("parse"), QStringLiteral("--json"), log}, cliEnvironment());
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("plain-steps"), r.out.constData());

        // The GUI's loader, given the saved formats as the main window gives them, charts the log.
        LoadedRunsModel runs;
        RunLoader loader(runs);
        loader.setUserFormatSource([] {
            QSettings s;
            return UserFormat::load(s);
        });
        QVERIFY(RunLoader::canRead(log, loader.userFormats()));
        QSignalSpy loaded(&loader, &RunLoader::loaded);
        QSignalSpy failed(&loader, &RunLoader::failed);
        loader.open(log);
        QVERIFY(loaded.wait(20000));
        QCOMPARE(failed.count(), 0);
        const RunMetrics *run = runs.run(loaded.first().first().toInt());
        QVERIFY(run);
        QCOMPARE(run->format, QStringLiteral("plain-steps"));
        QCOMPARE(run->pointCount(), 3);
        QCOMPARE(run->step(0), 1);
        QCOMPARE(run->step(2), 3);
        QCOMPARE(run->value(0, QStringLiteral("loss")), 10.5);
        QCOMPARE(run->value(1, QStringLiteral("loss")), 9.25);
        QCOMPARE(run->value(2, QStringLiteral("loss")), 8.125);

        // Appended lines reach the chart through the follower with the same format.
        {
            QFile f(log);
            QVERIFY(f.open(QIODevice::Append));
            f.write("#4 ~ 7.5\n");
        }
        QTRY_COMPARE_WITH_TIMEOUT(runs.run(loaded.first().first().toInt())->pointCount(), 4, 20000);
        QCOMPARE(runs.run(loaded.first().first().toInt())->value(3, QStringLiteral("loss")), 7.5);
    }

    // Read These Lines…: the Runs dock offers it for a run with lines no reader read, and the
    // dialog opens with the general reader's proposal, which reads them.
    void unreadLinesStartFromAProposal()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("mixed.log"));
        {
            QFile f(log);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(" iteration 1/ 10 | lm loss: 2.5 |\n(worker) iteration 2/ 10 | lm loss: 2.4 |\n"
                    " iteration 3/ 10 | lm loss: 2.3 |\n");
        }
        LoadedRunsModel runs;
        RunLoader loader(runs);
        RunsPanel panel(runs, loader);
        auto *action = panel.findChild<QAction *>(QStringLiteral("ReadUnreadLinesAction"));
        QVERIFY(action);
        QSignalSpy loaded(&loader, &RunLoader::loaded);
        loader.open(log);
        QVERIFY(loaded.wait(20000));
        const int id = loaded.first().first().toInt();
        const RunMetrics *run = runs.run(id);
        QVERIFY(run);
        QCOMPARE(run->unreadLines.size(), 1);
        panel.view()->setCurrentIndex(runs.index(0, 0));
        QVERIFY(action->isEnabled());
        QSignalSpy wanted(&panel, &RunsPanel::unreadLinesFormatWanted);
        action->trigger();
        QCOMPARE(wanted.count(), 1);
        QCOMPARE(wanted.first().first().toInt(), id);

        QSettings settings;
        CustomFormatDialog dialog(settings, run->unreadLines.join(u'\n'));
        dialog.setProposal(UserFormat::propose(run->unreadLines.first().toUtf8()));
        QCOMPARE(dialog.format().name, QStringLiteral("mine"));
        QVERIFY2(dialog.previewText().contains(QLatin1String("step=2 lm_loss=2.4")), qPrintable(dialog.previewText()));
        QVERIFY(dialog.findChild<QPushButton *>(QStringLiteral("saveFormat"))->isEnabled());
    }

    void reachableFromRunsPanelAndRunOutput()
    {
        LoadedRunsModel runs;
        RunLoader loader(runs);
        RunsPanel panel(runs, loader);
        auto *action = panel.findChild<QAction *>(QStringLiteral("CustomFormatAction"));
        QVERIFY(action);
        QSignalSpy fromPanel(&panel, &RunsPanel::formatEditorWanted);
        action->trigger();
        QCOMPARE(fromPanel.count(), 1);

        RunOutputView output;
        auto *button = output.findChild<QToolButton *>(QStringLiteral("CustomFormatButton"));
        QVERIFY(button);
        QSignalSpy fromOutput(&output, &RunOutputView::formatEditorWanted);
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(fromOutput.count(), 1);
    }

    void deleteRemovesForCli()
    {
        QSettings settings;
        UserFormat::save(settings, {QStringLiteral("gone"), plainRegex, {}});
        CustomFormatDialog dialog(settings, {});
        QTest::keyClicks(dialog.findChild<QLineEdit *>(QStringLiteral("formatName")), QStringLiteral("gone"));
        auto *remove = dialog.findChild<QPushButton *>(QStringLiteral("deleteFormat"));
        QVERIFY(remove->isEnabled());
        bool asked = false;
        answerNextMessageBox(QMessageBox::Yes, &asked);
        QTest::mouseClick(remove, Qt::LeftButton);
        QVERIFY(asked);
        const CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--list-formats")}, cliEnvironment());
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.out.contains("gone"), r.out.constData());
    }
};

int main(int argc, char **argv)
{
    const IsolatedHome isolated;
    isolated.applyToThisProcess();
    home = &isolated;
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("PortBench"));
    QApplication::setApplicationName(QStringLiteral("portbench"));
    TestCustomFormatDialog test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_customformatdialog.moc"
