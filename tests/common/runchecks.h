// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

// Checks on a parsed Run shared by the log-reading tests.
#include "core/base/model/runmetrics.h"

#include <QStringList>
#include <QTest>

#include <cmath>

// "metric@point=value" checks, value "nan", "inf" or "missing" allowed; the metrics "time" and
// "step" are the point's wall time and step.
inline void checkValues(const RunMetrics &run, const QStringList &checks)
{
    for (const QString &check : checks) {
        const qsizetype at = check.indexOf(QLatin1Char('@'));
        const qsizetype eq = check.indexOf(QLatin1Char('='));
        QVERIFY2(at > 0 && eq > at, qPrintable(check));
        const QString metric = check.left(at);
        const int point = check.mid(at + 1, eq - at - 1).toInt();
        const QString expected = check.mid(eq + 1);
        QVERIFY2(point < run.pointCount(), qPrintable(check));
        const double v = metric == QLatin1String("time") ? run.wallTime(point)
            : metric == QLatin1String("step")            ? double(run.step(point))
                                                         : run.value(point, metric);
        const QString where = QStringLiteral("%1 (got %2)").arg(check).arg(v, 0, 'g', 17);
        if (expected == QLatin1String("missing")) {
            QVERIFY2(RunMetrics::isMissing(v), qPrintable(where));
        } else if (expected == QLatin1String("nan")) {
            QVERIFY2(std::isnan(v) && !RunMetrics::isMissing(v), qPrintable(where));
        } else if (expected == QLatin1String("inf")) {
            QVERIFY2(std::isinf(v) && v > 0, qPrintable(where));
        } else {
            const double e = expected.toDouble();
            QVERIFY2(!RunMetrics::isMissing(v), qPrintable(where));
            QVERIFY2(std::abs(v - e) <= 1e-9 * std::max(1.0, std::abs(e)), qPrintable(where));
        }
    }
}
