// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/parity/parityresult.h"

#include <QCoreApplication>
#include <QJsonObject>

class QTreeWidget;

/// A parity result's reasons as a tree, in the installed language: per candidate its verdict and
/// name, then its reasons (translated from their sentences, ParitySentence), its mismatch classes
/// and its fairness checklist. An item about a step keeps it (Qt::UserRole of column 0) for a jump
/// there. The Parity dock and the Compare perspective's result view fill their trees with it, and
/// fill them again on a language change, so no word of an earlier language stays.
class ParityReasonTree
{
    Q_DECLARE_TR_FUNCTIONS(ParityReasonTree)

public:
    /// Column headers and the tree's tooltip.
    static void retranslateHeaders(QTreeWidget *tree);
    /// Replaces the tree's items with the result's candidates (none for a failed comparison), then
    /// what differs between two machines' `env --json` when both are given.
    static void fill(QTreeWidget *tree, const ParityResult &result, const QJsonObject &baselineEnv = {},
                     const QJsonObject &candidateEnv = {});
};
