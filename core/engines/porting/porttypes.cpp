// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/porttypes.h"

namespace Port {

QString severityName(Severity severity)
{
    switch (severity) {
    case Severity::AutoFix: return QStringLiteral("auto-fix");
    case Severity::Manual: return QStringLiteral("manual");
    case Severity::Unsupported: return QStringLiteral("unsupported");
    }
    return {};
}

bool severityFromName(const QString &name, Severity *severity)
{
    for (Severity s : {Severity::AutoFix, Severity::Manual, Severity::Unsupported}) {
        if (name == severityName(s)) {
            *severity = s;
            return true;
        }
    }
    return false;
}

QList<Finding> Result::findings() const
{
    QList<Finding> all = errors;
    for (const FileResult &f : files)
        all += f.findings;
    return all;
}

int Result::count(Severity severity) const
{
    int n = 0;
    for (const Finding &f : findings())
        n += f.severity == severity ? 1 : 0;
    return n;
}

bool Result::needsHuman() const
{
    return count(Severity::Manual) > 0 || count(Severity::Unsupported) > 0;
}

} // namespace Port
