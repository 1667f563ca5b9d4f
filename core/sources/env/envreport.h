// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/backendprobe.h"
#include "core/base/device/envcheck.h"
#include "core/sources/env/hostfacts.h"
#include "core/base/device/pythonenvironment.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

/// Everything one `env` run found on one host, and its rows in display order.
struct EnvReport
{
    QString host; ///< "this machine" or the SSH destination
    QString backend; ///< what was asked: auto, cuda, npu, musa
    QDateTime generated;
    HostFacts hostFacts;
    PythonEnvironment python;
    QList<BackendProbe> backends;
    QList<EnvCheck> checks;

    int count(EnvCheck::Status status) const;
    bool hasFailures() const { return count(EnvCheck::Status::Fail) > 0; }
    QJsonObject toJson() const;
    /// Reads back what toJson() (`portbench-cli env --json`) wrote: host, backend, date and the
    /// check rows — what a report shows. Host facts, Python modules and device inventories are not
    /// read back. Returns an error naming the field, empty on success.
    static QString fromJson(const QJsonObject &json, EnvReport *report);
    QString toMarkdown() const;
    /// Aligned plain text for terminals.
    QString toText() const;
};
