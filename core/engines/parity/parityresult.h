// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityoptions.h"
#include "paritysentence.h"
#include "core/engines/telemetry/runtelemetrysummary.h"

#include <QPair>
#include <QString>
#include <QVector>

#include <cmath>
#include <limits>
#include <vector>

/// Everything a parity comparison found, for one baseline and up to six candidates. A plain value:
/// the CLI prints it, ParityJson serialises it, ParityStatsModel shows it, reports embed it.
/// docs/parity.md defines every field. Steps are *aligned* steps (the run's step plus its offset).
struct ParityResult
{
    enum class Verdict { Pass, Warn, Fail };
    static QString verdictName(Verdict verdict); ///< "PASS", "WARN", "FAIL"

    /// One aligned step. Derived errors are computed on demand to keep 2 M rows at 32 bytes each.
    struct Row
    {
        enum Flag : quint8 {
            Interpolated = 1, ///< the candidate value is interpolated between its neighbours
            Warmup = 2, ///< excluded by skipWarmup
            Beyond = 4, ///< beyond tolerance (a non-finite candidate where the baseline is finite counts)
            BaselineNonFinite = 8,
            CandidateNonFinite = 16,
        };
        qint64 step = 0;
        double baseline = 0;
        double candidate = 0;
        quint8 flags = 0;

        bool has(Flag f) const { return flags & f; }
        double diff() const { return candidate - baseline; } ///< B − A, signed
        double absErr() const { return std::abs(candidate - baseline); }
        /// |B − A| / |A|; 0 when both are 0, inf when only A is.
        double relErr() const
        {
            const double d = std::abs(candidate - baseline);
            if (baseline == 0)
                return d == 0 ? 0.0 : std::numeric_limits<double>::infinity();
            return d / std::abs(baseline);
        }
    };

    struct Reason
    {
        Verdict level = Verdict::Warn;
        QString code; ///< stable identifier: "candidate-nonfinite", "divergence", "within-share", ...
        QString message; ///< in English: the CLI and the JSON
        qint64 step = -1; ///< the step the reason is about, -1 if none (the GUI jumps there)
        QString metric; ///< the metric the reason judges (loss, grad_norm), empty when none
        ParitySentence text; ///< the message's source and arguments ("ParityReason"); none when read from JSON

        /// The message in the installed language (the English message where there is no source).
        QString translated() const { return text.source ? text.translated() : message; }
    };

    /// A mismatch class as MindSpeed-LLM's precision guide sorts them (docs/parity.md): the kind of
    /// disagreement, where the evidence lies and what to check first.
    struct MismatchClass
    {
        QString code; ///< first-step-gap, long-run-drift, extra-spikes, late-divergence, nan-inf
        QString label; ///< in English, marked for the catalogue ("ParityReason")
        qint64 fromStep = -1, toStep = -1; ///< the evidence step range
        QString evidence; ///< in English: the CLI and the JSON
        QString checkFirst; ///< in English, marked for the catalogue ("ParityReason")
        ParitySentence evidenceText; ///< the evidence's source and arguments; none when read from JSON

        /// label, evidence and checkFirst in the installed language (the GUI, the report).
        QString translatedLabel() const;
        QString translatedEvidence() const { return evidenceText.source ? evidenceText.translated() : evidence; }
        QString translatedCheckFirst() const;
    };

    /// Another metric judged by the preset (MindSpore: the global grad norm's mean relative error).
    struct MetricCheck
    {
        QString metric;
        int steps = 0; ///< common steps after warm-up with both values finite
        double meanRel = 0;
        double limit = 0;
        bool passed = true;
    };

    /// How many digits a run prints for a metric, and what that hides (docs/parity.md).
    struct Precision
    {
        QString metric;
        int baselineDigits = 0, candidateDigits = 0; ///< most significant digits any sampled value needs
        double resolution = 0; ///< the coarser run's printed step at the baseline's median magnitude
        double tolerance = 0; ///< the per-step tolerance at that magnitude
        bool toleranceBelowResolution = false;
        QString baselineFullPrecision, candidateFullPrecision; ///< a full-precision source beside the log, if any
    };

    /// The noise envelope of several baseline runs against one candidate.
    struct EnvelopeCheck
    {
        int steps = 0; ///< judged steps where every baseline logged a value
        int outside = 0; ///< of them, steps where the candidate leaves the widened envelope
        double outsideShare = 0;
        qint64 firstOutside = -1;
        QVector<QPair<qint64, qint64>> outsideRanges; ///< runs of consecutive outside steps (at most 20 kept)
        double meanAbsExcess = 0, meanRelExcess = 0; ///< distance to the baselines' spread (0 inside), mean
    };

    /// How the baselines of an envelope differ from the first one.
    struct BaselineSpread
    {
        QString name, path;
        int commonSteps = 0;
        int beyondTolerance = 0; ///< steps where it differs from the first baseline by more than the tolerance
        qint64 firstBeyondStep = -1;
        double maxAbs = 0, maxRel = 0;
        qint64 maxRelStep = -1;
    };

    struct Drift
    {
        bool evaluated = false; ///< false when the tail had fewer than 10 finite steps
        bool detected = false;
        qint64 fromStep = -1, toStep = -1;
        int points = 0;
        double relSlope = 0, relChange = 0, relT = 0; ///< signed (B − A)/|A| per step, × span, t
        double absSlope = 0, absChange = 0, absT = 0; ///< signed B − A per step, × span, t
    };

    struct Spike
    {
        qint64 step = 0;
        double value = 0;
        double localMedian = 0;
        double mads = 0; ///< (value − localMedian) / (1.4826·MAD)
        bool inOtherRun = false; ///< the other run has a spike within one block of this step
    };

    struct SpikeSet
    {
        QString metric; ///< the baseline's name for it
        QVector<Spike> baseline;
        QVector<Spike> candidate;
        int candidateOnly() const;
    };

    struct Throughput
    {
        QString source; ///< tokens_per_s, samples_per_s, tokens_per_s_per_device, elapsed_ms, wall_time; empty = none
        double baseline = std::numeric_limits<double>::quiet_NaN(); ///< median steady-state rate (or ms per step)
        double candidate = std::numeric_limits<double>::quiet_NaN();
        double ratio = std::numeric_limits<double>::quiet_NaN(); ///< candidate speed / baseline speed
        int baselinePoints = 0, candidatePoints = 0;
    };

    struct FairnessItem
    {
        enum class Status { Match, Mismatch, Unknown };
        static QString statusName(Status status); ///< "match", "mismatch", "unknown"
        static QString translatedStatusName(Status status); ///< statusName() in the installed language
        QString translatedLabel() const; ///< the label in the installed language
        QString key; ///< seed, dropout, global_batch, seq_length, world_size, lr_schedule, precision, data_order,
                     ///< step_count
        QString label;
        Status status = Status::Unknown;
        QString baselineValue, candidateValue;
        QString detail; ///< where it was seen (meta key or the step of a per-step difference)
        qint64 step = -1;
    };

    struct Candidate
    {
        QString name, sourcePath;
        QString baselineMetric, candidateMetric;
        qint64 stepOffset = 0;

        // Alignment
        int baselinePoints = 0; ///< points with the metric after restarts are resolved
        int candidatePoints = 0;
        int commonSteps = 0; ///< steps both runs logged (after offsets)
        int interpolatedSteps = 0;
        int baselineOnlySteps = 0, candidateOnlySteps = 0; ///< not compared (unless interpolated)
        int warmupSteps = 0;
        int judgedSteps = 0; ///< compared rows after warm-up with a finite baseline
        int finiteSteps = 0; ///< judged rows with a finite candidate: the error statistics' base

        // Errors over finiteSteps
        double meanDiff = 0, meanAbs = 0, maxAbs = 0, rmseAbs = 0;
        double meanRel = 0, maxRel = 0, rmseRel = 0;
        qint64 maxAbsStep = -1, maxRelStep = -1;
        int withinCount = 0;
        double withinShare = 0; ///< withinCount / judgedSteps
        int beyondCount = 0;
        qint64 firstBeyondStep = -1;
        qint64 firstDivergenceStep = -1;

        Drift drift;
        QVector<qint64> baselineNonFiniteSteps, candidateNonFiniteSteps; ///< every logged NaN/inf, own steps + offset
        qint64 firstCandidateNaNWithFiniteBaseline = -1;
        QVector<SpikeSet> spikes; ///< the compared metric, then grad_norm when both runs have it
        Throughput throughput;
        RunTelemetrySummary telemetry; ///< the candidate's devices (empty without telemetry): not judged
        QVector<FairnessItem> fairness;

        EnvelopeCheck envelope; ///< empty (steps 0) without extra baselines
        /// Per row: the baselines' spread [min, max] (NaN where a baseline lacks the step); empty without
        /// an envelope. A row is within when min − tol(min) ≤ B ≤ max + tol(max).
        std::vector<std::pair<double, double>> envelopeBounds;
        QVector<MetricCheck> metricChecks;
        QVector<Precision> precision;
        QVector<MismatchClass> classes;

        Verdict verdict = Verdict::Pass;
        QVector<Reason> reasons; ///< FAIL reasons first, then WARN
        std::vector<Row> rows; ///< the aligned per-step table, ascending steps
    };

    QString baselineName, baselinePath;
    RunTelemetrySummary baselineTelemetry; ///< the baseline's devices (empty without telemetry)
    ParityOptions options;
    QVector<Candidate> candidates;
    QVector<BaselineSpread> envelopeBaselines; ///< the extra baselines, against the first
    bool baselineReproducible = true; ///< false when the baselines differ by more than the tolerance
    Verdict verdict = Verdict::Pass; ///< the worst candidate's
    QString error; ///< input error (no such metric, nothing in common, too many candidates)

    explicit operator bool() const { return error.isEmpty(); }
    /// Whether the baseline or a candidate has telemetry (ParityDevicesModel has rows).
    bool hasTelemetry() const;
};
