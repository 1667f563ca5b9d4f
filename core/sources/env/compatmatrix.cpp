// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "compatmatrix.h"

#include "core/sources/env/versionnumber.h"
#include "core/base/io/csvtext.h"
#include "core/sources/plugins/devicebackend.h"

#include <QRegularExpression>

namespace {

// A row's fields as text (the one CSV reader, io/csvtext.h).
QStringList compatFields(QByteArrayView line)
{
    QByteArray scratch;
    QStringList fields;
    for (QByteArrayView field : CsvText::splitRecord(line, ',', scratch))
        fields << QString::fromUtf8(field);
    return fields;
}

QString normalisePlugin(const QString &v)
{
    // "1.11.0.rc2 (beta)" and "2.9.1(.post1)": the parenthesised part is commentary.
    return v.section(QLatin1Char('('), 0, 0).trimmed();
}

QString toolkitNumber(const QString &text)
{
    // A whole word, so "rc3.1.0-v1.3.0" (a container tag) and "musa_2.1.1" (a driver) are no version.
    static const QRegularExpression version(
        QStringLiteral("(?:^|\\s)((?:rc)?\\d+\\.\\d+\\.(?:RC\\d+|\\d+)(?:\\.\\d+)?)(?=$|[\\s,;)])"),
        QRegularExpression::CaseInsensitiveOption);
    return version.match(text).captured(1);
}

} // namespace

CompatMatrix CompatMatrix::fromCsv(const QByteArray &csv)
{
    CompatMatrix m;
    const QList<QByteArray> lines = QByteArray(csv).replace('\r', QByteArray()).split('\n');
    const QStringList expected{QStringLiteral("vendor"),          QStringLiteral("plugin_package"),
                               QStringLiteral("plugin_version"),  QStringLiteral("torch_version"),
                               QStringLiteral("toolkit"),         QStringLiteral("toolkit_version"),
                               QStringLiteral("python_versions"), QStringLiteral("source")};
    if (lines.isEmpty() || compatFields(lines.first()) != expected) {
        m.m_error = QStringLiteral("line 1: expected the header %1").arg(expected.join(QLatin1Char(',')));
        return m;
    }
    static const QRegularExpression py(QStringLiteral("^\\s*(\\d+\\.\\d+)"));
    for (int i = 1; i < lines.size(); ++i) {
        if (lines.at(i).trimmed().isEmpty())
            continue;
        QStringList c = compatFields(lines.at(i));
        if (c.size() < 8) {
            m.m_warnings << QStringLiteral("line %1: %2 fields, expected 8").arg(i + 1).arg(c.size());
            continue;
        }
        // The source column may itself contain commas when unquoted: keep the rest together.
        const QString source = c.mid(7).join(QLatin1Char(','));
        CompatEntry e;
        e.line = i + 1;
        e.vendor = c.at(0).trimmed();
        e.package = c.at(1).trimmed();
        e.pluginVersion = normalisePlugin(c.at(2));
        e.torchVersion = VersionNumber::baseRelease(c.at(3));
        e.toolkit = c.at(4).trimmed();
        e.toolkitText = c.at(5).trimmed();
        e.toolkitVersion = toolkitNumber(e.toolkitText);
        for (const QString &p : c.at(6).split(QLatin1Char(';'))) {
            const QString mm = py.match(p).captured(1);
            if (!mm.isEmpty())
                e.pythonVersions << mm;
        }
        e.source = source.trimmed();
        if (e.package.isEmpty() || e.pluginVersion.isEmpty() || e.torchVersion.isEmpty()) {
            m.m_warnings
                << QStringLiteral("line %1: plugin_package, plugin_version or torch_version missing").arg(i + 1);
            continue;
        }
        m.m_entries << e;
    }
    return m;
}

CompatMatrix CompatMatrix::fromBackends(const QList<const DeviceBackend *> &backends)
{
    CompatMatrix all;
    for (const DeviceBackend *b : backends) {
        const QByteArray csv = b->compatibilityRows();
        if (csv.isEmpty())
            continue;
        const QString id = b->info().id;
        const CompatMatrix one = fromCsv(csv);
        if (!one)
            all.m_warnings << QStringLiteral("compatibility rows of '%1': %2").arg(id, one.error());
        for (const QString &w : one.warnings())
            all.m_warnings << QStringLiteral("compatibility rows of '%1': %2").arg(id, w);
        for (CompatEntry e : one.entries()) {
            e.backend = id;
            all.m_entries << e;
        }
    }
    return all;
}

const CompatEntry *CompatMatrix::find(const QString &package, const QString &pluginVersion) const
{
    const QString wanted = pluginVersion.section(QLatin1Char('+'), 0, 0).trimmed();
    for (const CompatEntry &e : m_entries) {
        if (e.package == package && e.pluginVersion == wanted)
            return &e;
    }
    return nullptr;
}

QList<CompatEntry> CompatMatrix::forTorch(const QString &package, const QString &torchVersion) const
{
    QList<CompatEntry> out;
    const QString base = VersionNumber::baseRelease(torchVersion);
    for (const CompatEntry &e : m_entries) {
        if (e.package == package && e.torchVersion == base)
            out << e;
    }
    return out;
}

QList<EnvCheck> CompatMatrix::check(const QString &package, const QString &pluginVersion, const QString &torchVersion,
                                    const QString &toolkitVersion, const QString &pythonVersion) const
{
    using S = EnvCheck::Status;
    QList<EnvCheck> rows;
    const QString prefix = QStringLiteral("compat.%1.").arg(package);
    const CompatEntry *e = find(package, pluginVersion);
    if (!e) {
        QStringList known;
        for (const CompatEntry &c : forTorch(package, torchVersion))
            known << c.pluginVersion;
        rows << EnvCheck::make(
            prefix + QStringLiteral("torch"), QStringLiteral("%1 release in the compatibility matrix").arg(package),
            S::Warn, QStringLiteral("%1 %2").arg(package, pluginVersion),
            known.isEmpty()
                ? QStringLiteral("a release listed in the matrix")
                : QStringLiteral("one of %1 for torch %2").arg(known.join(QStringLiteral(", ")), torchVersion),
            QStringLiteral("Check the vendor's compatibility table for this build; PortBench cannot vouch for it."));
        return rows;
    }
    const QString origin
        = e->backend.isEmpty() ? QStringLiteral("matrix") : QStringLiteral("%1 compatibility rows,").arg(e->backend);
    const QString cite = QStringLiteral(" (%1 line %2: %3)").arg(origin).arg(e->line).arg(e->source.left(80));
    const QString torchBase = VersionNumber::baseRelease(torchVersion);
    if (torchVersion.isEmpty())
        rows << EnvCheck::make(prefix + QStringLiteral("torch"), QStringLiteral("torch matches %1").arg(package),
                               S::Fail, QStringLiteral("torch not importable"),
                               QStringLiteral("torch %1").arg(e->torchVersion),
                               QStringLiteral("pip install torch==%1").arg(e->torchVersion));
    else if (torchBase != e->torchVersion)
        rows << EnvCheck::make(prefix + QStringLiteral("torch"), QStringLiteral("torch matches %1").arg(package),
                               S::Fail, QStringLiteral("torch %1 with %2 %3").arg(torchVersion, package, pluginVersion),
                               QStringLiteral("torch %1%2").arg(e->torchVersion, cite),
                               QStringLiteral("pip install torch==%1 (or the %2 build for torch %3)")
                                   .arg(e->torchVersion, package, torchBase));
    else
        rows << EnvCheck::make(prefix + QStringLiteral("torch"), QStringLiteral("torch matches %1").arg(package), S::Ok,
                               QStringLiteral("torch %1 with %2 %3").arg(torchVersion, package, pluginVersion),
                               QStringLiteral("torch %1").arg(e->torchVersion));

    const QString toolkitTitle = QStringLiteral("%1 matches %2").arg(e->toolkit, package);
    if (e->toolkitVersion.isEmpty()) {
        rows << EnvCheck::make(prefix + QStringLiteral("toolkit"), toolkitTitle, S::Skipped,
                               toolkitVersion.isEmpty() ? QStringLiteral("unknown") : toolkitVersion,
                               QStringLiteral("matrix states no version: %1").arg(e->toolkitText));
    } else if (toolkitVersion.isEmpty()) {
        rows << EnvCheck::make(prefix + QStringLiteral("toolkit"), toolkitTitle, S::Skipped,
                               QStringLiteral("not found on this host"),
                               QStringLiteral("%1 %2").arg(e->toolkit, e->toolkitVersion));
    } else {
        const int cmp = VersionNumber::compare(toolkitVersion, e->toolkitVersion);
        QString alternative;
        for (const CompatEntry &c : forTorch(package, torchBase)) {
            if (VersionNumber::compare(c.toolkitVersion, toolkitVersion) == 0)
                alternative = QStringLiteral(", or pip install %1==%2 which is built for %3 %4")
                                  .arg(package, c.pluginVersion, c.toolkit, toolkitVersion);
        }
        if (cmp == 0)
            rows << EnvCheck::make(prefix + QStringLiteral("toolkit"), toolkitTitle, S::Ok,
                                   QStringLiteral("%1 %2").arg(e->toolkit, toolkitVersion),
                                   QStringLiteral("%1 %2").arg(e->toolkit, e->toolkitVersion));
        else
            rows << EnvCheck::make(
                prefix + QStringLiteral("toolkit"), toolkitTitle, cmp < 0 ? S::Fail : S::Warn,
                QStringLiteral("%1 %2 with %3 %4").arg(e->toolkit, toolkitVersion, package, pluginVersion),
                QStringLiteral("%1 %2%3").arg(e->toolkit, e->toolkitVersion, cite),
                QStringLiteral("Install %1 %2%3%4")
                    .arg(e->toolkit, e->toolkitVersion, alternative,
                         cmp < 0 ? QStringLiteral(" (an older toolkit shows up as 'undefined symbol' on import)")
                                 : QStringLiteral(" (a newer toolkit is not a listed pairing)")));
    }

    const QString pyTitle = QStringLiteral("Python supported by %1 %2").arg(package, pluginVersion);
    const QString mm = VersionNumber::majorMinor(pythonVersion);
    if (e->pythonVersions.isEmpty() || mm.isEmpty())
        rows << EnvCheck::make(prefix + QStringLiteral("python"), pyTitle, S::Skipped,
                               mm.isEmpty() ? QStringLiteral("unknown")
                                            : QStringLiteral("Python %1").arg(pythonVersion),
                               QStringLiteral("the matrix lists no Python versions for this release"));
    else
        rows << EnvCheck::make(prefix + QStringLiteral("python"), pyTitle,
                               e->pythonVersions.contains(mm) ? S::Ok : S::Fail,
                               QStringLiteral("Python %1").arg(pythonVersion),
                               QStringLiteral("Python %1").arg(e->pythonVersions.join(QStringLiteral(", "))),
                               e->pythonVersions.contains(mm)
                                   ? QString()
                                   : QStringLiteral("Use a Python %1 environment (conda create -n port python=%1)")
                                         .arg(e->pythonVersions.last()));
    return rows;
}
