// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "jsonlinesformat.h"

#include "core/sources/logs/dictscanner.h"
#include "core/base/model/metricnames.h"

int JsonLinesFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    Q_UNUSED(sourceName)
    int withStep = 0;
    int withLoss = 0;
    for (QByteArrayView line : lines) {
        const QByteArrayView t = line.trimmed();
        if (!t.startsWith("{\"") || !t.endsWith('}'))
            continue;
        bool step = false, loss = false;
        DictScanner::scan(t, [&](QByteArrayView key, QByteArrayView, DictScanner::Kind) {
            step = step || MetricNames::isStepName(QString::fromUtf8(key));
            loss = loss || key.contains("loss");
        });
        withStep += step;
        withLoss += loss;
    }
    if (withStep == 0)
        return withLoss > 0 ? 20 : 0; // metrics without a step: their steps are counted
    // Mostly objects with a step: confident; a few among other lines: a weak guess.
    return withStep * 2 >= lines.size() ? 70 : 30;
}
