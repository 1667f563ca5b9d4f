// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/porting/pythontoken.h"

#include <QStringView>

/// A Python 3 tokenizer that knows what a rewriter must not touch by accident: comments, every
/// string form (prefixes r/b/u/f in any case and combination, triple quotes, f-string
/// replacement fields with nested strings, line continuations) and names.
///
/// It is not a full `tokenize` clone: there are no INDENT/DEDENT tokens and operators are split
/// only as far as rewriting rules need (`==`, `!=`, `->`, `**` ... stay one token).
class PythonTokenizer
{
public:
    /// Tokens one file may have (docs/limits.md): 10 MB of `a|a|…` would otherwise take gigabytes.
    static constexpr int maxTokens = 2000000;

    static PythonTokens tokenize(QStringView source);
};
