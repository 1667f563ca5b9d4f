// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/tensors/tensordumpreport.h"

#include <QAbstractTableModel>

/// The rows of a TensorDumpReport as a table: one tensor per row, in the baseline's file order.
/// Display text is formatted; Qt::UserRole gives the raw number for sorting.
class TensorComparisonModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Name,
        Shape,
        Dtype,
        Cosine,
        MaxAbsError,
        MaxRelError,
        RelBelow1e3,
        RelBelow5e3,
        NanInf,
        Verdict,
        ColumnCount
    };

    explicit TensorComparisonModel(QObject *parent = nullptr);

    void setReport(const TensorDumpReport &report);
    const TensorDumpReport &report() const { return m_report; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    TensorDumpReport m_report;
};
