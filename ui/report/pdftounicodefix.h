// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

/// Makes the text of a Qt-written PDF map back to the characters that were drawn.
///
/// QPdfWriter's ToUnicode table gives each embedded glyph the lowest code point that the font maps
/// to it. CJK fonts (Noto Sans CJK) map a Kangxi radical and its ideograph to one glyph — U+2F63 ⽣
/// and U+751F 生, U+2EEC ⻬ and U+9F50 齐 — so copying or searching a Chinese PDF, or `pdftotext`,
/// gave the radicals: "精度对⻬" instead of "精度对齐". The page looks right; its text did not.
/// This rewrites those entries to the ideograph that shares the glyph in the report's CJK font.
/// Entries are four hex digits on both sides, so the file keeps its length and its xref offsets.
class PdfToUnicodeFix
{
public:
    /// Radical (U+2E80–U+2FDF) → the CJK unified ideograph with the same glyph in family.
    static QHash<char16_t, char16_t> radicalsToIdeographs(const QString &family);
    /// pdf with every ToUnicode entry in map replaced; unchanged when map is empty.
    static QByteArray apply(const QByteArray &pdf, const QHash<char16_t, char16_t> &map);
};
