#include "referencerun.h"

#include "reference/trainlogwriter.h"
#include "torchinfo.h"

#include <QDateTime>


ReferenceRun::ReferenceRun(TrainConfig config, QTextStream &out)
    : m_config(std::move(config))
    , m_out(out)
{
}

TrainOutcome ReferenceRun::run(const std::atomic_bool *cancel)
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
    const QString prefix = m_label.isEmpty() ? QString() : m_label + QStringLiteral(": ");
    const int every = std::max(1, m_config.steps / 20);
    const int stepWidth = int(QString::number(m_config.steps).size());
    ReferenceTrainer trainer(m_config);
    trainer.setWeightDumpPath(m_weightDumpPath);
    const TrainOutcome outcome = trainer.run(
        [&](const TrainStep &s) {
            log.writeStep(s);
            if (m_quiet || (s.step % every != 0 && !s.hasEvalLoss && s.step != 1))
                return;
            m_out << prefix << "step " << QString::number(s.step).rightJustified(stepWidth) << '/' << m_config.steps
                  << "  loss " << QString::number(s.loss, 'f', 4);
            if (s.hasEvalLoss)
                m_out << "  eval " << QString::number(s.evalLoss, 'f', 4);
            m_out << "  lr " << QString::number(s.learningRate, 'e', 2) << "  grad_norm "
                  << QString::number(s.gradNorm, 'f', 3) << "  tokens/s " << QString::number(s.tokensPerSecond, 'f', 0)
                  << Qt::endl;
        },
        cancel);

    log.writeEnd(outcome.status, {{QStringLiteral("summary"), outcome.toJson()}});
    log.close();
    return outcome;
}
