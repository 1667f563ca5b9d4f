#include "runspanel.h"

#include "runs/runlistmodel.h"
#include "charts/runloader.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
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
        const quint32 rgb = index.data(RunListModel::ColorRole).toUInt();
        const bool warn = !index.data(RunListModel::ReadWarningsRole).toStringList().isEmpty();
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

} // namespace

RunsPanel::RunsPanel(RunListModel &runs, RunLoader &loader, QWidget *parent)
    : QWidget(parent)
    , m_runs(runs)
    , m_loader(loader)
    , m_view(new QTableView(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("RunsPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto *bar = new QToolBar(this);
    layout->addWidget(bar);

    QAction *open = bar->addAction(tr("Open…"), this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(
            this, tr("Open training logs"), QString(),
            tr("Training logs (*.log *.txt *.out *.json *.jsonl *.csv);;All files (*)"));
        for (const QString &p : paths)
            m_loader.open(p);
    });
    open->setToolTip(tr("Open one or more training logs (also: File > Open, or drop files on the window)"));
    QAction *rename = bar->addAction(tr("Rename"), this, &RunsPanel::renameCurrent);
    rename->setShortcut(QKeySequence(Qt::Key_F2));
    rename->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    rename->setToolTip(tr("Rename the run in legends and exports (F2)"));
    QAction *reload = bar->addAction(tr("Reload"), this, &RunsPanel::reloadSelected);
    reload->setShortcut(QKeySequence::Refresh);
    reload->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    reload->setToolTip(tr("Read the selected logs again from the start (F5)"));
    QAction *remove = bar->addAction(tr("Remove"), this, &RunsPanel::removeSelected);
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    remove->setToolTip(tr("Remove the selected runs from the charts (Del); the log files are not touched"));
    addActions({rename, reload, remove});
    QAction *customFormat = bar->addAction(tr("Format…"), this, &RunsPanel::formatEditorWanted);
    customFormat->setObjectName(QStringLiteral("CustomFormatAction"));
    customFormat->setToolTip(tr("Define a log format (regex with named groups) for output no reader recognises, "
                                "shared with `portbench-cli parse --define-format`"));

    m_view->setModel(&m_runs);
    m_view->setItemDelegateForColumn(RunListModel::Name, new SwatchDelegate(m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(RunListModel::Name, QHeaderView::Stretch);
    m_view->setAlternatingRowColors(true);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_view->addActions({rename, reload, remove});
    layout->addWidget(m_view, 1);

    m_status->setText(tr("Open or drop training logs to chart them."));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    connect(&m_loader, &RunLoader::pendingChanged, this, [this](int pending) {
        m_status->setText(pending > 0 ? tr("Reading %n log(s)…", nullptr, pending)
                                      : tr("%n run(s) loaded", nullptr, m_runs.rowCount()));
    });
    auto count = [this] {
        if (m_loader.pending() == 0)
            m_status->setText(tr("%n run(s) loaded", nullptr, m_runs.rowCount()));
    };
    connect(&m_runs, &RunListModel::rowsRemoved, this, count);
    connect(&m_runs, &RunListModel::rowsInserted, this, count);
}

QList<int> RunsPanel::selectedIds() const
{
    QList<int> ids;
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    for (const QModelIndex &i : rows)
        ids << i.data(RunListModel::RunIdRole).toInt();
    if (ids.isEmpty() && m_view->currentIndex().isValid())
        ids << m_view->currentIndex().data(RunListModel::RunIdRole).toInt();
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
        m_view->edit(current.siblingAtColumn(RunListModel::Name));
}
