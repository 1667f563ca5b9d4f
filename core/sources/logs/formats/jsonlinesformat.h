// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/formats/dictlineformat.h"

/// JSON Lines with a step field (any MetricNames::isStepName key): `{"step": 10, "loss": 2.31, "learning_rate": 0.001,
/// "time": ...}`. Keys map onto the canonical metric names; `time`/`timestamp` (unix seconds or ISO-8601) give the wall
/// time; a record without a step completes the previous point.
class JsonLinesFormat : public DictLineFormat
{
public:
    QString name() const override { return QStringLiteral("jsonl"); }
    QString displayName() const override { return QStringLiteral("JSON Lines (step + metrics)"); }
    int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const override;
};
