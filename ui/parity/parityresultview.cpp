// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "parityresultview.h"

#include "charts/chartview.h"
#include "charts/curvechart.h"
#include "core/engines/parity/paritydevicesmodel.h"
#include "core/engines/parity/paritystatsmodel.h"
#include "paritypanel.h"
#include "parityreasontree.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

ParityResultView::ParityResultView(ParityPanel &panel, QWidget *parent)
    : QWidget(parent)
    , m_panel(panel)
    , m_verdict(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_reasons(new QTreeWidget(this))
    , m_table(new QTableView(this))
    , m_devicesModel(new ParityDevicesModel(this))
    , m_devices(new QTableView(this))
    , m_overlay(new CurveChart)
    , m_difference(new CurveChart)
    , m_overlayView(new ChartView(m_overlay, this))
    , m_differenceView(new ChartView(m_difference, this))
{
    setObjectName(QStringLiteral("ParityResultView"));
    m_verdict->setAlignment(Qt::AlignCenter);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reasons->setColumnCount(2);
    // A reason is a sentence: whole, the tree scrolls sideways rather than cut it with "…".
    m_reasons->header()->setStretchLastSection(false);
    m_reasons->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_reasons->setTextElideMode(Qt::ElideNone);
    m_table->setModel(panel.statsModel());
    // Whole headers: the columns take their names' width and the table scrolls sideways if need be.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_devices->setObjectName(QStringLiteral("ParityDevices"));
    m_devices->setModel(m_devicesModel);
    m_devices->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_devices->verticalHeader()->hide();

    // The overlay's legend names the runs in the same colours; without its own, the difference
    // chart's plot takes the whole width.
    m_difference->legend()->hide();

    auto head = new QHBoxLayout;
    head->addWidget(m_verdict);
    head->addWidget(m_summary, 1);
    // Reasons beside the statistics above, the two charts side by side below, which at 1366×768
    // (and 1024×640) leaves the charts their tick labels. A splitter shares its room in the
    // proportions of its children's sizes (at first their size hints, where the lists' would take
    // most of the height): the sizes set here are those proportions, kept as the view is resized.
    auto text = new QSplitter(Qt::Horizontal, this);
    // The devices under the statistics: the throughput ratio beside utilisation, memory, power.
    auto tables = new QSplitter(Qt::Vertical, this);
    tables->addWidget(m_table);
    tables->addWidget(m_devices);
    tables->setChildrenCollapsible(false);
    tables->setSizes({300, 100});
    text->addWidget(m_reasons);
    text->addWidget(tables);
    text->setChildrenCollapsible(false);
    text->setSizes({300, 200}); // three fifths of the width for the reasons
    auto charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(m_overlayView);
    charts->addWidget(m_differenceView);
    charts->setChildrenCollapsible(false);
    auto body = new QSplitter(Qt::Vertical, this);
    body->addWidget(text);
    body->addWidget(charts);
    body->setChildrenCollapsible(false);
    body->setSizes({250, 250}); // half the height for the charts
    auto layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(head);
    layout->addWidget(body, 1);

    connect(&panel, &ParityPanel::resultReady, this, &ParityResultView::follow);
    connect(&panel, &ParityPanel::shownChanged, this, &ParityResultView::follow);
    const auto jump = [this](const QVariant &step) {
        if (step.isValid() && step.toLongLong() >= 0)
            m_panel.requestJump(step.toLongLong());
    };
    connect(m_reasons, &QTreeWidget::itemDoubleClicked, this,
            [jump](QTreeWidgetItem *item) { jump(item->data(0, Qt::UserRole)); });
    connect(m_table, &QTableView::doubleClicked, this,
            [jump](const QModelIndex &index) { jump(index.data(ParityStatsModel::StepRole)); });
    retranslateUi();
    follow();
}

void ParityResultView::retranslateUi()
{
    ParityReasonTree::retranslateHeaders(m_reasons);
    // Before a comparison the charts say so instead of drawing bare 0–1 frames.
    for (CurveChart *chart : {m_overlay, m_difference})
        chart->setEmptyText(tr("No comparison yet"));
}

void ParityResultView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        follow();
    }
    QWidget::changeEvent(event);
}

void ParityResultView::follow()
{
    followBadge();
    const ParityResult &result = m_panel.result();
    ParityReasonTree::fill(m_reasons, result, m_panel.baselineEnvironment(), m_panel.candidateEnvironment());
    m_reasons->setEnabled(!m_panel.isOutdated());
    m_table->setEnabled(!m_panel.isOutdated());
    m_devicesModel->setResult(result);
    m_devices->setVisible(m_devicesModel->rowCount() > 0);
    m_devices->setEnabled(!m_panel.isOutdated());
    // The panel's charts as they are (curves, band, titles, zoom): drawn there, shown here larger.
    // The overlay without the divergence markers (ParityPanel's "marker-" curves), which the
    // difference chart shows: their long names took the legend's room from the runs' own.
    ChartSpec overlay = m_panel.overlayChart()->spec();
    overlay.curves.erase(std::remove_if(overlay.curves.begin(), overlay.curves.end(),
                                        [](const ChartCurve &c) { return c.id.startsWith(QLatin1String("marker-")); }),
                         overlay.curves.end());
    m_overlay->setSpec(overlay);
    m_difference->setSpec(m_panel.differenceChart()->spec());
}

void ParityResultView::followBadge()
{
    const QLabel *badge = m_panel.badge();
    m_verdict->setText(badge->text());
    m_verdict->setStyleSheet(badge->styleSheet());
    m_verdict->setToolTip(badge->toolTip());
    const ParityResult &result = m_panel.result();
    if (!result) {
        m_summary->setText(result.error);
    } else if (result.candidates.isEmpty()) {
        m_summary->setText(tr("Choose a baseline and candidates in the Parity panel, then Compare."));
    } else {
        // The candidates by number: the reasons below name each.
        //: %1: the baseline run, %2: the metric, %3: the preset.
        m_summary->setText(
            tr("%n candidate(s) against %1 — %2, preset %3", nullptr, int(result.candidates.size()))
                .arg(result.baselineName, result.candidates.first().baselineMetric, result.options.preset));
    }
}
