// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "versionnumber.h"

#include <QList>
#include <QPair>
#include <QRegularExpression>

namespace {
// (class, number): 1 pre-release, 2 release component, 3 post-release.
QList<QPair<int, qint64>> components(const QString &version)
{
    QList<QPair<int, qint64>> out;
    QString v = version.trimmed().toLower();
    v = v.section(QLatin1Char('+'), 0, 0); // PEP 440 local part: "+cpu", "+cu118"
    static const QRegularExpression part(QStringLiteral("(\\d+)|([a-z]+)(\\d*)"));
    auto it = part.globalMatch(v);
    while (it.hasNext()) {
        const auto m = it.next();
        if (!m.captured(1).isEmpty()) {
            out << qMakePair(2, m.captured(1).toLongLong());
        } else {
            const QString tag = m.captured(2);
            const qint64 n = m.captured(3).toLongLong();
            if (tag == QLatin1String("post") || tag == QLatin1String("p"))
                out << qMakePair(3, n);
            else if (tag != QLatin1String("v"))
                out << qMakePair(1, n);
        }
    }
    return out;
}
}

int VersionNumber::compare(const QString &a, const QString &b)
{
    const auto ca = components(a);
    const auto cb = components(b);
    for (int i = 0; i < std::max(ca.size(), cb.size()); ++i) {
        const auto x = i < ca.size() ? ca.at(i) : qMakePair(2, qint64(0));
        const auto y = i < cb.size() ? cb.at(i) : qMakePair(2, qint64(0));
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

QString VersionNumber::baseRelease(const QString &version)
{
    static const QRegularExpression re(QStringLiteral("^\\s*v?(\\d+(?:\\.\\d+)*)"));
    return re.match(version).captured(1);
}

QString VersionNumber::majorMinor(const QString &version)
{
    return baseRelease(version).section(QLatin1Char('.'), 0, 1);
}
