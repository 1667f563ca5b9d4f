// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/base/model/runmetrics.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

/// The loaded runs, one row each: the Runs panel shows it, the charts draw from it. A run keeps its
/// id and its colour for as long as it is loaded, so its curves have the same colour on every chart
/// and after other runs are removed.
///
/// Name and step offset are editable (rename; align runs on the step axis).
class LoadedRunsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Name, Format, Points, LastStep, LastLoss, StepOffset, State, ColumnCount };
    enum Role {
        RunIdRole = Qt::UserRole + 1,
        ColorRole, ///< quint32 0xAARRGGBB
        ReadWarningsRole, ///< QStringList: RunMetrics::readWarnings, what the log reader was unsure of, those
                          ///< added while following in the language of now
    };

    using QAbstractTableModel::QAbstractTableModel;
    ~LoadedRunsModel() override;

    /// Adds a run and returns its id (never reused while the model lives).
    int addRun(const RunMetrics &run, bool live = false);
    /// Appends points read later from a followed log.
    void appendPoints(int id, const RunMetrics &chunk);
    /// Replaces a run's points (its log was opened again).
    void replaceRun(int id, const RunMetrics &run);
    /// Adds a sentence to the run's read warnings (a followed log was truncated, a line was over the
    /// line limit), at most maxFollowWarnings of them a run. The run's readWarnings get its text of
    /// now; the model shows it composed again in the language of the moment.
    void addReadWarning(int id, const LocalizedText &warning);
    static constexpr int maxFollowWarnings = 100;
    void removeRun(int id);
    void setLive(int id, bool live);
    bool setName(int id, const QString &name);
    bool setStepOffset(int id, qint64 offset);

    QList<int> ids() const;
    int rowOf(int id) const;
    int idAt(int row) const;
    /// nullptr for an unknown id. Valid until the run is removed.
    const RunMetrics *run(int id) const;
    quint32 color(int id) const;
    qint64 stepOffset(int id) const;
    bool isLive(int id) const;
    /// The id of the run read from this file, or -1.
    int idForPath(const QString &path) const;

    /// Colour-blind-safe palette (Okabe–Ito, then Tableau) the runs draw their colours from.
    static quint32 paletteColor(int index);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void runAdded(int id);
    /// Points were appended (fromPoint = first new or changed point) or replaced (fromPoint = 0).
    void runPointsChanged(int id, int fromPoint);
    /// Name or step offset changed.
    void runPresentationChanged(int id);
    void runRemoved(int id);

private:
    struct Entry
    {
        int id;
        RunMetrics run;
        quint32 color;
        qint64 stepOffset = 0;
        bool live = false;
        /// The last of run.readWarnings, added while following: shown composed in the language of now.
        QList<LocalizedText> followWarnings;
    };
    Entry *entry(int id) const;
    static QStringList shownWarnings(const Entry &e);
    void rowChanged(int row);

    std::vector<std::unique_ptr<Entry>> m_entries;
    int m_nextId = 1;
};
