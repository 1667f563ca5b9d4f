// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "remotelauncher.h"

#include "core/base/exec/commandrunner.h"
#include "launchwrapper.h"

#include <QThread>

namespace RemoteLauncher {

namespace {
// Fixed scripts; the run folder (and grace) are positional parameters. dash's kill takes no `--`,
// so a group is addressed as `kill -SIG -PGID`.
const char pollScript[] = "if [ -s \"$1/exit_status\" ]; then echo \"exit $(cat \"$1/exit_status\")\"; "
                          "elif [ -s \"$1/pid\" ] && kill -0 \"$(cat \"$1/pid\")\" 2>/dev/null; then echo running; "
                          "elif [ -s \"$1/pid\" ]; then echo gone; else echo nopid; fi";
const char stopScript[]
    = "p=$(cat \"$1/pid\" 2>/dev/null) || { echo nopid; exit 3; }\n"
      "kill -TERM \"-$p\" 2>/dev/null || { echo gone; exit 0; }\n"
      "i=0; while [ \"$i\" -lt \"$2\" ] && kill -0 \"-$p\" 2>/dev/null; do sleep 0.1; i=$((i+1)); done\n"
      "if kill -KILL \"-$p\" 2>/dev/null; then echo killed; else echo terminated; fi";
}

QString remoteDirFor(const QString &id)
{
    return QStringLiteral(".portbench/runs/") + id;
}

bool start(const CommandRunner &runner, LaunchRecord &record, QString *error)
{
    if (record.command.isEmpty()) {
        *error = QStringLiteral("no command to run");
        return false;
    }
    if (!LaunchWrapper::validateEnv(record.env, error))
        return false;
    record.remoteDir = remoteDirFor(record.id);
    record.sourceLog = record.remoteDir + QStringLiteral("/output.log");
    record.started = QDateTime::currentDateTimeUtc();
    const CommandResult started
        = runner.run(LaunchWrapper::argv(record.remoteDir, record.workingDir, record.env, record.command));
    if (!started.ok()) {
        *error = QStringLiteral("cannot start on %1: %2").arg(runner.describe(), started.summary());
        return false;
    }
    for (int attempt = 0; attempt < 50; ++attempt) {
        const CommandResult pid = runner.run({QStringLiteral("cat"), record.remoteDir + QStringLiteral("/pid")});
        bool ok = false;
        record.pid = pid.out.trimmed().toLongLong(&ok);
        if (pid.ok() && ok && record.pid > 1) {
            record.status = LaunchRecord::Status::Running;
            return true;
        }
        if (!pid.started || pid.exitCode == 255) {
            *error = QStringLiteral("lost %1 after starting the run: %2").arg(runner.describe(), pid.summary());
            return false;
        }
        QThread::msleep(100);
    }
    *error = QStringLiteral("the run on %1 did not write %2/pid").arg(runner.describe(), record.remoteDir);
    return false;
}

bool poll(const CommandRunner &runner, LaunchRecord &record, QString *error)
{
    if (!record.isActive())
        return false;
    const CommandResult r = runner.run({QStringLiteral("sh"), QStringLiteral("-c"), QLatin1String(pollScript),
                                        QStringLiteral("sh"), record.remoteDir});
    if (!r.ok()) {
        *error = QStringLiteral("cannot reach %1: %2").arg(runner.describe(), r.summary());
        return false;
    }
    const QString answer = QString::fromUtf8(r.out).trimmed();
    if (answer == QLatin1String("running"))
        return false;
    const bool stopped = record.exitDetail.startsWith(QLatin1String("stopped"));
    record.ended = QDateTime::currentDateTimeUtc();
    if (answer.startsWith(QLatin1String("exit "))) {
        record.exitCode = answer.mid(5).toInt();
        record.status = stopped
            ? LaunchRecord::Status::Stopped
            : (record.exitCode == 0 ? LaunchRecord::Status::Finished : LaunchRecord::Status::Failed);
        if (!stopped)
            record.exitDetail = QStringLiteral("exit code %1").arg(record.exitCode);
        return true;
    }
    record.status = stopped ? LaunchRecord::Status::Stopped : LaunchRecord::Status::Lost;
    if (!stopped)
        record.exitDetail
            = QStringLiteral("the process on %1 ended without recording an exit status").arg(runner.describe());
    return true;
}

bool stop(const CommandRunner &runner, LaunchRecord &record, int graceMs, QString *error)
{
    if (record.remoteDir.isEmpty()) {
        *error = QStringLiteral("run %1 has no remote run folder").arg(record.id);
        return false;
    }
    const CommandResult r
        = runner.run({QStringLiteral("sh"), QStringLiteral("-c"), QLatin1String(stopScript), QStringLiteral("sh"),
                      record.remoteDir, QString::number(qMax(0, graceMs / 100))});
    const QString answer = QString::fromUtf8(r.out).trimmed();
    if (!r.started || r.exitCode == 255 || answer == QLatin1String("nopid")) {
        *error = QStringLiteral("cannot stop run %1 on %2: %3")
                     .arg(record.id, runner.describe(),
                          answer == QLatin1String("nopid") ? QStringLiteral("no pid file") : r.summary());
        return false;
    }
    record.exitDetail = answer == QLatin1String("killed") ? QStringLiteral("stopped: SIGKILL after the grace period")
                                                          : QStringLiteral("stopped: SIGTERM");
    QString pollError;
    if (!poll(runner, record, &pollError) && record.isActive()) {
        record.status = LaunchRecord::Status::Stopped;
        record.ended = QDateTime::currentDateTimeUtc();
    }
    return true;
}

} // namespace RemoteLauncher
