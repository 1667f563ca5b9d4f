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
    case Section::Summary: return QStringLiteral("Summary");
    case Section::Environment: return QStringLiteral("Environment checks");
    case Section::Topology: return QStringLiteral("Device topology");
    case Section::Config: return QStringLiteral("Training configuration");
    case Section::Runs: return QStringLiteral("Runs");
    case Section::Charts: return QStringLiteral("Charts");
    case Section::Parity: return QStringLiteral("Loss parity");
    case Section::Porting: return QStringLiteral("Porting findings");
    case Section::Tensors: return QStringLiteral("Tensor comparison");
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
