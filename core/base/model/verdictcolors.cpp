// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "verdictcolors.h"

namespace VerdictColors {

namespace {

struct Pair
{
    quint32 strong, fill;
};

// Light: GitHub's success/attention/danger foregrounds and subtle backgrounds. Dark: the same
// roles on a dark window, bright text over a deep fill.
constexpr Pair light[] = {{0x1a7f37, 0xdafbe1}, {0x9a6700, 0xfff8c5}, {0xcf222e, 0xffebe9}};
constexpr Pair dark[] = {{0x3fb950, 0x12361f}, {0xd29922, 0x3b2e0c}, {0xff7b72, 0x4a1618}};

const Pair &pair(Level level, bool isDark)
{
    return (isDark ? dark : light)[int(level)];
}

} // namespace

bool fromName(QStringView name, Level *level)
{
    for (const auto &[word, l] :
         {std::pair{QStringView(u"pass"), Level::Pass}, std::pair{QStringView(u"warn"), Level::Warn},
          std::pair{QStringView(u"fail"), Level::Fail}}) {
        if (name.compare(word, Qt::CaseInsensitive) == 0) {
            *level = l;
            return true;
        }
    }
    return false;
}

quint32 strong(Level level, bool isDark)
{
    return pair(level, isDark).strong;
}

quint32 fill(Level level, bool isDark)
{
    return pair(level, isDark).fill;
}

QString css(quint32 rgb)
{
    return QStringLiteral("#%1").arg(rgb & 0xffffff, 6, 16, QLatin1Char('0'));
}

} // namespace VerdictColors
