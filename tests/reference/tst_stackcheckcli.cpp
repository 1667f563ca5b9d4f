// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"
#include "gatedpython.h"
#include "sshdfixture.h"
#include "systempython.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

namespace {

const QString steps = QStringLiteral("24"); // few steps keep the test short; the judge compares the common ones

/// A CPU check judged against the shipped CPU reference (whether or not a CUDA one is shipped too).
QStringList cpuCheck(const QString &out)
{
    return {QStringLiteral("stackcheck"),
            QStringLiteral("--python"),
            systemPython,
            QStringLiteral("--device"),
            QStringLiteral("cpu"),
            QStringLiteral("--steps"),
            steps,
            QStringLiteral("--out"),
            out,
            QStringLiteral("--json"),
            QStringLiteral("--reference"),
            QStringLiteral("cpu")};
}

/// Multiplies every float of one tensor of a safetensors file by factor, in place.
bool scaleTensor(const QString &path, const QString &name, float factor)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadWrite))
        return false;
    QByteArray blob = f.readAll();
    quint64 headerSize = 0;
    std::memcpy(&headerSize, blob.constData(), 8); // little-endian on every platform PortBench runs on
    const QJsonObject header = QJsonDocument::fromJson(blob.mid(8, qsizetype(headerSize))).object();
    const QJsonObject entry = header.value(name).toObject();
    if (entry.value(QStringLiteral("dtype")).toString() != QLatin1String("F32"))
        return false;
    const QJsonArray offsets = entry.value(QStringLiteral("data_offsets")).toArray();
    const qsizetype begin = 8 + qsizetype(headerSize) + offsets.at(0).toInteger();
    const qsizetype end = 8 + qsizetype(headerSize) + offsets.at(1).toInteger();
    for (qsizetype at = begin; at + 4 <= end; at += 4) {
        float v;
        std::memcpy(&v, blob.constData() + at, 4);
        v *= factor;
        std::memcpy(blob.data() + at, &v, 4);
    }
    f.seek(0);
    return f.write(blob) == blob.size();
}

} // namespace

class TestStackcheckCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (!QFile::exists(systemPython) || !pythonHasTorch())
            QSKIP("/usr/bin/python3 cannot import torch (Debian's python3-torch, packaging/apt-test-deps.txt)");
    }

    /// The workload under Debian's torch on the CPU passes against the shipped reference, and the
    /// same workload with a perturbed weight file or learning rate fails.
    void verdict_data()
    {
        QTest::addColumn<QString>("perturbation");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("verdict");
        QTest::newRow("shipped inputs") << QString() << 0 << QStringLiteral("PASS");
        QTest::newRow("learning rate x1.25") << QStringLiteral("lr") << 1 << QStringLiteral("FAIL");
        QTest::newRow("embedding x2") << QStringLiteral("weights") << 1 << QStringLiteral("FAIL");
    }

    void verdict()
    {
        QFETCH(QString, perturbation);
        QFETCH(int, exitCode);
        QFETCH(QString, verdict);
        QTemporaryDir dir;
        QStringList args = cpuCheck(dir.filePath(QStringLiteral("check")));
        if (perturbation == QLatin1String("lr"))
            args << QStringLiteral("--lr") << QStringLiteral("2.5e-3");
        if (perturbation == QLatin1String("weights")) {
            // The shipped weights with the token embedding doubled.
            const QString weights = dir.filePath(QStringLiteral("weights.safetensors"));
            QVERIFY(QFile::copy(QStringLiteral(STACKCHECK_WEIGHTS), weights));
            QVERIFY(QFile::setPermissions(weights, QFile::ReadOwner | QFile::WriteOwner));
            QVERIFY(scaleTensor(weights, QStringLiteral("wte"), 2.0f));
            args << QStringLiteral("--weights") << weights;
        }
        const CliResult r = runCli(args, isolatedEnvironment(), 240000);
        QVERIFY2(r.exitCode == exitCode, r.err.constData());
        const QJsonObject o = r.json().object();
        QCOMPARE(o.value(QStringLiteral("verdict")).toString(), verdict);
        QCOMPARE(o.value(QStringLiteral("reference_device")).toString(), QStringLiteral("cpu"));
        const QJsonObject candidate = o.value(QStringLiteral("parity"))
                                          .toObject()
                                          .value(QStringLiteral("candidates"))
                                          .toArray()
                                          .first()
                                          .toObject();
        QCOMPARE(candidate.value(QStringLiteral("alignment")).toObject().value(QStringLiteral("judgedSteps")).toInt(),
                 steps.toInt());

        // The log is PortBench's JSONL run format, with the stack in its start record.
        QFile log(o.value(QStringLiteral("log")).toString());
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QJsonObject start = QJsonDocument::fromJson(log.readLine()).object();
        QCOMPARE(start.value(QStringLiteral("event")).toString(), QStringLiteral("start"));
        const QJsonObject env = start.value(QStringLiteral("environment")).toObject();
        QVERIFY(!env.value(QStringLiteral("torch_version")).toString().isEmpty());
        QCOMPARE(env.value(QStringLiteral("python_executable")).toString(), systemPython);
        const CliResult parsed = runCli({QStringLiteral("parse"), log.fileName(), QStringLiteral("--json")});
        QVERIFY2(parsed.exitCode == 0, parsed.err.constData());
    }

    /// `stackcheck --device cpu` as a user types it: judged against the CUDA reference when this build
    /// ships one, else against the CPU one, saying so.
    void defaultReference()
    {
        QTemporaryDir dir;
        const CliResult r
            = runCli({QStringLiteral("stackcheck"), QStringLiteral("--python"), systemPython,
                      QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--steps"), steps,
                      QStringLiteral("--out"), dir.filePath(QStringLiteral("check")), QStringLiteral("--json")},
                     isolatedEnvironment(), 240000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json().object();
        QCOMPARE(o.value(QStringLiteral("verdict")).toString(), QStringLiteral("PASS"));
        const QString device = o.value(QStringLiteral("reference_device")).toString();
        QVERIFY2(device == QLatin1String("cuda") || device == QLatin1String("cpu"), qPrintable(device));
        const bool saysNoCuda = o.value(QStringLiteral("notes"))
                                    .toArray()
                                    .first()
                                    .toString()
                                    .contains(QStringLiteral("No CUDA reference"));
        QCOMPARE(saysNoCuda, device == QLatin1String("cpu"));
        QVERIFY(o.value(QStringLiteral("reference"))
                    .toString()
                    .endsWith(QStringLiteral("/reference-%1-fp32.jsonl").arg(device)));
    }

    /// The same check over SSH (a real sshd on 127.0.0.1): the workload is copied to the host, run
    /// there and its log fetched back and judged.
    void overSsh()
    {
        SshdFixture sshd;
        if (!sshd.available())
            QSKIP(qPrintable(sshd.unavailableReason()));
        QVERIFY2(sshd.start(), qPrintable(sshd.log()));
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("portbench-stackcheck-ssh-test"));
        const CliResult r = runCli(cpuCheck(out)
                                       + QStringList{QStringLiteral("--host"), sshd.hostAlias(),
                                                     QStringLiteral("--ssh-config"), sshd.configFile()},
                                   isolatedEnvironment(), 240000);
        // The host is this machine as this user: remove what the check left in the login directory.
        QDir(QDir::home().filePath(QStringLiteral(".portbench/stackcheck/portbench-stackcheck-ssh-test")))
            .removeRecursively();
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json().object();
        QCOMPARE(o.value(QStringLiteral("verdict")).toString(), QStringLiteral("PASS"));
        QFile log(o.value(QStringLiteral("log")).toString());
        QVERIFY(log.open(QIODevice::ReadOnly));
        QVERIFY(log.readAll().contains("\"event\": \"end\", \"status\": \"finished\""));
    }

    /// Over SSH the steps show while the workload still runs: the remote log is followed (tail -F
    /// over ssh, the remote runs' follower), not fetched when the run has ended. The workload's
    /// process is held open after training until the test opens a gate.
    void followedLiveOverSsh()
    {
        SshdFixture sshd;
        if (!sshd.available())
            QSKIP(qPrintable(sshd.unavailableReason()));
        QVERIFY2(sshd.start(), qPrintable(sshd.log()));
        QTemporaryDir dir;
        const GatedPython python(dir.path());
        QVERIFY(python.write());
        const QString folder = QStringLiteral("portbench-stackcheck-ssh-live-test");
        QStringList args = cpuCheck(dir.filePath(folder))
            + QStringList{QStringLiteral("--host"), sshd.hostAlias(), QStringLiteral("--ssh-config"),
                          sshd.configFile()};
        args.removeAll(QStringLiteral("--json")); // the live progress lines
        args[2] = python.path();
        QProcess cli;
        cli.setProcessEnvironment(isolatedEnvironment());
        cli.start(QStringLiteral(PORTBENCH_BIN_DIR "/portbench-cli"), args);
        QByteArray out;
        const QByteArray lastStep = "stackcheck step " + steps.toLatin1() + '/' + steps.toLatin1();
        QTRY_VERIFY_WITH_TIMEOUT(
            (out += cli.readAllStandardOutput()).contains(lastStep) || cli.state() == QProcess::NotRunning, 240000);
        const bool heldWhileShown = cli.state() == QProcess::Running;
        QVERIFY(python.open());
        const bool ended = cli.waitForFinished(120000);
        out += cli.readAllStandardOutput();
        const QByteArray err = cli.readAllStandardError();
        QDir(QDir::home().filePath(QStringLiteral(".portbench/stackcheck/") + folder)).removeRecursively();
        QVERIFY2(ended && cli.exitCode() == 0, QByteArray(out + err).constData());
        QVERIFY2(heldWhileShown, "the last step was printed only after the workload ended");
        QVERIFY2(out.contains("Stack: ") && out.contains("torch_version ") && out.contains("Verdict: PASS"),
                 out.constData());
        QVERIFY2(out.contains("  made "), out.constData()); // the reference's provenance
    }

    void missingPythonOrTorch_data()
    {
        QTest::addColumn<QString>("python");
        QTest::addColumn<QString>("message");
        QTest::newRow("no python") << QStringLiteral("/nonexistent/python3")
                                   << QStringLiteral("Python '/nonexistent/python3' was not found");
        // A real Python that cannot see Debian's dist-packages (no site): torch is missing.
        QTest::newRow("no torch") << QStringLiteral("no-site-python") << QStringLiteral("cannot import torch");
    }

    void missingPythonOrTorch()
    {
        QFETCH(QString, python);
        QFETCH(QString, message);
        QTemporaryDir dir;
        if (python == QLatin1String("no-site-python")) {
            python = dir.filePath(QStringLiteral("python-without-torch"));
            QFile script(python);
            QVERIFY(script.open(QIODevice::WriteOnly));
            script.write("#!/bin/sh\nexec /usr/bin/python3 -I -S \"$@\"\n");
            script.close();
            QVERIFY(script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        }
        QStringList args = cpuCheck(dir.filePath(QStringLiteral("check")));
        args.removeAll(QStringLiteral("--json")); // text output
        args[2] = python;
        const CliResult r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("device") << QStringList{QStringLiteral("--device"), QStringLiteral("tpu")}
                                << QStringLiteral("--device: 'tpu'");
        QTest::newRow("precision") << QStringList{QStringLiteral("--precision"), QStringLiteral("fp16")}
                                   << QStringLiteral("--precision: 'fp16'");
        QTest::newRow("devices") << QStringList{QStringLiteral("--devices"), QStringLiteral("3")}
                                 << QStringLiteral("does not divide");
        QTest::newRow("reference") << QStringList{QStringLiteral("--reference"), QStringLiteral("npu")}
                                   << QStringLiteral("--reference: 'npu'");
        QTest::newRow("steps") << QStringList{QStringLiteral("--steps"), QStringLiteral("500")}
                               << QStringLiteral("--steps: '500'");
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliResult r = runCli(QStringList{QStringLiteral("stackcheck")} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestStackcheckCli)
#include "tst_stackcheckcli.moc"
