// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/config/trainingconfig.h"
#include "core/sources/env/envreport.h"
#include "reportdocument.h"
#include "core/base/device/topology.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QVector>

/// The sections of the results a report carries besides runs: environment checks, device
/// topology, training configuration, porting findings and tensor comparison. Each takes the value
/// (or the JSON of the command that made it) and returns its blocks.
class ReportCheckSections
{
    Q_DECLARE_TR_FUNCTIONS(ReportCheckSections)

public:
    static QVector<ReportDocument::Block> environment(const EnvReport &env, const QString &language);
    static QVector<ReportDocument::Block> topology(const Topology &topo, ReportDocument &doc);
    static QVector<ReportDocument::Block> config(const TrainingConfig &config, const QString &path);
    static QVector<ReportDocument::Block> porting(const QJsonObject &port);
    static QVector<ReportDocument::Block> tensors(const QJsonObject &report);
    /// The summary's verdict on the tensor comparison, also the first block of its section.
    static ReportDocument::Block tensorsVerdict(const QJsonObject &report, bool withReasons);

private:
    static ReportDocument::Block memory(const TrainingConfig &config);
};
