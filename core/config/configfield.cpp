#include "configfield.h"

#include "configschema.h"

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
