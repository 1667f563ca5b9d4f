// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/workflows/runs/runloader.h"
#include "gatedpython.h"
#include "core/base/i18n/translationcatalog.h"
#include "mainwindow.h"
#include "core/base/model/runmetrics.h"
#include "core/sources/plugins/pluginmanager.h"
#include "core/workflows/reference/stackcheck.h"
#include "stackcheck/stackcheckdialog.h"
#include "systempython.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

constexpr int steps = 24; // few steps keep the test short; the judge compares the common ones

template<typename T>
T *field(const QDialog &dialog, const char *name)
{
    return dialog.findChild<T *>(QLatin1String(name));
}

/// Types text into a line edit, replacing what it holds, as a person does.
void typeInto(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

int pointsOf(const LoadedRunsModel &runs, const QString &path)
{
    const RunMetrics *run = runs.run(runs.idForPath(path));
    return run ? run->pointCount() : -1;
}

} // namespace

class TestStackCheckDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    /// Fill the fields, click Run: the run is charted while the workload still runs (its process
    /// is held open after training until the gate opens), then the verdict against the shipped
    /// reference shows with where and how that reference was made.
    void runFromTheFormShowsLiveChartsAndTheVerdict()
    {
        if (!QFile::exists(systemPython) || !pythonHasTorch())
            QSKIP("/usr/bin/python3 cannot import torch (Debian's python3-torch, packaging/apt-test-deps.txt)");
        QTemporaryDir dir;
        LoadedRunsModel runs;
        RunLoader loader(runs);
        const PluginManager plugins;
        StackCheckDialog dialog(plugins, loader, {});
        // Declared after the dialog, so on a failure its gate opens before the dialog waits for the check.
        const GatedPython python(dir.path());
        QVERIFY(python.write());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));

        typeInto(field<QLineEdit>(dialog, "StackCheckPython"), python.path());
        auto *device = field<QComboBox>(dialog, "StackCheckDevice");
        device->setCurrentIndex(device->findText(QStringLiteral("cpu")));
        auto *stepsBox = field<QSpinBox>(dialog, "StackCheckSteps");
        stepsBox->setFocus();
        stepsBox->selectAll();
        QTest::keyClicks(stepsBox, QString::number(steps));
        typeInto(field<QLineEdit>(dialog, "StackCheckFolder"), dir.path());
        QCOMPARE(dialog.request().steps, steps);
        QCOMPARE(dialog.request().device, QStringLiteral("cpu"));
        QVERIFY(dialog.request().target.isLocal());

        auto *run = field<QPushButton>(dialog, "StackCheckRun");
        QTest::mouseClick(run, Qt::LeftButton);
        QVERIFY(dialog.isRunning());
        QVERIFY(!run->isEnabled());

        // Live: every step is in the Runs model, and the stack is shown, before the workload ends.
        auto *verdict = field<QLabel>(dialog, "StackCheckVerdict");
        QTRY_VERIFY_WITH_TIMEOUT(runs.rowCount() == 1 && pointsOf(runs, runs.run(runs.idAt(0))->sourcePath) == steps,
                                 240000);
        QVERIFY(dialog.isRunning());
        QVERIFY(verdict->text().isEmpty());
        QVERIFY2(field<QLabel>(dialog, "StackCheckStack")->text().contains(QStringLiteral("torch_version")),
                 qPrintable(field<QLabel>(dialog, "StackCheckStack")->text()));
        // The dialog reads the records on its own poll, apart from the charts' follower.
        QTRY_COMPARE_WITH_TIMEOUT(field<QProgressBar>(dialog, "StackCheckProgress")->value(), steps, 30000);
        QVERIFY(python.open());

        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isRunning() && !verdict->text().isEmpty(), 120000);
        const StackCheckOutcome &outcome = dialog.outcome();
        QVERIFY2(outcome.status == StackCheckOutcome::Status::Judged, qPrintable(outcome.error));
        QCOMPARE(verdict->text(), QStringLiteral("Verdict: PASS"));
        QVERIFY(run->isEnabled());
        QCOMPARE(outcome.parity.candidates.first().judgedSteps, steps);
        // The reference with its provenance: the start record of the shipped curve.
        const QString info = field<QLabel>(dialog, "StackCheckReferenceInfo")->text();
        QVERIFY2(info.contains(outcome.referenceDevice) && info.contains(QStringLiteral("command: "))
                     && info.contains(StackCheck::provenance(outcome.referencePath)),
                 qPrintable(info));
        QVERIFY(field<QPlainTextEdit>(dialog, "StackCheckDetails")
                    ->toPlainText()
                    .contains(QStringLiteral("Verdict: PASS")));
        // The reference copy is charted beside the run.
        QTRY_COMPARE_WITH_TIMEOUT(pointsOf(runs, outcome.referencePath), steps, 30000);
    }

    /// The dialog is kept open across a language switch: its form follows View > Language.
    void followsALanguageSwitch()
    {
        LoadedRunsModel runs;
        RunLoader loader(runs);
        const PluginManager plugins;
        StackCheckDialog dialog(plugins, loader, {});
        auto *run = dialog.findChild<QPushButton *>(QStringLiteral("StackCheckRun"));
        QVERIFY(run);
        QCOMPARE(dialog.windowTitle(), QStringLiteral("Stack Check"));
        QCOMPARE(run->text(), QStringLiteral("&Run"));
        QString error;
        QVERIFY2(TranslationCatalog::install(QStringLiteral("zh_CN"), &error), qPrintable(error));
        QTRY_COMPARE(dialog.windowTitle(), QStringLiteral("软件栈检查"));
        QCOMPARE(run->text(), QStringLiteral("运行(&R)"));
        QCOMPARE(dialog.findChild<QComboBox *>(QStringLiteral("StackCheckHost"))->itemText(0), QStringLiteral("本机"));
        QVERIFY2(TranslationCatalog::install(QStringLiteral("en"), &error), qPrintable(error));
        QTRY_COMPARE(dialog.windowTitle(), QStringLiteral("Stack Check"));
        QCOMPARE(run->text(), QStringLiteral("&Run"));
    }

    /// A check that could not be judged shows its verdict and error in the language of the moment:
    /// the outcome is written again into the dialog when the language changes.
    void outcomeFollowsALanguageSwitch()
    {
        QTemporaryDir dir;
        LoadedRunsModel runs;
        RunLoader loader(runs);
        const PluginManager plugins;
        StackCheckDialog dialog(plugins, loader, {});
        field<QLineEdit>(dialog, "StackCheckPython")->setText(QStringLiteral("/nonexistent/python3"));
        field<QLineEdit>(dialog, "StackCheckFolder")->setText(dir.path());
        QTest::mouseClick(field<QPushButton>(dialog, "StackCheckRun"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isRunning(), 60000);
        QCOMPARE(dialog.outcome().status, StackCheckOutcome::Status::InputError);
        auto *verdict = field<QLabel>(dialog, "StackCheckVerdict");
        auto *details = field<QPlainTextEdit>(dialog, "StackCheckDetails");
        QCOMPARE(verdict->text(), QStringLiteral("Not judged"));
        QVERIFY2(details->toPlainText().startsWith(QStringLiteral("Stack check not judged: ")),
                 qPrintable(details->toPlainText()));

        QString error;
        QVERIFY2(TranslationCatalog::install(QStringLiteral("zh_CN"), &error), qPrintable(error));
        QTRY_COMPARE(verdict->text(), QStringLiteral("未判断"));
        QVERIFY2(details->toPlainText().startsWith(QStringLiteral("软件栈检查未判断：")),
                 qPrintable(details->toPlainText()));
        QVERIFY2(TranslationCatalog::install(QStringLiteral("en"), &error), qPrintable(error));
        QTRY_COMPARE(verdict->text(), QStringLiteral("Not judged"));
    }

    /// What a judged run writes into the dialog (a long stack line, the verdict, the reference's
    /// provenance, the details) leaves every field of the form its height and stays off the
    /// buttons: the fields collapsed to 8 px and the text ran over the buttons.
    void outcomeLeavesTheFormItsRoom()
    {
        LoadedRunsModel runs;
        RunLoader loader(runs);
        const PluginManager plugins;
        StackCheckDialog dialog(plugins, loader, {});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const QString stack
            = QStringLiteral("Stack: %1")
                  .arg(QStringList(12, QStringLiteral("torch_version 2.5.1+cu124, torch_npu 2.5.1.post1, CANN 8.0.RC3"))
                           .join(QStringLiteral("; ")));
        field<QLabel>(dialog, "StackCheckStack")->setText(stack);
        field<QLabel>(dialog, "StackCheckVerdict")->setText(QStringLiteral("Verdict: PASS"));
        field<QLabel>(dialog, "StackCheckReferenceInfo")
            ->setText(QStringLiteral("Judged against the shipped cuda reference, %1")
                          .arg(QStringList(8, QStringLiteral("command: python3 -m portbench_reference --steps 300"))
                                   .join(QStringLiteral(", "))));
        field<QPlainTextEdit>(dialog, "StackCheckDetails")
            ->setPlainText(QStringList(30, QStringLiteral("Verdict: PASS")).join(QLatin1Char('\n')));
        QTest::qWait(50); // the layout requests
        for (QWidget *input : dialog.findChildren<QWidget *>()) {
            if (!qobject_cast<QLineEdit *>(input) && !qobject_cast<QComboBox *>(input)
                && !qobject_cast<QSpinBox *>(input))
                continue;
            if (!input->isVisible() || qobject_cast<QLineEdit *>(input->parentWidget())
                || qobject_cast<QComboBox *>(input->parentWidget()) || qobject_cast<QSpinBox *>(input->parentWidget()))
                continue; // an editor's own line edit
            QVERIFY2(input->height() >= input->minimumSizeHint().height(),
                     qPrintable(QStringLiteral("%1 is %2 px high").arg(input->objectName()).arg(input->height())));
        }
        const auto *buttons = dialog.findChild<QDialogButtonBox *>();
        QVERIFY(buttons);
        for (const char *name : {"StackCheckStack", "StackCheckVerdict", "StackCheckReferenceInfo"}) {
            const QLabel *label = field<QLabel>(dialog, name);
            QRect shown = label->visibleRegion().boundingRect();
            shown.translate(label->mapTo(&dialog, QPoint(0, 0)));
            QVERIFY2(!shown.intersects(buttons->geometry()), name);
        }
    }

    /// A Python that is not there: no verdict, and the reason in the dialog.
    void missingPythonSaysSo()
    {
        QTemporaryDir dir;
        LoadedRunsModel runs;
        RunLoader loader(runs);
        const PluginManager plugins;
        StackCheckDialog dialog(plugins, loader, {});
        dialog.show();
        typeInto(field<QLineEdit>(dialog, "StackCheckPython"), QStringLiteral("/nonexistent/python3"));
        typeInto(field<QLineEdit>(dialog, "StackCheckFolder"), dir.path());
        QTest::mouseClick(field<QPushButton>(dialog, "StackCheckRun"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isRunning(), 60000);
        QCOMPARE(dialog.outcome().status, StackCheckOutcome::Status::InputError);
        QCOMPARE(field<QLabel>(dialog, "StackCheckVerdict")->text(), QStringLiteral("Not judged"));
        const QString details = field<QPlainTextEdit>(dialog, "StackCheckDetails")->toPlainText();
        QVERIFY2(details.contains(QStringLiteral("Python '/nonexistent/python3' was not found")), qPrintable(details));
        QCOMPARE(runs.rowCount(), 0);
    }

    /// Tools > Stack Check… opens the dialog.
    void toolsMenuOpensTheDialog()
    {
        QTemporaryDir dir;
        const PluginManager plugins;
        QSettings settings(dir.filePath(QStringLiteral("stackcheck.ini")), QSettings::IniFormat);
        MainWindow w(settings, plugins);
        auto *action = w.findChild<QAction *>(QStringLiteral("StackCheckAction"));
        QVERIFY(action);
        auto *dialog = w.findChild<StackCheckDialog *>();
        QVERIFY(dialog && !dialog->isVisible());
        action->trigger();
        QVERIFY(dialog->isVisible());
    }
};

QTEST_MAIN(TestStackCheckDialog)
#include "tst_stackcheckdialog.moc"
