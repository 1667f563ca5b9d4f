// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "pdftounicodefix.h"

#include <QFont>
#include <QRawFont>
#include <QFontDatabase>

QHash<char16_t, char16_t> PdfToUnicodeFix::radicalsToIdeographs(const QString &family)
{
    QFont font(family);
    font.setPixelSize(32);
    const QRawFont raw = QRawFont::fromFont(font, QFontDatabase::SimplifiedChinese);
    QHash<char16_t, char16_t> map;
    if (!raw.isValid() || raw.familyName() != family)
        return map;
    // Glyph → ideograph, over CJK Unified Ideographs (and Extension A): the characters text uses.
    QHash<quint32, char16_t> ideographOf;
    for (const auto &[first, last] : {std::pair<char16_t, char16_t>{0x3400, 0x4DBF}, {0x4E00, 0x9FFF}}) {
        QString chars;
        for (char16_t c = first; c <= last; ++c)
            chars += QChar(c);
        const QList<quint32> glyphs = raw.glyphIndexesForString(chars);
        for (qsizetype i = 0; i < glyphs.size() && i < chars.size(); ++i) {
            if (glyphs.at(i) != 0 && !ideographOf.contains(glyphs.at(i)))
                ideographOf.insert(glyphs.at(i), chars.at(i).unicode());
        }
    }
    QString radicals;
    for (char16_t c = 0x2E80; c <= 0x2FDF; ++c)
        radicals += QChar(c);
    const QList<quint32> glyphs = raw.glyphIndexesForString(radicals);
    for (qsizetype i = 0; i < glyphs.size() && i < radicals.size(); ++i) {
        const auto it = ideographOf.constFind(glyphs.at(i));
        if (glyphs.at(i) != 0 && it != ideographOf.cend())
            map.insert(radicals.at(i).unicode(), *it);
    }
    return map;
}

QByteArray PdfToUnicodeFix::apply(const QByteArray &pdf, const QHash<char16_t, char16_t> &map)
{
    if (map.isEmpty())
        return pdf;
    QByteArray out = pdf;
    // QFontSubset::createToUnicodeMap writes "<first> <last> [<U+> <U+> ...]" lines between
    // beginbfrange and endbfrange; only the Unicode values inside the brackets are rewritten.
    for (qsizetype from = out.indexOf("beginbfrange"); from >= 0; from = out.indexOf("beginbfrange", from)) {
        const qsizetype to = out.indexOf("endbfrange", from);
        if (to < 0)
            break;
        bool inArray = false;
        for (qsizetype i = from; i + 5 < to; ++i) {
            const char c = out.at(i);
            if (c == '[' || c == ']')
                inArray = c == '[';
            if (!inArray || c != '<' || out.at(i + 5) != '>')
                continue;
            bool ok = false;
            const uint value = out.mid(i + 1, 4).toUInt(&ok, 16);
            const auto it = ok ? map.constFind(char16_t(value)) : map.cend();
            if (it != map.cend())
                out.replace(i + 1, 4, QByteArray::number(uint(*it), 16).toUpper().rightJustified(4, '0'));
        }
        from = to;
    }
    return out;
}
