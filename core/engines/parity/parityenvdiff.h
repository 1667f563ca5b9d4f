// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonObject>
#include <QString>
#include <QVector>

/// Two machines' `portbench-cli env --json` side by side, as Ascend msprobe's `config_check` does
/// for a CUDA and an NPU host: framework and library versions (python modules), the check results
/// (driver, toolkit, determinism-related checks), host facts, the backend and each device's name and
/// memory size (`devices.N.memoryTotalMiB`), flattened to `section.key` rows. Only rows that differ (or exist on one
/// side) are kept.
class ParityEnvDiff
{
public:
    struct Row
    {
        QString key; ///< e.g. python.modules.torch, checks.cann_version, hostFacts.kernel
        QString baseline, candidate; ///< "(absent)" where one side lacks it
    };

    /// Reads an `env --json` file; empty with `error` set when it is not one.
    static QJsonObject read(const QString &path, QString *error);
    static QVector<Row> compare(const QJsonObject &baseline, const QJsonObject &candidate, int *same = nullptr);
    static QJsonObject toJson(const QVector<Row> &rows, int same, const QString &baselinePath,
                              const QString &candidatePath);
};
