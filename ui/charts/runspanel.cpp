// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runspanel.h"

#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/workflows/runs/runloader.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPainter>
#include <QSettings>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

namespace {

// Draws the run's chart colour as a swatch before its name, and a warning sign after the swatch
// when the log reader was unsure of something (the name's tooltip lists what).
class SwatchDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        const quint32 rgb = index.data(LoadedRunsModel::ColorRole).toUInt();
        const bool warn = !index.data(LoadedRunsModel::ReadWarningsRole).toStringList().isEmpty();
        QPixmap icon(warn ? 28 : 12, 12);
        icon.fill(Qt::transparent);
        QPainter painter(&icon);
        painter.fillRect(0, 0, 12, 12, QColor::fromRgba(rgb));
        if (warn) {
            const QStyle *style = option->widget ? option->widget->style() : QApplication::style();
            painter.drawPixmap(16, 0, style->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(12, 12));
        }
        painter.end();
        option->icon = QIcon(icon);
        option->features |= QStyleOptionViewItem::HasDecoration;
        option->decorationSize = icon.size();
    }
};

const QString columnsKey = QStringLiteral("runsPanel/columns");

} // namespace

RunsPanel::RunsPanel(LoadedRunsModel &runs, RunLoader &loader, QSettings *settings, QWidget *parent)
    : QWidget(parent)
    , m_runs(runs)
    , m_loader(loader)
    , m_settings(settings)
    , m_view(new QTableView(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("RunsPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto *bar = new QToolBar(this);
    layout->addWidget(bar);

    m_openAction = bar->addAction(QString(), this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(
            this, tr("Open training logs"), QString(),
            tr("Training logs (*.log *.txt *.out *.json *.jsonl *.csv);;All files (*)"));
        for (const QString &p : paths)
            m_loader.open(p);
    });
    m_renameAction = bar->addAction(QString(), this, &RunsPanel::renameCurrent);
    m_renameAction->setShortcut(QKeySequence(Qt::Key_F2));
    m_renameAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_reloadAction = bar->addAction(QString(), this, &RunsPanel::reloadSelected);
    m_reloadAction->setShortcut(QKeySequence::Refresh);
    m_reloadAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_removeAction = bar->addAction(QString(), this, &RunsPanel::removeSelected);
    m_removeAction->setShortcut(QKeySequence::Delete);
    m_removeAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addActions({m_renameAction, m_reloadAction, m_removeAction});
    m_formatAction = bar->addAction(QString(), this, &RunsPanel::formatEditorWanted);
    m_formatAction->setObjectName(QStringLiteral("CustomFormatAction"));
    // The honesty check's lines, one step from being read: a format proposed from them to confirm.
    m_readLinesAction = new QAction(this);
    m_readLinesAction->setObjectName(QStringLiteral("ReadUnreadLinesAction"));
    connect(m_readLinesAction, &QAction::triggered, this, [this] {
        const QModelIndex current = m_view->currentIndex();
        if (current.isValid())
            Q_EMIT unreadLinesFormatWanted(current.data(LoadedRunsModel::RunIdRole).toInt());
    });

    m_view->setModel(&m_runs);
    m_view->setItemDelegateForColumn(LoadedRunsModel::Name, new SwatchDelegate(m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_view->verticalHeader()->hide();
    // Every column, the run's name too, is the user's to widen; the widths are kept across sessions.
    QHeaderView *header = m_view->horizontalHeader();
    header->setStretchLastSection(true);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->resizeSection(LoadedRunsModel::Name, 200);
    if (m_settings) {
        header->restoreState(m_settings->value(columnsKey).toByteArray());
        connect(header, &QHeaderView::sectionResized, this,
                [this, header] { m_settings->setValue(columnsKey, header->saveState()); });
    }
    m_view->setAlternatingRowColors(true);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_view->addActions({m_renameAction, m_reloadAction, m_removeAction, m_readLinesAction});
    layout->addWidget(m_view, 1);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &RunsPanel::updateReadLinesAction);
    connect(&m_runs, &LoadedRunsModel::dataChanged, this, &RunsPanel::updateReadLinesAction);
    connect(&m_runs, &LoadedRunsModel::rowsInserted, this, &RunsPanel::updateReadLinesAction);
    updateReadLinesAction();

    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    connect(&m_loader, &RunLoader::pendingChanged, this, &RunsPanel::updateStatus);
    connect(&m_runs, &LoadedRunsModel::rowsRemoved, this, &RunsPanel::updateStatus);
    connect(&m_runs, &LoadedRunsModel::rowsInserted, this, &RunsPanel::updateStatus);
    retranslateUi();
}

void RunsPanel::retranslateUi()
{
    m_openAction->setText(tr("Open…"));
    m_openAction->setToolTip(tr("Open one or more training logs (also: File > Open, or drop files on the window)"));
    m_renameAction->setText(tr("Rename"));
    m_renameAction->setToolTip(tr("Rename the run in legends and exports (F2)"));
    m_reloadAction->setText(tr("Reload"));
    m_reloadAction->setToolTip(tr("Read the selected logs again from the start (F5)"));
    m_removeAction->setText(tr("Remove"));
    m_removeAction->setToolTip(tr("Remove the selected runs from the charts (Del); the log files are not touched"));
    //: Tool bar button that opens the custom log format editor.
    m_formatAction->setText(tr("Format…"));
    m_formatAction->setToolTip(tr("Define a log format (regex with named groups) for output no reader recognises, "
                                  "shared with `portbench-cli parse --define-format`"));
    m_readLinesAction->setText(tr("Read These Lines…"));
    m_readLinesAction->setToolTip(tr("The run has lines that look like metrics but that no reader read: define a "
                                     "format for them, starting from the one proposed"));
    updateStatus();
}

void RunsPanel::updateReadLinesAction()
{
    const QModelIndex current = m_view->currentIndex();
    const RunMetrics *run = current.isValid() ? m_runs.run(current.data(LoadedRunsModel::RunIdRole).toInt()) : nullptr;
    m_readLinesAction->setEnabled(run && !run->unreadLines.isEmpty());
}

void RunsPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void RunsPanel::updateStatus()
{
    if (m_loader.pending() > 0)
        m_status->setText(tr("Reading %n log(s)…", nullptr, m_loader.pending()));
    else if (m_runs.rowCount() == 0)
        m_status->setText(tr("Open or drop training logs to chart them."));
    else
        m_status->setText(tr("%n run(s) loaded", nullptr, m_runs.rowCount()));
}

QList<int> RunsPanel::selectedIds() const
{
    QList<int> ids;
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    for (const QModelIndex &i : rows)
        ids << i.data(LoadedRunsModel::RunIdRole).toInt();
    if (ids.isEmpty() && m_view->currentIndex().isValid())
        ids << m_view->currentIndex().data(LoadedRunsModel::RunIdRole).toInt();
    return ids;
}

void RunsPanel::removeSelected()
{
    for (int id : selectedIds())
        m_runs.removeRun(id);
}

void RunsPanel::reloadSelected()
{
    for (int id : selectedIds())
        m_loader.reload(id);
}

void RunsPanel::renameCurrent()
{
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid())
        m_view->edit(current.siblingAtColumn(LoadedRunsModel::Name));
}
