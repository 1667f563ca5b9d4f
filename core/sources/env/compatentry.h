// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

/// One row of a backend plugin's compatibility rows (plugins/backend_*/compatibility.csv): a device
/// extension release, the torch it is built for, the vendor toolkit it needs, the Pythons it
/// supports, and where that was read.
struct CompatEntry
{
    QString backend; ///< the plugin whose rows it is ("npu"); empty when read from a CSV alone
    int line = 0; ///< line in that plugin's CSV, for messages
    QString vendor;
    QString package; ///< "torch_npu", "torch_musa"
    QString pluginVersion; ///< normalised: "1.11.0.rc2 (beta)" -> "1.11.0.rc2", "2.9.1(.post1)" -> "2.9.1"
    QString torchVersion; ///< numeric release: "2.1.0"
    QString toolkit; ///< "CANN", "MUSA SDK / musa_toolkits"
    QString toolkitVersion; ///< numeric toolkit version, empty when the source does not state one
    QString toolkitText; ///< the cell as written (notes on drivers, containers)
    QStringList pythonVersions; ///< "3.8", "3.9", ...; empty when the source does not list them
    QString source;
};
