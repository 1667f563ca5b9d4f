// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportoptions.h"

QVector<ReportOptions::Section> ReportOptions::allSections()
{
    return {Section::Summary, Section::Environment, Section::Topology, Section::Config, Section::Runs,
            Section::Charts,  Section::Parity,      Section::Porting,  Section::Tensors};
}

QString ReportOptions::sectionName(Section section)
{
    switch (section) {
    case Section::Summary: return QStringLiteral("summary");
    case Section::Environment: return QStringLiteral("environment");
    case Section::Topology: return QStringLiteral("topology");
    case Section::Config: return QStringLiteral("config");
    case Section::Runs: return QStringLiteral("runs");
    case Section::Charts: return QStringLiteral("charts");
    case Section::Parity: return QStringLiteral("parity");
    case Section::Porting: return QStringLiteral("porting");
    case Section::Tensors: return QStringLiteral("tensors");
    }
    return QString();
}

QString ReportOptions::sectionTitle(Section section)
{
    switch (section) {
    case Section::Summary: return tr("Summary");
    case Section::Environment: return tr("Environment checks");
    case Section::Topology: return tr("Device topology");
    case Section::Config: return tr("Training configuration");
    case Section::Runs: return tr("Runs");
    case Section::Charts: return tr("Charts");
    case Section::Parity: return tr("Loss parity");
    case Section::Porting: return tr("Porting findings");
    case Section::Tensors: return tr("Tensor comparison");
    }
    return QString();
}

bool ReportOptions::sectionFromName(const QString &name, Section *section)
{
    for (Section s : allSections()) {
        if (sectionName(s) == name.trimmed().toLower()) {
            *section = s;
            return true;
        }
    }
    return false;
}
