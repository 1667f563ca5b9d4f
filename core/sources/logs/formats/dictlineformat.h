// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/keycolumncache.h"
#include "core/sources/logs/logformat.h"

#include <QByteArrayView>

/// Shared reading for formats whose metric lines are one `{key: value}` object (JSON or Python
/// dict repr): JSON Lines, Hugging Face Trainer console dicts, LLaMA-Factory trainer_log.jsonl.
/// Subclasses say which key is the step, how keys map to metrics, and where the object starts.
class DictLineFormat : public LogFormat
{
public:
    void parseLine(QByteArrayView line, ParseContext &context) override;

protected:
    DictLineFormat();

    enum class KeyRole { Metric, Step, Time, Ignore };
    /// Default: MetricNames::isStepName keys are the step, time/timestamp the wall time.
    virtual KeyRole roleOf(QByteArrayView key) const;
    /// Default: MetricNames::canonicalName(key).
    virtual QString metricFor(QByteArrayView key) const;
    /// Where the object starts in the line, -1 if the line holds none. Default: the line,
    /// trimmed, starts with '{'.
    virtual qsizetype objectStart(QByteArrayView line) const;
    /// A record with this key describes the whole run (HF's train_runtime summary): it goes to
    /// RunMetrics::meta, its train_loss (the run's mean) as train_loss_mean.
    virtual bool isSummary(QByteArrayView key) const;
    /// True where the writer prints numbers as strings (HF Trainer 5.x: `'loss': '2.364'`); in
    /// JSON written by a program a quoted number is a placeholder (LLaMA-Factory's
    /// `"throughput": "0.00"`) and is not read, durations ("0:02:03") apart.
    virtual bool acceptsQuotedNumbers() const { return false; }
    /// A key that says where the run is (epoch, elapsed time), not how it trains: a record with
    /// nothing else is progress, not a point (LLaMA-Factory's last record, after training).
    virtual bool isProgress(QByteArrayView key) const
    {
        Q_UNUSED(key)
        return false;
    }

    /// Fraction of lines (0..1) holding an object whose keys include `key`.
    static double shareWithKey(const QList<QByteArrayView> &lines, QByteArrayView key);

private:
    KeyColumnCache m_keys;
};
