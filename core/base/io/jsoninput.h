// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArrayView>
#include <QJsonDocument>
#include <QString>

#include <functional>

/// The one way PortBench parses JSON it is given (run.json, ds_config, TrainingConfig JSON, report
/// inputs, safetensors headers, TensorBoard "args", JSON Lines records). Before Qt's parser sees the
/// bytes, one linear pass checks the nesting against maxDepth (docs/limits.md): real inputs nest a
/// handful of levels, so a deeper one is refused with the line where it passes the limit instead
/// of being handed to a recursive parser.
class JsonInput
{
public:
    /// The deepest nesting of objects and arrays accepted (Qt's own parser stops at 1024).
    static constexpr int maxDepth = 64;

    /// The document, or a null one with *error (when given) set to "line N (byte M): why" —
    /// the caller puts the file in front. Over-deep input is named with the limit.
    static QJsonDocument parse(QByteArrayView bytes, QString *error = nullptr);
    /// Walks the brackets ({ } [ ]) of JSON text from `from`, skipping strings, and calls
    /// stop(depth) after each one changes the depth; returns the offset of the bracket where
    /// stop said true, or -1. Validity is not judged: Qt's parser does that.
    static qsizetype findNesting(QByteArrayView bytes, qsizetype from, const std::function<bool(int depth)> &stop);
};
