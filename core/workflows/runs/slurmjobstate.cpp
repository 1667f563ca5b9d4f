// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "slurmjobstate.h"

#include <QRegularExpression>

namespace {

void parseExitCode(const QString &field, SlurmJobState &s)
{
    const QStringList parts = field.split(QLatin1Char(':'));
    bool ok = false;
    const int code = parts.value(0).toInt(&ok);
    if (ok)
        s.exitCode = code;
    s.signal = parts.value(1).toInt();
}

} // namespace

bool SlurmJobState::isFinal() const
{
    static const QStringList active{
        QStringLiteral("PENDING"),      QStringLiteral("RUNNING"),     QStringLiteral("CONFIGURING"),
        QStringLiteral("COMPLETING"),   QStringLiteral("SUSPENDED"),   QStringLiteral("REQUEUED"),
        QStringLiteral("RESIZING"),     QStringLiteral("STAGE_OUT"),   QStringLiteral("SIGNALING"),
        QStringLiteral("REQUEUE_HOLD"), QStringLiteral("REQUEUE_FED"), QStringLiteral("RESV_DEL_HOLD")};
    return !state.isEmpty() && !active.contains(state);
}

LaunchRecord::Status SlurmJobState::runStatus() const
{
    if (state == QLatin1String("PENDING") || state == QLatin1String("CONFIGURING")
        || state.startsWith(QLatin1String("REQUEUE")))
        return LaunchRecord::Status::Pending;
    if (!isFinal())
        return LaunchRecord::Status::Running;
    if (state == QLatin1String("COMPLETED"))
        return exitCode == 0 ? LaunchRecord::Status::Finished : LaunchRecord::Status::Failed;
    if (state == QLatin1String("CANCELLED") || state == QLatin1String("PREEMPTED"))
        return LaunchRecord::Status::Stopped;
    return LaunchRecord::Status::Failed;
}

SlurmJobState SlurmJobState::parseScontrol(const QByteArray &text)
{
    SlurmJobState s;
    const QString t = QString::fromUtf8(text);
    // Key=Value pairs separated by blanks; values have no blanks except Reason/Command, which
    // come after the fields read here on their lines.
    static const QRegularExpression pair(QStringLiteral("(?:^|\\s)(JobId|JobState|Reason|ExitCode|NodeList)=(\\S*)"));
    auto it = pair.globalMatch(t);
    while (it.hasNext()) {
        const auto m = it.next();
        const QString key = m.captured(1), value = m.captured(2);
        if (key == QLatin1String("JobId") && s.jobId.isEmpty())
            s.jobId = value;
        else if (key == QLatin1String("JobState"))
            s.state = value;
        else if (key == QLatin1String("Reason"))
            s.reason = value == QLatin1String("None") ? QString() : value;
        else if (key == QLatin1String("ExitCode") && s.exitCode < 0)
            parseExitCode(value, s);
        else if (key == QLatin1String("NodeList") && value != QLatin1String("(null)"))
            s.nodeList = value;
    }
    if (s.state.isEmpty())
        s.error = t.trimmed().isEmpty() ? QStringLiteral("scontrol printed nothing")
                                        : t.trimmed().section(QLatin1Char('\n'), 0, 0);
    return s;
}

SlurmJobState SlurmJobState::parseSacct(const QByteArray &text)
{
    SlurmJobState s;
    const QString line = QString::fromUtf8(text).trimmed().section(QLatin1Char('\n'), 0, 0);
    const QStringList f = line.split(QLatin1Char('|'));
    if (f.size() < 3 || f.at(1).isEmpty()) {
        s.error = line.isEmpty() ? QStringLiteral("sacct knows no such job")
                                 : QStringLiteral("sacct: unexpected line \"%1\"").arg(line);
        return s;
    }
    s.jobId = f.at(0);
    // "CANCELLED by 0" → CANCELLED
    s.state = f.at(1).section(QLatin1Char(' '), 0, 0);
    parseExitCode(f.at(2), s);
    return s;
}

SlurmJobState SlurmJobState::parseSqueue(const QByteArray &text)
{
    SlurmJobState s;
    const QString line = QString::fromUtf8(text).trimmed().section(QLatin1Char('\n'), 0, 0);
    const QStringList f = line.split(QLatin1Char('|'));
    if (f.size() < 2 || f.at(1).isEmpty()) {
        s.error = line.isEmpty() ? QStringLiteral("not in the queue")
                                 : QStringLiteral("squeue: unexpected line \"%1\"").arg(line);
        return s;
    }
    s.jobId = f.at(0);
    s.state = f.at(1);
    s.reason = f.value(2) == QLatin1String("None") ? QString() : f.value(2);
    s.nodeList = f.value(3);
    return s;
}
