// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "loadedrunsmodel.h"

#include "core/base/model/metricnames.h"
#include "core/base/model/numbertext.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace {

constexpr quint32 palette[] = {
    0xff0072b2, 0xffe69f00, 0xff009e73, 0xffd55e00, 0xffcc79a7, 0xff56b4e9,
    0xff882255, 0xff999933, 0xff9467bd, 0xff8c564b, 0xff17becf, 0xff7f7f7f,
};
constexpr int paletteSize = int(sizeof palette / sizeof palette[0]);

} // namespace

LoadedRunsModel::~LoadedRunsModel() = default;

quint32 LoadedRunsModel::paletteColor(int index)
{
    return palette[((index % paletteSize) + paletteSize) % paletteSize];
}

int LoadedRunsModel::addRun(const RunMetrics &run, bool live)
{
    // The first palette colour no loaded run uses, so a colour never changes under a run.
    int colour = int(m_entries.size());
    for (int i = 0; i < paletteSize; ++i) {
        const bool used
            = std::any_of(m_entries.cbegin(), m_entries.cend(), [&](const auto &e) { return e->color == palette[i]; });
        if (!used) {
            colour = i;
            break;
        }
    }
    const int row = int(m_entries.size());
    beginInsertRows({}, row, row);
    m_entries.push_back(std::make_unique<Entry>(Entry{m_nextId++, run, paletteColor(colour), 0, live}));
    endInsertRows();
    Q_EMIT runAdded(m_entries.back()->id);
    return m_entries.back()->id;
}

void LoadedRunsModel::appendPoints(int id, const RunMetrics &chunk)
{
    Entry *e = entry(id);
    if (!e || chunk.isEmpty())
        return;
    int from = e->run.pointCount();
    // A chunk whose first point continues the last one changes a point the charts already show.
    if (chunk.firstPointContinues && from > 0 && e->run.step(from - 1) == chunk.step(0))
        --from;
    e->run.append(chunk);
    rowChanged(rowOf(id));
    Q_EMIT runPointsChanged(id, from);
}

void LoadedRunsModel::replaceRun(int id, const RunMetrics &run)
{
    Entry *e = entry(id);
    if (!e)
        return;
    const QString name = e->run.name;
    e->run = run;
    e->run.name = name;
    e->followWarnings.clear();
    rowChanged(rowOf(id));
    Q_EMIT runPointsChanged(id, 0);
}

void LoadedRunsModel::addReadWarning(int id, const LocalizedText &warning)
{
    Entry *e = entry(id);
    if (!e || e->run.readWarnings.size() >= maxFollowWarnings)
        return;
    e->run.readWarnings << warning.text();
    e->followWarnings << warning;
    rowChanged(rowOf(id));
}

QStringList LoadedRunsModel::shownWarnings(const Entry &e)
{
    QStringList shown = e.run.readWarnings.mid(0, e.run.readWarnings.size() - e.followWarnings.size());
    for (const LocalizedText &warning : e.followWarnings)
        shown << warning.text();
    return shown;
}

void LoadedRunsModel::removeRun(int id)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_entries.erase(m_entries.begin() + row);
    endRemoveRows();
    Q_EMIT runRemoved(id);
}

void LoadedRunsModel::setLive(int id, bool live)
{
    if (Entry *e = entry(id); e && e->live != live) {
        e->live = live;
        rowChanged(rowOf(id));
    }
}

bool LoadedRunsModel::setName(int id, const QString &name)
{
    Entry *e = entry(id);
    const QString trimmed = name.trimmed();
    if (!e || trimmed.isEmpty())
        return false;
    if (e->run.name != trimmed) {
        e->run.name = trimmed;
        rowChanged(rowOf(id));
        Q_EMIT runPresentationChanged(id);
    }
    return true;
}

bool LoadedRunsModel::setStepOffset(int id, qint64 offset)
{
    Entry *e = entry(id);
    if (!e)
        return false;
    if (e->stepOffset != offset) {
        e->stepOffset = offset;
        rowChanged(rowOf(id));
        Q_EMIT runPresentationChanged(id);
    }
    return true;
}

QList<int> LoadedRunsModel::ids() const
{
    QList<int> out;
    for (const auto &e : m_entries)
        out << e->id;
    return out;
}

int LoadedRunsModel::rowOf(int id) const
{
    for (size_t i = 0; i < m_entries.size(); ++i) {
        if (m_entries[i]->id == id)
            return int(i);
    }
    return -1;
}

int LoadedRunsModel::idAt(int row) const
{
    return row >= 0 && row < int(m_entries.size()) ? m_entries[size_t(row)]->id : -1;
}

const RunMetrics *LoadedRunsModel::run(int id) const
{
    const Entry *e = entry(id);
    return e ? &e->run : nullptr;
}

quint32 LoadedRunsModel::color(int id) const
{
    const Entry *e = entry(id);
    return e ? e->color : 0;
}

qint64 LoadedRunsModel::stepOffset(int id) const
{
    const Entry *e = entry(id);
    return e ? e->stepOffset : 0;
}

bool LoadedRunsModel::isLive(int id) const
{
    const Entry *e = entry(id);
    return e && e->live;
}

int LoadedRunsModel::idForPath(const QString &path) const
{
    const QString canonical = QFileInfo(path).absoluteFilePath();
    for (const auto &e : m_entries) {
        if (!e->run.sourcePath.isEmpty() && QFileInfo(e->run.sourcePath).absoluteFilePath() == canonical)
            return e->id;
    }
    return -1;
}

LoadedRunsModel::Entry *LoadedRunsModel::entry(int id) const
{
    const int row = rowOf(id);
    return row < 0 ? nullptr : m_entries[size_t(row)].get();
}

void LoadedRunsModel::rowChanged(int row)
{
    if (row >= 0)
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int LoadedRunsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int LoadedRunsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LoadedRunsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &e = *m_entries[size_t(index.row())];
    if (role == RunIdRole)
        return e.id;
    if (role == ColorRole)
        return e.color;
    const RunMetrics &r = e.run;
    if (role == ReadWarningsRole)
        return shownWarnings(e);
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Name: {
            const QString source = r.sourcePath.isEmpty() ? r.name : r.sourcePath;
            if (r.readWarnings.isEmpty())
                return source;
            return QString(source + QStringLiteral("\n\n") + tr("Read with warnings:") + QStringLiteral("\n• ")
                           + shownWarnings(e).join(QStringLiteral("\n• ")));
        }
        case LastLoss: return tr("Last logged value of %1").arg(MetricNames::primaryLoss(r.metricNames()));
        case StepOffset:
            return tr("Added to this run's steps on the step axis, to align runs that started at different steps");
        case State:
            return e.live ? tr("The log is followed: new lines are appended as the trainer writes them")
                          : tr("The log was read once");
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == Name || index.column() == Format || index.column() == State
            ? QVariant()
            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (index.column()) {
    case Name: return r.name;
    case Format: return r.format;
    case Points: return r.pointCount();
    case LastStep: return r.isEmpty() ? QVariant() : QVariant(r.step(r.pointCount() - 1));
    case LastLoss: {
        const double v = r.lastValue(MetricNames::primaryLoss(r.metricNames()));
        if (RunMetrics::isMissing(v))
            return {};
        return role == Qt::EditRole ? QVariant(v) : QVariant(NumberText::number(v));
    }
    case StepOffset: return e.stepOffset;
    case State: return e.live ? tr("live") : tr("finished");
    }
    return {};
}

bool LoadedRunsModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const int id = m_entries[size_t(index.row())]->id;
    if (index.column() == Name)
        return setName(id, value.toString());
    if (index.column() == StepOffset) {
        bool ok = false;
        const qint64 offset = value.toLongLong(&ok);
        return ok && setStepOffset(id, offset);
    }
    return false;
}

Qt::ItemFlags LoadedRunsModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && (index.column() == Name || index.column() == StepOffset))
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant LoadedRunsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name: return tr("Run");
    case Format: return tr("Format");
    case Points: return tr("Points");
    case LastStep: return tr("Last step");
    case LastLoss: return tr("Last loss");
    case StepOffset: return tr("Step offset");
    case State: return tr("State");
    }
    return {};
}
