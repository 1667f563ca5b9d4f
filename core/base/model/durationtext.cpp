// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "durationtext.h"

namespace DurationText {

QString clock(qint64 seconds, bool withHours)
{
    // -seconds of the smallest qint64 does not exist; no duration is that long.
    const QString sign = seconds < 0 ? QStringLiteral("-") : QString();
    const quint64 s = seconds < 0 ? quint64(0) - quint64(seconds) : quint64(seconds);
    const QLatin1Char zero('0');
    if (withHours || s >= 3600)
        return sign % QStringLiteral("%1:%2:%3").arg(s / 3600).arg(s / 60 % 60, 2, 10, zero).arg(s % 60, 2, 10, zero);
    return sign % QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, zero);
}

} // namespace DurationText
