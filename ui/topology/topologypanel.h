// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/sources/topology/topologymatrixmodel.h"

#include <QThreadPool>
#include <QWidget>

#include <functional>

class PluginManager;
class QAction;
class QGraphicsView;
class QLabel;
class QListWidget;
class TopologyScene;

/// Topology dock: the drawn map beside the matrix table, advice below, export to SVG/PNG.
/// Captures come from File > Open / drag-and-drop (openFile) or a live probe on this machine.
class TopologyPanel : public QWidget
{
    Q_OBJECT

public:
    explicit TopologyPanel(const PluginManager &plugins, QWidget *parent = nullptr);

    /// Whether a backend plugin reads this file as a topology capture.
    bool canOpen(const QString &path) const;
    bool openFile(const QString &path);
    void setTopology(const Topology &topology);
    const Topology &topology() const { return m_model.topology(); }

Q_SIGNALS:
    void message(const LocalizedText &text);

protected:
    /// The drawing follows the panel's size (fit to view) until the user zooms (Ctrl+wheel).
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    /// Shows the title and keeps how to make it, so that it can be made again in another language.
    void setTitle(std::function<QString()> text);
    void showAdvice();
    void fitView();

    void probe();
    void exportImage();

    const PluginManager &m_plugins;
    TopologyMatrixModel m_model;
    TopologyScene *m_scene;
    QGraphicsView *m_view;
    QListWidget *m_advice;
    QLabel *m_title;
    std::function<QString()> m_titleText;
    QAction *m_openAction;
    QAction *m_probeAction;
    QAction *m_exportAction;
    int m_generation = 0;
    bool m_userZoomed = false;
    /// This panel's background jobs. Declared last, so it is destroyed first: the panel waits for
    /// them, and none finishes after it is gone (a crash at exit in cleanupThreadData).
    QThreadPool m_jobs;
};
