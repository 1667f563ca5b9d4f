// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "paritycriteria.h"

#include "paritypresets.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/numbertext.h"

#include <algorithm>

using NumberText::number;
using NumberText::percent;
using Verdict = ParityResult::Verdict;

namespace {

ParityCriteria::Sentence sentence(const char *source, const QStringList &args = {})
{
    return {"ParityCriteria", source, args};
}

} // namespace

// Each comparison below is the one ParityEngine makes (parityengine.cpp, judge()): "not below"
// where it fails at >=, "exceeds" where it fails at >.
QVector<ParityCriteria::Rule> ParityCriteria::rules(const ParityOptions &o)
{
    QVector<Rule> out;
    out.append({QStringLiteral("candidate-nonfinite"),
                Verdict::Fail,
                {},
                sentence(QT_TRANSLATE_NOOP("ParityCriteria",
                                           "FAIL when the candidate is NaN or inf at a step where the baseline is "
                                           "finite."))});
    if (o.firstStepAbsLimit > 0 && o.firstStepRelLimit > 0)
        out.append({QStringLiteral("first-step"),
                    Verdict::Fail,
                    {},
                    sentence(QT_TRANSLATE_NOOP("ParityCriteria",
                                               "FAIL when at the first judged step the absolute error is not below %1 "
                                               "and the relative error is not below %2."),
                             {number(o.firstStepAbsLimit), percent(o.firstStepRelLimit)})});
    else if (o.firstStepAbsLimit > 0)
        out.append({QStringLiteral("first-step"),
                    Verdict::Fail,
                    {},
                    sentence(QT_TRANSLATE_NOOP("ParityCriteria",
                                               "FAIL when at the first judged step the absolute error is not below "
                                               "%1."),
                             {number(o.firstStepAbsLimit)})});
    else if (o.firstStepRelLimit > 0)
        out.append({QStringLiteral("first-step"),
                    Verdict::Fail,
                    {},
                    sentence(QT_TRANSLATE_NOOP("ParityCriteria",
                                               "FAIL when at the first judged step the relative error is not below "
                                               "%1."),
                             {percent(o.firstStepRelLimit)})});
    const QString window = QString::number(std::max(1, o.divergenceWindow));
    out.append({QStringLiteral("divergence"),
                o.divergenceFails ? Verdict::Fail : Verdict::Warn,
                {},
                o.divergenceFails
                    ? sentence(QT_TRANSLATE_NOOP("ParityCriteria",
                                                 "FAIL at a divergence: a step beyond tolerance where more than half "
                                                 "of the %1 judged steps from it are beyond too."),
                               {window})
                    : sentence(QT_TRANSLATE_NOOP("ParityCriteria",
                                                 "WARN, not FAIL, at a divergence: a step beyond tolerance where more "
                                                 "than half of the %1 judged steps from it are beyond too."),
                               {window})});
    if (o.minWithinShare > 0)
        out.append({QStringLiteral("within-share"),
                    Verdict::Fail,
                    {},
                    sentence(QT_TRANSLATE_NOOP("ParityCriteria",
                                               "FAIL when fewer than %1 of the judged steps are within tolerance."),
                             {percent(o.minWithinShare)})});
    if (o.meanEitherLimit && o.meanRelLimit > 0 && o.meanAbsLimit > 0) {
        out.append({QStringLiteral("mean"),
                    Verdict::Fail,
                    {},
                    sentence(QT_TRANSLATE_NOOP("ParityCriteria",
                                               "FAIL when the mean absolute error is not below %1 and the mean "
                                               "relative error is not below %2 (either one below passes)."),
                             {number(o.meanAbsLimit), percent(o.meanRelLimit)})});
    } else {
        if (o.meanRelLimit > 0)
            out.append(
                {QStringLiteral("mean-rel"),
                 Verdict::Fail,
                 {},
                 sentence(QT_TRANSLATE_NOOP("ParityCriteria", "FAIL when the mean relative error is not below %1."),
                          {percent(o.meanRelLimit)})});
        if (o.meanAbsLimit > 0)
            out.append({QStringLiteral("mean-abs"),
                        Verdict::Fail,
                        {},
                        sentence(QT_TRANSLATE_NOOP("ParityCriteria", "FAIL when the mean absolute error exceeds %1."),
                                 {number(o.meanAbsLimit)})});
    }
    // The engine judges grad_norm beside the compared metric, unless that is grad_norm itself.
    if (o.gradNormMeanRelLimit > 0 && MetricNames::normalise(o.metric) != MetricNames::gradNorm)
        out.append({QStringLiteral("metric-mean-rel"), Verdict::Fail, MetricNames::gradNorm,
                    sentence(QT_TRANSLATE_NOOP("ParityCriteria",
                                               "FAIL when the mean relative error of %1 exceeds %2 (WARN when the "
                                               "runs have no common step with it)."),
                             {MetricNames::gradNorm, percent(o.gradNormMeanRelLimit)})});
    if (o.minThroughputRatio > 0)
        out.append({QStringLiteral("throughput"),
                    Verdict::Warn,
                    {},
                    sentence(QT_TRANSLATE_NOOP("ParityCriteria",
                                               "WARN when the candidate's throughput is below %1 the baseline's."),
                             {NumberText::ratio(o.minThroughputRatio)})});
    if (o.minJudgedSteps > 0)
        out.append({QStringLiteral("few-steps"),
                    Verdict::Warn,
                    {},
                    sentence(QT_TRANSLATE_NOOP("ParityCriteria", "WARN when fewer than %1 steps can be judged."),
                             {QString::number(o.minJudgedSteps)})});
    return out;
}

QVector<ParityCriteria::Sentence> ParityCriteria::definitions(const ParityOptions &o)
{
    QVector<Sentence> out{sentence(QT_TRANSLATE_NOOP("ParityCriteria",
                                                     "A step is within tolerance when |B − A| ≤ %1 + %2·|A| (A "
                                                     "baseline, B candidate)."),
                                   {number(o.absTol), percent(o.relTol)})};
    if (o.skipWarmup > 0)
        out.append(sentence(QT_TRANSLATE_NOOP("ParityCriteria", "Steps up to %1 are warm-up and not judged."),
                            {NumberText::step(o.skipWarmup)}));
    return out;
}

ParityCriteria::Sentence ParityCriteria::preset(const ParityOptions &o)
{
    return sentence(QT_TRANSLATE_NOOP("ParityCriteria", "Preset %1 (%2)."),
                    {o.preset, ParityPresets::source(o.preset)});
}

QStringList ParityCriteria::sentences(const ParityOptions &o, bool translated)
{
    QStringList out;
    const auto add = [&](const Sentence &s) { out.append(translated ? s.translated() : s.english()); };
    for (const Sentence &s : definitions(o))
        add(s);
    for (const Rule &r : rules(o))
        add(r.sentence);
    return out;
}
