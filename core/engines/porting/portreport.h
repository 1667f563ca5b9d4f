// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/porting/porttypes.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

/// The findings report in the shapes users feed to other tools: CSV (the columns of Ascend's
/// GPU2Ascend unsupported-API list, plus rule, severity and suggestion), JSON, a summary by rule
/// and severity, and the unified diff of every changed file.
class PortReport
{
public:
    static QStringList csvColumns(); ///< File, Line, Column, Rule, Severity, Message, Suggestion
    static QByteArray toCsv(const Port::Result &result);
    static QJsonObject toJson(const Port::Result &result);
    /// {"bySeverity": {"auto-fix": n, ...}, "byRule": {"npu.torch-cuda": n, ...}, "files": n, "changedFiles": n}
    static QJsonObject summary(const Port::Result &result);
    static QString summaryText(const Port::Result &result);
    /// `a/<path>` → `b/<path>` unified diffs of all changed files, in path order (git-apply/patch -p1 ready).
    static QString diff(const Port::Result &result);
    /// Writes CSV when the name ends in .csv, JSON otherwise.
    static bool write(const Port::Result &result, const QString &path, QString *error);
};
