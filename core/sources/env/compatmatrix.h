// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/env/compatentry.h"
#include "core/base/device/envcheck.h"

#include <QByteArray>
#include <QList>

class DeviceBackend;

/// Which release of a device extension (torch_npu, torch_musa, ...) needs which torch, vendor
/// toolkit and Python — the rows every backend plugin brings (DeviceBackend::compatibilityRows) —
/// and the checks built on them ("the extension must match PyTorch and the toolkit, or problems
/// follow": mismatches surface as "undefined symbol" at import).
class CompatMatrix
{
public:
    /// Parses the CSV (header: vendor,plugin_package,plugin_version,torch_version,toolkit,
    /// toolkit_version,python_versions,source). Bad rows are reported in warnings, never fatal.
    /// The toolkit version is the first word of toolkit_version that is a version number
    /// ("8.0.RC3", "rc3.1.0", "MUSA SDK 4.2.0 (container …)" → "4.2.0"); none leaves it unknown.
    static CompatMatrix fromCsv(const QByteArray &csv);
    /// Every backend's rows together; a plugin whose CSV cannot be read adds a warning naming it
    /// and no rows, and the others still count.
    static CompatMatrix fromBackends(const QList<const DeviceBackend *> &backends);

    const QList<CompatEntry> &entries() const { return m_entries; }
    QString error() const { return m_error; }
    QStringList warnings() const { return m_warnings; }
    explicit operator bool() const { return m_error.isEmpty(); }

    /// The row for this plugin release (local version part and post suffix spelled exactly).
    const CompatEntry *find(const QString &package, const QString &pluginVersion) const;
    /// Rows for a torch release and toolkit, to suggest the plugin build that matches what is installed.
    QList<CompatEntry> forTorch(const QString &package, const QString &torchVersion) const;

    /// Rows for torch / plugin / toolkit / Python, ids "compat.<package>.torch|toolkit|python".
    /// Empty toolkit or python means "not known": that row is skipped, never failed.
    QList<EnvCheck> check(const QString &package, const QString &pluginVersion, const QString &torchVersion,
                          const QString &toolkitVersion, const QString &pythonVersion) const;

private:
    QList<CompatEntry> m_entries;
    QString m_error;
    QStringList m_warnings;
};
