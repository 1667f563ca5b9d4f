// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "configissue.h"

QString ConfigIssue::toString() const
{
    return QStringLiteral("%1: %2: %3")
        .arg(severity == Severity::Error ? QStringLiteral("error") : QStringLiteral("warning"), field, message);
}
