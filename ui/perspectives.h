// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

class QAction;
class QActionGroup;
class QDockWidget;
class QMainWindow;
class QMenu;
class QSettings;
class QToolBar;

/// Named dock arrangements for the main tasks, switched like Qt Creator's modes: Monitor (charts
/// and the run list), Compare (charts and Parity), Configure (training config, environment,
/// topology) and Port (porting, environment, plugins). The charts are the central widget (in
/// Compare a tab beside the parity result, which MainWindow puts in the centre there); each
/// perspective tabs its tool docks together in one area so each gets the full height.
///
/// Switching saves the arrangement the user made in the perspective being left (QSettings
/// "perspectives/<name>") and restores the one saved for the target, or its designed arrangement
/// the first time. restoreDesigned() (View > Restore Default Layout) drops the saved one.
class Perspectives : public QObject
{
    Q_OBJECT

public:
    enum Kind { Monitor, Compare, Configure, Port };

    Perspectives(QMainWindow &window, QSettings &settings, int layoutVersion);

    /// The perspective's name in the current language, for menus and the mode tool bar.
    static QString name(Kind kind);
    static QStringList names();
    /// The English names, whatever the language: command-line values and objectNames.
    static QStringList ids();
    /// Sets the actions' texts and tooltips in the current language (on every language change).
    void retranslate();

    /// Checkable actions (Ctrl+1…Ctrl+4), one group: for the View menu and the mode tool bar.
    QList<QAction *> actions() const;
    void addToMenu(QMenu *menu) const;
    void addToToolBar(QToolBar *bar) const;

    Kind current() const { return m_current; }
    /// Saves the current perspective's arrangement, then shows `kind` as it was left (or designed).
    void switchTo(Kind kind);
    /// Arranges the current perspective as designed and forgets what was saved for it.
    void restoreDesigned();
    /// Start-up: the perspective and arrangement of the last exit (designed on a first start).
    void restore();
    /// Exit: the current perspective and its arrangement.
    void save();
    /// A dock the View menu shows from now on joins the tab group of its area instead of splitting it.
    void watch(QDockWidget *dock);

Q_SIGNALS:
    void switched(Perspectives::Kind kind);

private:
    QDockWidget *dock(const QString &objectName) const;
    /// Where a dock goes when shown outside its perspective: the run list left, logs at the bottom,
    /// tools right.
    static Qt::DockWidgetArea homeArea(const QDockWidget *dock);
    /// Width at which the dock's panel shows all its controls without scrolling sideways.
    static int neededWidth(const QDockWidget *dock);
    /// A dock the user showed: tabbed with the visible dock of its home area, wide enough.
    void place(QDockWidget *shown);
    /// Puts the docks where `kind` wants them: the others hidden, tool docks tabbed, the first raised.
    void arrange(Kind kind);
    /// The arrangement saved for `kind`, or the designed one when none is saved (or it is unusable).
    void showSavedOrDesigned(Kind kind);
    /// Places `names` in `area`, tabbed in that order, the first one raised.
    void tab(Qt::DockWidgetArea area, const QStringList &names);
    QString key(Kind kind) const;
    void check(Kind kind);

    QMainWindow &m_window;
    QSettings &m_settings;
    int m_version;
    Kind m_current = Monitor;
    QActionGroup *m_group;
    std::vector<QAction *> m_actions;
};
