// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/deviceinventory.h"
#include "core/base/device/envcheck.h"

#include <QList>
#include <QMap>
#include <QString>

/// What one backend plugin's probe found on a host.
struct BackendProbe
{
    QString backendId; ///< "cuda", "npu", "musa"
    bool toolFound = false; ///< the vendor tool ran: the host has (a driver for) this hardware
    DeviceInventory inventory;
    QList<EnvCheck> checks;
    /// Versions the compatibility check reads: "driver", "cuda", "cann", "musa_sdk", ...
    QMap<QString, QString> versions;
};
