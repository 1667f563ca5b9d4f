#pragma once

#include <QHash>
#include <QMainWindow>

class ConfigPanel;
class DockFactory;
class FileOpenRouter;
class Perspectives;
class PluginManager;
class QMenu;
class QPlainTextEdit;
class QSettings;
class RecentFiles;
class RunController;
class RunWorkspace;

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
    void showMessage(const QString &text);

protected:
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
    void updateRecentMenu();
    void openWithDialog();

    QSettings &m_settings;
    const PluginManager &m_plugins;
    RecentFiles *m_recent;
    FileOpenRouter *m_router;
    DockFactory *m_docks = nullptr;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_perspectiveMenu = nullptr;
    Perspectives *m_perspectives = nullptr;
    QPlainTextEdit *m_messages = nullptr;
    ConfigPanel *m_configPanel = nullptr;
    QHash<QString, QString> m_chartedLogs; ///< logs of Workspace runs charted automatically → run name
    RunWorkspace *m_workspace = nullptr;
    RunController *m_runController = nullptr;
};
