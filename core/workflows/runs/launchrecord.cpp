// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "launchrecord.h"

#include "core/base/model/numbertext.h"

#include <QJsonArray>

namespace {

struct KindName
{
    LaunchRecord::Kind kind;
    const char *name;
};
constexpr KindName kindNames[] = {{LaunchRecord::Kind::Local, "local"},
                                  {LaunchRecord::Kind::LocalDetached, "local-detached"},
                                  {LaunchRecord::Kind::Attach, "attach"},
                                  {LaunchRecord::Kind::Remote, "remote"},
                                  {LaunchRecord::Kind::Slurm, "slurm"}};

struct StatusName
{
    LaunchRecord::Status status;
    const char *name;
};
constexpr StatusName statusNames[]
    = {{LaunchRecord::Status::Pending, "pending"},   {LaunchRecord::Status::Running, "running"},
       {LaunchRecord::Status::Finished, "finished"}, {LaunchRecord::Status::Failed, "failed"},
       {LaunchRecord::Status::Stopped, "stopped"},   {LaunchRecord::Status::Lost, "lost"}};

QString isoOrEmpty(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(Qt::ISODateWithMs) : QString();
}

} // namespace

qint64 LaunchRecord::durationSeconds(const QDateTime &now) const
{
    if (!started.isValid())
        return -1;
    const QDateTime end = ended.isValid() ? ended : (isActive() ? now : started);
    return qMax<qint64>(0, started.secsTo(end));
}

QString LaunchRecord::kindName(Kind kind)
{
    for (const KindName &k : kindNames) {
        if (k.kind == kind)
            return QLatin1String(k.name);
    }
    return {};
}

bool LaunchRecord::kindFromName(const QString &name, Kind *kind)
{
    for (const KindName &k : kindNames) {
        if (name == QLatin1String(k.name)) {
            *kind = k.kind;
            return true;
        }
    }
    return false;
}

QString LaunchRecord::statusName(Status status)
{
    for (const StatusName &s : statusNames) {
        if (s.status == status)
            return QLatin1String(s.name);
    }
    return {};
}

bool LaunchRecord::statusFromName(const QString &name, Status *status)
{
    for (const StatusName &s : statusNames) {
        if (name == QLatin1String(s.name)) {
            *status = s.status;
            return true;
        }
    }
    return false;
}

QJsonObject LaunchRecord::toJson() const
{
    QJsonObject envObject;
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        envObject[it.key()] = it.value();
    QJsonObject o;
    o[QStringLiteral("format")] = QStringLiteral("portbench-run/1");
    o[QStringLiteral("id")] = id;
    o[QStringLiteral("name")] = name;
    o[QStringLiteral("backend")] = backend;
    o[QStringLiteral("kind")] = kindName(kind);
    o[QStringLiteral("host")] = host;
    o[QStringLiteral("sshConfig")] = sshConfig;
    o[QStringLiteral("command")] = QJsonArray::fromStringList(command);
    o[QStringLiteral("workingDir")] = workingDir;
    o[QStringLiteral("env")] = envObject;
    o[QStringLiteral("config")] = config;
    o[QStringLiteral("started")] = isoOrEmpty(started);
    o[QStringLiteral("ended")] = isoOrEmpty(ended);
    o[QStringLiteral("status")] = statusName(status);
    o[QStringLiteral("exitCode")] = exitCode;
    o[QStringLiteral("exitDetail")] = exitDetail;
    o[QStringLiteral("tags")] = QJsonArray::fromStringList(tags);
    o[QStringLiteral("sourceLog")] = sourceLog;
    o[QStringLiteral("pid")] = pid;
    o[QStringLiteral("remoteDir")] = remoteDir;
    o[QStringLiteral("slurmJobId")] = slurmJobId;
    QJsonObject summary;
    summary[QStringLiteral("lastStep")] = lastStep;
    summary[QStringLiteral("lastLoss")] = NumberText::json(lastLoss);
    summary[QStringLiteral("tokensPerSecond")] = NumberText::json(tokensPerSecond);
    summary[QStringLiteral("points")] = pointCount;
    QJsonArray segments;
    for (const int start : segmentStarts)
        segments.append(start);
    summary[QStringLiteral("segmentStarts")] = segments;
    o[QStringLiteral("summary")] = summary;
    o[QStringLiteral("warnings")] = QJsonArray::fromStringList(warnings);
    o[QStringLiteral("notes")] = QJsonArray::fromStringList(notes);
    return o;
}

LaunchRecord LaunchRecord::fromJson(const QJsonObject &o, QString *error)
{
    LaunchRecord r;
    QString problem;
    auto fail = [&problem](const QString &field, const QString &why) {
        if (problem.isEmpty())
            problem = QStringLiteral("field \"%1\": %2").arg(field, why);
    };
    r.id = o.value(QStringLiteral("id")).toString();
    if (r.id.isEmpty())
        fail(QStringLiteral("id"), QStringLiteral("missing or not a string"));
    r.name = o.value(QStringLiteral("name")).toString();
    r.backend = o.value(QStringLiteral("backend")).toString();
    const QString kind = o.value(QStringLiteral("kind")).toString(QStringLiteral("local"));
    if (!kindFromName(kind, &r.kind))
        fail(QStringLiteral("kind"), QStringLiteral("unknown value \"%1\"").arg(kind));
    r.host = o.value(QStringLiteral("host")).toString();
    r.sshConfig = o.value(QStringLiteral("sshConfig")).toString();
    const QJsonValue command = o.value(QStringLiteral("command"));
    if (!command.isUndefined() && !command.isArray())
        fail(QStringLiteral("command"), QStringLiteral("not an array of strings"));
    for (const QJsonValue &v : command.toArray())
        r.command << v.toString();
    r.workingDir = o.value(QStringLiteral("workingDir")).toString();
    const QJsonObject envObject = o.value(QStringLiteral("env")).toObject();
    for (auto it = envObject.constBegin(); it != envObject.constEnd(); ++it)
        r.env.insert(it.key(), it.value().toString());
    r.config = o.value(QStringLiteral("config")).toObject();
    r.started = QDateTime::fromString(o.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
    r.ended = QDateTime::fromString(o.value(QStringLiteral("ended")).toString(), Qt::ISODateWithMs);
    const QString status = o.value(QStringLiteral("status")).toString(QStringLiteral("pending"));
    if (!statusFromName(status, &r.status))
        fail(QStringLiteral("status"), QStringLiteral("unknown value \"%1\"").arg(status));
    r.exitCode = o.value(QStringLiteral("exitCode")).toInt(-1);
    r.exitDetail = o.value(QStringLiteral("exitDetail")).toString();
    for (const QJsonValue &v : o.value(QStringLiteral("tags")).toArray())
        r.tags << v.toString();
    r.sourceLog = o.value(QStringLiteral("sourceLog")).toString();
    // toInteger, not qint64(toDouble()): a pid or step of 1e300 in a damaged run.json is no number
    // to convert (undefined behaviour, found by fuzz_launchrecord), it reads as "unknown".
    r.pid = o.value(QStringLiteral("pid")).toInteger(0);
    r.remoteDir = o.value(QStringLiteral("remoteDir")).toString();
    r.slurmJobId = o.value(QStringLiteral("slurmJobId")).toString();
    const QJsonObject summary = o.value(QStringLiteral("summary")).toObject();
    r.lastStep = summary.value(QStringLiteral("lastStep")).toInteger(-1);
    r.lastLoss = NumberText::fromJson(summary.value(QStringLiteral("lastLoss")));
    r.tokensPerSecond = NumberText::fromJson(summary.value(QStringLiteral("tokensPerSecond")));
    r.pointCount = summary.value(QStringLiteral("points")).toInt();
    // Only starts that can be: increasing, within the points (a damaged file names no others).
    for (const QJsonValue &v : summary.value(QStringLiteral("segmentStarts")).toArray()) {
        const qint64 start = v.toInteger(-1);
        if (start >= 0 && start < r.pointCount && (r.segmentStarts.isEmpty() || start > r.segmentStarts.last()))
            r.segmentStarts.append(int(start));
    }
    for (const QJsonValue &v : o.value(QStringLiteral("warnings")).toArray()) {
        if (r.warnings.size() < maxWarnings)
            r.warnings << v.toString();
    }
    for (const QJsonValue &v : o.value(QStringLiteral("notes")).toArray()) {
        if (r.notes.size() < maxWarnings)
            r.notes << v.toString();
    }
    if (error)
        *error = problem;
    return r;
}
