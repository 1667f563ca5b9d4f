// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/parity/paritypresets.h"

#include <QCoreApplication>

#include <QString>
#include <QStringList>
#include <QVector>

/// What goes into a report: the chosen sections in order, the chart smoothing and the parity
/// criteria. A section whose input is absent (no environment report given) is left out with no
/// error; docs/report.md lists what each contains.
struct ReportOptions
{
    Q_DECLARE_TR_FUNCTIONS(ReportOptions)

public:
    enum class Section { Summary, Environment, Topology, Config, Runs, Charts, Parity, Porting, Tensors };

    QVector<Section> sections = allSections();
    QString title;
    double smoothing = 0.6; ///< EMA weight for the smoothed curves; the raw curve is drawn behind
    ParityOptions parity = ParityOptions::forPreset(ParityPresets::defaultName());
    /// The report's language: "en" or one of TranslationCatalog::languages(); its words, dates
    /// and fonts (numbers are written one way in every language).
    QString language = QStringLiteral("en");

    bool has(Section section) const { return sections.contains(section); }

    static QVector<Section> allSections();
    static QString sectionName(Section section); ///< "summary", "environment", ... (HTML ids, CLI)
    /// "Summary", "Environment checks", ... in the language installed now.
    static QString sectionTitle(Section section);
    /// False for an unknown name.
    static bool sectionFromName(const QString &name, Section *section);
};
