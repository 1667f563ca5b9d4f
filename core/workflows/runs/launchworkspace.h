// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "launchrecord.h"

#include <QList>
#include <QString>
#include <QStringList>

class RunMetrics;

/// The folder that keeps every run PortBench launched, attached to or submitted: one directory per
/// run holding `run.json` (a LaunchRecord), `output.log` (the captured output) and `metrics.jsonl`
/// (the parsed points), and `telemetry-<host>.tel` per host whose devices were sampled. Every file
/// but the telemetry (appended to: TelemetryAppender) is replaced atomically (SafeFileWriter), so a
/// crash while writing leaves the previous version; deleting moves the directory into `.trash/`.
class LaunchWorkspace
{
public:
    /// The QSettings key the GUI and CLI read the configured folder from.
    static QString settingsKey();
    /// `<AppDataLocation>/workspace` (~/.local/share/PortBench/portbench/workspace).
    static QString defaultRoot();
    /// The folder to use: an explicit `--workspace`, else $PORTBENCH_WORKSPACE, else the setting,
    /// else the default.
    static QString resolveRoot(const QString &explicitPath, const QString &settingValue);

    explicit LaunchWorkspace(const QString &root);

    QString root() const { return m_root; }
    QString trashDir() const;
    QString runDir(const QString &id) const;
    QString runJsonPath(const QString &id) const;
    QString logPath(const QString &id) const;
    /// The run's log as a file here, for the charts: the followed log itself when it is local (an
    /// attached log, the run's own output.log), else the local mirror of the remote one (output.log).
    QString localLogPath(const LaunchRecord &record) const;
    QString metricsCachePath(const QString &id) const;
    /// Written by the detached-launch wrapper: the process-group leader and, at the end, the exit code.
    QString pidPath(const QString &id) const;
    QString exitStatusPath(const QString &id) const;
    /// The run's device telemetry from one host (TelemetryAppender, docs/telemetry.md):
    /// `telemetry-<host>.tel`, `local` for this machine; a host name is kept to letters, digits,
    /// '.', '_' and '-' (anything else becomes '_'), so `user@node:1` cannot leave the folder.
    QString telemetryPath(const QString &id, const QString &host) const;
    /// The run's telemetry files (`telemetry-*.tel`), sorted by name.
    QStringList telemetryFiles(const QString &id) const;

    /// Creates the run's folder with a fresh id (time stamp + name) and writes its run.json.
    /// Returns the record with id filled in; on failure the id is empty and error says why.
    LaunchRecord create(LaunchRecord record, QString *error);
    bool save(const LaunchRecord &record, QString *error = nullptr) const;
    LaunchRecord load(const QString &id, QString *error = nullptr) const;
    /// Every readable run, oldest first; unreadable run.json files are reported in errors (path: why).
    QList<LaunchRecord> list(QStringList *errors = nullptr) const;
    /// A run by exact id, unique id prefix, or unique name; empty with an error otherwise.
    QString find(const QString &idOrName, QString *error) const;
    /// Moves the run's folder to .trash/ (never deletes).
    bool moveToTrash(const QString &id, QString *error);
    /// Writes the parsed points as JSON Lines (`{"step":N,"loss":...}`), which the log readers open.
    bool writeMetricsCache(const QString &id, const RunMetrics &run, QString *error = nullptr) const;

private:
    QString m_root;
};
