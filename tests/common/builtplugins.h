// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/parity/paritypresets.h"
#include "core/sources/plugins/pluginmanager.h"

#include <QString>

/// The real backend plugins from the build tree.
inline PluginManager &builtPlugins()
{
    static PluginManager plugins({QStringLiteral(PORTBENCH_BUILD_DIR "/lib/portbench/plugins")});
    return plugins;
}

/// The built plugins' config profiles: what the config code is given for backends, devices and rules.
inline const BackendProfiles &builtProfiles()
{
    return builtPlugins().backendProfiles();
}

/// The parity presets the built plugins bring beside core's: what the parity code is given.
inline const ParityPresets &builtParityPresets()
{
    static const ParityPresets presets = ParityPresets::read(builtPlugins().backends());
    return presets;
}
