// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "topologyreader.h"

#include "core/base/exec/commandrunner.h"
#include "core/sources/plugins/devicebackend.h"

#include <QStringList>

namespace {

/// Why a parse is no topology, or an empty string when it is one.
QString refusal(const Topology &t)
{
    if (!t)
        return t.error;
    return t.accelerators().isEmpty() ? QStringLiteral("no accelerators") : QString();
}

Topology failure(const QStringList &tried)
{
    Topology t;
    t.error = tried.isEmpty() ? QStringLiteral("no device backend loaded") : tried.join(QStringLiteral("; "));
    return t;
}

} // namespace

Topology TopologyReader::fromCapture(const QByteArray &capture, const QList<const DeviceBackend *> &backends)
{
    QStringList tried;
    for (const DeviceBackend *b : backends) {
        Topology t = b->parseTopology(capture);
        const QString why = refusal(t);
        if (why.isEmpty())
            return t;
        tried << QStringLiteral("%1: %2").arg(b->info().id, why);
    }
    return failure(tried);
}

Topology TopologyReader::probe(const CommandRunner &runner, const QList<const DeviceBackend *> &backends)
{
    QStringList tried;
    for (const DeviceBackend *b : backends) {
        const QStringList command = b->topologyCommand();
        const CommandResult r = runner.run(command);
        if (r.notFound()) {
            tried << QStringLiteral("%1: %2 not found").arg(b->info().id, command.value(0));
            continue;
        }
        if (!r.ok()) {
            tried << QStringLiteral("%1: %2: %3").arg(b->info().id, command.join(QLatin1Char(' ')), r.summary());
            continue;
        }
        Topology t = b->parseTopology(r.out);
        const QString why = refusal(t);
        if (why.isEmpty())
            return t;
        tried << QStringLiteral("%1: %2").arg(b->info().id, why);
    }
    return failure(tried);
}
