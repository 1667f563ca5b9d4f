// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>
#include <QStringList>

/// One editable setting of a TrainingConfig, addressed by its dotted JSON path — the same path
/// validation messages name, so the editor can point at the field a message is about.
struct ConfigField
{
    enum class Kind { Text, Integer, Number, AutoNumber, Bool, Choice };
    QString section;
    QString path; ///< "strategy.fsdp.layerClass"
    QString label;
    Kind kind = Kind::Text;
    QStringList choices; ///< for Choice
    QString toolTip;

    /// section, label and toolTip in the user-interface language; the members stay English for the
    /// CLI and the JSON.
    QString sectionText() const;
    QString labelText() const;
    QString toolTipText() const;

    /// Every field the editor shows, grouped by section in display order (from ConfigSchemaField).
    static QList<ConfigField> catalog();
};
