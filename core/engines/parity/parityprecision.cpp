// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "parityprecision.h"

#include "median.h"
#include "parityneighbours.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

int ParityPrecision::significantDigits(double value)
{
    char buffer[40];
    for (int digits = 1; digits < 17; ++digits) {
        std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
        if (std::strtod(buffer, nullptr) == value)
            return digits;
    }
    return 17;
}

int ParityPrecision::printedDigits(const RunSeries &series, double *medianMagnitude)
{
    const size_t n = series.size();
    const size_t stride = std::max<size_t>(1, n / sampleSize);
    int most = 0;
    std::vector<double> magnitudes;
    magnitudes.reserve(std::min<size_t>(n, sampleSize + 1));
    for (size_t i = 0; i < n; i += stride) {
        const double v = series.value(i);
        if (!std::isfinite(v) || v == 0)
            continue;
        most = std::max(most, significantDigits(v));
        magnitudes.push_back(std::abs(v));
    }
    if (medianMagnitude) {
        *medianMagnitude = 0;
        if (!magnitudes.empty())
            *medianMagnitude = medianInPlace(magnitudes);
    }
    return most;
}

double ParityPrecision::resolution(double magnitude, int digits)
{
    if (magnitude <= 0 || digits <= 0)
        return 0;
    return std::pow(10.0, std::floor(std::log10(magnitude)) - digits + 1);
}

QString ParityPrecision::fullPrecisionSource(const RunSeries &series, const QString &metric, int digits)
{
    if (!series.run() || digits >= fullDigits)
        return {};
    return ParityNeighbours::sameRunState(*series.run(), series.run()->hasMetric(metric) ? metric : QString());
}

ParityResult::Precision ParityPrecision::check(const ParityOptions &o, const QString &metric, const RunSeries &a,
                                               const RunSeries &b)
{
    ParityResult::Precision p;
    p.metric = metric;
    double magnitude = 0;
    p.baselineDigits = printedDigits(a, &magnitude);
    p.candidateDigits = printedDigits(b);
    const int coarser = std::min(p.baselineDigits, p.candidateDigits);
    p.resolution = coarser > 0 && coarser < fullDigits ? resolution(magnitude, coarser) : 0;
    p.tolerance = o.absTol + o.relTol * magnitude;
    p.toleranceBelowResolution = p.resolution > 0 && p.tolerance < p.resolution;
    p.baselineFullPrecision = fullPrecisionSource(a, metric, p.baselineDigits);
    p.candidateFullPrecision = fullPrecisionSource(b, metric, p.candidateDigits);
    return p;
}
