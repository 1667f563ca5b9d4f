// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/exec/commandrunner.h"

#include <QCommandLineParser>

/// The --host / --ssh-config / --timeout options that `env` and `topo` share, and the runner
/// they describe. --ssh-config is declared here once for every command that reaches a host
/// (env, topo, stackcheck, run, submit, attach).
class HostOptions
{
public:
    static void add(QCommandLineParser &parser);
    /// --ssh-config alone, for commands with their own way of naming the host.
    static void addSshConfig(QCommandLineParser &parser);
    static QString sshConfig(const QCommandLineParser &parser);
    /// Why the options cannot be used (a --timeout that is not 1..86400 seconds); empty when fine.
    static QString validate(const QCommandLineParser &parser);
    static CommandRunner runner(const QCommandLineParser &parser);
};
