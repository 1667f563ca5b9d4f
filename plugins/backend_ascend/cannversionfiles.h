// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QString>

/// Version files of an Ascend install: the CANN toolkit's `version.cfg`
/// (`toolkit_running_version=[7.6.0.1.220:8.0.0]`, the CANN release after the colon),
/// `ascend_toolkit_install.info` (`version=8.0.0`) and the driver's `version.info` (`Version=24.1.rc1`).
class CannVersionFiles
{
public:
    /// The CANN release in version.cfg: toolkit_running_version first, then runtime_running_version.
    static QString fromVersionCfg(const QByteArray &data);
    /// The value of key in a `key=value` file (`version` in *_install.info, `Version` in version.info).
    static QString value(const QByteArray &data, const QString &key);
};
