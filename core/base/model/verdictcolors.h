// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringView>

/// The colours of PASS, WARN and FAIL, defined once for every place that shows a verdict: the Parity
/// panel's badge, the stack check's verdict, the config editors' issue borders, and the report's
/// HTML and PDF. `strong` is for text, badges and borders, `fill` for a row or badge background
/// under strong text. The dark set is for the GUI's dark theme; reports are read on white and use
/// the light set. tst_verdictcolors holds each pair to a readable contrast.
namespace VerdictColors {

enum class Level { Pass, Warn, Fail };

/// "pass", "warn", "fail" in any case (ParityResult::verdictName, ReportDocument::severityOf); false otherwise.
bool fromName(QStringView name, Level *level);
/// 0xRRGGBB.
quint32 strong(Level level, bool dark = false);
quint32 fill(Level level, bool dark = false);
/// "#1a7f37", for style sheets and CSS.
QString css(quint32 rgb);

} // namespace VerdictColors
