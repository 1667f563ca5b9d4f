// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/tensors/tensordumpreport.h"

#include "core/base/model/numbertext.h"

#include <QJsonArray>

#include <algorithm>

int TensorDumpReport::failedCount() const
{
    return int(std::count_if(rows.cbegin(), rows.cend(), [](const TensorComparison &r) { return !r.passed; }));
}

int TensorDumpReport::firstFailing() const
{
    const auto it = std::find_if(rows.cbegin(), rows.cend(), [](const TensorComparison &r) { return !r.passed; });
    return it == rows.cend() ? -1 : int(it - rows.cbegin());
}

bool TensorDumpReport::passed() const
{
    return !rows.isEmpty() && failedCount() == 0;
}

QJsonObject TensorDumpReport::toJson() const
{
    QJsonArray tensors;
    for (const TensorComparison &r : rows) {
        QJsonObject o;
        o[QStringLiteral("name")] = r.name;
        o[QStringLiteral("baseline_dtype")] = r.baselineDtype;
        o[QStringLiteral("candidate_dtype")] = r.candidateDtype;
        o[QStringLiteral("baseline_shape")] = r.baselineShape;
        o[QStringLiteral("candidate_shape")] = r.candidateShape;
        o[QStringLiteral("shape_match")] = r.shapeMatch;
        o[QStringLiteral("dtype_match")] = r.dtypeMatch;
        o[QStringLiteral("elements")] = r.elements;
        o[QStringLiteral("cosine")] = NumberText::json(r.cosine);
        o[QStringLiteral("max_abs_error")] = NumberText::json(r.maxAbsError);
        o[QStringLiteral("max_rel_error")] = NumberText::json(r.maxRelError);
        o[QStringLiteral("rel_error_below_0.001")] = NumberText::json(r.relErrorBelow1e3);
        o[QStringLiteral("rel_error_below_0.005")] = NumberText::json(r.relErrorBelow5e3);
        o[QStringLiteral("baseline_nan")] = r.baselineNan;
        o[QStringLiteral("baseline_inf")] = r.baselineInf;
        o[QStringLiteral("candidate_nan")] = r.candidateNan;
        o[QStringLiteral("candidate_inf")] = r.candidateInf;
        o[QStringLiteral("verdict")] = r.passed ? QStringLiteral("pass") : QStringLiteral("fail");
        o[QStringLiteral("reason")] = r.reason;
        tensors.append(o);
    }
    QJsonObject root;
    root[QStringLiteral("baseline")] = baselinePath;
    root[QStringLiteral("candidate")] = candidatePath;
    root[QStringLiteral("verdict")] = passed() ? QStringLiteral("pass") : QStringLiteral("fail");
    root[QStringLiteral("compared")] = int(rows.size());
    root[QStringLiteral("failed")] = failedCount();
    const int first = firstFailing();
    root[QStringLiteral("first_failing")] = first < 0 ? QJsonValue() : QJsonValue(rows.at(first).name);
    root[QStringLiteral("only_in_baseline")] = QJsonArray::fromStringList(onlyInBaseline);
    root[QStringLiteral("only_in_candidate")] = QJsonArray::fromStringList(onlyInCandidate);
    root[QStringLiteral("tensors")] = tensors;
    return root;
}
