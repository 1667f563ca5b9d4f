#pragma once

#include "reference/trainconfig.h"
#include "referencetrainer.h"

#include <QTextStream>

#include <atomic>

/// One reference run as the CLI does it: the live JSONL log, summary lines while it trains, and a
/// closing line in the log whatever happens (finished, stopped by Ctrl-C, failed).
class ReferenceRun
{
public:
    ReferenceRun(TrainConfig config, QTextStream &out);

    void setLabel(const QString &label) { m_label = label; }
    void setLogPath(const QString &path) { m_logPath = path; }
    void setWeightDumpPath(const QString &path) { m_weightDumpPath = path; }
    void setQuiet(bool quiet) { m_quiet = quiet; }

    /// Runs to the end or until *cancel; the outcome's error also covers a log that cannot be written.
    TrainOutcome run(const std::atomic_bool *cancel);

private:
    TrainConfig m_config;
    QTextStream &m_out;
    QString m_label;
    QString m_logPath;
    QString m_weightDumpPath;
    bool m_quiet = false;
};
