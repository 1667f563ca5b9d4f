// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "configfield.h"

#include "configschema.h"

#include <QCoreApplication>

namespace {
/// The schema keeps the English text (the CLI and JSON use it; configschema.cpp marks it for
/// lupdate); the editor translates it when it shows it.
QString translated(const QString &english)
{
    return english.isEmpty() ? english : QCoreApplication::translate("ConfigField", english.toUtf8().constData());
}
} // namespace

QString ConfigField::sectionText() const
{
    return translated(section);
}

QString ConfigField::labelText() const
{
    return translated(label);
}

QString ConfigField::toolTipText() const
{
    return translated(toolTip);
}

QList<ConfigField> ConfigField::catalog()
{
    // The editor's view of the one schema table: the fields with a section, in table order.
    QList<ConfigField> fields;
    const QList<ConfigSchemaField> schema = ConfigSchemaField::all();
    for (const ConfigSchemaField &f : schema) {
        if (!f.section.isEmpty())
            fields.append({f.section, f.path, f.label, f.editorKind(), f.allowed, f.description});
    }
    return fields;
}
