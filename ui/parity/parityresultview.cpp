#include "parityresultview.h"

#include "charts/chartview.h"
#include "charts/curvechart.h"
#include "parity/paritystatsmodel.h"
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

    // The overlay's legend names the runs in the same colours; without its own, the difference
    // chart's plot takes the whole width.
    m_difference->legend()->hide();

    auto head = new QHBoxLayout;
    head->addWidget(m_verdict);
    head->addWidget(m_summary, 1);
    // Reasons beside the statistics above, the two charts side by side below, which at 1366×768
    // (and 1024×640) leaves the charts their tick labels.
    // Shares by stretch alone (a list's size hint would take more than its share): set before the
    // splitters' stretch factors, which they keep in these policies.
    for (QWidget *w : std::initializer_list<QWidget *>{m_reasons, m_table})
        w->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    auto text = new QSplitter(Qt::Horizontal, this);
    text->addWidget(m_reasons);
    text->addWidget(m_table);
    text->setStretchFactor(0, 3);
    text->setStretchFactor(1, 2);
    auto charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(m_overlayView);
    charts->addWidget(m_differenceView);
    auto body = new QSplitter(Qt::Vertical, this);
    body->addWidget(text);
    body->addWidget(charts);
    body->setChildrenCollapsible(false);
    // Two fifths of the height for the text, three for the charts.
    text->setChildrenCollapsible(false);
    body->setStretchFactor(0, 2);
    body->setStretchFactor(1, 3);
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
    ParityReasonTree::retranslateHeaders(m_reasons);
    follow();
}

void ParityResultView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        ParityReasonTree::retranslateHeaders(m_reasons);
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
        m_summary->setText(tr("%n candidate(s) against %1 — %2, preset %3", nullptr, int(result.candidates.size()))
                               .arg(result.baselineName, result.candidates.first().baselineMetric,
                                    ParityOptions::presetName(result.options.preset)));
    }
}
