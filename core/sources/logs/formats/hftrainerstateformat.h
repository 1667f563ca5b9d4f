// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/keycolumncache.h"
#include "core/sources/logs/logformat.h"

/// Hugging Face `trainer_state.json` (saved with each checkpoint): its `log_history` entries are
/// the points (training and evaluation entries of one step are merged); global_step, max_steps
/// and train_batch_size go to RunMetrics::meta. Python's json writes NaN/Infinity, which strict JSON
/// readers reject, so entries are read with the lenient DictScanner.
class HfTrainerStateFormat : public LogFormat
{
public:
    HfTrainerStateFormat();

    QString name() const override { return QStringLiteral("hf-trainer-state"); }
    QString displayName() const override { return QStringLiteral("Hugging Face trainer_state.json"); }
    int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const override;
    void parseLine(QByteArrayView line, ParseContext &context) override;
    bool isDocument() const override { return true; }
    void parseDocument(QByteArrayView data, ParseContext &context) override;

private:
    KeyColumnCache m_keys;
};
