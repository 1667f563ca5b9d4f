// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "chartfontfallback.h"

#include "reportpdfwriter.h"

#include <QFont>
#include <QGuiApplication>

ChartFontFallback::ChartFontFallback(const QString &language)
    : m_family(QGuiApplication::font().family())
    , m_before(QFont::substitutes(m_family))
{
    const QStringList families = ReportPdfWriter::fontFamilies(language);
    if (families.size() > 1)
        QFont::insertSubstitutions(m_family, QStringList{families.last()} + m_before);
}

ChartFontFallback::~ChartFontFallback()
{
    QFont::removeSubstitutions(m_family);
    if (!m_before.isEmpty())
        QFont::insertSubstitutions(m_family, m_before);
}
