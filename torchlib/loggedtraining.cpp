// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "loggedtraining.h"

#include "core/workflows/reference/trainlogwriter.h"
#include "torchinfo.h"

#include <QDateTime>

LoggedTraining::LoggedTraining(TrainConfig config)
    : m_config(std::move(config))
{ }

TrainOutcome LoggedTraining::run(const ReferenceTrainer::StepCallback &onStep, const std::atomic_bool *cancel)
{
    TrainLogWriter log;
    if (!m_logPath.isEmpty()) {
        QJsonObject settings = m_config.toJson();
        settings.insert(QStringLiteral("format_version"), 1);
        settings.insert(QStringLiteral("torch_version"), TorchInfo::version());
        settings.insert(QStringLiteral("tokens_per_step"), m_config.batchSize * m_config.context);
        settings.insert(QStringLiteral("start_time"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
        // Numbers stay nested: a generic JSON-Lines reader takes top-level numbers for metrics.
        const QJsonObject header{{QStringLiteral("format"), QStringLiteral("portbench-reference")},
                                 {QStringLiteral("run"), m_label},
                                 {QStringLiteral("settings"), settings}};
        if (const QString error = log.open(m_logPath, header); !error.isEmpty()) {
            TrainOutcome failed;
            failed.status = QStringLiteral("failed");
            failed.error = error;
            return failed;
        }
    }
    ReferenceTrainer trainer(m_config);
    trainer.setWeightDumpPath(m_weightDumpPath);
    const TrainOutcome outcome = trainer.run(
        [&](const TrainStep &s) {
            log.writeStep(s);
            if (onStep)
                onStep(s);
        },
        cancel);
    log.writeEnd(outcome.status, {{QStringLiteral("summary"), outcome.toJson()}});
    log.close();
    return outcome;
}
