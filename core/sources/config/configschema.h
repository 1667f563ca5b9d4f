// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "configfield.h"
#include "trainingconfig.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <type_traits>
#include <utility>
#include <variant>

class JsonFieldReader;

/// The one table of a TrainingConfig's scalar settings: JSON path, C++ field (its type is the JSON
/// type, its initial value in TrainingConfig the default), allowed values, and — for the ones the
/// editor shows — section, label and description. TrainingConfigJson writes and reads through it,
/// ConfigField::catalog() is its editor view. Lists and passthrough objects (launch.extraArgs,
/// environment.variables, passthrough.*) are not scalars and stay in TrainingConfigJson.
struct ConfigSchemaField
{
    /// Where the value lives in a TrainingConfig; the pointer type is the field's type.
    using Ref
        = std::variant<QString *(*)(TrainingConfig &), bool *(*)(TrainingConfig &), int *(*)(TrainingConfig &),
                       qint64 *(*)(TrainingConfig &), double *(*)(TrainingConfig &), QJsonValue *(*)(TrainingConfig &)>;

    QString path; ///< "strategy.fsdp.layerClass", also the path validation messages name
    Ref ref;
    QStringList allowed; ///< enum strings (numbers as text for integers); empty: any value
    bool enforced = true; ///< false: `allowed` only offers choices (device presets; unknown means custom)
    QString section; ///< editor section; empty: not shown in the editor
    QString label;
    QString description;

    /// Every scalar field; `backend` allows the loaded plugins' ids, the device preset offers theirs.
    static QList<ConfigSchemaField> all();

    /// The field's value in `c` as JSON.
    QJsonValue value(const TrainingConfig &c) const;
    /// Reads the field from `o`, the JSON object at the path's prefix, into `c` (a missing key
    /// leaves the default); a wrong type or value is recorded in `reader` as "path: expected …".
    void read(const QJsonObject &o, TrainingConfig &c, JsonFieldReader &reader) const;
    /// The editor kind for this field's type and choices.
    ConfigField::Kind editorKind() const;
};
