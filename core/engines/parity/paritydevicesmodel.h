// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityresult.h"

#include <QAbstractTableModel>

/// The devices beside the throughput, one row per run — the baseline, then each candidate: its
/// throughput and the ratio to the baseline's, then what its telemetry says (RunTelemetrySummary:
/// devices, mean utilisation, peak memory, mean power), so "0.8× the baseline's throughput at 60 %
/// utilisation and 90 % memory" is one row. No rows when no run has telemetry. The same cells in
/// `parity`'s text (ParityText), the report's table and the Compare perspective.
class ParityDevicesModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { RunName, Throughput, Ratio, Devices, Utilisation, PeakMemory, Power, ColumnCount };
    enum Roles {
        RawValueRole = Qt::UserRole + 1, ///< the number behind a cell (NaN where absent)
    };

    explicit ParityDevicesModel(QObject *parent = nullptr);

    void setResult(const ParityResult &result);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString name;
        bool baseline = false;
        QString source; ///< ParityResult::Throughput::source, empty when not in both logs
        double throughput = std::numeric_limits<double>::quiet_NaN();
        double ratio = std::numeric_limits<double>::quiet_NaN();
        RunTelemetrySummary telemetry;
    };
    QString text(const Row &row, int column) const;
    static double raw(const Row &row, int column);

    QVector<Row> m_rows;
};
