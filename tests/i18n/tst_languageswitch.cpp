// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "charts/chartspanel.h"
#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/base/i18n/translationcatalog.h"
#include "core/sources/logs/logfollower.h"
#include "mainwindow.h"
#include "parity/paritypanel.h"
#include "core/sources/plugins/pluginmanager.h"
#include "isolatedhome.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

/// The View > Language menu switches the whole window at run time, as a person does it: menus,
/// dock titles, perspective names and panel buttons change language; the open runs, the layout
/// and edited fields stay as they were.
class TstLanguageSwitch : public QObject
{
    Q_OBJECT

private:
    IsolatedHome m_home;
    QTemporaryDir m_dir;

    static QString data(const char *relative)
    {
        return QStringLiteral(PORTBENCH_TEST_DATA "/") + QLatin1String(relative);
    }

    /// The Language submenu's action for `language` ("system", "en", "zh_CN"), reached through the
    /// menu bar's View menu as a person would.
    static QAction *languageAction(MainWindow &w, const QString &language)
    {
        for (QAction *top : w.menuBar()->actions()) {
            QMenu *menu = top->menu();
            if (!menu)
                continue;
            for (QAction *item : menu->actions()) {
                if (item->menu() && item->menu()->objectName() == QLatin1String("LanguageMenu")) {
                    for (QAction *choice : item->menu()->actions()) {
                        if (choice->objectName() == QStringLiteral("LanguageAction_%1").arg(language))
                            return choice;
                    }
                }
            }
        }
        return nullptr;
    }

    static QStringList menuTitles(MainWindow &w)
    {
        QStringList titles;
        for (QAction *a : w.menuBar()->actions())
            titles << a->text();
        return titles;
    }

    static QString dockTitle(MainWindow &w, const char *name)
    {
        auto *dock = w.findChild<QDockWidget *>(QLatin1String(name));
        return dock ? dock->windowTitle() : QString();
    }

    /// The Parity panel's Compare button's text; found by its shortcut, not by the text that changes.
    static QString compareButtonText(QWidget *panel)
    {
        const auto buttons = panel->findChildren<QPushButton *>();
        for (QPushButton *b : buttons) {
            if (b->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_Return))
                return b->text();
        }
        return {};
    }

    static QStringList parityLabels(QWidget *panel)
    {
        QStringList texts;
        for (QLabel *l : panel->findChildren<QLabel *>())
            texts << l->text();
        return texts;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_home.applyToThisProcess(); // the windows built here read and write the test's HOME only
        qputenv("PORTBENCH_WORKSPACE", m_dir.filePath(QStringLiteral("workspace")).toLocal8Bit());
        QVERIFY(TranslationCatalog::install(QStringLiteral("en")));
    }

    void switchesToChineseAndBackKeepingTheRuns()
    {
        const PluginManager plugins;
        QSettings settings(m_dir.filePath(QStringLiteral("switch.ini")), QSettings::IniFormat);
        MainWindow w(settings, plugins);
        w.restoreLayout();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        // Before the switch: English, a run open, an edited smoothing and an edited config field.
        QCOMPARE(menuTitles(w).value(0), QStringLiteral("&File"));
        auto *runs = w.findChild<LoadedRunsModel *>();
        auto *charts = w.findChild<ChartsPanel *>();
        auto *parity = w.findChild<ParityPanel *>();
        QVERIFY(runs && charts && parity);
        const QString log = data("logs/nanogpt_console.txt");
        w.openFiles({log});
        QTRY_COMPARE(runs->rowCount(), 1);
        const int runId = runs->idForPath(log);
        QVERIFY(runId >= 0);
        runs->setName(runId, QStringLiteral("my renamed run"));
        charts->setSmoothing(0.9);
        auto *devices = w.findChild<QSpinBox *>(QStringLiteral("field:launch.devicesPerNode"));
        QVERIFY(devices);
        devices->setValue(devices->value() + 3);
        const int editedDevices = devices->value();
        const Qt::DockWidgetArea runsArea = w.dockWidgetArea(w.findChild<QDockWidget *>(QStringLiteral("RunsDock")));
        QCOMPARE(compareButtonText(parity), QStringLiteral("&Compare"));

        QAction *chinese = languageAction(w, QStringLiteral("zh_CN"));
        QVERIFY(chinese);
        QCOMPARE(chinese->text(), QStringLiteral("简体中文")); // named in itself, whatever the current language
        chinese->trigger();
        QCoreApplication::processEvents();

        QCOMPARE(TranslationCatalog::current(), QStringLiteral("zh_CN"));
        QCOMPARE(settings.value(QStringLiteral("mainWindow/language")).toString(), QStringLiteral("zh_CN"));
        const QStringList zhMenus = menuTitles(w);
        QVERIFY2(zhMenus.contains(QStringLiteral("文件(&F)")), qPrintable(zhMenus.join(u'|')));
        QVERIFY2(zhMenus.contains(QStringLiteral("查看(&V)")), qPrintable(zhMenus.join(u'|')));
        QVERIFY2(zhMenus.contains(QStringLiteral("帮助(&H)")), qPrintable(zhMenus.join(u'|')));
        QCOMPARE(dockTitle(w, "RunsDock"), QStringLiteral("运行"));
        QCOMPARE(dockTitle(w, "ParityDock"), QStringLiteral("精度对齐"));
        QCOMPARE(w.findChild<QAction *>(QStringLiteral("PerspectiveMonitorAction"))->text(), QStringLiteral("监控"));
        QCOMPARE(compareButtonText(parity), QStringLiteral("比较(&C)"));
        QVERIFY(parityLabels(parity).contains(QStringLiteral("基线")));
        QCOMPARE(languageAction(w, QStringLiteral("en"))->text(), QStringLiteral("English"));

        // Nothing the user had is lost.
        QCOMPARE(runs->rowCount(), 1);
        QCOMPARE(runs->idForPath(log), runId);
        QCOMPARE(runs->index(runs->rowOf(runId), LoadedRunsModel::Name).data().toString(),
                 QStringLiteral("my renamed run"));
        QCOMPARE(charts->smoothing(), 0.9);
        QCOMPARE(devices->value(), editedDevices);
        QCOMPARE(w.dockWidgetArea(w.findChild<QDockWidget *>(QStringLiteral("RunsDock"))), runsArea);

        languageAction(w, QStringLiteral("en"))->trigger();
        QCoreApplication::processEvents();

        QCOMPARE(TranslationCatalog::current(), QStringLiteral("en"));
        QCOMPARE(menuTitles(w).value(0), QStringLiteral("&File"));
        QVERIFY(menuTitles(w).contains(QStringLiteral("&View")));
        QCOMPARE(dockTitle(w, "RunsDock"), QStringLiteral("Runs"));
        QCOMPARE(dockTitle(w, "ParityDock"), QStringLiteral("Loss Parity"));
        QCOMPARE(w.findChild<QAction *>(QStringLiteral("PerspectiveMonitorAction"))->text(), QStringLiteral("Monitor"));
        QCOMPARE(compareButtonText(parity), QStringLiteral("&Compare"));
        QVERIFY(parityLabels(parity).contains(QStringLiteral("Baseline")));
        QCOMPARE(runs->rowCount(), 1);
        QCOMPARE(runs->index(runs->rowOf(runId), LoadedRunsModel::Name).data().toString(),
                 QStringLiteral("my renamed run"));
        QCOMPARE(devices->value(), editedDevices);
    }

    /// What the Messages dock and the status bar showed before a switch reads in the new
    /// language after it, whether the main window or a panel wrote it.
    void messagesFollowTheLanguage_data()
    {
        QTest::addColumn<bool>("fromPanel");
        QTest::addColumn<QString>("english");
        QTest::addColumn<QString>("chinese");
        QTest::newRow("main window: a log opened")
            << false << QStringLiteral("Opened ") << QStringLiteral("已在“运行”中打开");
        QTest::newRow("parity panel: nothing to compare")
            << true << QStringLiteral("Parity: load the runs") << QStringLiteral("精度对齐：请先加载");
    }

    void messagesFollowTheLanguage()
    {
        QFETCH(bool, fromPanel);
        QFETCH(QString, english);
        QFETCH(QString, chinese);
        const PluginManager plugins;
        QSettings settings(m_dir.filePath(QStringLiteral("messages.ini")), QSettings::IniFormat);
        MainWindow w(settings, plugins);
        auto *dock = w.findChild<QDockWidget *>(QStringLiteral("MessagesDock"));
        QVERIFY(dock);
        auto *messages = qobject_cast<QPlainTextEdit *>(dock->widget());
        QVERIFY(messages);
        if (fromPanel)
            w.findChild<ParityPanel *>()->compare();
        else
            w.openFiles({data("logs/nanogpt_console.txt")});
        QTRY_VERIFY2(messages->toPlainText().contains(english), qPrintable(messages->toPlainText()));

        languageAction(w, QStringLiteral("zh_CN"))->trigger();
        QCoreApplication::processEvents();
        QVERIFY2(messages->toPlainText().contains(chinese), qPrintable(messages->toPlainText()));
        QVERIFY2(!messages->toPlainText().contains(english), qPrintable(messages->toPlainText()));
        QVERIFY(!w.statusBar()->currentMessage().contains(english)); // shown a few seconds, if still shown

        languageAction(w, QStringLiteral("en"))->trigger();
        QCoreApplication::processEvents();
        QVERIFY2(messages->toPlainText().contains(english), qPrintable(messages->toPlainText()));
        QVERIFY2(!messages->toPlainText().contains(chinese), qPrintable(messages->toPlainText()));
    }

    /// The status bar's count of loaded backends, shown until the next message, follows a switch.
    void statusBarFollowsTheLanguage()
    {
        const PluginManager plugins;
        QSettings settings(m_dir.filePath(QStringLiteral("status.ini")), QSettings::IniFormat);
        MainWindow w(settings, plugins);
        QVERIFY2(w.statusBar()->currentMessage().endsWith(QStringLiteral("backend(s) loaded")),
                 qPrintable(w.statusBar()->currentMessage()));
        languageAction(w, QStringLiteral("zh_CN"))->trigger();
        QCoreApplication::processEvents();
        QVERIFY2(w.statusBar()->currentMessage().startsWith(QStringLiteral("已加载")),
                 qPrintable(w.statusBar()->currentMessage()));
        languageAction(w, QStringLiteral("en"))->trigger();
        QCoreApplication::processEvents();
        QVERIFY(w.statusBar()->currentMessage().endsWith(QStringLiteral("backend(s) loaded")));
    }

    /// A warning added while a log was followed (it was truncated) reads in the language of now in
    /// the Runs table, after the reader's own sentences, which are kept as they were read.
    void followWarningsFollowTheLanguage()
    {
        LoadedRunsModel runs;
        RunMetrics run;
        run.name = QStringLiteral("followed");
        run.sourcePath = QStringLiteral("/logs/train.log");
        run.readWarnings << QStringLiteral("a sentence of the reader");
        const int id = runs.addRun(run);
        const QString path = run.sourcePath;
        runs.addReadWarning(id, [path] { return LogFollower::restartNote(path, false); });
        const QModelIndex name = runs.index(runs.rowOf(id), LoadedRunsModel::Name);
        QVERIFY(name.data(Qt::ToolTipRole).toString().contains(QStringLiteral("was truncated")));

        QVERIFY(TranslationCatalog::install(QStringLiteral("zh_CN")));
        const QString zh = name.data(Qt::ToolTipRole).toString();
        QVERIFY2(zh.contains(QStringLiteral("/logs/train.log 被截断")) && !zh.contains(QStringLiteral("was truncated")),
                 qPrintable(zh));
        QCOMPARE(name.data(LoadedRunsModel::ReadWarningsRole).toStringList(),
                 QStringList({QStringLiteral("a sentence of the reader"), LogFollower::restartNote(path, false)}));

        QVERIFY(TranslationCatalog::install(QStringLiteral("en")));
        QVERIFY(name.data(Qt::ToolTipRole).toString().contains(QStringLiteral("/logs/train.log was truncated")));
    }

    void systemDefaultFollowsTheLocale()
    {
        const PluginManager plugins;
        QSettings settings(m_dir.filePath(QStringLiteral("system.ini")), QSettings::IniFormat);
        settings.setValue(QStringLiteral("mainWindow/language"), QStringLiteral("zh_CN"));
        QCOMPARE(MainWindow::startLanguage(settings), QStringLiteral("zh_CN")); // the setting wins
        MainWindow w(settings, plugins);
        QAction *system = languageAction(w, QStringLiteral("system"));
        QVERIFY(system);
        QVERIFY(languageAction(w, QStringLiteral("zh_CN"))->isChecked());
        system->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(settings.value(QStringLiteral("mainWindow/language")).toString(), QString());
        const QString expected = TranslationCatalog::languageForLocale(QLocale::system().name());
        QCOMPARE(MainWindow::startLanguage(settings), expected);
        QCOMPARE(TranslationCatalog::current(), expected);
        QVERIFY(TranslationCatalog::install(QStringLiteral("en")));
    }
};

QTEST_MAIN(TstLanguageSwitch)
#include "tst_languageswitch.moc"
