// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDateTime>
#include <QString>

/// One entry of a remote folder listing, for the attach dialog's file picker.
struct RemoteFileEntry
{
    QString name; ///< the file name as bytes decoded from UTF-8; may contain anything but '/' and NUL
    bool isDir = false;
    qint64 size = 0;
    QDateTime modified;
};
