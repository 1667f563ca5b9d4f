// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QKeySequence>
#include <QString>
#include <Qt>

class QDockWidget;
class QMainWindow;
class QMenu;
class QWidget;

/// Makes every dock of the main window the same way: a stable objectName (so saveState() and
/// restoreState() recognise it across versions), a title, an optional shortcut, a toggle action in
/// the View menu, and the panel inside a scroll area (unless it scrolls itself) so that no panel's
/// minimum size forces the window past a laptop screen.
class DockFactory
{
public:
    DockFactory(QMainWindow *window, QMenu *viewMenu);

    QDockWidget *create(const QString &objectName, const QString &title, QWidget *content, Qt::DockWidgetArea area,
                        const QKeySequence &shortcut = {});
    /// The dock's title and its View menu action's tooltip (title and shortcut); on creation and
    /// again on every language change.
    static void setTitle(QDockWidget *dock, const QString &title);

private:
    QMainWindow *m_window;
    QMenu *m_viewMenu;
};
