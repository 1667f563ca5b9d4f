#pragma once

#include "env/commandrunner.h"

#include <QCommandLineParser>

/// The --host / --ssh-config / --timeout options that `env` and `topo` share, and the runner
/// they describe.
class HostOptions
{
public:
    static void add(QCommandLineParser &parser);
    /// Why the options cannot be used (a --timeout that is not 1..86400 seconds); empty when fine.
    static QString validate(const QCommandLineParser &parser);
    static CommandRunner runner(const QCommandLineParser &parser);
};
