// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/backendinfo.h"
#include "devicepreset.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

struct TrainingConfig;

/// A line of the environment script a backend needs (`export HCCL_CONNECT_TIMEOUT=1200`, a comment).
struct BackendEnvironmentLine
{
    QString text;
    bool deterministicOnly = false; ///< only written for parity runs (TrainingConfig::deterministic)
};

/// A config check that only holds on one backend ("ZeRO-3 with offload fails on Ascend").
/// The condition is data: each condition that is set must hold for the rule to fire.
struct BackendConfigRule
{
    QString field; ///< the config field the issue points at ("strategy.zero.stage")
    bool error = false; ///< false: a warning
    QString message;
    int zeroStage = -1; ///< "zero.stage": fires only with ZeRO at this stage (-1: any)
    int zeroOffload = -1; ///< "zero.offload": 1 fires only with, 0 only without ZeRO offload (-1: either)

    bool appliesTo(const TrainingConfig &c) const;
};

/// What the config editor, the emitters and the importers know about one device backend:
/// BackendInfo plus the backend's config data (the plugin's backendprofile.json; format in
/// docs/ARCHITECTURE.md, "Adding a backend"). Core code reads this instead of naming vendors.
struct BackendProfile
{
    BackendInfo info;
    QStringList environmentSetup; ///< lines before the visible-devices export (`. set_env.sh`)
    QList<BackendEnvironmentLine> environment; ///< lines after it
    QList<DevicePreset> devicePresets;
    QString defaultDevicePreset; ///< the preset assumed when a launch script implies this backend
    QString slurmGres = QStringLiteral("gpu"); ///< `#SBATCH --gres=<name>:N`
    QString accelerateDistributedType = QStringLiteral("MULTI_GPU"); ///< accelerate's multi-device type
    QStringList launchMarkers; ///< words in a launch script that imply this backend (`ASCEND_`, `torch_npu`)
    QList<BackendConfigRule> rules;

    /// Reads the JSON a plugin returns from DeviceBackend::backendProfile(); `error` names what is wrong.
    static BackendProfile fromJson(const BackendInfo &info, const QByteArray &json, QString *error);
};
