// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "topologypanel.h"

#include "core/sources/plugins/devicebackend.h"
#include "core/base/exec/commandrunner.h"
#include "core/base/i18n/languagechange.h"
#include "core/sources/plugins/pluginmanager.h"
#include "core/sources/topology/topologyadvisor.h"
#include "core/sources/topology/topologyreader.h"
#include "topologyimage.h"
#include "topologyscene.h"

#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QGraphicsView>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtConcurrent>

TopologyPanel::TopologyPanel(const PluginManager &plugins, QWidget *parent)
    : QWidget(parent)
    , m_plugins(plugins)
    , m_scene(new TopologyScene(this))
    , m_view(new QGraphicsView(m_scene, this))
    , m_advice(new QListWidget(this))
    , m_title(new QLabel(this))
{
    auto bar = new QToolBar(this);
    m_openAction = bar->addAction(QString(), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open topology capture"));
        if (!path.isEmpty())
            openFile(path);
    });
    m_probeAction = bar->addAction(QString(), this, &TopologyPanel::probe);
    m_exportAction = bar->addAction(QString(), this, &TopologyPanel::exportImage);
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_exportAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);

    m_title->setWordWrap(true);
    m_title->setObjectName(QStringLiteral("TopologyTitle"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setDragMode(QGraphicsView::ScrollHandDrag);
    m_view->viewport()->installEventFilter(this);
    auto table = new QTableView(this);
    table->setModel(&m_model);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_view);
    split->addWidget(table);
    // The map is the picture people look at; the matrix is the detail beside it.
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({600, 400});
    auto vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(split);
    vertical->addWidget(m_advice);
    vertical->setStretchFactor(0, 4);
    auto layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(bar);
    layout->addWidget(m_title);
    layout->addWidget(vertical);
    m_titleText
        = [] { return tr("Open an `nvidia-smi topo -m` or `npu-smi info -t topo` capture, or probe this machine."); };
    retranslateUi();
}

void TopologyPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void TopologyPanel::retranslateUi()
{
    m_openAction->setText(tr("Open Capture…"));
    m_openAction->setToolTip(tr("Read a saved `nvidia-smi topo -m` / `npu-smi info -t topo` output"));
    m_probeAction->setText(tr("Probe This Machine"));
    m_probeAction->setToolTip(tr("Run the vendor topology command here (off the GUI thread)"));
    m_exportAction->setText(tr("Export SVG/PNG…"));
    m_view->setToolTip(tr("Ctrl+wheel: zoom · drag: pan · double-click: fit to view"));
    m_title->setText(m_titleText());
    if (!m_model.topology().nodes.isEmpty())
        m_scene->setTopology(m_model.topology()); // the node tool tips
    showAdvice();
    LanguageChange::notifyModel(&m_model);
}

void TopologyPanel::setTitle(std::function<QString()> text)
{
    m_titleText = std::move(text);
    m_title->setText(m_titleText());
}

void TopologyPanel::showAdvice()
{
    const Topology &t = m_model.topology();
    m_advice->clear();
    m_advice->addItems(TopologyAdvisor::advise(t));
    for (const QString &w : t.warnings)
        m_advice->addItem(tr("Warning: %1").arg(w));
}

bool TopologyPanel::canOpen(const QString &path) const
{
    QFile f(path);
    if (f.size() > 4 * 1024 * 1024 || !f.open(QIODevice::ReadOnly))
        return false;
    return bool(TopologyReader::fromCapture(f.readAll(), m_plugins.deviceBackends()));
}

bool TopologyPanel::openFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        Q_EMIT message([path, error = f.errorString()] { return tr("%1: %2").arg(path, error); });
        return false;
    }
    const Topology t = TopologyReader::fromCapture(f.readAll(), m_plugins.deviceBackends());
    if (!t) {
        Q_EMIT message([path, error = t.error] { return tr("%1: not a topology capture (%2)").arg(path, error); });
        return false;
    }
    setTopology(t);
    return true;
}

void TopologyPanel::setTopology(const Topology &t)
{
    m_model.setTopology(t);
    m_scene->setTopology(t);
    m_userZoomed = false;
    fitView();
    setTitle([t] {
        return tr("%1: %2 accelerator(s), %3 NIC(s)").arg(t.source).arg(t.accelerators().size()).arg(t.nics().size());
    });
    showAdvice();
}

void TopologyPanel::fitView()
{
    if (!m_userZoomed && !m_scene->items().isEmpty())
        m_view->fitInView(m_scene->itemsBoundingRect().adjusted(-10, -10, 10, 10), Qt::KeepAspectRatio);
}

void TopologyPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitView();
}

bool TopologyPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Wheel) {
        auto *wheel = static_cast<QWheelEvent *>(event);
        if (wheel->modifiers() & Qt::ControlModifier) {
            const double factor = wheel->angleDelta().y() > 0 ? 1.25 : 0.8;
            m_view->setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
            m_view->scale(factor, factor);
            m_userZoomed = true;
            return true;
        }
    }
    if (watched == m_view->viewport() && event->type() == QEvent::MouseButtonDblClick) {
        m_userZoomed = false; // double-click: fit again
        fitView();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void TopologyPanel::probe()
{
    const int generation = ++m_generation;
    setTitle([] { return tr("Probing…"); });
    auto watcher = new QFutureWatcher<Topology>(this);
    connect(watcher, &QFutureWatcher<Topology>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation)
            return; // a newer probe or file replaced this one
        const Topology t = watcher->result();
        if (t) {
            setTopology(t);
        } else {
            // Nothing found: an earlier capture must not stay on screen as if it were this machine's.
            setTopology(Topology());
            setTitle([error = t.error] { return tr("Probe found no topology: %1").arg(error); });
        }
    });
    watcher->setFuture(QtConcurrent::run(
        &m_jobs, [backends = m_plugins.deviceBackends()] { return TopologyReader::probe(CommandRunner(), backends); }));
}

void TopologyPanel::exportImage()
{
    if (m_model.topology().nodes.isEmpty())
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export topology"), QStringLiteral("topology.svg"),
                                                      tr("SVG (*.svg);;PNG (*.png)"));
    if (path.isEmpty())
        return;
    const QString error = TopologyImage::save(m_model.topology(), path);
    Q_EMIT message([path, error] { return error.isEmpty() ? tr("Topology exported to %1").arg(path) : error; });
}
