#pragma once

#include "env/commandrunner.h"

#include <QCommandLineParser>

/// The --host / --ssh-config / --timeout options that `env` and `topo` share, and the runner
/// they describe.
class HostOptions
{
public:
    static void add(QCommandLineParser &parser);
    static CommandRunner runner(const QCommandLineParser &parser);
};
