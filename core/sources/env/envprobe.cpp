// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "envprobe.h"

#include "core/sources/plugins/devicebackend.h"
#include "core/base/exec/commandrunner.h"
#include "core/sources/env/hostprobe.h"
#include "core/sources/env/pythonprobe.h"

EnvProbe::EnvProbe(QList<const DeviceBackend *> backends, CompatMatrix matrix)
    : m_backends(std::move(backends))
    , m_matrix(std::move(matrix))
{ }

EnvReport EnvProbe::run(const CommandRunner &runner, const EnvRequest &request) const
{
    EnvReport report;
    report.host = runner.describe();
    report.backend = request.backend;
    report.generated = QDateTime::currentDateTime();
    report.hostFacts = HostProbe::probe(runner, request.outputDir);
    const QList<EnvCheck> hostRows = HostProbe::checks(report.hostFacts);
    if (!report.hostFacts) {
        report.checks = hostRows;
        return report;
    }

    QList<const DeviceBackend *> selected;
    for (const DeviceBackend *b : m_backends) {
        if (request.backend == QLatin1String("auto") || b->info().id == request.backend)
            selected << b;
    }
    QList<EnvCheck> backendRows;
    if (selected.isEmpty())
        backendRows << EnvCheck::make(QStringLiteral("backend.select"),
                                      QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "Backend plugin")),
                                      EnvCheck::Status::Fail, QStringLiteral("no plugin for '%1'").arg(request.backend),
                                      QStringLiteral("auto, %1").arg(backendIds().join(QStringLiteral(", "))),
                                      QStringLiteral("Run `portbench-cli plugins` to see which backends loaded"));

    const QString python = request.python.isEmpty() ? QStringLiteral("python3") : request.python;
    const QStringList modules = PythonProbe::modules(extensions());
    report.python = PythonProbe::probe(runner, python, modules);
    QStringList required;
    const ProbeOptions options{report.hostFacts.environment, report.python};
    for (const DeviceBackend *b : selected) {
        BackendProbe probe = b->probe(runner, options);
        probe.backendId = b->info().id;
        backendRows << probe.checks << visibleDevicesCheck(*b, probe, report.hostFacts.environment);
        // Hardware present: the framework and its device extension must be importable.
        if (probe.toolFound && !probe.inventory.devices.isEmpty()) {
            required << QStringLiteral("torch");
            if (!b->info().torchExtension.isEmpty())
                required << b->info().torchExtension;
        }
        report.backends << probe;
    }
    QList<EnvCheck> pythonRows = PythonProbe::checks(report.python, modules, required);
    if (!report.python && request.python.isEmpty())
        pythonRows.first().status = EnvCheck::Status::Warn; // no python3 on PATH is a hint, not a verdict
    report.checks = hostRows + backendRows + pythonRows + compatChecks(report);
    return report;
}

QStringList EnvProbe::backendIds() const
{
    QStringList ids;
    for (const DeviceBackend *b : m_backends)
        ids << b->info().id;
    return ids;
}

QStringList EnvProbe::extensions() const
{
    QStringList modules;
    for (const DeviceBackend *b : m_backends) {
        if (!b->info().torchExtension.isEmpty())
            modules << b->info().torchExtension;
    }
    return modules;
}

QList<EnvCheck> EnvProbe::visibleDevicesCheck(const DeviceBackend &backend, const BackendProbe &probe,
                                              const QMap<QString, QString> &environment) const
{
    using S = EnvCheck::Status;
    const QString var = backend.info().visibleDevicesVariable;
    const QString id = QStringLiteral("%1.visible_devices").arg(backend.info().id);
    const QString title = QStringLiteral("%1 vs devices present").arg(var);
    if (!probe.toolFound)
        return {};
    const int present = int(probe.inventory.devices.size());
    if (!environment.contains(var))
        return {EnvCheck::make(id, title, S::Ok, QStringLiteral("unset: all %1 device(s) visible").arg(present))};
    const QString value = environment.value(var).trimmed();
    if (value.isEmpty())
        return {EnvCheck::make(id, title, S::Warn, QStringLiteral("%1 is set but empty: no device is visible").arg(var),
                               QStringLiteral("unset, or a list of indices below %1").arg(present),
                               QStringLiteral("unset %1").arg(var))};
    QStringList bad;
    for (const QString &item : value.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int index = item.trimmed().toInt(&ok);
        // CUDA also accepts GPU UUIDs ("GPU-..."), which a count cannot check.
        if (ok && (index < 0 || index >= present))
            bad << item.trimmed();
    }
    if (!bad.isEmpty())
        return {EnvCheck::make(
            id, title, S::Fail, QStringLiteral("%1=%2 but %3 device(s) present").arg(var, value).arg(present),
            QStringLiteral("indices 0–%1").arg(present - 1),
            QStringLiteral("Drop %1 from %2 (in a container, check the devices mounted with --device)")
                .arg(bad.join(QLatin1Char(',')), var))};
    return {EnvCheck::make(id, title, S::Ok, QStringLiteral("%1=%2 of %3 present").arg(var, value).arg(present))};
}

QList<EnvCheck> EnvProbe::compatChecks(const EnvReport &report) const
{
    QList<EnvCheck> rows;
    if (!m_matrix) {
        rows << EnvCheck::make(QStringLiteral("compat.matrix"),
                               QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "Compatibility matrix")),
                               EnvCheck::Status::Fail, m_matrix.error());
        return rows;
    }
    const PythonEnvironment &py = report.python;
    const QString torch = py.moduleVersion(QStringLiteral("torch"));
    auto toolkitVersion = [&report](const QString &key) {
        for (const BackendProbe &b : report.backends) {
            if (!b.versions.value(key).isEmpty())
                return b.versions.value(key);
        }
        return QString();
    };
    for (const DeviceBackend *b : m_backends) {
        const BackendInfo info = b->info();
        if (!info.torchExtension.isEmpty() && py.has(info.torchExtension))
            rows << m_matrix.check(info.torchExtension, py.moduleVersion(info.torchExtension), torch,
                                   toolkitVersion(info.toolkitVersionKey), py.version);
    }
    if (rows.isEmpty())
        rows << EnvCheck::make(QStringLiteral("compat.matrix"),
                               QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "Device extension compatibility")),
                               EnvCheck::Status::Skipped,
                               QStringLiteral("no device extension (%1) is installed in %2")
                                   .arg(extensions().join(QStringLiteral(", ")), py.interpreter),
                               QStringLiteral("checked when a device extension is installed"),
                               QStringLiteral("%1 compatibility rows from the plugins").arg(m_matrix.entries().size()));
    // A plugin's unreadable rows are its author's mistake: said once, the other rows still check.
    if (!m_matrix.warnings().isEmpty())
        rows << EnvCheck::make(QStringLiteral("compat.rows"),
                               QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "Compatibility rows of the plugins")),
                               EnvCheck::Status::Warn, m_matrix.warnings().join(QStringLiteral("; ")),
                               QStringLiteral("rows in the header's format"));
    return rows;
}
