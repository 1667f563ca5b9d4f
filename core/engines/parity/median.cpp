// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "median.h"
#include <algorithm>
#include <cstddef>
#include <limits>

double medianInPlace(std::vector<double> &values)
{
    if (values.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const auto mid = values.begin() + std::ptrdiff_t(values.size() / 2);
    std::nth_element(values.begin(), mid, values.end());
    return *mid;
}
