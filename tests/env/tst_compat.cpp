// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "core/sources/env/compatmatrix.h"
#include "core/sources/env/versionnumber.h"
#include "core/sources/plugins/devicebackend.h"
#include "core/base/device/telemetryreader.h"

#include <QTest>

Q_DECLARE_METATYPE(EnvCheck::Status)

namespace {

/// A backend whose compatibility rows are whatever the test hands it.
class RowsOnlyBackend : public DeviceBackend
{
public:
    explicit RowsOnlyBackend(QByteArray rows)
        : m_rows(std::move(rows))
    { }
    BackendInfo info() const override { return {QStringLiteral("broken")}; }
    QByteArray portingRules() const override { return {}; }
    QByteArray backendProfile() const override { return {}; }
    QByteArray compatibilityRows() const override { return m_rows; }
    BackendProbe probe(const CommandRunner &, const ProbeOptions &) const override { return {}; }
    DeviceInventory parseDevices(const QByteArray &) const override { return {}; }
    QStringList topologyCommand() const override { return {}; }
    Topology parseTopology(const QByteArray &) const override { return {}; }
    QStringList telemetryCommand(int) const override { return {}; }
    bool recognisesTelemetry(QByteArrayView) const override { return false; }
    std::unique_ptr<TelemetryReader> createTelemetryReader() const override { return nullptr; }

private:
    QByteArray m_rows;
};

QList<const DeviceBackend *> realBackends()
{
    return builtPlugins().deviceBackends();
}

/// The rows the real plugins bring (plugins/backend_*/compatibility.csv).
const CompatMatrix &pluginRows()
{
    static const CompatMatrix rows = CompatMatrix::fromBackends(realBackends());
    return rows;
}

} // namespace

class TestCompat : public QObject
{
    Q_OBJECT

    static EnvCheck::Status statusOf(const QList<EnvCheck> &rows, const QString &id)
    {
        for (const EnvCheck &c : rows) {
            if (c.id == id)
                return c.status;
        }
        return EnvCheck::Status(-1);
    }

private Q_SLOTS:
    void versions_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<int>("sign");
        // clang-format off
        QTest::newRow("rc before release") << "8.0.RC3" << "8.0.0" << -1;
        QTest::newRow("release before next rc") << "8.0.0" << "8.1.RC1" << -1;
        QTest::newRow("post after release") << "2.1.0.post10" << "2.1.0" << 1;
        QTest::newRow("post order") << "2.1.0.post8" << "2.1.0.post10" << -1;
        QTest::newRow("local part ignored") << "2.1.0+cpu" << "2.1.0" << 0;
        QTest::newRow("alpha before release") << "1.13.0a0" << "1.13.0" << -1;
        QTest::newRow("cann sub release") << "6.3.RC3.1" << "6.3.RC3" << 1;
        QTest::newRow("missing is zero") << "12.6" << "12.6.0" << 0;
        QTest::newRow("numeric not lexical") << "12.10" << "12.9" << 1;
        // clang-format on
    }
    void versions()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(int, sign);
        const int c = VersionNumber::compare(a, b);
        QCOMPARE((c > 0) - (c < 0), sign);
        QCOMPARE(-((VersionNumber::compare(b, a) > 0) - (VersionNumber::compare(b, a) < 0)), sign);
    }

    void pluginRowsLoad()
    {
        const CompatMatrix &m = pluginRows();
        QVERIFY2(bool(m), qPrintable(m.error()));
        QCOMPARE(m.entries().size(), 76);
        QVERIFY(m.warnings().isEmpty());
        for (const CompatEntry &e : m.entries())
            QCOMPARE(e.backend,
                     e.package == QLatin1String("torch_npu") ? QStringLiteral("npu") : QStringLiteral("musa"));
        const CompatEntry *e = m.find(QStringLiteral("torch_npu"), QStringLiteral("2.1.0.post10"));
        QVERIFY(e);
        QCOMPARE(e->toolkitVersion, QStringLiteral("8.0.0"));
        QCOMPARE(e->pythonVersions.join(QLatin1Char(',')), QStringLiteral("3.8,3.9,3.10,3.11"));
        QVERIFY(e->source.contains(QLatin1String("Ascend/pytorch")));
        QCOMPARE(m.find(QStringLiteral("torch_musa"), QStringLiteral("1.3.0"))->toolkitVersion,
                 QStringLiteral("rc3.1.0"));
        QCOMPARE(m.find(QStringLiteral("torch_musa"), QStringLiteral("2.9.1"))->toolkitVersion,
                 QStringLiteral("5.1.0"));
        QVERIFY(m.find(QStringLiteral("torch_npu"), QStringLiteral("1.11.0.rc2")));
    }

    void rules_data()
    {
        QTest::addColumn<QString>("package");
        QTest::addColumn<QString>("plugin");
        QTest::addColumn<QString>("torch");
        QTest::addColumn<QString>("toolkit");
        QTest::addColumn<QString>("python");
        QTest::addColumn<EnvCheck::Status>("torchStatus");
        QTest::addColumn<EnvCheck::Status>("toolkitStatus");
        QTest::addColumn<EnvCheck::Status>("pythonStatus");
        using S = EnvCheck::Status;
        // clang-format off
        QTest::newRow("guide combination is consistent") << "torch_npu" << "2.1.0" << "2.1.0" << "7.0.0" << "3.9.18" << S::Ok << S::Ok << S::Ok;
        QTest::newRow("post10 with CANN 7.0.0 is not") << "torch_npu" << "2.1.0.post10" << "2.1.0" << "7.0.0" << "3.9.18" << S::Ok << S::Fail << S::Ok;
        QTest::newRow("post10 with CANN 8.0.0") << "torch_npu" << "2.1.0.post10" << "2.1.0+cpu" << "8.0.0" << "3.10.1" << S::Ok << S::Ok << S::Ok;
        QTest::newRow("newer CANN warns") << "torch_npu" << "2.1.0" << "2.1.0" << "8.0.RC1" << "3.9.1" << S::Ok << S::Warn << S::Ok;
        QTest::newRow("torch mismatch") << "torch_npu" << "2.1.0.post10" << "2.2.0" << "8.0.0" << "3.9.1" << S::Fail << S::Ok << S::Ok;
        QTest::newRow("python outside list") << "torch_npu" << "2.4.0" << "2.4.0" << "8.0.RC3" << "3.12.1" << S::Ok << S::Ok << S::Fail;
        QTest::newRow("cann unknown skipped") << "torch_npu" << "2.4.0" << "2.4.0" << "" << "3.10.1" << S::Ok << S::Skipped << S::Ok;
        QTest::newRow("musa sdk matches") << "torch_musa" << "2.1.0" << "2.5.0" << "4.2.0" << "3.10.4" << S::Ok << S::Ok << S::Ok;
        QTest::newRow("musa sdk too old") << "torch_musa" << "2.1.0" << "2.5.0" << "4.0.1" << "3.10.4" << S::Ok << S::Fail << S::Ok;
        QTest::newRow("musa no sdk stated") << "torch_musa" << "2.5.0" << "2.5.0" << "4.3.0" << "3.10.4" << S::Ok << S::Skipped << S::Ok;
        // clang-format on
    }
    void rules()
    {
        QFETCH(QString, package);
        QFETCH(QString, plugin);
        QFETCH(QString, torch);
        QFETCH(QString, toolkit);
        QFETCH(QString, python);
        QFETCH(EnvCheck::Status, torchStatus);
        QFETCH(EnvCheck::Status, toolkitStatus);
        QFETCH(EnvCheck::Status, pythonStatus);
        const QList<EnvCheck> rows = pluginRows().check(package, plugin, torch, toolkit, python);
        QCOMPARE(rows.size(), 3);
        QCOMPARE(statusOf(rows, QStringLiteral("compat.%1.torch").arg(package)), torchStatus);
        QCOMPARE(statusOf(rows, QStringLiteral("compat.%1.toolkit").arg(package)), toolkitStatus);
        QCOMPARE(statusOf(rows, QStringLiteral("compat.%1.python").arg(package)), pythonStatus);
        for (const EnvCheck &c : rows) {
            if (c.status == EnvCheck::Status::Fail)
                QVERIFY2(!c.fix.isEmpty(), qPrintable(c.id));
        }
    }

    void post10FailSuggestsTheMatchingBuild()
    {
        const QList<EnvCheck> rows
            = pluginRows().check(QStringLiteral("torch_npu"), QStringLiteral("2.1.0.post10"), QStringLiteral("2.1.0"),
                                 QStringLiteral("7.0.0"), QStringLiteral("3.9.0"));
        QVERIFY2(rows.at(1).fix.contains(QLatin1String("torch_npu==2.1.0 ")), qPrintable(rows.at(1).fix));
        QVERIFY(rows.at(1).expected.contains(QLatin1String("CANN 8.0.0")));
    }

    void unknownReleaseWarns()
    {
        const QList<EnvCheck> rows
            = pluginRows().check(QStringLiteral("torch_npu"), QStringLiteral("2.1.0.post99"), QStringLiteral("2.1.0"),
                                 QStringLiteral("8.0.0"), QStringLiteral("3.9.0"));
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.first().status, EnvCheck::Status::Warn);
        QVERIFY(rows.first().expected.contains(QLatin1String("2.1.0.post10")));
    }

    void badCsvIsReported()
    {
        QVERIFY(!CompatMatrix::fromCsv("a,b,c\n1,2,3\n"));
        const CompatMatrix m = CompatMatrix::fromCsv(
            "vendor,plugin_package,plugin_version,torch_version,toolkit,toolkit_version,python_versions,source\n"
            "x,torch_npu,2.1.0\n"
            "Huawei Ascend,torch_npu,2.1.0,2.1.0,CANN,7.0.0,3.8;3.9,\"src, with comma\"\n");
        QVERIFY(bool(m));
        QCOMPARE(m.entries().size(), 1);
        QCOMPARE(m.entries().first().source, QStringLiteral("src, with comma"));
        QCOMPARE(m.warnings().size(), 1);
        QVERIFY(m.warnings().first().startsWith(QLatin1String("line 2:")));
    }

    void aPluginsBadRowsAreAWarningNotTheEnd()
    {
        const RowsOnlyBackend broken("vendor,package\nx,y\n");
        QList<const DeviceBackend *> backends = realBackends();
        backends.prepend(&broken);
        const CompatMatrix m = CompatMatrix::fromBackends(backends);
        QVERIFY(bool(m));
        QCOMPARE(m.entries().size(), pluginRows().entries().size());
        QCOMPARE(m.warnings().size(), 1);
        QVERIFY2(m.warnings().first().startsWith(QLatin1String("compatibility rows of 'broken': line 1: expected")),
                 qPrintable(m.warnings().first()));
    }
};

QTEST_GUILESS_MAIN(TestCompat)
#include "tst_compat.moc"
