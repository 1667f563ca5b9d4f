// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "launchworkspace.h"

#include "core/base/io/jsoninput.h"

#include "core/base/io/safefilewriter.h"
#include "core/base/model/numbertext.h"
#include "core/base/model/runmetrics.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>

#include <cmath>

namespace {

const QString runJson = QStringLiteral("run.json");

bool writeAtomically(const QString &path, const QByteArray &data, QString *error)
{
    // The workspace is PortBench's own record, rewritten on every poll: no backups.
    const QString failure = SafeFileWriter::writeFile(path, data, SafeFileWriter::Backup::None);
    if (error)
        *error = failure;
    return failure.isEmpty();
}

QString slug(const QString &name)
{
    QString s = name.left(40).toLower();
    s.replace(QRegularExpression(QStringLiteral("[^a-z0-9._-]+")), QStringLiteral("-"));
    s.remove(QRegularExpression(QStringLiteral("^[-.]+|-+$")));
    return s.isEmpty() ? QStringLiteral("run") : s;
}

} // namespace

QString LaunchWorkspace::settingsKey()
{
    return QStringLiteral("runs/workspace");
}

QString LaunchWorkspace::defaultRoot()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/workspace");
}

QString LaunchWorkspace::resolveRoot(const QString &explicitPath, const QString &settingValue)
{
    if (!explicitPath.isEmpty())
        return QFileInfo(explicitPath).absoluteFilePath();
    const QString fromEnv = qEnvironmentVariable("PORTBENCH_WORKSPACE");
    if (!fromEnv.isEmpty())
        return QFileInfo(fromEnv).absoluteFilePath();
    if (!settingValue.isEmpty())
        return settingValue;
    return defaultRoot();
}

LaunchWorkspace::LaunchWorkspace(const QString &root)
    : m_root(QDir::cleanPath(root))
{ }

QString LaunchWorkspace::trashDir() const
{
    return m_root + QStringLiteral("/.trash");
}

QString LaunchWorkspace::runDir(const QString &id) const
{
    return m_root + QLatin1Char('/') + id;
}

QString LaunchWorkspace::runJsonPath(const QString &id) const
{
    return runDir(id) + QLatin1Char('/') + runJson;
}

QString LaunchWorkspace::logPath(const QString &id) const
{
    return runDir(id) + QStringLiteral("/output.log");
}

QString LaunchWorkspace::localLogPath(const LaunchRecord &record) const
{
    return record.host.isEmpty() && !record.sourceLog.isEmpty() ? record.sourceLog : logPath(record.id);
}

QString LaunchWorkspace::metricsCachePath(const QString &id) const
{
    return runDir(id) + QStringLiteral("/metrics.jsonl");
}

QString LaunchWorkspace::pidPath(const QString &id) const
{
    return runDir(id) + QStringLiteral("/pid");
}

QString LaunchWorkspace::exitStatusPath(const QString &id) const
{
    return runDir(id) + QStringLiteral("/exit_status");
}

QString LaunchWorkspace::telemetryPath(const QString &id, const QString &host) const
{
    QString name = host.isEmpty() ? QStringLiteral("local") : host;
    // Without '/' the name stays in the folder; behind the prefix even ".." is a plain name.
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]")), QStringLiteral("_"));
    return runDir(id) + QStringLiteral("/telemetry-") + name + QStringLiteral(".tel");
}

QStringList LaunchWorkspace::telemetryFiles(const QString &id) const
{
    QStringList files;
    const QDir dir(runDir(id));
    for (const QString &name : dir.entryList({QStringLiteral("telemetry-*.tel")}, QDir::Files, QDir::Name))
        files << dir.filePath(name);
    return files;
}

LaunchRecord LaunchWorkspace::create(LaunchRecord record, QString *error)
{
    QDir root(m_root);
    if (!root.mkpath(QStringLiteral("."))) {
        *error = QStringLiteral("cannot create the workspace folder %1").arg(m_root);
        record.id.clear();
        return record;
    }
    if (record.name.isEmpty())
        record.name = record.command.value(0).section(QLatin1Char('/'), -1);
    const QString base = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-")) + slug(record.name);
    // mkdir is the atomic claim: two PortBench processes starting runs in the same second get
    // different folders.
    for (int n = 0; n < 1000; ++n) {
        const QString id = n == 0 ? base : QStringLiteral("%1-%2").arg(base).arg(n);
        if (root.exists(id) || !root.mkdir(id))
            continue;
        record.id = id;
        if (record.name.isEmpty())
            record.name = id;
        if (!save(record, error)) {
            record.id.clear();
            return record;
        }
        return record;
    }
    *error = QStringLiteral("cannot create a run folder under %1").arg(m_root);
    record.id.clear();
    return record;
}

bool LaunchWorkspace::save(const LaunchRecord &record, QString *error) const
{
    if (record.id.isEmpty() || !QFileInfo(runDir(record.id)).isDir()) {
        if (error)
            *error = QStringLiteral("run \"%1\" has no folder in %2").arg(record.id, m_root);
        return false;
    }
    return writeAtomically(runJsonPath(record.id), QJsonDocument(record.toJson()).toJson(QJsonDocument::Indented),
                           error);
}

LaunchRecord LaunchWorkspace::load(const QString &id, QString *error) const
{
    const QString path = runJsonPath(id);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return {};
    }
    QString parseError;
    const QJsonDocument doc = JsonInput::parse(file.readAll(), &parseError);
    if (!doc.isObject()) {
        if (error)
            *error = QStringLiteral("%1: not a JSON object (%2)")
                         .arg(path, parseError.isEmpty() ? QStringLiteral("another JSON value") : parseError);
        return {};
    }
    QString problem;
    LaunchRecord record = LaunchRecord::fromJson(doc.object(), &problem);
    if (!problem.isEmpty()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, problem);
        return {};
    }
    // The folder name is the identity; a copied folder must not alias another run.
    record.id = id;
    if (error)
        error->clear();
    return record;
}

QList<LaunchRecord> LaunchWorkspace::list(QStringList *errors) const
{
    QList<LaunchRecord> runs;
    const QStringList ids = QDir(m_root).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &id : ids) {
        if (!QFileInfo::exists(runJsonPath(id)))
            continue;
        QString error;
        LaunchRecord record = load(id, &error);
        if (!record.id.isEmpty())
            runs << record;
        else if (errors)
            *errors << error;
    }
    return runs;
}

QString LaunchWorkspace::find(const QString &idOrName, QString *error) const
{
    if (idOrName.isEmpty() || idOrName.contains(QLatin1Char('/')) || idOrName.startsWith(QLatin1Char('.'))) {
        *error = QStringLiteral("\"%1\" is not a run id or name").arg(idOrName);
        return {};
    }
    if (QFileInfo::exists(runJsonPath(idOrName)))
        return idOrName;
    const QList<LaunchRecord> runs = list();
    QStringList matches;
    for (const LaunchRecord &r : runs) {
        if (r.id.startsWith(idOrName) || r.name == idOrName)
            matches << r.id;
    }
    if (matches.size() == 1)
        return matches.first();
    *error = matches.isEmpty() ? QStringLiteral("no run \"%1\" in %2").arg(idOrName, m_root)
                               : QStringLiteral("\"%1\" matches %2 runs: %3")
                                     .arg(idOrName)
                                     .arg(matches.size())
                                     .arg(matches.join(QStringLiteral(", ")));
    return {};
}

bool LaunchWorkspace::moveToTrash(const QString &id, QString *error)
{
    QDir root(m_root);
    if (id.isEmpty() || !QFileInfo(runDir(id)).isDir()) {
        *error = QStringLiteral("no run \"%1\" in %2").arg(id, m_root);
        return false;
    }
    if (!root.mkpath(QStringLiteral(".trash"))) {
        *error = QStringLiteral("cannot create %1").arg(trashDir());
        return false;
    }
    QString target = trashDir() + QLatin1Char('/') + id;
    for (int n = 1; QFileInfo::exists(target); ++n)
        target = QStringLiteral("%1/%2.%3").arg(trashDir(), id).arg(n);
    if (!root.rename(id, target)) {
        *error = QStringLiteral("cannot move %1 to %2").arg(runDir(id), target);
        return false;
    }
    return true;
}

bool LaunchWorkspace::writeMetricsCache(const QString &id, const RunMetrics &run, QString *error) const
{
    QByteArray out;
    const QStringList names = run.metricNames();
    for (int p = 0; p < run.pointCount(); ++p) {
        QJsonObject line;
        line[QStringLiteral("step")] = run.step(p);
        if (!std::isnan(run.wallTime(p)))
            line[QStringLiteral("time")] = run.wallTime(p);
        for (const QString &name : names) {
            const double v = run.value(p, name);
            if (!RunMetrics::isMissing(v))
                line[name] = NumberText::json(v);
        }
        out += QJsonDocument(line).toJson(QJsonDocument::Compact);
        out += '\n';
    }
    return writeAtomically(metricsCachePath(id), out, error);
}
