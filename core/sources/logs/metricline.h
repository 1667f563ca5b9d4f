// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArrayView>

#include <cmath>
#include <vector>

/// The one grammar by which PortBench splits a training-log payload (what is left after
/// LinePrefix) into (key, value) pairs, whatever trainer printed it. Derived from the trainers'
/// own format strings (tests/data/logs/trainer_shapes/SOURCES.md), not from sample files:
///
/// - binders `key: v`, `key=v`, `key:[v/avg]`, `key: v(avg)`, `key [v]`, and `key v` where a
///   separator, the end or another pair follows the value (`step 13 | loss 0.64`,
///   `iter 3050700 step 610140`) — a value followed by prose is no pair;
/// - separators `|`, `,`, `;`, tabs, ` - `, ` -- ` and runs of spaces;
/// - keys with spaces, slashes, dots and parentheses (`lm loss`, `train/loss`,
///   `tgs (tokens/gpu/second)`, `train/lr(1e-3)`, `Iter(train)`, `train_step_timing in s`);
/// - values: decimals, exponents, `nan`/`inf` any way Python or C print them, thousands
///   separators (`195,153`), glued or separate units and percent (`3456ms`, `31.55 GiB`, `85%`),
///   counters `N/M` (`step:[ 4/ 125]`, `Epoch 1/5`, `(100/24681)`, `[ 10/123]` without a key);
/// - a tqdm bar (`Epoch 1/5:  1%|▏  | 2/154 [00:21<28:01, 11.06s/it, loss: 2.59]`): its counter,
///   its postfix pairs and a payload glued after it (`…s/it]step:1 - train/loss:1.11`);
/// - a Python/JSON dict (`{'loss': 0.2, 'global_step/max_steps': '78/176'}`), by DictScanner.
///
/// One pass, no regular expression; pairs are views into the payload.
class MetricLine
{
public:
    struct Pair
    {
        QByteArrayView key; ///< trimmed; empty for a counter printed without a key
        double value = std::nan("");
        double total = std::nan(""); ///< M of a counter N/M
        bool counter = false; ///< written as N/M
    };

    std::vector<Pair> pairs;
    bool hasBar = false; ///< the payload holds a tqdm progress bar
    double barCount = std::nan(""); ///< the bar's n of n/total
    double barTotal = std::nan("");
    /// Two bare numbers after a tqdm bar (`…s/it]10, 2.2398`): a (step, loss) row printed without
    /// names (a notebook-style trainer table), as pairs with empty keys.
    bool positional = false;
    /// The line reports an evaluation: "validation", "eval", "valid", "test", "[val]", … before
    /// the first pair or in its key.
    bool evalContext = false;

    /// afterBar: the line's prefix ended in a tqdm bar (LinePrefix removed it), so two bare
    /// numbers are a positional row.
    static MetricLine scan(QByteArrayView payload, bool afterBar = false);
    /// The same into `out`, whose pairs' storage is reused: a reader that scans every line of a
    /// GB log allocates nothing per line.
    static void scan(QByteArrayView payload, bool afterBar, MetricLine &out);
};
