#pragma once

#include "env/compatentry.h"
#include "env/envcheck.h"

#include <QByteArray>
#include <QList>

/// The torch_npu ↔ torch ↔ CANN ↔ Python and torch_musa ↔ torch ↔ MUSA SDK matrix, and the
/// checks built on it ("torch_npu must match PyTorch and CANN, or problems follow": mismatches
/// surface as "undefined symbol" at import).
class CompatMatrix
{
public:
    /// Parses the CSV (header: vendor,plugin_package,plugin_version,torch_version,toolkit,
    /// toolkit_version,python_versions,source). Bad rows are reported in warnings, never fatal.
    static CompatMatrix fromCsv(const QByteArray &csv);
    /// The matrix compiled into portbench_core (`:/portbench/compat_matrix.csv`).
    static CompatMatrix builtin();

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
