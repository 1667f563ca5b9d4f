// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityresult.h"
#include "paritysentence.h"

#include <QCoreApplication>
#include <QStringList>
#include <QVector>

/// The rules a parity comparison is judged by, as data read from its ParityOptions exactly as
/// ParityEngine reads them, and the one place their sentences are written. The CLI text
/// (ParityText), the JSON (`criteria`), the report's "Loss parity" section and the Parity panel all
/// show these sentences, so a rule the engine applies cannot be missing from, or worded
/// differently in, one of them (tst_paritycriteriatext checks it for every preset).
class ParityCriteria
{
    Q_DECLARE_TR_FUNCTIONS(ParityCriteria)

public:
    /// Marked with QT_TRANSLATE_NOOP("ParityCriteria", ...).
    using Sentence = ParitySentence;

    /// One rule the verdict follows.
    struct Rule
    {
        QString code; ///< the engine's reason code when the rule is broken ("within-share", "mean-rel", ...)
        ParityResult::Verdict level = ParityResult::Verdict::Fail; ///< what breaking it gives
        QString metric; ///< the metric it judges when that is not the compared one (grad_norm), else empty
        Sentence sentence;
    };

    /// Every rule the engine applies with these options, in the order it judges them.
    static QVector<Rule> rules(const ParityOptions &options);
    /// What "within tolerance" means for a step, and the warm-up left out: not verdicts themselves,
    /// but what several rules are about.
    static QVector<Sentence> definitions(const ParityOptions &options);
    /// The preset and the source of its numbers.
    static Sentence preset(const ParityOptions &options);
    /// definitions() then the rules' sentences, English or translated.
    static QStringList sentences(const ParityOptions &options, bool translated);
};
