// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "parityreasontree.h"

#include "core/engines/parity/parityenvdiff.h"

#include <QTreeWidget>

void ParityReasonTree::retranslateHeaders(QTreeWidget *tree)
{
    //: Column of the parity reasons: PASS/WARN/FAIL.
    tree->setHeaderLabels({tr("Level"), tr("Reason / fairness item")});
    tree->setToolTip(tr("Double-click a reason to jump to its step."));
}

void ParityReasonTree::fill(QTreeWidget *tree, const ParityResult &result, const QJsonObject &baselineEnv,
                            const QJsonObject &candidateEnv)
{
    tree->clear();
    for (const ParityResult::Candidate &c : result.candidates) {
        auto top = new QTreeWidgetItem(tree, {ParityResult::verdictName(c.verdict), c.name});
        top->setData(0, Qt::UserRole, c.firstDivergenceStep);
        top->setToolTip(1, c.sourcePath);
        for (const ParityResult::Reason &r : c.reasons) {
            const QString text = r.translated();
            auto item = new QTreeWidgetItem(top, {ParityResult::verdictName(r.level), text});
            item->setData(0, Qt::UserRole, r.step);
            item->setToolTip(1, text);
        }
        if (!c.classes.isEmpty()) {
            //: Kinds of disagreement between two runs (first-step gap, drift, spikes, ...).
            auto classes = new QTreeWidgetItem(top, {QString(), tr("Mismatch classes")});
            for (const ParityResult::MismatchClass &m : c.classes) {
                const QString steps = m.fromStep < 0 ? QString()
                    : m.toStep > m.fromStep          ? tr(" (steps %1–%2)").arg(m.fromStep).arg(m.toStep)
                                                     : tr(" (step %1)").arg(m.fromStep);
                auto item = new QTreeWidgetItem(classes, {QString(), m.translatedLabel() + steps});
                item->setData(0, Qt::UserRole, m.fromStep);
                item->setToolTip(1, tr("%1\nCheck first: %2").arg(m.translatedEvidence(), m.translatedCheckFirst()));
            }
            classes->setExpanded(true);
        }
        auto fairness = new QTreeWidgetItem(top, {QString(), tr("Fairness checklist")});
        for (const ParityResult::FairnessItem &f : c.fairness) {
            const QString status = ParityResult::FairnessItem::translatedStatusName(f.status);
            const QString text = f.status == ParityResult::FairnessItem::Status::Mismatch
                ? tr("%1: %2 — %3 vs %4").arg(f.translatedLabel(), status, f.baselineValue, f.candidateValue)
                : tr("%1: %2").arg(f.translatedLabel(), status);
            auto item = new QTreeWidgetItem(fairness, {QString(), text});
            item->setData(0, Qt::UserRole, f.step);
            item->setToolTip(1, f.detail);
        }
        top->setExpanded(true);
    }
    if (baselineEnv.isEmpty() || candidateEnv.isEmpty())
        return;
    int same = 0;
    const QVector<ParityEnvDiff::Row> rows = ParityEnvDiff::compare(baselineEnv, candidateEnv, &same);
    auto env = new QTreeWidgetItem(tree,
                                   {QString(),
                                    tr("Environment diff: %1 differ, %2 alike (%3 vs %4)")
                                        .arg(rows.size())
                                        .arg(same)
                                        .arg(baselineEnv.value(QStringLiteral("host")).toString(),
                                             candidateEnv.value(QStringLiteral("host")).toString())});
    for (const ParityEnvDiff::Row &r : rows)
        new QTreeWidgetItem(env, {QString(), QStringLiteral("%1: %2 | %3").arg(r.key, r.baseline, r.candidate)});
    env->setExpanded(true);
}
