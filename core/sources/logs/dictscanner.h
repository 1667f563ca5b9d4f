// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArrayView>

#include <functional>

/// Reads one flat `{key: value, ...}` object as JSON or as a Python dict repr prints it, without
/// building a document: Hugging Face prints `{'loss': 0.18, 'grad_norm': nan}` or, in newer
/// releases, `{'loss': '2.364'}`; JSON Lines loggers write `{"step": 10, "loss": NaN}`. Both
/// quote styles, bare nan/inf/NaN/Infinity, true/false/None/null, and nested values (skipped
/// over, reported raw) are accepted.
class DictScanner
{
public:
    enum class Kind { Number, String, Other };
    /// key and value are views into the text; a String value is given without its quotes.
    using Visitor = std::function<void(QByteArrayView key, QByteArrayView value, Kind kind)>;

    /// Scans the object starting at text[0] == '{'. Returns the bytes used (just past the
    /// closing brace), or 0 when the text is not a well-formed object.
    static qsizetype scan(QByteArrayView text, const Visitor &visit);
};
