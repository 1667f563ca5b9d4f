// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "perspectives.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QScrollArea>
#include <QSettings>
#include <QStyle>
#include <QTimer>
#include <QToolBar>

namespace {
const QString currentKey = QStringLiteral("perspectives/current");

struct Design
{
    QStringList left;
    QStringList right;
    QStringList bottom;
    double sideShare; ///< share of the window width for the tool docks (right, else left)
};

// The designed arrangements. The run list stays at the left wherever runs are the subject; the
// tool docks of a task are tabbed in one area so each gets its full height.
Design design(Perspectives::Kind kind)
{
    const QStringList runs{QStringLiteral("RunsDock"), QStringLiteral("WorkspaceDock")};
    const QStringList log{QStringLiteral("MessagesDock"), QStringLiteral("OutputDock"), QStringLiteral("PluginsDock")};
    switch (kind) {
    // The system charts (device telemetry) sit with the log docks under the loss charts.
    case Perspectives::Monitor: return {runs, {}, log + QStringList{QStringLiteral("SystemChartsDock")}, 0.26};
    case Perspectives::Compare:
        return {{QStringLiteral("RunsDock")}, {QStringLiteral("ParityDock"), QStringLiteral("TensorsDock")}, log, 0.3};
    case Perspectives::Configure:
        return {{},
                {QStringLiteral("ConfigDock"), QStringLiteral("EnvironmentDock"), QStringLiteral("TopologyDock")},
                log,
                0.66};
    case Perspectives::Port:
        return {{},
                {QStringLiteral("PortingDock"), QStringLiteral("EnvironmentDock"), QStringLiteral("PluginsDock")},
                {QStringLiteral("MessagesDock")},
                0.66};
    }
    return {};
}
} // namespace

Perspectives::Perspectives(QMainWindow &window, QSettings &settings, int layoutVersion)
    : QObject(&window)
    , m_window(window)
    , m_settings(settings)
    , m_version(layoutVersion)
    , m_group(new QActionGroup(this))
{
    const QStringList all = ids();
    for (int i = 0; i < all.size(); ++i) {
        auto *action = new QAction(this);
        action->setObjectName(QStringLiteral("Perspective%1Action").arg(all.at(i)));
        action->setCheckable(true);
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        m_group->addAction(action);
        connect(action, &QAction::triggered, this, [this, i] { switchTo(Kind(i)); });
        m_actions.push_back(action);
    }
    retranslate();
    check(m_current);
}

void Perspectives::watch(QDockWidget *dock)
{
    connect(dock->toggleViewAction(), &QAction::triggered, this, [this, dock](bool shown) {
        if (shown)
            place(dock);
    });
}

Qt::DockWidgetArea Perspectives::homeArea(const QDockWidget *dock)
{
    const QString n = dock->objectName();
    if (n == QLatin1String("RunsDock") || n == QLatin1String("WorkspaceDock"))
        return Qt::LeftDockWidgetArea;
    if (n == QLatin1String("MessagesDock") || n == QLatin1String("OutputDock") || n == QLatin1String("PluginsDock")
        || n == QLatin1String("SystemChartsDock"))
        return Qt::BottomDockWidgetArea;
    return Qt::RightDockWidgetArea;
}

int Perspectives::neededWidth(const QDockWidget *dock)
{
    // The panel's own minimum (inside DockFactory's scroll area), plus room for a scroll bar.
    const auto *scroll = qobject_cast<const QScrollArea *>(dock->widget());
    const QWidget *panel = scroll && scroll->widget() ? scroll->widget() : dock->widget();
    return panel->minimumSizeHint().width() + dock->style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8;
}

void Perspectives::place(QDockWidget *shown)
{
    if (shown->isFloating())
        return;
    const Qt::DockWidgetArea area = homeArea(shown);
    const QList<QDockWidget *> docks = m_window.findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly);
    QDockWidget *partner = nullptr;
    for (QDockWidget *d : docks) {
        if (d != shown && d->isVisible() && !d->isFloating() && m_window.dockWidgetArea(d) == area)
            partner = partner ? partner : d;
    }
    if (partner)
        m_window.tabifyDockWidget(partner, shown);
    else
        m_window.addDockWidget(area, shown);
    shown->show();
    shown->raise();
    if (area == Qt::BottomDockWidgetArea)
        return;
    // Wide enough for the panel's controls, once the layout has taken the dock in.
    QTimer::singleShot(0, this, [this, shown] {
        const int wanted = std::max(neededWidth(shown), int(m_window.width() * 0.3));
        if (shown->width() < wanted)
            m_window.resizeDocks({shown}, {wanted}, Qt::Horizontal);
    });
}

void Perspectives::retranslate()
{
    const QStringList tips{
        tr("Monitor: the charts with the run list and the launched runs"),
        tr("Compare: the charts with the Parity and Tensors panels"),
        tr("Configure: training config, environment and topology"),
        tr("Port: porting of scripts, environment and device plugins"),
    };
    const QStringList all = names();
    for (size_t i = 0; i < m_actions.size(); ++i) {
        QAction *action = m_actions[i];
        action->setText(all.at(int(i)));
        action->setToolTip(
            QStringLiteral("%1 (%2)").arg(tips.at(int(i)), action->shortcut().toString(QKeySequence::NativeText)));
    }
}

QString Perspectives::name(Kind kind)
{
    return names().value(int(kind));
}

QStringList Perspectives::names()
{
    //: Perspective (a named dock arrangement): watching training runs.
    return {tr("Monitor"),
            //: Perspective: comparing runs (loss parity, tensors).
            tr("Compare"),
            //: Perspective: training config, environment, topology.
            tr("Configure"),
            //: Perspective: porting scripts from CUDA.
            tr("Port")};
}

QStringList Perspectives::ids()
{
    return {QStringLiteral("Monitor"), QStringLiteral("Compare"), QStringLiteral("Configure"), QStringLiteral("Port")};
}

QList<QAction *> Perspectives::actions() const
{
    return QList<QAction *>(m_actions.begin(), m_actions.end());
}

void Perspectives::addToMenu(QMenu *menu) const
{
    for (QAction *a : m_actions)
        menu->addAction(a);
}

void Perspectives::addToToolBar(QToolBar *bar) const
{
    for (QAction *a : m_actions)
        bar->addAction(a);
}

QString Perspectives::key(Kind kind) const
{
    // By index, not by the translated name.
    return QStringLiteral("perspectives/%1").arg(int(kind));
}

void Perspectives::check(Kind kind)
{
    m_actions.at(size_t(kind))->setChecked(true);
}

QDockWidget *Perspectives::dock(const QString &objectName) const
{
    return m_window.findChild<QDockWidget *>(objectName, Qt::FindDirectChildrenOnly);
}

void Perspectives::switchTo(Kind kind)
{
    if (kind != m_current) {
        m_settings.setValue(key(m_current), m_window.saveState(m_version));
        m_current = kind;
        m_settings.setValue(currentKey, int(kind));
        showSavedOrDesigned(kind);
    }
    check(kind);
    Q_EMIT switched(kind);
}

void Perspectives::showSavedOrDesigned(Kind kind)
{
    const QByteArray saved = m_settings.value(key(kind)).toByteArray();
    if (saved.isEmpty() || !m_window.restoreState(saved, m_version))
        arrange(kind);
}

void Perspectives::restoreDesigned()
{
    m_settings.remove(key(m_current));
    arrange(m_current);
    Q_EMIT switched(m_current);
}

void Perspectives::restore()
{
    const int stored = m_settings.value(currentKey, int(Monitor)).toInt();
    m_current = stored >= Monitor && stored <= Port ? Kind(stored) : Monitor;
    showSavedOrDesigned(m_current);
    check(m_current);
    Q_EMIT switched(m_current);
}

void Perspectives::save()
{
    m_settings.setValue(currentKey, int(m_current));
    m_settings.setValue(key(m_current), m_window.saveState(m_version));
}

void Perspectives::tab(Qt::DockWidgetArea area, const QStringList &names)
{
    QDockWidget *first = nullptr;
    for (const QString &n : names) {
        QDockWidget *d = dock(n);
        if (!d)
            continue;
        d->setFloating(false);
        if (!first) {
            m_window.addDockWidget(area, d);
            first = d;
        } else {
            m_window.tabifyDockWidget(first, d);
        }
        d->show();
    }
    if (first)
        first->raise();
}

void Perspectives::arrange(Kind kind)
{
    const QList<QDockWidget *> docks = m_window.findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly);
    // Out of every area first, so no tab group of the previous arrangement survives.
    for (QDockWidget *d : docks)
        m_window.removeDockWidget(d);
    const Design d = design(kind);
    tab(Qt::LeftDockWidgetArea, d.left);
    tab(Qt::RightDockWidgetArea, d.right);
    tab(Qt::BottomDockWidgetArea, d.bottom);
    // Docks not in this perspective wait hidden in their home area; place() tabs them in when
    // the View menu shows them.
    for (QDockWidget *dw : docks) {
        if (m_window.dockWidgetArea(dw) != Qt::NoDockWidgetArea)
            continue;
        m_window.addDockWidget(homeArea(dw), dw);
        dw->hide();
    }
    // Sizes apply to shown docks in a laid-out window: now, and once more after the event loop
    // has laid out a window that is being shown for the first time.
    const auto resize = [this, d] {
        const int w = m_window.width();
        const int h = m_window.height();
        // The designed share, or more where a panel of the group needs it for its controls.
        const auto width = [this](const QStringList &group, double share) {
            int wanted = int(m_window.width() * share);
            for (const QString &n : group) {
                if (QDockWidget *dw = dock(n))
                    wanted = std::max(wanted, neededWidth(dw));
            }
            return wanted;
        };
        if (QDockWidget *side = dock(d.right.value(0, d.left.value(0))))
            m_window.resizeDocks({side}, {width(d.right.isEmpty() ? d.left : d.right, d.sideShare)}, Qt::Horizontal);
        if (!d.right.isEmpty() && !d.left.isEmpty())
            m_window.resizeDocks({dock(d.left.first())}, {width(d.left, 0.16)}, Qt::Horizontal);
        if (QDockWidget *bottom = dock(d.bottom.value(0)))
            m_window.resizeDocks({bottom}, {std::max(90, h / 7)}, Qt::Vertical);
    };
    resize();
    QTimer::singleShot(0, this, resize);
}
