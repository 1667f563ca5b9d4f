// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/tensors/tensordumpcomparer.h"

#include "core/base/model/numbertext.h"

#include <QHash>
#include <QSet>

#include <cmath>
#include <limits>

namespace {

/// Machine epsilon of the baseline's dtype: msprobe adds it to both sides where the baseline is 0,
/// so a relative error is defined there (0 when the candidate is 0 too, large otherwise).
double epsilonOf(const QString &dtype)
{
    if (dtype == QLatin1String("bfloat16"))
        return 0.0078125;
    if (dtype == QLatin1String("float16") || dtype == QLatin1String("half"))
        return 0.0009765625;
    if (dtype == QLatin1String("float32") || dtype == QLatin1String("float"))
        return double(std::numeric_limits<float>::epsilon());
    return std::numeric_limits<double>::epsilon();
}

QString formatCount(qint64 nan, qint64 inf)
{
    QStringList parts;
    if (nan)
        parts.append(QStringLiteral("%1 NaN").arg(nan));
    if (inf)
        parts.append(QStringLiteral("%1 Inf").arg(inf));
    return parts.join(QLatin1String(", "));
}

} // namespace

namespace TensorDumpComparer {

TensorComparison compare(const TensorData &baseline, const TensorData &candidate)
{
    TensorComparison r;
    r.name = baseline.name;
    r.baselineDtype = baseline.dtype;
    r.candidateDtype = candidate.dtype;
    r.baselineShape = baseline.shapeText();
    r.candidateShape = candidate.shapeText();
    r.shapeMatch = baseline.shape == candidate.shape && baseline.values.size() == candidate.values.size();
    r.dtypeMatch = baseline.dtype == candidate.dtype;
    r.elements = qint64(baseline.values.size());
    for (double v : baseline.values) {
        r.baselineNan += std::isnan(v) ? 1 : 0;
        r.baselineInf += std::isinf(v) ? 1 : 0;
    }
    for (double v : candidate.values) {
        r.candidateNan += std::isnan(v) ? 1 : 0;
        r.candidateInf += std::isinf(v) ? 1 : 0;
    }
    if (!r.shapeMatch) {
        r.reason = QStringLiteral("shape %1 vs %2").arg(r.baselineShape, r.candidateShape);
        return r;
    }
    if (baseline.isFloatingPoint() != candidate.isFloatingPoint()) {
        r.reason = QStringLiteral("dtype %1 vs %2").arg(r.baselineDtype, r.candidateDtype);
        return r;
    }

    const double eps = epsilonOf(baseline.dtype);
    double dot = 0, normA = 0, normB = 0, maxAbs = 0, maxRel = 0;
    qint64 finite = 0, below1 = 0, below5 = 0;
    for (size_t i = 0; i < baseline.values.size(); ++i) {
        const double a = baseline.values[i];
        const double b = candidate.values[i];
        if (!std::isfinite(a) || !std::isfinite(b))
            continue;
        ++finite;
        dot += a * b;
        normA += a * a;
        normB += b * b;
        const double absErr = std::abs(b - a);
        maxAbs = std::max(maxAbs, absErr);
        const double rel = a == 0 ? std::abs((b + eps) - eps) / eps : absErr / std::abs(a);
        maxRel = std::max(maxRel, rel);
        below1 += rel < 0.001 ? 1 : 0;
        below5 += rel < 0.005 ? 1 : 0;
    }
    if (finite == 0) {
        // Empty tensors agree; all-NaN ones are caught by the NaN rule below.
        r.cosine = r.elements == 0 ? 1.0 : std::numeric_limits<double>::quiet_NaN();
        r.maxAbsError = r.maxRelError = r.elements == 0 ? 0.0 : std::numeric_limits<double>::quiet_NaN();
        r.relErrorBelow1e3 = r.relErrorBelow5e3 = r.elements == 0 ? 1.0 : std::numeric_limits<double>::quiet_NaN();
    } else {
        if (normA == 0 && normB == 0)
            r.cosine = 1.0;
        else if (normA == 0 || normB == 0)
            r.cosine = 0.0; // one side all zeros: no direction to agree with
        else
            r.cosine = dot / (std::sqrt(normA) * std::sqrt(normB));
        r.maxAbsError = maxAbs;
        r.maxRelError = maxRel;
        r.relErrorBelow1e3 = double(below1) / double(finite);
        r.relErrorBelow5e3 = double(below5) / double(finite);
    }

    const QString nanInf = formatCount(r.baselineNan + r.candidateNan, r.baselineInf + r.candidateInf);
    if (!nanInf.isEmpty())
        r.reason
            = QStringLiteral("%1 (baseline %2, candidate %3)")
                  .arg(nanInf,
                       formatCount(r.baselineNan, r.baselineInf).isEmpty() ? QStringLiteral("none")
                                                                           : formatCount(r.baselineNan, r.baselineInf),
                       formatCount(r.candidateNan, r.candidateInf).isEmpty()
                           ? QStringLiteral("none")
                           : formatCount(r.candidateNan, r.candidateInf));
    else if (r.cosine < cosineFail)
        r.reason = QStringLiteral("cosine %1 < %2").arg(NumberText::number(r.cosine), NumberText::number(cosineFail));
    else if (r.maxAbsError > absErrorFail)
        r.reason = QStringLiteral("max abs error %1 > %2")
                       .arg(NumberText::number(r.maxAbsError), NumberText::number(absErrorFail));
    else if (r.cosine < cosineWarn && r.maxAbsError > absErrorWarn)
        r.reason = QStringLiteral("cosine %1 < %2 and max abs error %3 > %4")
                       .arg(NumberText::number(r.cosine), NumberText::number(cosineWarn),
                            NumberText::number(r.maxAbsError), NumberText::number(absErrorWarn));
    r.passed = r.reason.isEmpty();
    return r;
}

TensorDumpReport compare(const TensorFile &baseline, const TensorFile &candidate)
{
    TensorDumpReport report;
    report.baselinePath = baseline.path;
    report.candidatePath = candidate.path;
    QHash<QString, int> candidateIndex;
    for (int i = 0; i < candidate.tensors.size(); ++i)
        candidateIndex.insert(candidate.tensors.at(i).name, i);
    QSet<QString> matched;
    for (const TensorData &t : baseline.tensors) {
        const auto it = candidateIndex.constFind(t.name);
        if (it == candidateIndex.constEnd()) {
            report.onlyInBaseline.append(t.name);
            continue;
        }
        matched.insert(t.name);
        report.rows.append(compare(t, candidate.tensors.at(*it)));
    }
    for (const TensorData &t : candidate.tensors) {
        if (!matched.contains(t.name))
            report.onlyInCandidate.append(t.name);
    }
    return report;
}

} // namespace TensorDumpComparer
