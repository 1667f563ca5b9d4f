// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "mlubackend.h"

#include "core/sources/env/vendortoolcheck.h"
#include "mlutelemetryreader.h"
#include "core/sources/topology/matrixtopologyparser.h"

#include <QFile>

namespace {

QByteArray resource(const QString &name)
{
    QFile f(QStringLiteral(":/backend_mlu/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

BackendInfo MluBackend::info() const
{
    return {
        QStringLiteral("mlu"),       QStringLiteral("Cambricon MLU"), QStringLiteral("mlu"),
        QStringLiteral("torch_mlu"), QStringLiteral("cncl"),          QStringLiteral("MLU_VISIBLE_DEVICES"),
        QStringLiteral("cnmon"),     QStringLiteral("cntoolkit"),
    };
}

QByteArray MluBackend::portingRules() const
{
    return resource(QStringLiteral("portingrules.json"));
}

QByteArray MluBackend::backendProfile() const
{
    return resource(QStringLiteral("backendprofile.json"));
}

QByteArray MluBackend::compatibilityRows() const
{
    return resource(QStringLiteral("compatibility.csv"));
}

BackendProbe MluBackend::probe(const CommandRunner &runner, const ProbeOptions &) const
{
    // Only the vendor-tool step: a host without cnmon gets a Skipped row, as for every backend.
    BackendProbe p;
    p.backendId = info().id;
    VendorToolCheck::run(runner, {QStringLiteral("cnmon")},
                         {QStringLiteral("mlu.driver"), QStringLiteral("Cambricon driver (cnmon)"),
                          QStringLiteral("a Cambricon MLU with its driver"), QStringLiteral("No Cambricon MLU here"),
                          QStringLiteral("Reinstall the Cambricon driver (neuware)")},
                         p);
    return p;
}

DeviceInventory MluBackend::parseDevices(const QByteArray &) const
{
    // The test plugin reads no cnmon listing: it says so instead of inventing devices.
    DeviceInventory inventory;
    inventory.error = QStringLiteral("the mlu test plugin does not read cnmon output");
    return inventory;
}

QStringList MluBackend::topologyCommand() const
{
    return {QStringLiteral("cnmon"), QStringLiteral("topo"), QStringLiteral("-m")};
}

Topology MluBackend::parseTopology(const QByteArray &toolOutput) const
{
    // A link class of its own (invented for the test plugin): drawn, explained and advised on by
    // core without core knowing it.
    LinkClass mluLink;
    mluLink.name = QStringLiteral("MLU-Link");
    mluLink.tokens = QStringList{QStringLiteral("MLK#")};
    mluLink.rank = 9;
    mluLink.colorKey = QStringLiteral("fabricNear");
    mluLink.description = QStringLiteral("MLU-Link: the test plugin's direct MLU-to-MLU link.");
    mluLink.pairAdvice = QStringLiteral("%1 share an MLU-Link: keep each tensor-parallel pair on one.");
    return MatrixTopologyParser(QStringLiteral("cnmon topo -m"), QStringList{QStringLiteral("MLU")}, {mluLink})
        .parse(toolOutput);
}

QStringList MluBackend::telemetryCommand(int intervalMs) const
{
    return {QStringLiteral("cnmon"), QStringLiteral("watch"), QStringLiteral("-i"), QString::number(intervalMs)};
}

bool MluBackend::recognisesTelemetry(QByteArrayView head) const
{
    return MluTelemetryReader::recognises(head);
}

std::unique_ptr<TelemetryReader> MluBackend::createTelemetryReader() const
{
    return std::make_unique<MluTelemetryReader>();
}
