// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "dockfactory.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QScrollArea>

DockFactory::DockFactory(QMainWindow *window, QMenu *viewMenu)
    : m_window(window)
    , m_viewMenu(viewMenu)
{ }

QDockWidget *DockFactory::create(const QString &objectName, const QString &title, QWidget *content,
                                 Qt::DockWidgetArea area, const QKeySequence &shortcut)
{
    auto dock = new QDockWidget(m_window);
    dock->setObjectName(objectName);
    if (qobject_cast<QAbstractScrollArea *>(content)) {
        dock->setWidget(content);
    } else {
        // A panel's minimum size must not become the window's: in a dock smaller than the panel's
        // layout needs, it scrolls instead of forcing the window past the screen.
        auto *scroll = new QScrollArea(dock);
        scroll->setObjectName(objectName + QStringLiteral("Scroll"));
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidgetResizable(true);
        scroll->setWidget(content);
        dock->setWidget(scroll);
    }
    dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable
                      | QDockWidget::DockWidgetFloatable);
    m_window->addDockWidget(area, dock);

    QAction *toggle = dock->toggleViewAction();
    toggle->setShortcut(shortcut);
    setTitle(dock, title);
    m_viewMenu->addAction(toggle);
    return dock;
}

void DockFactory::setTitle(QDockWidget *dock, const QString &title)
{
    dock->setWindowTitle(title);
    QAction *toggle = dock->toggleViewAction();
    if (!toggle->shortcut().isEmpty())
        toggle->setToolTip(QStringLiteral("%1 (%2)").arg(title, toggle->shortcut().toString(QKeySequence::NativeText)));
}
