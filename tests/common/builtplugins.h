// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/plugins/pluginmanager.h"

#include <QString>

/// The real backend plugins from the build tree. Loading them also installs their config
/// profiles (BackendProfiles), which the config code reads for backends, devices and rules.
inline PluginManager &builtPlugins()
{
    static PluginManager plugins({QStringLiteral(PORTBENCH_BUILD_DIR "/lib/portbench/plugins")});
    return plugins;
}
