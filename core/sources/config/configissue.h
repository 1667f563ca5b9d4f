// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>

/// One validation finding. `field` is the dotted TrainingConfig JSON path (`strategy.fsdp.layerClass`),
/// which the editor uses to point at the form field.
struct ConfigIssue
{
    enum class Severity { Error, Warning };
    Severity severity = Severity::Error;
    QString field;
    QString message;

    bool isError() const { return severity == Severity::Error; }
    /// "error: strategy.fsdp.layerClass: …"
    QString toString() const;
};

using ConfigIssues = QList<ConfigIssue>;
