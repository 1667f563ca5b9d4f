// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/tensors/tensorcomparisonmodel.h"

#include "core/base/model/numbertext.h"
#include "core/sources/tensors/tensordumpcomparer.h"

#include <cmath>

namespace {

/// NaN marks a statistic that was not computed (a missing or mismatched tensor).
QString numberOrNone(double v, int significant = 6)
{
    return std::isnan(v) ? NumberText::none : NumberText::number(v, significant);
}

QString percentOrNone(double share)
{
    return std::isnan(share) ? NumberText::none : NumberText::percent(share);
}

} // namespace

TensorComparisonModel::TensorComparisonModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void TensorComparisonModel::setReport(const TensorDumpReport &report)
{
    beginResetModel();
    m_report = report;
    endResetModel();
}

int TensorComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_report.rows.size());
}

int TensorComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TensorComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const TensorComparison &r = m_report.rows.at(index.row());
    const int column = index.column();
    if (role == Qt::DisplayRole) {
        switch (column) {
        case Name: return r.name;
        case Shape: return r.shapeMatch ? r.baselineShape : r.baselineShape + QStringLiteral(" ≠ ") + r.candidateShape;
        case Dtype: return r.dtypeMatch ? r.baselineDtype : r.baselineDtype + QStringLiteral(" / ") + r.candidateDtype;
        case Cosine: return numberOrNone(r.cosine, 8);
        case MaxAbsError: return numberOrNone(r.maxAbsError);
        case MaxRelError: return percentOrNone(r.maxRelError);
        case RelBelow1e3: return percentOrNone(r.relErrorBelow1e3);
        case RelBelow5e3: return percentOrNone(r.relErrorBelow5e3);
        case NanInf:
            return QStringLiteral("%1 / %2").arg(r.baselineNan + r.baselineInf).arg(r.candidateNan + r.candidateInf);
        //: Tensor verdict; the reason (English, from the comparer) follows FAIL
        case Verdict: return r.passed ? tr("pass") : tr("FAIL: %1").arg(r.reason);
        }
    } else if (role == Qt::UserRole) {
        switch (column) {
        case Cosine: return r.cosine;
        case MaxAbsError: return r.maxAbsError;
        case MaxRelError: return r.maxRelError;
        case RelBelow1e3: return r.relErrorBelow1e3;
        case RelBelow5e3: return r.relErrorBelow5e3;
        case NanInf: return r.baselineNan + r.baselineInf + r.candidateNan + r.candidateInf;
        case Verdict: return r.passed;
        default: return data(index, Qt::DisplayRole);
        }
    } else if (role == Qt::TextAlignmentRole && column >= Cosine && column <= NanInf) {
        return int(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant TensorComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        static const char *titles[]
            = {QT_TR_NOOP("Tensor"),         QT_TR_NOOP("Shape"),          QT_TR_NOOP("Dtype"),
               QT_TR_NOOP("Cosine"),         QT_TR_NOOP("Max abs err"),    QT_TR_NOOP("Max rel err"),
               QT_TR_NOOP("Rel err < 0.1%"), QT_TR_NOOP("Rel err < 0.5%"), QT_TR_NOOP("NaN/Inf (base / cand)"),
               QT_TR_NOOP("Verdict")};
        return tr(titles[section]);
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Cosine:
            return tr("Cosine similarity of the two tensors as vectors (1 = same direction). "
                      "Fails below %1, or below %2 when the max abs error exceeds %3.")
                .arg(TensorDumpComparer::cosineFail)
                .arg(TensorDumpComparer::cosineWarn)
                .arg(TensorDumpComparer::absErrorWarn);
        case MaxAbsError:
            return tr("Largest |candidate − baseline| over finite elements. Fails above %1.")
                .arg(TensorDumpComparer::absErrorFail);
        case MaxRelError:
            return tr("Largest |candidate − baseline| / |baseline|; where the baseline is 0, msprobe "
                      "adds the dtype's epsilon to both sides.");
        case RelBelow1e3: return tr("Share of elements whose relative error is below 0.001 (one thousandth).");
        case RelBelow5e3: return tr("Share of elements whose relative error is below 0.005 (five thousandths).");
        case NanInf: return tr("NaN and Inf elements in the baseline / candidate. Any fails the tensor.");
        default: break;
        }
    }
    return {};
}
