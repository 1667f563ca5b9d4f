// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "isolatedhome.h"
#include "core/workflows/runs/loadedrunsmodel.h"
#include "charts/chartspanel.h"
#include "core/workflows/runs/runloader.h"
#include "config/configpanel.h"
#include "charts/curvechart.h"
#include "parity/paritypanel.h"
#include "parity/parityresultview.h"
#include "report/reportdialog.h"
#include "fileopenrouter.h"
#include "mainwindow.h"
#include "perspectives.h"
#include "core/sources/plugins/pluginmanager.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QPlainTextEdit>
#include <QCheckBox>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLineEdit>
#include <QMessageBox>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLegend>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableView>
#include <QTreeWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTest>
#include <QTimer>
#include <QWheelEvent>

#include <algorithm>

/// The main window as a workbench on a laptop screen: it fits, every perspective and panel keeps
/// its controls inside the window, and nothing the user edited is lost by Open or by the wheel.
class TestWorkbenchLayout : public QObject
{
    Q_OBJECT

private:
    /// A main window on its own settings file, started as portbench starts it.
    struct Shown
    {
        Shown(const QString &settingsFile, const PluginManager &plugins)
            : settings(settingsFile, QSettings::IniFormat)
            , window(settings, plugins)
        {
            window.restoreLayout();
            window.show();
        }
        QSettings settings;
        MainWindow window;
    };

    QTemporaryDir m_dir;
    const PluginManager m_plugins;

    static QString data(const char *relative)
    {
        return QStringLiteral(PORTBENCH_TEST_DATA "/") + QLatin1String(relative);
    }

    /// Answers the next modal message box with `button`; records its text.
    static void answerNextMessageBox(QMessageBox::StandardButton button, QString *text)
    {
        QTimer::singleShot(0, qApp, [button, text] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box) {
                answerNextMessageBox(button, text); // not open yet: try on the next turn
                return;
            }
            *text = box->text();
            QTest::mouseClick(box->button(button), Qt::LeftButton);
        });
    }

    /// The visible controls a person clicks or types into (buttons, boxes, line edits), outside the
    /// panel's own scroll areas (inside one they are reachable by scrolling); the panel's view when
    /// it is nothing else (Messages, Plugins).
    static QList<QWidget *> mainControls(QWidget *root)
    {
        QList<QWidget *> found;
        if (qobject_cast<QAbstractItemView *>(root) || qobject_cast<QPlainTextEdit *>(root))
            found << root; // the panel is a view (Messages)
        const QList<QWidget *> all = root->findChildren<QWidget *>();
        for (QWidget *w : all) {
            const bool control = qobject_cast<QAbstractButton *>(w) || qobject_cast<QAbstractSpinBox *>(w)
                || qobject_cast<QComboBox *>(w)
                || (qobject_cast<QLineEdit *>(w) && !qobject_cast<QAbstractSpinBox *>(w->parentWidget())
                    && !qobject_cast<QComboBox *>(w->parentWidget()));
            if (!control || !w->isVisible())
                continue;
            bool scrolled = false;
            for (QWidget *p = w->parentWidget(); p && p != root; p = p->parentWidget())
                scrolled = scrolled || qobject_cast<QAbstractScrollArea *>(p);
            if (!scrolled)
                found << w;
        }
        if (found.isEmpty()) { // a panel that is a view in a frame (Plugins)
            const QList<QAbstractItemView *> views = root->findChildren<QAbstractItemView *>();
            for (QAbstractItemView *v : views) {
                // A view hidden until it has something to show (the Compare view's devices) is not squeezed.
                if (!qobject_cast<QHeaderView *>(v) && v->isVisible())
                    found << v;
            }
        }
        return found;
    }

    static void verifyInside(QMainWindow &w, QWidget *root, const QString &where)
    {
        // Inside the window, and inside the panel's visible area (not scrolled out of it).
        const QRect window = w.rect().intersected(QRect(root->mapTo(&w, QPoint(0, 0)), root->size()));
        const QList<QWidget *> controls = mainControls(root);
        QVERIFY2(!controls.isEmpty(), qPrintable(where + QStringLiteral(": no controls found")));
        for (QWidget *c : controls) {
            const QRect r(c->mapTo(&w, QPoint(0, 0)), c->size());
            const QString name
                = c->objectName().isEmpty() ? QString::fromLatin1(c->metaObject()->className()) : c->objectName();
            QVERIFY2(window.contains(r),
                     qPrintable(QStringLiteral("%1: %2 at %3,%4 %5×%6 is outside the %7×%8 window")
                                    .arg(where, name)
                                    .arg(r.x())
                                    .arg(r.y())
                                    .arg(r.width())
                                    .arg(r.height())
                                    .arg(window.width())
                                    .arg(window.height())));
            // Not squeezed to nothing by the layout either.
            QVERIFY2(c->width() >= 8 && c->height() >= 8,
                     qPrintable(where + QStringLiteral(": ") + name + QStringLiteral(" squeezed")));
        }
    }

    static QSpinBox *devicesPerNode(MainWindow &w)
    {
        return w.findChild<QSpinBox *>(QStringLiteral("field:launch.devicesPerNode"));
    }

    /// HOME and the XDG folders of this process: the run workspace, ssh config and settings the
    /// main window finds are the test's, not the user's.
    IsolatedHome m_home;

private Q_SLOTS:
    void initTestCase() { m_home.applyToThisProcess(); }
    void firstStartFitsALaptopScreen()
    {
        Shown shown(m_dir.filePath(QStringLiteral("first.ini")), m_plugins);
        MainWindow &w = shown.window;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QSize minimum = w.minimumSizeHint().expandedTo(w.minimumSize());
        QVERIFY2(minimum.width() <= 1024 && minimum.height() <= 640,
                 qPrintable(QStringLiteral("minimum %1×%2").arg(minimum.width()).arg(minimum.height())));
        // The first size fits the screen it starts on.
        const QRect screen = w.screen()->availableGeometry();
        QVERIFY(w.width() <= screen.width() && w.height() <= screen.height());

        for (const QSize size : {QSize(1366, 768), QSize(1024, 640)}) {
            w.resize(size);
            QTRY_COMPARE(w.size(), size);
        }
        // The charts are the centre, not a placeholder.
        QCOMPARE(QString::fromLatin1(w.centralWidget()->metaObject()->className()), QStringLiteral("ChartsPanel"));
    }

    void perspectiveKeepsControlsInside_data()
    {
        QTest::addColumn<int>("perspective");
        QTest::addColumn<QString>("dockName");
        for (int p = Perspectives::Monitor; p <= Perspectives::Port; ++p) {
            for (const char *dock :
                 {"RunsDock", "WorkspaceDock", "MessagesDock", "OutputDock", "PluginsDock", "ConfigDock", "PortingDock",
                  "EnvironmentDock", "TopologyDock", "ParityDock", "TensorsDock"}) {
                QTest::addRow("%s/%s", qPrintable(Perspectives::name(Perspectives::Kind(p))), dock)
                    << p << QString::fromLatin1(dock);
            }
        }
    }

    void perspectiveKeepsControlsInside()
    {
        QFETCH(int, perspective);
        QFETCH(QString, dockName);
        QSettings settings(m_dir.filePath(QStringLiteral("perspective.ini")), QSettings::IniFormat);
        settings.clear();
        MainWindow w(settings, m_plugins);
        w.restoreLayout();
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // One click on the mode button, as a person switches.
        const QString mode = Perspectives::name(Perspectives::Kind(perspective));
        QAction *action
            = w.findChild<QAction *>(QStringLiteral("Perspective%1Action").arg(Perspectives::ids().value(perspective)));
        QVERIFY(action);
        action->trigger();
        QCOMPARE(int(w.perspectives().current()), perspective);

        // Shown from the View menu, as a person would.
        QDockWidget *dock = w.findChild<QDockWidget *>(dockName);
        QVERIFY(dock);
        if (dock->isHidden())
            dock->toggleViewAction()->trigger();
        dock->raise();
        QTest::qWait(50);
        QCOMPARE(w.size(), QSize(1280, 720));
        QVERIFY(dock->isVisible());
        const QRect dockRect(dock->mapTo(&w, QPoint(0, 0)), dock->size());
        QVERIFY(w.rect().contains(dockRect));
        verifyInside(w, dock->widget(), mode + QLatin1Char('/') + dockName);
        verifyInside(w, w.centralWidget(), mode + QStringLiteral("/charts"));
    }

    void compareShowsTheParityResultReadably_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addRow("1366x768") << QSize(1366, 768);
        QTest::addRow("1024x640") << QSize(1024, 640);
    }

    /// Six H100 runs compared, the Compare perspective at a laptop's size: the result is the centre
    /// and readable there — charts with room for their tick labels, whole statistics headers, the
    /// reasons in sight — with nothing floated (the dock's charts were 25–60 px high, every tick
    /// label "…", the headers cut).
    void compareShowsTheParityResultReadably()
    {
        QFETCH(QSize, size);
        Shown shown(m_dir.filePath(QStringLiteral("compare-%1.ini").arg(size.width())), m_plugins);
        MainWindow &w = shown.window;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.resize(size);
        QTRY_COMPARE(w.size(), size);
        auto *runs = w.findChild<LoadedRunsModel *>();
        auto *parity = w.findChild<ParityPanel *>();
        QVERIFY(runs && parity);
        QStringList logs;
        for (const char *name :
             {"cuda_fp32", "cuda_bf16", "cpu_fp32", "cuda_fp32_lr2e-3", "cuda_fp32_rep2", "cuda_fp32_seed1"})
            logs << data("parity/h100_hf/") + QLatin1String(name) + QStringLiteral(".console.log");
        w.openFiles(logs);
        QTRY_COMPARE_WITH_TIMEOUT(runs->rowCount(), 6, 20000);
        auto *view = w.findChild<ParityResultView *>();
        QVERIFY(view);
        // Nothing compared yet: the charts say so instead of drawing bare 0–1 frames.
        QVERIFY(view->overlayChart()->isShowingEmptyText() && view->differenceChart()->isShowingEmptyText());
        QList<int> candidates;
        for (int i = 1; i < logs.size(); ++i)
            candidates << runs->idForPath(logs.at(i));
        QSignalSpy compared(parity, &ParityPanel::resultReady);
        parity->select(runs->idForPath(logs.first()), candidates);
        QVERIFY(compared.wait(20000));
        QTest::keyClick(&w, Qt::Key_2, Qt::ControlModifier); // the Compare perspective
        QCOMPARE(w.perspectives().current(), Perspectives::Compare);

        QTRY_VERIFY(view->isVisible());
        QVERIFY(w.centralWidget()->isAncestorOf(view));
        QTest::qWait(50); // the layout of the shown view
        const QRect window = w.rect();
        QVERIFY(window.contains(QRect(view->mapTo(&w, QPoint(0, 0)), view->size())));
        QCOMPARE(view->reasons()->topLevelItemCount(), 5);

        // The verdict's word and the summary fit.
        QVERIFY2(view->verdict()->fontMetrics().horizontalAdvance(view->verdict()->text()) <= view->verdict()->width(),
                 qPrintable(view->verdict()->text()));
        // The overlay's legend names the six runs only (the divergence markers are the difference
        // chart's: their names pushed the runs out of the legend).
        QCOMPARE(view->overlayChart()->curves().size(), 6);
        // Charts: a plot area of some height and no tick label or title cut to "…".
        for (CurveChart *chart : {view->overlayChart(), view->differenceChart()}) {
            QVERIFY2(
                chart->plotArea().height() >= 80,
                qPrintable(QStringLiteral("%1: plot %2 px high").arg(chart->title()).arg(chart->plotArea().height())));
            int labels = 0;
            const QList<QGraphicsItem *> items = chart->scene()->items();
            for (QGraphicsItem *item : items) {
                auto *text = dynamic_cast<QGraphicsTextItem *>(item);
                // (The legend shortens names on purpose: "…fp32…", LegendNames.)
                if (!text || !text->isVisible() || !chart->isAncestorOf(text) || chart->legend()->isAncestorOf(text))
                    continue;
                const QString label = text->toPlainText();
                ++labels;
                QVERIFY2(!label.contains(QStringLiteral("...")) && !label.contains(QChar(0x2026)),
                         qPrintable(chart->title() + QStringLiteral(": ") + label));
            }
            QVERIFY2(labels >= 4, qPrintable(chart->title()));
        }
        // Statistics: every column as wide as its run's name, every row's name whole.
        QHeaderView *columns = view->statistics()->horizontalHeader();
        QHeaderView *rows = view->statistics()->verticalHeader();
        for (int i = 0; i < columns->count(); ++i) {
            const QString name = columns->model()->headerData(i, Qt::Horizontal).toString();
            QVERIFY2(columns->fontMetrics().horizontalAdvance(name) < columns->sectionSize(i), qPrintable(name));
        }
        for (int i = 0; i < rows->count(); ++i) {
            const QString name = rows->model()->headerData(i, Qt::Vertical).toString();
            QVERIFY2(rows->fontMetrics().horizontalAdvance(name) < rows->width(), qPrintable(name));
        }
        QVERIFY(view->statistics()->viewport()->height() >= 4 * rows->defaultSectionSize());
        // The Parity dock's boxes show their texts whole (under their labels where the dock is narrow).
        for (QComboBox *box : parity->findChildren<QComboBox *>()) {
            if (box->isVisible() && !box->isEditable())
                QVERIFY2(box->width() >= box->sizeHint().width(), qPrintable(box->currentText()));
        }
        // The reasons: several rows in sight.
        QVERIFY(view->reasons()->viewport()->height() >= 6 * view->reasons()->fontMetrics().height());
    }

    void configureShowsWholeValues_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addRow("1366x768") << QSize(1366, 768);
        QTest::addRow("1024x640") << QSize(1024, 640);
    }

    /// On a first start the Configure form is as wide as its fields need: no value is clipped
    /// ("A100-8", "torchr") and it does not scroll sideways.
    void configureShowsWholeValues()
    {
        QFETCH(QSize, size);
        Shown shown(m_dir.filePath(QStringLiteral("configure-%1.ini").arg(size.width())), m_plugins);
        MainWindow &w = shown.window;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.resize(size);
        QTRY_COMPARE(w.size(), size);
        QTest::keyClick(&w, Qt::Key_3, Qt::ControlModifier); // the Configure perspective
        auto *panel = w.findChild<ConfigPanel *>();
        QVERIFY(panel);
        QTRY_VERIFY(panel->isVisible());
        QTest::qWait(50);
        QScrollArea *form = nullptr;
        for (QScrollArea *area : panel->findChildren<QScrollArea *>()) {
            if (area->widget() && area->widget()->findChild<QComboBox *>())
                form = area;
        }
        QVERIFY(form);
        QCOMPARE(form->horizontalScrollBar()->maximum(), 0);
        int fields = 0;
        for (QWidget *field : form->widget()->findChildren<QWidget *>()) {
            if (!field->isVisible())
                continue;
            if (auto *combo = qobject_cast<QComboBox *>(field)) {
                // A combo box's minimum is its longest choice beside the arrow.
                ++fields;
                QVERIFY2(combo->width() >= combo->minimumSizeHint().width(),
                         qPrintable(QStringLiteral("%1: '%2' in %3 px")
                                        .arg(combo->objectName(), combo->currentText())
                                        .arg(combo->width())));
            } else if (auto *edit = qobject_cast<QLineEdit *>(field); edit && !edit->text().isEmpty()
                       && !qobject_cast<QComboBox *>(edit->parentWidget())
                       && !qobject_cast<QAbstractSpinBox *>(edit->parentWidget())) {
                ++fields;
                QVERIFY2(
                    edit->fontMetrics().horizontalAdvance(edit->text()) + 8 <= edit->width(),
                    qPrintable(
                        QStringLiteral("%1: '%2' in %3 px").arg(edit->objectName(), edit->text()).arg(edit->width())));
            }
        }
        QVERIFY(fields >= 5);
    }

    void portShowsAWholePath_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addRow("1366x768") << QSize(1366, 768);
        QTest::addRow("1024x640") << QSize(1024, 640);
    }

    /// The Port perspective's source field holds an ordinary project path: beside the target and
    /// the buttons it was squeezed to "CUD…" at 1024×640.
    void portShowsAWholePath()
    {
        QFETCH(QSize, size);
        Shown shown(m_dir.filePath(QStringLiteral("port-%1.ini").arg(size.width())), m_plugins);
        MainWindow &w = shown.window;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.resize(size);
        QTRY_COMPARE(w.size(), size);
        QTest::keyClick(&w, Qt::Key_4, Qt::ControlModifier); // the Port perspective
        QLineEdit *source = nullptr;
        QTRY_VERIFY((source = w.findChild<QLineEdit *>(QStringLiteral("portSource"))) && source->isVisible());
        const QString path = QStringLiteral("/home/user/Megatron-LM/pretrain_gpt.py");
        source->setText(path);
        QVERIFY2(source->fontMetrics().horizontalAdvance(path) + 8 <= source->width(),
                 qPrintable(QStringLiteral("%1 px").arg(source->width())));
    }

    void perspectivesSwitchKeepAndRestoreTheirArrangement()
    {
        Shown shown(m_dir.filePath(QStringLiteral("switch.ini")), m_plugins);
        MainWindow &w = shown.window;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *config = w.findChild<QDockWidget *>(QStringLiteral("ConfigDock"));
        auto *parity = w.findChild<QDockWidget *>(QStringLiteral("ParityDock"));
        QCOMPARE(w.perspectives().current(), Perspectives::Monitor);
        QVERIFY(config->isHidden());

        QTest::keyClick(&w, Qt::Key_3, Qt::ControlModifier);
        QCOMPARE(w.perspectives().current(), Perspectives::Configure);
        QVERIFY(config->isVisible());
        QCOMPARE(w.dockWidgetArea(config), Qt::RightDockWidgetArea);
        // Tabbed, not stacked: the environment and topology share the config's area and height.
        auto *env = w.findChild<QDockWidget *>(QStringLiteral("EnvironmentDock"));
        QVERIFY(w.tabifiedDockWidgets(config).contains(env));
        QTRY_VERIFY(config->height() > w.height() / 2);
        // The user closes the environment tab here ...
        env->close();
        QTest::keyClick(&w, Qt::Key_2, Qt::ControlModifier);
        QCOMPARE(w.perspectives().current(), Perspectives::Compare);
        QVERIFY(parity->isVisible());
        QVERIFY(config->isHidden());
        // ... and finds it closed on coming back: each perspective is saved.
        QTest::keyClick(&w, Qt::Key_3, Qt::ControlModifier);
        QVERIFY(env->isHidden());
        QVERIFY(config->isVisible());
        // Restore Default gives the designed one.
        w.restoreDefaultLayout();
        QVERIFY(!env->isHidden());
    }

    void openingTrainerStateKeepsAnEditedConfig()
    {
        Shown shown(m_dir.filePath(QStringLiteral("open.ini")), m_plugins);
        MainWindow &w = shown.window;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::keyClick(&w, Qt::Key_3, Qt::ControlModifier); // Configure
        auto *panel = w.findChild<ConfigPanel *>();
        QSpinBox *devices = devicesPerNode(w);
        QVERIFY(panel && devices);
        // Edit the form as a person does: select the field, type.
        devices->setFocus();
        devices->selectAll();
        QTest::keyClicks(devices, QStringLiteral("5"));
        QCOMPARE(devices->value(), 5);
        QTRY_VERIFY(panel->isModified());

        // A trainer_state.json is a run: charted, and the edited config stays as it is.
        QSignalSpy opened(&w.fileRouter(), &FileOpenRouter::opened);
        w.openFiles({data("logs/hf_trainer_state_checkpoint_TRIMMED.json")});
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.first().at(1).toString(), QStringLiteral("Runs"));
        QCOMPARE(devices->value(), 5);
        QVERIFY(panel->isModified());

        // A real config would change the edited one: it asks first; Cancel keeps the edits.
        QString asked;
        answerNextMessageBox(QMessageBox::Cancel, &asked);
        w.openFiles({data("config/configs/deepspeed_config_zero2_offload_hf_auto.json")});
        QVERIFY2(asked.contains(QStringLiteral("not saved")), qPrintable(asked));
        QCOMPARE(devices->value(), 5);
        QVERIFY(panel->isModified());
        // Yes imports it.
        asked.clear();
        answerNextMessageBox(QMessageBox::Yes, &asked);
        w.openFiles({data("config/configs/deepspeed_config_zero2_offload_hf_auto.json")});
        QVERIFY(!asked.isEmpty());
        QVERIFY(!panel->isModified());

        // Quitting with edits asks too; Cancel keeps the window open.
        QTest::keyClicks(devices, QStringLiteral("3"));
        QTRY_VERIFY(panel->isModified());
        asked.clear();
        answerNextMessageBox(QMessageBox::Cancel, &asked);
        QVERIFY(!w.close());
        QVERIFY(!asked.isEmpty());
        QVERIFY(w.isVisible());
        answerNextMessageBox(QMessageBox::Discard, &asked);
        QVERIFY(w.close());
    }

    void reportDialogFollowsTheParitySelection()
    {
        Shown shown(m_dir.filePath(QStringLiteral("report.ini")), m_plugins);
        MainWindow &w = shown.window;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *runs = w.findChild<LoadedRunsModel *>();
        auto *parity = w.findChild<ParityPanel *>();
        QVERIFY(runs && parity);
        const QStringList logs{data("logs/nanogpt_console.txt"), data("logs/hf_trainer_console_v4_grad_norm.txt"),
                               data("logs/hf_trainer_console_v4_no_grad_norm.txt")};
        w.openFiles(logs);
        QTRY_COMPARE(runs->rowCount(), 3);
        const int baseline = runs->idForPath(logs.at(1));
        const int candidate = runs->idForPath(logs.at(2));
        QSignalSpy compared(parity, &ParityPanel::resultReady);
        parity->select(baseline, {candidate});
        QVERIFY(compared.wait(20000));

        QList<int> included;
        int reportBaseline = -2;
        QString parityWhy, environmentWhy;
        bool environmentEnabled = true;
        QTimer poll;
        poll.setInterval(10);
        connect(&poll, &QTimer::timeout, &w, [&] {
            auto *dialog = qobject_cast<ReportDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return; // not open yet
            poll.stop();
            included = dialog->includedRuns();
            reportBaseline = dialog->baselineId();
            parityWhy = dialog->missingInput(ReportOptions::Section::Parity);
            environmentWhy = dialog->missingInput(ReportOptions::Section::Environment);
            const QList<QCheckBox *> boxes = dialog->findChildren<QCheckBox *>();
            for (QCheckBox *box : boxes) {
                if (box->text().startsWith(ReportOptions::sectionTitle(ReportOptions::Section::Environment)))
                    environmentEnabled = box->isEnabled();
            }
            dialog->reject();
        });
        poll.start();
        QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier); // File > Export Report…
        QCOMPARE(reportBaseline, baseline);
        // Run ids follow the order the loads finish in (two loads run at once), so the runs are
        // compared as a set; which one is the baseline is checked above.
        std::sort(included.begin(), included.end());
        QCOMPARE(included, (QList<int>{std::min(baseline, candidate), std::max(baseline, candidate)}));
        QVERIFY2(parityWhy.isEmpty(), qPrintable(parityWhy));
        // No environment check was run: the section is greyed, with the reason.
        QVERIFY(!environmentWhy.isEmpty());
        QVERIFY(!environmentEnabled);
    }

    /// The report is the state on screen: the Parity dock's own result (its fairness checklist with
    /// the facts read beside the logs), the Charts dock's smoothing, and no Training Config section
    /// while the config is the untouched default (the dialog says why).
    void reportIsTheStateOnScreen()
    {
        Shown shown(m_dir.filePath(QStringLiteral("state.ini")), m_plugins);
        MainWindow &w = shown.window;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *runs = w.findChild<LoadedRunsModel *>();
        auto *parity = w.findChild<ParityPanel *>();
        auto *charts = w.findChild<ChartsPanel *>();
        QVERIFY(runs && parity && charts);
        const QString fp32 = data("parity/h100_hf/cuda_fp32.console.log");
        const QString bf16 = data("parity/h100_hf/cuda_bf16.console.log");
        w.openFiles({fp32, bf16});
        QTRY_COMPARE(runs->rowCount(), 2);
        charts->setSmoothing(0.95);
        QSignalSpy compared(parity, &ParityPanel::resultReady);
        parity->select(runs->idForPath(fp32), {runs->idForPath(bf16)});
        QVERIFY(compared.wait(20000));
        const ParityResult panel = parity->result();
        QCOMPARE(panel.candidates.size(), 1);

        ReportDocument doc;
        QString configWhy;
        QTimer poll;
        poll.setInterval(10);
        connect(&poll, &QTimer::timeout, &w, [&] {
            auto *dialog = qobject_cast<ReportDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return; // not open yet
            poll.stop();
            configWhy = dialog->missingInput(ReportOptions::Section::Config);
            doc = dialog->document();
            dialog->reject();
        });
        poll.start();
        QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier); // File > Export Report…
        QVERIFY2(configWhy.contains(QLatin1String("untouched defaults")), qPrintable(configWhy));
        QStringList sections, captions, summaryItems;
        QVector<QStringList> fairness;
        for (const ReportDocument::Section &section : doc.sections) {
            sections << section.id;
            for (const ReportDocument::Block &b : section.blocks) {
                if (section.id == ReportOptions::sectionName(ReportOptions::Section::Summary))
                    summaryItems += b.items;
                if (b.kind == ReportDocument::Block::Kind::Table
                    && b.text.startsWith(QLatin1String("Fairness checklist")))
                    fairness += b.rows;
            }
        }
        for (const ReportDocument::Figure &f : doc.figures)
            captions << f.caption;
        QVERIFY2(!sections.contains(ReportOptions::sectionName(ReportOptions::Section::Config)),
                 qPrintable(sections.join(QLatin1Char(' '))));
        QVERIFY2(captions.join(QLatin1Char('\n')).contains(QLatin1String("EMA weight 0.95")),
                 qPrintable(captions.join(QLatin1Char('\n'))));
        QCOMPARE(doc.verdict, ParityResult::verdictName(panel.verdict));
        // Row by row the panel's checklist: precision differs (bf16 from the TrainingArguments beside
        // the log), not "unknown".
        const QVector<ParityResult::FairnessItem> &items = panel.candidates.first().fairness;
        QCOMPARE(fairness.size(), items.size());
        bool precision = false;
        for (int i = 0; i < items.size(); ++i) {
            QCOMPARE(fairness.at(i).at(0), items.at(i).label);
            QCOMPARE(fairness.at(i).at(1), ParityResult::FairnessItem::statusName(items.at(i).status));
            precision = precision
                || (items.at(i).key == QLatin1String("precision")
                    && items.at(i).status == ParityResult::FairnessItem::Status::Mismatch);
        }
        QVERIFY(precision);
        // The summary lists the panel's reasons (the precision warning among them).
        const QString summary = summaryItems.join(QLatin1Char('\n'));
        for (const ParityResult::Reason &r : panel.candidates.first().reasons)
            QVERIFY2(summary.contains(r.message), qPrintable(r.message + QStringLiteral(" not in\n") + summary));
    }

    void reportPreviewShowsItsFigures()
    {
        LoadedRunsModel runs;
        RunLoader loader(runs);
        loader.open(data("logs/hf_trainer_console_v4_grad_norm.txt"));
        loader.open(data("logs/hf_trainer_console_v4_no_grad_norm.txt"));
        QTRY_COMPARE(runs.rowCount(), 2);
        ReportDialog::Context context;
        context.baselineId = runs.idAt(0);
        context.candidateIds = {runs.idAt(1)};
        ReportDialog dialog(runs, context, nullptr);
        dialog.show();
        auto *preview = dialog.findChild<QTextBrowser *>();
        QVERIFY(preview);
        // Every image the preview's document refers to is there (no broken-image icons).
        const auto images = [preview] {
            QList<QImage> found;
            QTextDocument *doc = preview->document();
            for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
                for (auto it = b.begin(); !it.atEnd(); ++it) {
                    const QTextCharFormat f = it.fragment().charFormat();
                    if (f.isImageFormat())
                        found << doc->resource(QTextDocument::ImageResource, QUrl(f.toImageFormat().name()))
                                     .value<QImage>();
                }
            }
            return found;
        };
        QTRY_VERIFY_WITH_TIMEOUT(!images().isEmpty(), 20000);
        for (const QImage &image : images())
            QVERIFY(!image.isNull() && image.width() > 100);
    }

    void wheelOverAnUnfocusedSpinBoxChangesNothing()
    {
        Shown shown(m_dir.filePath(QStringLiteral("wheel.ini")), m_plugins);
        MainWindow &w = shown.window;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::keyClick(&w, Qt::Key_3, Qt::ControlModifier); // Configure
        QSpinBox *devices = devicesPerNode(w);
        QVERIFY(devices && devices->isVisible());
        w.centralWidget()->setFocus();
        QVERIFY(!devices->hasFocus());
        const int before = devices->value();

        const auto turn = [devices] {
            const QPoint at(devices->width() / 2, devices->height() / 2);
            QWheelEvent wheel(at, devices->mapToGlobal(at), QPoint(), QPoint(0, -120 * 3), Qt::NoButton, Qt::NoModifier,
                              Qt::NoScrollPhase, false);
            QApplication::sendEvent(devices, &wheel);
        };
        turn();
        QCOMPARE(devices->value(), before);
        QVERIFY(!devices->hasFocus());

        // Once the user clicked into it, the wheel is theirs to use.
        devices->setFocus(Qt::MouseFocusReason);
        QTRY_VERIFY(devices->hasFocus());
        turn();
        QVERIFY(devices->value() != before);
    }
};

QTEST_MAIN(TestWorkbenchLayout)
#include "tst_workbenchlayout.moc"
