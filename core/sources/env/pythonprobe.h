// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/envcheck.h"
#include "core/base/device/pythonenvironment.h"

#include <QList>
#include <QStringList>

class CommandRunner;

/// Asks a Python interpreter (on this host or over SSH) which training modules it can import:
/// torch, each loaded backend's device extension (BackendInfo::torchExtension), deepspeed,
/// transformers, accelerate, megatron.core, mindspeed.
/// A small inline script imports each one in its own try block and prints JSON, so a missing
/// module or an "undefined symbol" import error becomes a row instead of stopping the probe.
class PythonProbe
{
public:
    /// The modules asked about, the device extensions (empty ones and repeats dropped) after torch.
    static QStringList modules(const QStringList &deviceExtensions);
    static QString script(const QStringList &modules);
    static PythonEnvironment probe(const CommandRunner &runner, const QString &interpreter, const QStringList &modules);
    /// `python3` on PATH, /usr/bin/python3, and the base and env interpreters of conda/miniforge
    /// installs in the usual places ($CONDA_PREFIX, ~/miniconda3, ~/anaconda3, ~/miniforge3, /opt/conda).
    static QStringList discover(const CommandRunner &runner);
    /// Rows "python.interpreter" and "python.<module>" for each of modules; required: modules whose
    /// absence is a failure.
    static QList<EnvCheck> checks(const PythonEnvironment &env, const QStringList &modules,
                                  const QStringList &required = {});
};
