// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/reference/trainconfig.h"

#include <QByteArrayView>
#include <QString>

/// The built-in parity demo: the same reference model trained twice from the same seed on the same
/// data order with dropout off, a baseline in fp32 and a candidate in bf16, each with its own live
/// log in one output folder. Plain data, shared by `portbench-cli demo` and the GUI's Run Demo.
struct DemoPlan
{
    enum class Side { Baseline, Candidate };
    /// "baseline" or "candidate": the run's label in its log and in messages.
    static QString sideName(Side side);

    TrainConfig baseline;
    TrainConfig candidate;
    QString outputDir;

    /// The demo's own defaults: the reference model for 300 steps (about 1.5 minutes on 2 idle CPU
    /// cores with both runs at once; docs/reference-run.md has the measurement), peak lr 2e-3
    /// after 60 warm-up steps.
    static TrainConfig defaultConfig();
    /// Baseline = config in fp32, candidate = config in bf16; dropout forced off (parity needs it).
    static DemoPlan make(const TrainConfig &config, const QString &outputDir);
    /// A folder that does not exist yet under parent: STEM-YYYYMMDD-HHMMSS[-N] (the stack check
    /// names its folders the same way).
    static QString newOutputDir(const QString &parent, const QString &stem = QStringLiteral("portbench-demo"));

    /// True when the candidate runs on a CPU without native bf16 — no `avx512_bf16` or `amx_bf16`
    /// among the flags of `cpuinfo` (/proc/cpuinfo's text) — so libtorch emulates bf16 and the
    /// candidate takes about ten times the baseline's time; the demo says so before it starts.
    static bool candidateEmulatesBf16(const TrainConfig &candidate, QByteArrayView cpuinfo);
    /// The same for this machine's /proc/cpuinfo (false when it cannot be read).
    static bool candidateEmulatesBf16(const TrainConfig &candidate);
    /// The steps both runs train when the candidate emulates bf16 and the user chose none: an
    /// emulated step takes about 0.3 s on two cores, so the demo stays within about a minute.
    static constexpr int emulatedBf16Steps = 150;
    /// `config` shortened to emulatedBf16Steps, its warm-up (unless `keepWarmup`) scaled alike so
    /// the schedule keeps its shape; both runs use it, so the question stays fp32 vs bf16.
    static TrainConfig shortenedForEmulatedBf16(const TrainConfig &config, bool keepWarmup);

    QString baselineLog() const;
    QString candidateLog() const;
    /// Creates the output folder; returns an error naming it, or empty. Logs already in an existing
    /// folder are kept as .bak by the log writer.
    QString createOutputDir() const;
};
