// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/engines/parity/paritypresets.h"

#include <QHash>
#include <QMainWindow>
#include <QTime>

class ConfigPanel;
class DockFactory;
class FileOpenRouter;
class Perspectives;
class PluginManager;
class QAction;
class QActionGroup;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QSettings;
class QTabWidget;
class QToolBar;
class RecentFiles;
class RunController;
class LaunchWorkspace;

/// The PortBench main window: menus, the docks made by one DockFactory, file routing and the
/// remembered layout. Panels register their docks and file handlers in createPanels().
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(QSettings &settings, const PluginManager &plugins, QWidget *parent = nullptr);
    ~MainWindow() override;

    FileOpenRouter &fileRouter() { return *m_router; }
    DockFactory &docks() { return *m_docks; }
    Perspectives &perspectives() { return *m_perspectives; }

    /// Restores the layout saved on the last exit; call once after every dock exists.
    void restoreLayout();
    void saveLayout();
    void restoreDefaultLayout();

    /// Opens files as File > Open and drag-and-drop do: each goes to the panel for its type.
    void openFiles(const QStringList &paths);
    /// Appends to the Messages dock and shows in the status bar; composed again on a language change.
    void showMessage(const LocalizedText &text);

    /// The language the GUI starts in: the View > Language setting, else the system locale's.
    static QString startLanguage(const QSettings &settings);

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createMenus();
    struct Panels;
    void createPanels();
    void createWorkspacePanels(Panels &p);
    void createConfigPanel(Panels &p);
    void createRunLoader(Panels &p);
    void createToolPanels(Panels &p);
    void createComparePanels(Panels &p);
    void createReportAction(const Panels &p);
    void createDemoTools(const Panels &p);
    void createLanguageMenu();
    void retranslateUi();
    void retranslateMessages();
    void showStatus(const LocalizedText &text, int timeoutMs);
    static QString messageLine(const QTime &time, const LocalizedText &text);
    /// Installs `language` ("" = the system's) at once and remembers the choice; the open runs,
    /// the layout and edited panels stay as they are, every widget retranslates itself.
    void setLanguage(const QString &language);
    /// A dock's title by its objectName, in the current language.
    static QString dockTitle(const QString &objectName);
    void updateRecentMenu();
    void openWithDialog();

    QSettings &m_settings;
    const PluginManager &m_plugins;
    /// The presets the plugins bring beside core's: the Parity dock's, the report dialog's and the demo's.
    const ParityPresets m_parityPresets;
    RecentFiles *m_recent;
    FileOpenRouter *m_router;
    DockFactory *m_docks = nullptr;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_perspectiveMenu = nullptr;
    QMenu *m_themeMenu = nullptr;
    QMenu *m_languageMenu = nullptr;
    QMenu *m_toolsMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_openFolderAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_restoreAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QAction *m_exportReportAction = nullptr;
    QAction *m_runDemoAction = nullptr;
    QAction *m_customFormatAction = nullptr;
    QAction *m_stackCheckAction = nullptr;
    QAction *m_stopDemoAction = nullptr;
    QAction *m_systemLanguageAction = nullptr;
    QActionGroup *m_themeGroup = nullptr;
    QToolBar *m_modes = nullptr;
    QTabWidget *m_compareCentre = nullptr; ///< the Compare perspective's centre: parity result, charts
    QProgressBar *m_demoProgress = nullptr;
    /// The demo's two runs to select in the Parity dock once both are in the Runs model; dropped
    /// when another demo starts or gives its verdict.
    QMetaObject::Connection m_pendingDemoSelection;
    Perspectives *m_perspectives = nullptr;
    QPlainTextEdit *m_messages = nullptr;
    /// What m_messages shows, as data: every line is composed again in a new language.
    QList<QPair<QTime, LocalizedText>> m_messageLog;
    /// The status bar's message, its text as shown and for how long (0: until the next one).
    struct StatusMessage
    {
        LocalizedText text;
        QString shown;
        int timeoutMs = 0;
    };
    StatusMessage m_statusMessage;
    ConfigPanel *m_configPanel = nullptr;
    QHash<QString, QString> m_chartedLogs; ///< logs of Workspace runs charted automatically → run name
    LaunchWorkspace *m_workspace = nullptr;
    RunController *m_runController = nullptr;
};
