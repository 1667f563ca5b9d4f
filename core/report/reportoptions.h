#pragma once

#include "parity/parityoptions.h"

#include <QString>
#include <QStringList>
#include <QVector>

/// What goes into a report: the chosen sections in order, the chart smoothing and the parity
/// criteria. A section whose input is absent (no environment report given) is left out with no
/// error; docs/report.md lists what each contains.
struct ReportOptions
{
    enum class Section { Summary, Environment, Topology, Config, Runs, Charts, Parity, Porting, Tensors };

    QVector<Section> sections = allSections();
    QString title;
    double smoothing = 0.6; ///< EMA weight for the smoothed curves; the raw curve is drawn behind
    ParityOptions parity = ParityOptions::forPreset(ParityOptions::Preset::Ascend);

    bool has(Section section) const { return sections.contains(section); }

    static QVector<Section> allSections();
    static QString sectionName(Section section); ///< "summary", "environment", ... (HTML ids, CLI)
    static QString sectionTitle(Section section); ///< "Summary", "Environment checks", ...
    /// False for an unknown name.
    static bool sectionFromName(const QString &name, Section *section);
};
