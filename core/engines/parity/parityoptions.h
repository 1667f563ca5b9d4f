// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QVector>

#include <optional>

/// How a parity comparison is aligned and judged. docs/parity.md gives every field's source.
///
/// A step is within tolerance when |B − A| ≤ absTol + relTol·|A| (A baseline, B candidate): the
/// numpy.isclose / torch.allclose rule, so a relative preset (relTol 2 %) and an absolute one
/// (absTol 1e-4) are two settings of one test. The defaults below are what a preset changes from
/// (ParityPreset): a relative 2 % gate with ≥ 99.9 % of the steps within.
struct ParityOptions
{
    static constexpr int maxCandidates = 6; ///< as Ascend's Loss Comparison plugin
    /// The preset whose tolerances the user gives, and the name of the defaults below.
    static QString customPreset() { return QStringLiteral("custom"); }

    /// The preset these criteria are (ParityPresets): one of core's or one a backend plugin brings.
    QString preset = customPreset();
    /// Empty or "loss": each run's primary loss (lm_loss, else loss). Otherwise a metric name,
    /// normalised with MetricNames::normalise, that both runs must have.
    QString metric;

    double relTol = 0.02;
    double absTol = 0.0;
    double minWithinShare = 0.999; ///< FAIL below this share of judged steps within tolerance
    double meanRelLimit = 0.02; ///< FAIL when the mean relative error is ≥ this; 0 = off
    double meanAbsLimit = 0.0; ///< FAIL when the mean absolute error is > this; 0 = off
    /// The mean criterion holds when either limit holds (MindSpore: mean abs < 0.01 or mean rel < 1 %);
    /// false: each limit that is set must hold.
    bool meanEitherLimit = false;
    /// The first judged step on its own (MindSpore: abs < 0.005 or rel < 0.5 %); both 0 = off.
    double firstStepAbsLimit = 0.0;
    double firstStepRelLimit = 0.0;
    /// FAIL when the global grad norm's mean relative error exceeds this (MindSpore: 10 %); 0 = off.
    double gradNormMeanRelLimit = 0.0;
    /// A first divergence FAILs (ascend, strict); presets judged on means only report it as a WARN.
    bool divergenceFails = true;
    int minJudgedSteps = 10; ///< WARN below this many judged steps (MindSpore: 1,000)

    qint64 skipWarmup = 0; ///< aligned steps ≤ this are excluded from the statistics
    qint64 baselineStepOffset = 0; ///< added to every baseline step
    QVector<qint64> candidateStepOffsets; ///< added to every step of candidate i; absent = 0
    bool interpolate = false; ///< compare on every baseline step, interpolating the candidate

    /// First divergence: the first beyond-tolerance step where more than half of the window of
    /// judged steps starting there are beyond too. 1 makes a single step count.
    int divergenceWindow = 5;

    double driftTail = 0.25; ///< share of the judged steps, at the end, that the trend is fitted on
    double driftShare = 0.5; ///< drift when the fitted change over the tail exceeds this share of the tolerance
    double driftMinT = 3.0; ///< and the slope's t statistic is at least this

    int spikeBlock = 128; ///< points per local-median block
    double spikeMads = 6.0; ///< a spike rises more than this many scaled MADs above the local median

    double throughputSkip = 0.1; ///< share of each run's points after warm-up treated as ramp-up
    double minThroughputRatio = 0.0; ///< WARN when candidate/baseline throughput is below; 0 = off

    qint64 candidateStepOffset(int candidate) const
    {
        return candidate < candidateStepOffsets.size() ? candidateStepOffsets.at(candidate) : 0;
    }

    /// The criteria of the preset with this name (ParityPresets::find, any case); the defaults
    /// above, named custom, for a name no loaded preset has.
    static ParityOptions forPreset(const QString &name);
    /// A preset with the per-step tolerances the user gave (the CLI's --rel-tol/--abs-tol, the GUI's
    /// tolerance boxes; an absent one keeps the preset's). The mean limits follow them, as in the
    /// published presets: a preset's mean limit that is on takes the new tolerance. `custom` starts
    /// from no tolerance and no mean limit: the mean relative limit is relTol, the mean absolute
    /// limit absTol when no relative tolerance is set.
    static ParityOptions forPreset(const QString &name, std::optional<double> relTol, std::optional<double> absTol);
};
