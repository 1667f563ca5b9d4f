// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "slurmclient.h"

#include "core/base/exec/commandrunner.h"

#include <QRegularExpression>

namespace {

bool validJobId(const QString &id)
{
    static const QRegularExpression re(QStringLiteral("^[0-9]+(_[0-9]+)?$"));
    return re.match(id).hasMatch();
}

} // namespace

SlurmClient::SlurmClient(const CommandRunner &runner)
    : m_runner(runner)
{ }

QString SlurmClient::submit(const QByteArray &script, const QString &outputPath, const QString &jobName,
                            const QString &workDir, QString *error) const
{
    if (!script.startsWith("#!")) {
        *error = QStringLiteral("the batch script must start with #! and an interpreter (sbatch refuses it otherwise)");
        return {};
    }
    QStringList argv{QStringLiteral("sbatch"), QStringLiteral("--parsable"), QStringLiteral("--output=") + outputPath};
    if (!jobName.isEmpty())
        argv << QStringLiteral("--job-name=") + jobName;
    if (!workDir.isEmpty())
        argv << QStringLiteral("--chdir=") + workDir;
    const CommandResult r = m_runner.run(argv, script);
    if (!r.ok()) {
        *error = QStringLiteral("sbatch on %1 failed: %2").arg(m_runner.describe(), r.summary());
        return {};
    }
    // --parsable prints "jobid" or "jobid;cluster".
    const QString id = QString::fromUtf8(r.out).trimmed().section(QLatin1Char(';'), 0, 0);
    if (!validJobId(id)) {
        *error = QStringLiteral("sbatch printed no job id: \"%1\"").arg(QString::fromUtf8(r.out).trimmed());
        return {};
    }
    return id;
}

SlurmJobState SlurmClient::state(const QString &jobId) const
{
    SlurmJobState s;
    if (!validJobId(jobId)) {
        s.error = QStringLiteral("\"%1\" is not a SLURM job id").arg(jobId);
        return s;
    }
    CommandResult r = m_runner.run({QStringLiteral("squeue"), QStringLiteral("-h"), QStringLiteral("-o"),
                                    QStringLiteral("%i|%T|%r|%N"), QStringLiteral("-j"), jobId});
    if (r.ok()) {
        s = SlurmJobState::parseSqueue(r.out);
        if (s)
            return s;
    }
    r = m_runner.run({QStringLiteral("scontrol"), QStringLiteral("show"), QStringLiteral("job"), jobId});
    if (r.ok()) {
        s = SlurmJobState::parseScontrol(r.out);
        if (s)
            return s;
    }
    r = m_runner.run({QStringLiteral("sacct"), QStringLiteral("-n"), QStringLiteral("-X"), QStringLiteral("-P"),
                      QStringLiteral("-o"), QStringLiteral("JobID,State,ExitCode"), QStringLiteral("-j"), jobId});
    if (r.ok()) {
        s = SlurmJobState::parseSacct(r.out);
        if (s)
            return s;
    }
    s.jobId = jobId;
    s.error = QStringLiteral("job %1 is unknown to squeue, scontrol and sacct on %2 (%3)")
                  .arg(jobId, m_runner.describe(), r.summary());
    return s;
}

QStringList SlurmClient::hostnames(const QString &nodeList, QString *error) const
{
    // A plain list needs no round trip; a range (`node[01-03]`) is SLURM's to expand.
    if (!nodeList.contains(QLatin1Char('[')))
        return nodeList.split(QLatin1Char(','), Qt::SkipEmptyParts);
    const CommandResult r
        = m_runner.run({QStringLiteral("scontrol"), QStringLiteral("show"), QStringLiteral("hostnames"), nodeList});
    if (!r.ok()) {
        *error = QStringLiteral("scontrol show hostnames %1 on %2 failed: %3")
                     .arg(nodeList, m_runner.describe(), r.summary());
        return {};
    }
    return QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

bool SlurmClient::cancel(const QString &jobId, QString *error) const
{
    if (!validJobId(jobId)) {
        *error = QStringLiteral("\"%1\" is not a SLURM job id").arg(jobId);
        return false;
    }
    const CommandResult r = m_runner.run({QStringLiteral("scancel"), jobId});
    if (!r.ok()) {
        *error = QStringLiteral("scancel %1 on %2 failed: %3").arg(jobId, m_runner.describe(), r.summary());
        return false;
    }
    return true;
}
