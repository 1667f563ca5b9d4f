#pragma once

#include "backendinfo.h"

#include <QByteArray>
#include <QtPlugin>

/// The interface every device-backend plugin implements (plugins/backend_*).
///
/// It stays small and pure: later capabilities (environment probes, topology parsing, porting
/// rules) are added as further virtual functions with the interface id's version bumped, so a
/// plugin built against an older interface is refused by QPluginLoader's IID check instead of
/// crashing on a missing vtable slot.
class DeviceBackend
{
public:
    virtual ~DeviceBackend() = default;

    virtual BackendInfo info() const = 0;

    // Porting (core/porting): the rules are data owned by the plugin, not code branches.
    /// The plugin's porting rules as JSON (format: docs/porting.md). The npu and musa plugins
    /// carry cuda → device rules; the cuda plugin carries the reverse (npu/musa → cuda) rules.
    virtual QByteArray portingRules() const = 0;
};

#define DeviceBackend_iid "org.portbench.DeviceBackend/2.0"
Q_DECLARE_INTERFACE(DeviceBackend, DeviceBackend_iid)
