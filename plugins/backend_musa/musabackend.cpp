// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "musabackend.h"

#include "core/base/exec/commandrunner.h"
#include "core/sources/env/vendortoolcheck.h"
#include "mthreadsgmiparser.h"
#include "mthreadsgmitelemetryreader.h"
#include "core/sources/topology/matrixtopologyparser.h"

#include <QFile>
#include <QRegularExpression>

BackendInfo MusaBackend::info() const
{
    return {
        QStringLiteral("musa"),         QStringLiteral("Moore Threads MUSA"),
        QStringLiteral("musa"),         QStringLiteral("torch_musa"),
        QStringLiteral("mccl"),         QStringLiteral("MUSA_VISIBLE_DEVICES"),
        QStringLiteral("mthreads-gmi"), QStringLiteral("musa_sdk"),
    };
}

QByteArray MusaBackend::portingRules() const
{
    QFile rules(QStringLiteral(":/backend_musa/portingrules.json"));
    return rules.open(QIODevice::ReadOnly) ? rules.readAll() : QByteArray();
}

QByteArray MusaBackend::backendProfile() const
{
    QFile profile(QStringLiteral(":/backend_musa/backendprofile.json"));
    return profile.open(QIODevice::ReadOnly) ? profile.readAll() : QByteArray();
}

QByteArray MusaBackend::compatibilityRows() const
{
    QFile rows(QStringLiteral(":/backend_musa/compatibility.csv"));
    return rows.open(QIODevice::ReadOnly) ? rows.readAll() : QByteArray();
}

DeviceInventory MusaBackend::parseDevices(const QByteArray &toolOutput) const
{
    return MthreadsGmiParser::parse(toolOutput);
}

QStringList MusaBackend::topologyCommand() const
{
    return {QStringLiteral("mthreads-gmi"), QStringLiteral("topo"), QStringLiteral("-m")};
}

Topology MusaBackend::parseTopology(const QByteArray &toolOutput) const
{
    // Assumed to follow the nvidia-smi matrix layout with MTLink cells (MT#, MTLink#, ML#, the
    // number the bonded links); no real capture verified it.
    LinkClass mtLink;
    mtLink.name = QStringLiteral("MTLink");
    mtLink.tokens = QStringList{QStringLiteral("MTLINK#"), QStringLiteral("MT#"), QStringLiteral("ML#")};
    mtLink.description
        = QString::fromUtf8(QT_TRANSLATE_NOOP("LinkType", "MTLink: Moore Threads' direct GPU-to-GPU link."));
    return MatrixTopologyParser(QStringLiteral("mthreads-gmi topo -m"), QStringList{QStringLiteral("GPU")}, {mtLink})
        .parse(toolOutput);
}

QStringList MusaBackend::telemetryCommand(int intervalMs) const
{
    // mthreads-gmi has no loop mode: one shell loop prints its table every interval. The interval is
    // an argument of the fixed script, never pasted into it.
    return {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("while mthreads-gmi; do sleep \"$1\"; done"),
            QStringLiteral("sh"), QString::number(intervalMs / 1000.0)};
}

bool MusaBackend::recognisesTelemetry(QByteArrayView head) const
{
    return MthreadsGmiTelemetryReader::recognises(head);
}

std::unique_ptr<TelemetryReader> MusaBackend::createTelemetryReader() const
{
    return std::make_unique<MthreadsGmiTelemetryReader>();
}

BackendProbe MusaBackend::probe(const CommandRunner &runner, const ProbeOptions &options) const
{
    using S = EnvCheck::Status;
    BackendProbe p;
    p.backendId = info().id;
    const CommandResult gmi = VendorToolCheck::run(
        runner, {QStringLiteral("mthreads-gmi")},
        {QStringLiteral("musa.driver"), QStringLiteral("Moore Threads driver (mthreads-gmi)"),
         QStringLiteral("a Moore Threads GPU with its driver"), QStringLiteral("No Moore Threads GPU here"),
         QStringLiteral("Reinstall the MUSA driver; in a container use the mthreads container toolkit runtime")},
        p);
    if (gmi.ok()) {
        p.inventory = MthreadsGmiParser::parse(gmi.out);
        p.versions.insert(QStringLiteral("driver"), p.inventory.driverVersion);
        p.checks << EnvCheck::make(
            QStringLiteral("musa.devices"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "Moore Threads GPUs")),
            p.inventory && !p.inventory.devices.isEmpty() ? S::Ok : S::Fail,
            p.inventory ? QStringLiteral("%1 (driver %2)").arg(p.inventory.summary(), p.inventory.driverVersion)
                        : p.inventory.error,
            QStringLiteral("at least one GPU"));
    }
    if (!p.toolFound)
        return p;
    // The SDK records its release in version files under its prefix.
    const QString home = options.environment.value(QStringLiteral("MUSA_HOME"), QStringLiteral("/usr/local/musa"));
    const CommandResult sdk = runner.run(
        {QStringLiteral("sh"), QStringLiteral("-c"),
         QStringLiteral("cat \"$1\"/version.txt \"$1\"/version.json 2>/dev/null; true"), QStringLiteral("sh"), home});
    static const QRegularExpression version(QStringLiteral("(\\d+\\.\\d+\\.\\d+)"));
    const QString sdkVersion = version.match(QString::fromUtf8(sdk.out)).captured(1);
    if (!sdkVersion.isEmpty())
        p.versions.insert(QStringLiteral("musa_sdk"), sdkVersion);
    p.checks << EnvCheck::make(
        QStringLiteral("musa.sdk"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "MUSA SDK")),
        sdkVersion.isEmpty() ? S::Warn : S::Ok,
        sdkVersion.isEmpty() ? QStringLiteral("no version file in %1").arg(home)
                             : QStringLiteral("MUSA SDK %1 (%2)").arg(sdkVersion, home),
        QStringLiteral("the SDK matching torch_musa (see the compat rows)"),
        sdkVersion.isEmpty() ? QStringLiteral("Install the MUSA SDK, or set MUSA_HOME to its prefix") : QString());
    return p;
}
