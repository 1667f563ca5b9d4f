// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "mainwindow.h"

#include "aboutdialog.h"
#include "charts/chartspanel.h"
#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/workflows/runs/runloader.h"
#include "charts/runspanel.h"
#include "core/sources/config/configimporter.h"
#include "config/configpanel.h"
#include "core/sources/logs/userformat.h"
#include "dockfactory.h"
#include "reference/democontroller.h"
#include "env/environmentpanel.h"
#include "fileopenrouter.h"
#include "core/base/i18n/translationcatalog.h"
#include "core/sources/logs/logsource.h"
#include "core/sources/plugins/pluginmanager.h"
#include "perspectives.h"
#include "pluginspanel.h"
#include "parity/paritypanel.h"
#include "parity/parityresultview.h"
#include "porting/portingpanel.h"
#include "core/engines/parity/paritytext.h"
#include "core/engines/porting/portreport.h"
#include "recentfiles.h"
#include "core/workflows/runs/runcontroller.h"
#include "core/workflows/runs/launchworkspace.h"
#include "core/workflows/runs/sshconfighosts.h"
#include "runs/customformatdialog.h"
#include "runs/runoutputview.h"
#include "runs/workspacepanel.h"
#include "report/reportdialog.h"
#include "stackcheck/stackcheckdialog.h"
#include "theme.h"
#include "wheelguard.h"
#include "telemetry/systemchartspanel.h"
#include "tensors/tensorspanel.h"
#include "topology/topologypanel.h"

#include <QAction>
#include <QApplication>
#include <QActionGroup>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTextCursor>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>

#include <algorithm>
#include <functional>
#include <memory>

namespace {
// Bump when the set of docks changes in a way an old saved state would restore badly.
constexpr int layoutVersion = 2;
const QString geometryKey = QStringLiteral("mainWindow/geometry");
const QString themeKey = QStringLiteral("mainWindow/theme");
// "" (or absent): the system locale's language; otherwise one of TranslationCatalog::languages().
const QString languageKey = QStringLiteral("mainWindow/language");
}

MainWindow::MainWindow(QSettings &settings, const PluginManager &plugins, QWidget *parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_plugins(plugins)
    , m_parityPresets(ParityPresets::read(plugins.backends()))
    , m_recent(new RecentFiles(settings))
    , m_router(new FileOpenRouter(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowTitle(QStringLiteral("PortBench"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/portbench.svg")));
    setAcceptDrops(true);
    qApp->installEventFilter(new WheelGuard(this));
    setDockOptions(AnimatedDocks | AllowNestedDocks | AllowTabbedDocks);
    // Tool docks in the left and right areas reach down to the window's bottom; the bottom area
    // (messages) spans only the central charts.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);

    createMenus();
    createPanels();
    const QList<QDockWidget *> docks = findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly);
    for (QDockWidget *dock : docks)
        m_perspectives->watch(dock);
    m_perspectives->addToMenu(m_perspectiveMenu);
    m_modes = addToolBar(QString());
    m_modes->setObjectName(QStringLiteral("PerspectivesToolBar"));
    m_modes->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_modes->setMovable(false);
    m_perspectives->addToToolBar(m_modes);

    connect(m_router, &FileOpenRouter::opened, this, [this](const QString &path, const QString &handler) {
        m_recent->add(path);
        updateRecentMenu();
        // Handler names are English (QT_TR_NOOP, what FileOpenRouter::open() returns); shown translated.
        showMessage([path, handler] { return tr("Opened %1 in %2").arg(path, tr(qPrintable(handler))); });
    });
    connect(m_router, &FileOpenRouter::unhandled, this, [this](const QString &path, const QString &reason) {
        showMessage([path, reason] { return tr("Cannot open %1: %2").arg(path, reason); });
    });

    for (const PluginLoadError &error : m_plugins.errors())
        showMessage([error] { return tr("Plugin %1 not loaded: %2").arg(error.path, error.message); });
    retranslateUi();
    showStatus([count = int(m_plugins.backends().size())] { return tr("%n backend(s) loaded", nullptr, count); }, 0);
}

MainWindow::~MainWindow()
{
    delete m_docks;
    delete m_runController;
    delete m_workspace;
    delete m_recent;
}

void MainWindow::createMenus()
{
    // Texts are set in retranslateUi(), here and on every language change.
    m_fileMenu = menuBar()->addMenu(QString());
    m_openAction = m_fileMenu->addAction(QString(), this, &MainWindow::openWithDialog);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openFolderAction = m_fileMenu->addAction(QString(), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(
            this, tr("Open Folder"), m_settings.value(QStringLiteral("lastOpenDir")).toString());
        if (dir.isEmpty())
            return;
        m_settings.setValue(QStringLiteral("lastOpenDir"), dir);
        openFiles({dir});
    });
    m_recentMenu = m_fileMenu->addMenu(QString());
    updateRecentMenu();
    m_fileMenu->addSeparator();
    m_quitAction = m_fileMenu->addAction(QString(), this, &QWidget::close);
    m_quitAction->setShortcut(QKeySequence::Quit);

    m_viewMenu = menuBar()->addMenu(QString());
    m_perspectiveMenu = m_viewMenu->addMenu(QString());
    m_perspectives = new Perspectives(*this, m_settings, layoutVersion);
    m_docks = new DockFactory(this, m_viewMenu);
    m_themeMenu = m_viewMenu->addMenu(QString());
    m_themeGroup = new QActionGroup(this);
    const Theme::Kind current = Theme::fromString(m_settings.value(themeKey).toString());
    for (Theme::Kind kind : {Theme::Kind::System, Theme::Kind::Light, Theme::Kind::Dark}) {
        QAction *a = m_themeMenu->addAction(QString());
        a->setData(int(kind));
        a->setCheckable(true);
        a->setChecked(kind == current);
        m_themeGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, kind] {
            Theme::apply(kind);
            m_settings.setValue(themeKey, Theme::toString(kind));
        });
    }
    createLanguageMenu();
    m_restoreAction = m_viewMenu->addAction(QString(), this, &MainWindow::restoreDefaultLayout);
    m_restoreAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_viewMenu->addSeparator();

    m_helpMenu = menuBar()->addMenu(QString());
    m_aboutAction = m_helpMenu->addAction(QString(), this, [this] { AboutDialog(m_plugins, this).exec(); });
}

void MainWindow::createLanguageMenu()
{
    m_languageMenu = m_viewMenu->addMenu(QString());
    m_languageMenu->setObjectName(QStringLiteral("LanguageMenu"));
    auto *group = new QActionGroup(this);
    const QString chosen = m_settings.value(languageKey).toString();
    // "System default" follows the locale on every start; a language chosen here overrides it.
    // Each language is named in itself, so a user who cannot read the current one finds their own.
    const QStringList choices = QStringList{QString()} + TranslationCatalog::languages();
    for (const QString &language : choices) {
        QAction *a
            = m_languageMenu->addAction(language.isEmpty() ? QString() : TranslationCatalog::nativeName(language));
        a->setObjectName(
            QStringLiteral("LanguageAction_%1").arg(language.isEmpty() ? QStringLiteral("system") : language));
        a->setCheckable(true);
        a->setChecked(language == chosen);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, language] { setLanguage(language); });
        if (language.isEmpty())
            m_systemLanguageAction = a;
    }
}

QString MainWindow::startLanguage(const QSettings &settings)
{
    const QString chosen = settings.value(languageKey).toString();
    if (TranslationCatalog::languages().contains(chosen))
        return chosen;
    return TranslationCatalog::languageForLocale(QLocale::system().name());
}

void MainWindow::setLanguage(const QString &language)
{
    m_settings.setValue(languageKey, language);
    const QString effective = startLanguage(m_settings);
    QString error;
    // Sends QEvent::LanguageChange to every widget; each retranslates in place (changeEvent).
    if (!TranslationCatalog::install(effective, &error))
        showMessage([error] { return tr("Cannot switch the language: %1").arg(error); });
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        retranslateMessages();
    }
    QMainWindow::changeEvent(event);
}

QString MainWindow::dockTitle(const QString &objectName)
{
    static const std::pair<QLatin1String, const char *> titles[] = {
        {QLatin1String("MessagesDock"), QT_TR_NOOP("Messages")},
        {QLatin1String("PluginsDock"), QT_TR_NOOP("Plugins")},
        {QLatin1String("WorkspaceDock"), QT_TR_NOOP("Workspace")},
        {QLatin1String("OutputDock"), QT_TR_NOOP("Run Output")},
        {QLatin1String("SystemChartsDock"), QT_TR_NOOP("System Charts")},
        {QLatin1String("ConfigDock"), QT_TR_NOOP("Training Config")},
        {QLatin1String("PortingDock"), QT_TR_NOOP("Porting")},
        {QLatin1String("EnvironmentDock"), QT_TR_NOOP("Environment")},
        {QLatin1String("TopologyDock"), QT_TR_NOOP("Topology")},
        {QLatin1String("RunsDock"), QT_TR_NOOP("Runs")},
        {QLatin1String("ParityDock"), QT_TR_NOOP("Loss Parity")},
        {QLatin1String("TensorsDock"), QT_TR_NOOP("Tensors")},
    };
    for (const auto &[name, title] : titles) {
        if (objectName == name)
            return tr(title);
    }
    return objectName;
}

void MainWindow::retranslateUi()
{
    m_fileMenu->setTitle(tr("&File"));
    m_openAction->setText(tr("&Open…"));
    m_openFolderAction->setText(tr("Open &Folder…"));
    m_openFolderAction->setToolTip(
        tr("A TensorBoard run folder, a folder of runs, an MLflow run, or a source tree to port"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    updateRecentMenu();
    m_quitAction->setText(tr("&Quit"));
    if (m_exportReportAction) {
        m_exportReportAction->setText(tr("Export &Report…"));
        m_exportReportAction->setToolTip(
            tr("HTML, PDF or Markdown report of the loaded runs, their charts and parity"));
    }

    m_viewMenu->setTitle(tr("&View"));
    //: The View submenu that switches between the named dock arrangements (Monitor, Compare…).
    m_perspectiveMenu->setTitle(tr("&Perspective"));
    m_perspectives->retranslate();
    m_compareCentre->setTabText(0, tr("Parity Result"));
    if (m_compareCentre->count() > 1)
        m_compareCentre->setTabText(1, tr("Charts"));
    m_themeMenu->setTitle(tr("&Theme"));
    for (QAction *a : m_themeGroup->actions())
        a->setText(Theme::displayName(Theme::Kind(a->data().toInt())));
    //: The View submenu that chooses the user-interface language.
    m_languageMenu->setTitle(tr("&Language"));
    //: Language menu: follow the operating system's locale.
    m_systemLanguageAction->setText(
        tr("System Default (%1)")
            .arg(TranslationCatalog::nativeName(TranslationCatalog::languageForLocale(QLocale::system().name()))));
    m_restoreAction->setText(tr("Restore &Default Layout"));
    m_restoreAction->setToolTip(tr("Arrange the current perspective's panels as designed"));
    const QList<QDockWidget *> docks = findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly);
    for (QDockWidget *dock : docks)
        m_docks->setTitle(dock, dockTitle(dock->objectName()));
    if (auto *tensorsDock = findChild<QDockWidget *>(QStringLiteral("TensorsDock"), Qt::FindDirectChildrenOnly))
        tensorsDock->toggleViewAction()->setToolTip(
            tr("Compare two tensor dumps (torch.save, safetensors) by msprobe's rules (%1)")
                .arg(tensorsDock->toggleViewAction()->shortcut().toString(QKeySequence::NativeText)));
    if (m_modes)
        m_modes->setWindowTitle(tr("Perspectives"));

    if (m_toolsMenu) {
        m_toolsMenu->setTitle(tr("&Tools"));
        m_runDemoAction->setText(tr("Run &Demo"));
        m_runDemoAction->setToolTip(
            tr("Train the built-in model in fp32 (baseline) and bf16 (candidate) with libtorch, "
               "chart both live and judge their loss parity (about two minutes on 2 CPU cores)"));
        m_customFormatAction->setText(tr("Custom &Log Format…"));
        m_customFormatAction->setToolTip(
            tr("Define a log format (regex with named groups) shared with `portbench-cli parse --define-format`"));
        m_stackCheckAction->setText(tr("Stack &Check…"));
        m_stackCheckAction->setToolTip(
            tr("Train PortBench's reference GPT in your own Python stack (torch, device extension, "
               "driver), here or over SSH, and judge it against the shipped reference curves"));
        m_stopDemoAction->setText(tr("&Stop Demo"));
        m_demoProgress->setToolTip(tr("Demo: share of the training steps of both runs done"));
    }
    m_helpMenu->setTitle(tr("&Help"));
    m_aboutAction->setText(tr("&About PortBench"));
}

/// The panels createPanels() makes, handed to the steps that wire them to each other.
struct MainWindow::Panels
{
    RunOutputView *output = nullptr;
    ConfigPanel *config = nullptr;
    LoadedRunsModel *runs = nullptr;
    RunLoader *loader = nullptr;
    PortingPanel *porting = nullptr;
    EnvironmentPanel *environment = nullptr;
    TopologyPanel *topology = nullptr;
    ParityPanel *parity = nullptr;
    QDockWidget *parityDock = nullptr;
    ChartsPanel *charts = nullptr;
    TensorsPanel *tensors = nullptr;
    std::function<void()> editFormats;
};

void MainWindow::createPanels()
{
    // The order is the file router's: precise content checks first, the catch-all Runs handler last.
    Panels p;
    createWorkspacePanels(p);
    createConfigPanel(p);
    createRunLoader(p);
    createToolPanels(p);
    createComparePanels(p);
    createReportAction(p);
    // Last: any log the reader recognises, after the panels with precise content checks.
    m_router->addHandler(
        {QLatin1String(QT_TR_NOOP("Runs")),
         [loader = p.loader](const QString &path) { return RunLoader::canRead(path, loader->userFormats()); },
         [loader = p.loader](const QString &path) { loader->open(path); }});
    createDemoTools(p);
}

/// Messages, Plugins, Workspace, Run Output and System Charts (the Monitor perspective's bottom docks).
void MainWindow::createWorkspacePanels(Panels &p)
{
    m_messages = new QPlainTextEdit(this);
    m_messages->setReadOnly(true);
    m_messages->setMaximumBlockCount(5000);
    m_docks->create(QStringLiteral("MessagesDock"), QString(), m_messages, Qt::BottomDockWidgetArea,
                    QKeySequence(Qt::ALT | Qt::Key_M));
    m_docks->create(QStringLiteral("PluginsDock"), QString(), new PluginsPanel(m_plugins, this),
                    Qt::BottomDockWidgetArea, QKeySequence(Qt::ALT | Qt::Key_P));

    m_workspace = new LaunchWorkspace(
        LaunchWorkspace::resolveRoot({}, m_settings.value(LaunchWorkspace::settingsKey()).toString()));
    m_runController = new RunController(*m_workspace, this);
    m_runController->setUserFormatSource([this] { return UserFormat::load(m_settings); });
    // Every run followed from here records its devices beside its log (docs/telemetry.md).
    m_runController->setTelemetry(m_plugins.backends());
    connect(m_runController, &RunController::telemetryNote, this, [this](const QString &id, const QString &text) {
        showMessage([id, text] { return tr("%1: telemetry: %2").arg(id, text); });
    });
    auto workspacePanel = new WorkspacePanel(
        *m_workspace, *m_runController, m_plugins.backendProfiles(),
        [this](const QStringList &paths) { openFiles(paths); }, this);
    connect(workspacePanel, &WorkspacePanel::message, this, &MainWindow::showMessage);
    m_docks->create(QStringLiteral("WorkspaceDock"), QString(), workspacePanel, Qt::BottomDockWidgetArea,
                    QKeySequence(Qt::ALT | Qt::Key_W));
    // The output of the run selected in the Workspace: live tail and search, to diagnose a failure.
    auto *output = new RunOutputView(this);
    connect(output, &RunOutputView::message, this, &MainWindow::showMessage);
    QDockWidget *outputDock = m_docks->create(QStringLiteral("OutputDock"), QString(), output, Qt::BottomDockWidgetArea,
                                              QKeySequence(Qt::ALT | Qt::Key_U));
    connect(workspacePanel, &WorkspacePanel::outputWanted, this,
            [output, outputDock](const QString &path, const QString &title, bool show) {
                if (!show && outputDock->isHidden())
                    return; // following the selection only while the view is open
                output->showFile(path, title);
                if (show) {
                    outputDock->show();
                    outputDock->raise();
                }
            });
    m_runController->resumeActive();
    p.output = output;

    // Device telemetry under the loss charts; its files (a precise content check) route here.
    auto *system = new SystemChartsPanel(m_plugins.deviceBackends(), this);
    connect(system, &SystemChartsPanel::message, this, &MainWindow::showMessage);
    QDockWidget *systemDock = m_docks->create(QStringLiteral("SystemChartsDock"), QString(), system,
                                              Qt::BottomDockWidgetArea, QKeySequence(Qt::ALT | Qt::Key_S));
    m_router->addHandler({QLatin1String(QT_TR_NOOP("System charts")),
                          [system](const QString &path) { return system->canOpen(path); },
                          [system, systemDock](const QString &path) {
                              system->openFile(path);
                              systemDock->show();
                              systemDock->raise();
                          },
                          [system, systemDock](const QStringList &paths) {
                              system->openFiles(paths);
                              systemDock->show();
                              systemDock->raise();
                          }});
    // The run selected in the Workspace shows its recorded telemetry (read again only when it changes).
    connect(workspacePanel, &WorkspacePanel::telemetryWanted, system, [system](const QStringList &paths) {
        if (system->files() != paths)
            system->openFiles(paths);
    });
}

void MainWindow::createConfigPanel(Panels &p)
{
    auto configPanel = new ConfigPanel(m_settings, m_plugins.backendProfiles(), this);
    connect(configPanel, &ConfigPanel::message, this, &MainWindow::showMessage);
    QDockWidget *configDock = m_docks->create(QStringLiteral("ConfigDock"), QString(), configPanel,
                                              Qt::RightDockWidgetArea, QKeySequence(Qt::ALT | Qt::Key_G));
    m_configPanel = configPanel;
    // A precise content check (TrainingConfig, ds_config, accelerate YAML, launch line): register
    // before any catch-all handler. A file the log reader charts (trainer_state.json carries
    // train_batch_size too) is a run, not a config: it goes to the Runs handler below.
    m_router->addHandler(
        {QLatin1String(QT_TR_NOOP("Training config")),
         [](const QString &path) { return ConfigImporter::canImport(path) && !RunLoader::canRead(path); },
         [configPanel, configDock](const QString &path) {
             configDock->show();
             configDock->raise();
             configPanel->openFiles({path});
         }});
    p.config = configPanel;
}

/// The loaded runs and their loader, which the charts, Runs, Parity, report and demo share.
void MainWindow::createRunLoader(Panels &p)
{
    auto *runs = new LoadedRunsModel(this);
    auto *loader = new RunLoader(*runs, this);
    // The formats `portbench-cli parse --define-format` saved, read again on every open.
    loader->setUserFormatSource([this] { return UserFormat::load(m_settings); });
    connect(loader, &RunLoader::message, this, &MainWindow::showMessage);
    connect(loader, &RunLoader::failed, this, [this](const QString &path, const QString &error) {
        showMessage([path, error] { return tr("Cannot chart %1: %2").arg(path, error); });
    });
    // Run folders (TensorBoard event files, MLflow runs) go to the Runs dock, not to Porting,
    // which takes any other folder.
    m_router->addHandler({QLatin1String(QT_TR_NOOP("Runs (event files, MLflow)")),
                          [](const QString &path) { return QFileInfo(path).isDir() && LogSource::canRead(path); },
                          [loader](const QString &path) { loader->open(path); }});
    p.runs = runs;
    p.loader = loader;
}

/// Porting, Environment and Topology.
void MainWindow::createToolPanels(Panels &p)
{
    auto porting = new PortingPanel(m_plugins, this);
    QDockWidget *portingDock = m_docks->create(QStringLiteral("PortingDock"), QString(), porting,
                                               Qt::RightDockWidgetArea, QKeySequence(Qt::ALT | Qt::Key_O));
    connect(porting, &PortingPanel::message, this, &MainWindow::showMessage);
    m_router->addHandler({QLatin1String(QT_TR_NOOP("Porting")),
                          [](const QString &path) {
                              const QFileInfo info(path);
                              return info.isDir() || info.suffix() == QLatin1String("py");
                          },
                          [porting, portingDock](const QString &path) {
                              portingDock->show();
                              portingDock->raise();
                              porting->openPath(path);
                          }});

    auto environment = new EnvironmentPanel(m_plugins, this);
    connect(environment, &EnvironmentPanel::message, this, &MainWindow::showMessage);
    m_docks->create(QStringLiteral("EnvironmentDock"), QString(), environment, Qt::RightDockWidgetArea,
                    QKeySequence(Qt::ALT | Qt::Key_E));
    auto topology = new TopologyPanel(m_plugins, this);
    connect(topology, &TopologyPanel::message, this, &MainWindow::showMessage);
    // Alt+L (links): Alt+T is the Tools menu's mnemonic.
    QDockWidget *topologyDock = m_docks->create(QStringLiteral("TopologyDock"), QString(), topology,
                                                Qt::RightDockWidgetArea, QKeySequence(Qt::ALT | Qt::Key_L));
    m_router->addHandler({QLatin1String(QT_TR_NOOP("Topology")),
                          [topology](const QString &path) { return topology->canOpen(path); },
                          [topology, topologyDock](const QString &path) {
                              topology->openFile(path);
                              topologyDock->show();
                              topologyDock->raise();
                          }});
    p.porting = porting;
    p.environment = environment;
    p.topology = topology;
}

/// The charts in the centre, Runs, Loss Parity and Tensors, and the custom log format editor.
void MainWindow::createComparePanels(Panels &p)
{
    LoadedRunsModel *runs = p.runs;
    RunLoader *loader = p.loader;
    RunOutputView *output = p.output;
    // The charts are what people come for: the centre of every perspective.
    auto *charts = new ChartsPanel(*runs, this);
    connect(charts, &ChartsPanel::message, this, &MainWindow::showMessage);
    setCentralWidget(charts);
    p.charts = charts;
    // A run launched or attached from the Workspace is charted as soon as its log has training
    // steps, under its run name (not "output"); the loader follows the log from then on.
    connect(m_runController, &RunController::pointsAppended, this,
            [this, loader](const QString &id, const RunMetrics &) {
                // A local attach's log is the followed file itself: the run folder has no output.log.
                const LaunchRecord record = m_runController->record(id);
                const QString path = QFileInfo(m_workspace->localLogPath(record)).absoluteFilePath();
                if (m_chartedLogs.contains(path))
                    return;
                m_chartedLogs.insert(path, record.name);
                loader->open(path);
            });
    connect(loader, &RunLoader::loaded, this, [this, runs](int runId, const QString &path) {
        const QString name = m_chartedLogs.value(QFileInfo(path).absoluteFilePath());
        if (!name.isEmpty())
            runs->setName(runId, name);
    });
    auto *runsPanel = new RunsPanel(*runs, *loader, &m_settings, this);
    m_docks->create(QStringLiteral("RunsDock"), QString(), runsPanel, Qt::LeftDockWidgetArea,
                    QKeySequence(Qt::ALT | Qt::Key_R));
    // Custom Log Format…: previewed on `sample`; after saving, the log it was written for is
    // opened again so it is charted.
    auto formatDialog = [this, loader](const QString &sample, const UserFormat &proposal, const QString &path) {
        CustomFormatDialog dialog(m_settings, sample, this);
        if (!proposal.pattern.isEmpty())
            dialog.setProposal(proposal);
        connect(&dialog, &CustomFormatDialog::message, this, &MainWindow::showMessage);
        connect(&dialog, &CustomFormatDialog::saved, this, [this, &dialog, path, loader](const QString &name) {
            if (!path.isEmpty()
                && QMessageBox::question(&dialog, tr("Chart the Log?"),
                                         tr("Open %1 again so it is read with the format '%2'?").arg(path, name),
                                         QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes)
                    == QMessageBox::Yes)
                loader->open(path);
        });
        dialog.exec();
    };
    // Format…: on the Run Output text, for the log in Run Output, else the selected run's.
    auto editFormats = [output, runs, runsPanel, formatDialog] {
        QString path = output->path();
        const QModelIndex current = runsPanel->view()->currentIndex();
        if (path.isEmpty() && current.isValid()) {
            if (const RunMetrics *run = runs->run(runs->idAt(current.row())))
                path = run->sourcePath;
        }
        formatDialog(output->text()->toPlainText(), UserFormat(), path);
    };
    connect(runsPanel, &RunsPanel::formatEditorWanted, this, editFormats);
    // Read These Lines…: the lines of a run no reader read, with the general reader's proposal.
    connect(runsPanel, &RunsPanel::unreadLinesFormatWanted, this, [runs, formatDialog](int runId) {
        const RunMetrics *run = runs->run(runId);
        if (!run || run->unreadLines.isEmpty())
            return;
        formatDialog(run->unreadLines.join(u'\n'), UserFormat::propose(run->unreadLines.first().toUtf8()),
                     run->sourcePath);
    });
    connect(output, &RunOutputView::formatEditorWanted, this, editFormats);
    auto parity = new ParityPanel(*runs, m_parityPresets, this);
    QDockWidget *parityDock = m_docks->create(QStringLiteral("ParityDock"), QString(), parity, Qt::RightDockWidgetArea,
                                              QKeySequence(Qt::ALT | Qt::Key_Y));
    // msprobe-style comparison of tensor dumps: tabbed with Parity in the Compare perspective.
    auto tensors = new TensorsPanel(this);
    connect(tensors, &TensorsPanel::message, this, &MainWindow::showMessage);
    QDockWidget *tensorsDock = m_docks->create(QStringLiteral("TensorsDock"), QString(), tensors,
                                               Qt::RightDockWidgetArea, QKeySequence(Qt::ALT | Qt::Key_N));
    connect(parity, &ParityPanel::message, this, &MainWindow::showMessage);
    // Compare: the parity result is the centre, the charts a tab beside it, the dock its controls.
    m_compareCentre = new QTabWidget(this);
    m_compareCentre->setObjectName(QStringLiteral("CompareCentre"));
    m_compareCentre->setDocumentMode(true);
    m_compareCentre->addTab(new ParityResultView(*parity), QString());
    m_compareCentre->hide();
    connect(m_perspectives, &Perspectives::switched, this, [this, charts, parity](Perspectives::Kind kind) {
        const bool compare = kind == Perspectives::Compare;
        QWidget *wanted = compare ? static_cast<QWidget *>(m_compareCentre) : charts;
        if (centralWidget() == wanted)
            return;
        if (QWidget *old = takeCentralWidget()) { // kept: the main window owns both centres
            old->setParent(this);
            old->hide();
        }
        if (compare)
            m_compareCentre->addTab(charts, tr("Charts"));
        else
            m_compareCentre->removeTab(1);
        setCentralWidget(wanted);
        wanted->show();
        parity->setResultsShown(!compare);
    });
    p.parity = parity;
    p.parityDock = parityDock;
    p.tensors = tensors;
    p.editFormats = editFormats;
}

void MainWindow::createReportAction(const Panels &p)
{
    LoadedRunsModel *runs = p.runs;
    ParityPanel *parity = p.parity;
    ConfigPanel *configPanel = p.config;
    EnvironmentPanel *environment = p.environment;
    TopologyPanel *topology = p.topology;
    PortingPanel *porting = p.porting;
    TensorsPanel *tensors = p.tensors;
    ChartsPanel *charts = p.charts;
    // File > Export Report… sits above Quit; the dialog reports on the runs of the Runs dock.
    auto *exportReport = new QAction(this);
    m_exportReportAction = exportReport;
    exportReport->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    const QList<QAction *> fileActions = m_fileMenu->actions();
    m_fileMenu->insertAction(fileActions.size() >= 2 ? fileActions.at(fileActions.size() - 2) : nullptr, exportReport);
    connect(exportReport, &QAction::triggered, this,
            [this, runs, parity, configPanel, environment, topology, porting, tensors, charts] {
                // Built from what the docks show now: the Parity selection and each tool's last result.
                ReportDialog::Context context;
                const ParityResult &compared = parity->result();
                context.baselineId = compared.baselinePath.isEmpty() ? -1 : runs->idForPath(compared.baselinePath);
                for (const ParityResult::Candidate &c : compared.candidates) {
                    const int id = runs->idForPath(c.sourcePath);
                    if (id >= 0)
                        context.candidateIds << id;
                }
                // The verdict the Parity dock shows, unless its inputs changed since.
                if (!compared.candidates.isEmpty() && !parity->isOutdated())
                    context.parity = compared;
                context.smoothing = charts->smoothing();
                if (!environment->report().checks.isEmpty())
                    context.results.environment = environment->report();
                if (!topology->topology().nodes.isEmpty())
                    context.results.topology = topology->topology();
                // Untouched defaults (A100-80G, zeros) say nothing about the user's training.
                if (!configPanel->isDefault())
                    context.results.config = configPanel->config();
                context.results.backends = m_plugins.backendProfiles();
                context.parityPresets = m_parityPresets;
                if (!porting->result().files.isEmpty() && !porting->isResultOutdated())
                    context.results.portReport = PortReport::toJson(porting->result());
                if (!tensors->report().rows.isEmpty())
                    context.results.tensorsReport = tensors->report().toJson();
                ReportDialog dialog(*runs, context, this);
                connect(&dialog, &ReportDialog::message, this, &MainWindow::showMessage);
                dialog.exec();
            });
}

/// The Tools menu (Run Demo, Custom Log Format, Stop Demo) and the demo's progress and verdict.
void MainWindow::createDemoTools(const Panels &p)
{
    LoadedRunsModel *runs = p.runs;
    ParityPanel *parity = p.parity;
    QDockWidget *parityDock = p.parityDock;
    const std::function<void()> editFormats = p.editFormats;
    // Run Demo: the main job on its built-in default, with live curves and the parity verdict.
    auto *demo = new DemoController(*p.loader, this);
    QMenu *tools = new QMenu(this);
    m_toolsMenu = tools;
    menuBar()->insertMenu(menuBar()->actions().constLast(), tools); // before Help
    QAction *runDemo = tools->addAction(QString(), this, [this, demo] {
        const QString parent
            = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/demo");
        demo->start(DemoPlan::make(DemoPlan::defaultConfig(), DemoPlan::newOutputDir(parent)),
                    ParityOptions::forPreset(m_parityPresets, m_parityPresets.defaultName()));
    });
    runDemo->setObjectName(QStringLiteral("RunDemoAction"));
    runDemo->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_runDemoAction = runDemo;
    QAction *customFormat = tools->addAction(QString(), this, editFormats);
    customFormat->setObjectName(QStringLiteral("CustomLogFormatAction"));
    m_customFormatAction = customFormat;
    // Stack Check: the reference GPT in the user's own Python stack (here or over SSH), charted
    // live through the loader and judged against the shipped reference; one dialog, kept.
    auto *stackCheck = new StackCheckDialog(m_plugins, *p.loader, SshConfigHosts::read(), this);
    connect(stackCheck, &StackCheckDialog::message, this, &MainWindow::showMessage);
    QAction *stackCheckAction = tools->addAction(QString(), this, [stackCheck] {
        stackCheck->show();
        stackCheck->raise();
        stackCheck->activateWindow();
    });
    stackCheckAction->setObjectName(QStringLiteral("StackCheckAction"));
    m_stackCheckAction = stackCheckAction;
    QAction *stopDemo = tools->addAction(QString(), demo, &DemoController::cancel);
    m_stopDemoAction = stopDemo;
    stopDemo->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Period));
    stopDemo->setEnabled(false);
    tools->setToolTipsVisible(true);
    auto *demoProgress = new QProgressBar(this);
    m_demoProgress = demoProgress;
    demoProgress->setMaximumWidth(160);
    demoProgress->hide();
    statusBar()->addPermanentWidget(demoProgress);
    connect(demo, &DemoController::runningChanged, this, [this, runDemo, stopDemo, demoProgress](bool running) {
        if (running)
            disconnect(m_pendingDemoSelection); // an earlier demo's runs, never loaded
        runDemo->setEnabled(!running);
        stopDemo->setEnabled(running);
        demoProgress->setValue(0);
        demoProgress->setVisible(running);
    });
    connect(demo, &DemoController::progress, this, [this, demoProgress](int percent, const QString &text) {
        demoProgress->setValue(std::max(demoProgress->value(), percent)); // two runs report out of order
        statusBar()->showMessage(text, 2000);
    });
    connect(demo, &DemoController::message, this, &MainWindow::showMessage);
    connect(demo, &DemoController::ended, this, &MainWindow::showMessage);
    // The verdict: its lines in Messages, and the two logs (followed live in the Runs model)
    // selected as baseline and candidate in the Parity dock.
    connect(demo, &DemoController::verdict, this,
            [this, runs, parity, parityDock](const ParityResult &result, const QStringList &summary,
                                             const QStringList &logs) {
                // Each line composed again from the result in a new language (one shared copy of it).
                const auto shared = std::make_shared<const ParityResult>(result);
                for (int i = 0; i < summary.size(); ++i)
                    showMessage([shared, i] { return ParityText::summary(*shared).value(i); });
                disconnect(m_pendingDemoSelection);
                if (logs.size() != 2)
                    return;
                // A log's run may still be on its way into the Runs model (the loader parses it on
                // its threads): the two are selected once both are there, and the Parity dock
                // compares again as their followers append the last points. (A fixed wait for
                // the followers' next poll compared nothing where the candidate came later.)
                const auto select = [runs, parity, logs] {
                    const int baseline = runs->idForPath(logs.at(0));
                    const int candidate = runs->idForPath(logs.at(1));
                    if (baseline < 0 || candidate < 0)
                        return false;
                    parity->select(baseline, {candidate});
                    return true;
                };
                if (!select()) {
                    m_pendingDemoSelection = connect(runs, &LoadedRunsModel::runAdded, parity, [this, select] {
                        if (select())
                            disconnect(m_pendingDemoSelection);
                    });
                }
                parityDock->show();
                parityDock->raise();
            });
}

void MainWindow::restoreLayout()
{
    if (!restoreGeometry(m_settings.value(geometryKey).toByteArray())) {
        // First start: the screen less room for the frame and a panel, up to 1600×1000 (1350×720
        // on a 1366×768 laptop).
        const QRect screen = this->screen()->availableGeometry();
        resize(std::min(1600, screen.width() - 16), std::min(1000, screen.height() - 48));
    }
    m_perspectives->restore();
}

void MainWindow::saveLayout()
{
    m_settings.setValue(geometryKey, saveGeometry());
    m_perspectives->save();
}

void MainWindow::restoreDefaultLayout()
{
    m_perspectives->restoreDesigned();
}

void MainWindow::openFiles(const QStringList &paths)
{
    m_router->openAll(paths);
}

void MainWindow::showMessage(const LocalizedText &text)
{
    const QTime now = QTime::currentTime();
    m_messageLog.append({now, text});
    if (m_messageLog.size() > m_messages->maximumBlockCount())
        m_messageLog.removeFirst();
    m_messages->appendPlainText(messageLine(now, text));
    showStatus(text, 5000);
}

void MainWindow::showStatus(const LocalizedText &text, int timeoutMs)
{
    m_statusMessage = {text, text.text(), timeoutMs};
    statusBar()->showMessage(m_statusMessage.shown, timeoutMs);
}

QString MainWindow::messageLine(const QTime &time, const LocalizedText &text)
{
    return QStringLiteral("%1  %2").arg(time.toString(QStringLiteral("HH:mm:ss")), text.text());
}

void MainWindow::retranslateMessages()
{
    // The status bar may still show the last message (for a few seconds, or the backends until the
    // next): show it in the new language.
    if (!m_statusMessage.shown.isEmpty() && statusBar()->currentMessage() == m_statusMessage.shown)
        showStatus(m_statusMessage.text, m_statusMessage.timeoutMs);
    QStringList lines;
    lines.reserve(m_messageLog.size());
    for (const auto &[time, text] : std::as_const(m_messageLog))
        lines << messageLine(time, text);
    m_messages->setPlainText(lines.join(u'\n'));
    m_messages->moveCursor(QTextCursor::End);
    m_messages->ensureCursorVisible();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_configPanel && m_configPanel->isModified()) {
        const auto answer = QMessageBox::question(
            this, tr("Unsaved Training Config"), tr("The Training Config has edits that are not saved. Save them?"),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer == QMessageBox::Cancel || (answer == QMessageBox::Save && !m_configPanel->saveConfigDialog())) {
            event->ignore();
            return;
        }
    }
    saveLayout();
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    const QList<QUrl> urls = event->mimeData()->urls();
    for (const QUrl &url : urls) {
        if (url.isLocalFile())
            paths << url.toLocalFile();
    }
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    openFiles(paths);
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_recent->files();
    for (const QString &path : files)
        m_recentMenu->addAction(path, this, [this, path] { openFiles({path}); });
    m_recentMenu->addSeparator();
    QAction *clear = m_recentMenu->addAction(tr("Clear List"), this, [this] {
        m_recent->clear();
        updateRecentMenu();
    });
    clear->setEnabled(!files.isEmpty());
}

void MainWindow::openWithDialog()
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Open"), m_settings.value(QStringLiteral("lastOpenDir")).toString(),
        tr("Training logs and PortBench files (*.log *.txt *.json *.jsonl *.csv *.tsv *.yaml *.yml *.py);;"
           "TensorBoard event files (events.out.tfevents.*);;All files (*)"));
    if (paths.isEmpty())
        return;
    m_settings.setValue(QStringLiteral("lastOpenDir"), QFileInfo(paths.first()).absolutePath());
    openFiles(paths);
}
