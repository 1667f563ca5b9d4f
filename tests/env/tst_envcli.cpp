// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"
#include "sshdfixture.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

namespace {

QString dataPath(const QString &name)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/env/") + name;
}

QJsonObject check(const QJsonObject &report, const QString &id)
{
    for (const QJsonValue &v : report.value(QStringLiteral("checks")).toArray()) {
        if (v.toObject().value(QStringLiteral("id")).toString() == id)
            return v.toObject();
    }
    return {};
}

QJsonObject backend(const QJsonObject &report, const QString &id)
{
    for (const QJsonValue &v : report.value(QStringLiteral("backends")).toArray()) {
        if (v.toObject().value(QStringLiteral("backend")).toString() == id)
            return v.toObject();
    }
    return {};
}

// A fake vendor tool: a two-line script that prints a real capture, chosen by its arguments.
bool writeTool(const QString &dir, const QString &name, const QList<QPair<QString, QString>> &cases)
{
    QString body = QStringLiteral("#!/bin/sh\ncase \"$*\" in\n");
    for (const auto &c : cases)
        body += QStringLiteral("  %1) cat '%2' ;;\n").arg(c.first, dataPath(c.second));
    body += QStringLiteral("esac\n");
    QFile f(dir + QLatin1Char('/') + name);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(body.toUtf8());
    f.close();
    return f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
}

QProcessEnvironment cleanEnv(const QString &extraPath = {})
{
    QProcessEnvironment env = isolatedEnvironment();
    env.insert(QStringLiteral("PATH"),
               extraPath.isEmpty() ? QStringLiteral("/usr/bin:/bin") : extraPath + QStringLiteral(":/usr/bin:/bin"));
    for (const QString &k : env.keys()) {
        if (k.startsWith(QLatin1String("ASCEND")) || k.startsWith(QLatin1String("HCCL_"))
            || k.endsWith(QLatin1String("VISIBLE_DEVICES")))
            env.remove(k);
    }
    return env;
}

} // namespace

class TestEnvCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanPathGivesSkippedRowsAndExitZero()
    {
        QTemporaryDir out;
        const CliResult r = runCli({QStringLiteral("env"), QStringLiteral("--json"), QStringLiteral("--python"),
                                    QStringLiteral("/usr/bin/python3"), QStringLiteral("--output"), out.path()},
                                   cleanEnv());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject report = r.json().object();
        for (const QString id :
             {QStringLiteral("cuda.driver"), QStringLiteral("npu.driver"), QStringLiteral("musa.driver")})
            QCOMPARE(check(report, id).value(QStringLiteral("status")).toString(), QStringLiteral("skipped"));
        QVERIFY(!check(report, QStringLiteral("npu.driver")).value(QStringLiteral("fix")).toString().isEmpty());
        QCOMPARE(report.value(QStringLiteral("summary")).toObject().value(QStringLiteral("fail")).toInt(), 0);
        QVERIFY(!check(report, QStringLiteral("host.shm")).isEmpty());
        QVERIFY(!check(report, QStringLiteral("host.disk")).value(QStringLiteral("found")).toString().isEmpty());
        if (QFile::exists(QStringLiteral("/usr/lib/python3/dist-packages/torch/__init__.py"))) // Debian python3-torch
            QCOMPARE(check(report, QStringLiteral("python.torch")).value(QStringLiteral("status")).toString(),
                     QStringLiteral("ok"));
        QCOMPARE(check(report, QStringLiteral("python.torch_npu")).value(QStringLiteral("found")).toString(),
                 QStringLiteral("not installed"));
    }

    void fakeVendorToolsReportDevices()
    {
        QTemporaryDir bin, cann;
        QVERIFY(writeTool(bin.path(), QStringLiteral("npu-smi"),
                          {{QStringLiteral("*topo*"), QStringLiteral("npu_smi_info_t_topo_910B3_8npu_HCCS.txt")},
                           {QStringLiteral("*board*"), QStringLiteral("npu_smi_info_t_board_i0_huawei_doc.txt")},
                           {QStringLiteral("*"), QStringLiteral("npu_smi_info_910B3_8npu_24.1.rc1.txt")}}));
        QVERIFY(
            writeTool(bin.path(), QStringLiteral("nvidia-smi"),
                      {{QStringLiteral("*topo*"), QStringLiteral("nvidia_smi_topo_4xH100_NV18_8nic_PHB_spaces.txt")},
                       {QStringLiteral("*"), QStringLiteral("nvidia_smi_default_4xH100_driver560.txt")}}));
        QVERIFY(writeTool(bin.path(), QStringLiteral("mthreads-gmi"),
                          {{QStringLiteral("*"), QStringLiteral("mthreads_gmi_8xS5000_2.4.1.txt")}}));
        QVERIFY(QFile::copy(dataPath(QStringLiteral("ascend_cann_version_cfg_8.0.0.txt")),
                            cann.filePath(QStringLiteral("version.cfg"))));
        QProcessEnvironment env = cleanEnv(bin.path());
        env.insert(QStringLiteral("ASCEND_HOME_PATH"), cann.path());
        env.insert(QStringLiteral("LD_LIBRARY_PATH"), cann.path() + QStringLiteral("/lib64"));
        env.insert(QStringLiteral("ASCEND_RT_VISIBLE_DEVICES"), QStringLiteral("0,1,9"));
        env.insert(QStringLiteral("HCCL_CONNECT_TIMEOUT"), QStringLiteral("1200"));

        const CliResult r = runCli({QStringLiteral("env"), QStringLiteral("--json"), QStringLiteral("--python"),
                                    QStringLiteral("/usr/bin/python3")},
                                   env);
        const QJsonObject report = r.json().object();
        QVERIFY2(!report.isEmpty(), r.err.constData());
        QCOMPARE(r.exitCode, 1); // devices present, torch_npu missing, a visible-devices index out of range
        QCOMPARE(backend(report, QStringLiteral("npu")).value(QStringLiteral("count")).toInt(), 8);
        QCOMPARE(backend(report, QStringLiteral("cuda")).value(QStringLiteral("count")).toInt(), 4);
        QCOMPARE(backend(report, QStringLiteral("musa")).value(QStringLiteral("count")).toInt(), 8);
        QCOMPARE(backend(report, QStringLiteral("npu"))
                     .value(QStringLiteral("versions"))
                     .toObject()
                     .value(QStringLiteral("cann"))
                     .toString(),
                 QStringLiteral("8.0.0"));
        QCOMPARE(backend(report, QStringLiteral("cuda"))
                     .value(QStringLiteral("versions"))
                     .toObject()
                     .value(QStringLiteral("driver"))
                     .toString(),
                 QStringLiteral("560.35.05"));
        QCOMPARE(check(report, QStringLiteral("npu.devices")).value(QStringLiteral("found")).toString(),
                 QStringLiteral("8 × 910B3 (65536 MiB)"));
        QCOMPARE(check(report, QStringLiteral("npu.set_env")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("ok"));
        QCOMPARE(check(report, QStringLiteral("npu.board")).value(QStringLiteral("found")).toString(),
                 QStringLiteral("software 23.0.5, firmware 7.1.0.7.220"));
        QCOMPARE(check(report, QStringLiteral("npu.hccl_env")).value(QStringLiteral("found")).toString(),
                 QStringLiteral("HCCL_CONNECT_TIMEOUT=1200"));
        QCOMPARE(check(report, QStringLiteral("npu.visible_devices")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("fail"));
        QCOMPARE(check(report, QStringLiteral("python.torch_npu")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("fail"));

        // Without set_env.sh the toolkit is there but invisible.
        env.remove(QStringLiteral("LD_LIBRARY_PATH"));
        const QJsonObject unsourced = runCli({QStringLiteral("env"), QStringLiteral("--json"),
                                              QStringLiteral("--backend"), QStringLiteral("npu")},
                                             env)
                                          .json()
                                          .object();
        QCOMPARE(check(unsourced, QStringLiteral("npu.set_env")).value(QStringLiteral("status")).toString(),
                 QStringLiteral("fail"));
        QVERIFY(check(unsourced, QStringLiteral("npu.set_env"))
                    .value(QStringLiteral("fix"))
                    .toString()
                    .contains(QLatin1String("set_env.sh")));
        QVERIFY(backend(unsourced, QStringLiteral("cuda")).isEmpty());

        // The live topo command runs the same fake tool.
        const CliResult topo = runCli(
            {QStringLiteral("topo"), QStringLiteral("--backend"), QStringLiteral("npu"), QStringLiteral("--json")},
            env);
        QCOMPARE(topo.exitCode, 0);
        QCOMPARE(topo.json().object().value(QStringLiteral("acceleratorCount")).toInt(), 8);
    }

    void markdownAndUsageErrors()
    {
        CliResult r = runCli({QStringLiteral("env"), QStringLiteral("--markdown")}, cleanEnv());
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("| Status | Check | Found | Expected | Fix |"));
        r = runCli({QStringLiteral("env"), QStringLiteral("--backend"), QStringLiteral("tpu")}, cleanEnv());
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("tpu"));
        r = runCli({QStringLiteral("topo"), QStringLiteral("--from"), QStringLiteral("/nonexistent/x.txt")});
        QCOMPARE(r.exitCode, 2);
        r = runCli({QStringLiteral("topo"), QStringLiteral("--from"), dataPath(QStringLiteral("SOURCES.md"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("not a topology capture"));
        r = runCli({QStringLiteral("topo")}, cleanEnv());
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("No device topology"));
        for (const char *bad : {"-1", "0", "nan", "86401", "ten"}) {
            r = runCli({QStringLiteral("topo"), QStringLiteral("--timeout"), QLatin1String(bad)}, cleanEnv());
            QCOMPARE(r.exitCode, 2);
            QVERIFY(r.err.contains("--timeout"));
        }
        // Not regular files: a device never ends, a FIFO without a writer would block the open forever.
        r = runCli({QStringLiteral("topo"), QStringLiteral("--from"), QStringLiteral("/dev/zero")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("is a device"));
        QTemporaryDir dir;
        const QByteArray fifo = QFile::encodeName(dir.filePath(QStringLiteral("fifo")));
        QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
        r = runCli({QStringLiteral("topo"), QStringLiteral("--from"), QFile::decodeName(fifo)}, cleanEnv(), 20000);
        QVERIFY(!r.crashed);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("FIFO"));
        // A capture padded with blank lines reads in one pass.
        QFile padded(dir.filePath(QStringLiteral("padded.txt")));
        QVERIFY(padded.open(QIODevice::WriteOnly));
        padded.write(QByteArray(200000, '\n'));
        QFile capture(dataPath(QStringLiteral("npu_smi_info_t_topo_A3_2die_SIO.txt")));
        QVERIFY(capture.open(QIODevice::ReadOnly));
        padded.write(capture.readAll());
        padded.close();
        r = runCli({QStringLiteral("topo"), QStringLiteral("--from"), padded.fileName(), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().object().value(QStringLiteral("acceleratorCount")).toInt(), 2);
    }

    void topoFromEveryCapture_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("accelerators");
        QTest::addColumn<QString>("source");
        QTest::newRow("4xA100") << "nvidia_smi_topo_4xA100_NV12_1nic_tabs.txt" << 4 << "nvidia-smi topo -m";
        QTest::newRow("V100 headerless") << "nvidia_smi_topo_old_driver_V100_hybrid_cube_mesh_PARTIAL.txt" << 8
                                         << "nvidia-smi topo -m";
        QTest::newRow("910B3") << "npu_smi_info_t_topo_910B3_8npu_HCCS.txt" << 8 << "npu-smi info -t topo";
        QTest::newRow("1 gpu") << "nvidia_smi_topo_1gpu_spaces.txt" << 1 << "nvidia-smi topo -m";
        QTest::newRow("A3 SIO") << "npu_smi_info_t_topo_A3_2die_SIO.txt" << 2 << "npu-smi info -t topo";
        QTest::newRow("A3 HCCS_SW") << "npu_smi_info_t_topo_A3_4die_HCCS_SW_PARTIAL.txt" << 4 << "npu-smi info -t topo";
    }
    void topoFromEveryCapture()
    {
        QFETCH(QString, file);
        QFETCH(int, accelerators);
        QFETCH(QString, source);
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("map.svg"));
        CliResult r = runCli({QStringLiteral("topo"), QStringLiteral("--from"), dataPath(file),
                              QStringLiteral("--json"), QStringLiteral("--svg"), svg});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().object().value(QStringLiteral("acceleratorCount")).toInt(), accelerators);
        QCOMPARE(r.json().object().value(QStringLiteral("source")).toString(), source);
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("<svg"));
        r = runCli({QStringLiteral("topo"), QStringLiteral("--from"), dataPath(file), QStringLiteral("--dot")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("graph topology"));
    }

    void envOverSshAgainstRealSshd()
    {
        SshdFixture sshd;
        if (!sshd.available())
            QSKIP(qPrintable(sshd.unavailableReason()));
        QTemporaryDir bin;
        QVERIFY(writeTool(bin.path(), QStringLiteral("npu-smi"),
                          {{QStringLiteral("*"), QStringLiteral("npu_smi_info_310P3_2card_NOVERSIONLINE.txt")}}));
        sshd.addServerConfig(QStringLiteral("SetEnv PATH=%1:/usr/bin:/bin").arg(bin.path()));
        QVERIFY2(sshd.start(), qPrintable(sshd.log()));
        const CliResult r = runCli({QStringLiteral("env"), QStringLiteral("--json"), QStringLiteral("--backend"),
                                    QStringLiteral("npu"), QStringLiteral("--host"), sshd.hostAlias(),
                                    QStringLiteral("--ssh-config"), sshd.configFile(), QStringLiteral("--output"),
                                    QStringLiteral("/tmp/it's a dir; $(touch /tmp/pb-pwned)")},
                                   cleanEnv());
        const QJsonObject report = r.json().object();
        QVERIFY2(!report.isEmpty(), r.err.constData());
        QCOMPARE(report.value(QStringLiteral("host")).toString(), sshd.hostAlias());
        QCOMPARE(backend(report, QStringLiteral("npu")).value(QStringLiteral("count")).toInt(), 2);
        QCOMPARE(check(report, QStringLiteral("host.disk")).value(QStringLiteral("status")).toString().isEmpty(),
                 false);
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/pb-pwned")));
    }
};

QTEST_GUILESS_MAIN(TestEnvCli)
#include "tst_envcli.moc"
