#include "dockfactory.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>

DockFactory::DockFactory(QMainWindow *window, QMenu *viewMenu)
    : m_window(window)
    , m_viewMenu(viewMenu)
{
}

QDockWidget *DockFactory::create(const QString &objectName, const QString &title, QWidget *content,
                                 Qt::DockWidgetArea area, const QKeySequence &shortcut)
{
    auto dock = new QDockWidget(title, m_window);
    dock->setObjectName(objectName);
    dock->setWidget(content);
    dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable
                      | QDockWidget::DockWidgetFloatable);
    m_window->addDockWidget(area, dock);

    QAction *toggle = dock->toggleViewAction();
    if (!shortcut.isEmpty()) {
        toggle->setShortcut(shortcut);
        toggle->setToolTip(QStringLiteral("%1 (%2)").arg(title, shortcut.toString(QKeySequence::NativeText)));
    }
    m_viewMenu->addAction(toggle);
    return dock;
}
