// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "porttesthelpers.h"

#include "core/engines/porting/portchecker.h"
#include "core/engines/porting/portengine.h"
#include "core/engines/porting/portscanner.h"
#include "core/engines/porting/portwriter.h"

#include <QTemporaryDir>

/// Ported scripts really run: each training script of tests/data/porting/run is ported, checked
/// with PortChecker, and executed for one optimizer step on the CPU with Debian's python3-torch
/// and the tests' own torch_npu / torch_musa stand-ins (tests/data/porting/stubs, see README.md
/// there), which attach torch.npu / torch.musa only when imported and report no device.
class TestPortRun : public QObject
{
    Q_OBJECT

    QString m_python;

    struct Run
    {
        int exitCode = -1;
        QString output;
    };

    /// Runs `script` under stubs/run_one_step.py; `ddp` sets a one-process torchrun environment.
    Run run(const QString &script, bool ddp) const
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PYTHONPATH"), portingData(QStringLiteral("stubs")));
        env.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
        env.insert(QStringLiteral("OMP_NUM_THREADS"), QStringLiteral("1"));
        for (const char *name : {"RANK", "LOCAL_RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"})
            env.remove(QString::fromLatin1(name));
        if (ddp) {
            env.insert(QStringLiteral("RANK"), QStringLiteral("0"));
            env.insert(QStringLiteral("LOCAL_RANK"), QStringLiteral("0"));
            env.insert(QStringLiteral("WORLD_SIZE"), QStringLiteral("1"));
            env.insert(QStringLiteral("MASTER_ADDR"), QStringLiteral("127.0.0.1"));
            env.insert(QStringLiteral("MASTER_PORT"), QStringLiteral("auto"));
        }
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(m_python, {portingData(QStringLiteral("stubs/run_one_step.py")), script});
        Run r;
        if (!p.waitForFinished(240000)) {
            p.kill();
            p.waitForFinished();
            r.output = QStringLiteral("did not finish in 240 s");
            return r;
        }
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.output = QString::fromUtf8(p.readAll());
        return r;
    }

    static PortEngine engine(const QString &target)
    {
        const PortRuleSet rules = PortRuleSet::fromBackends(testPlugins(), target, false);
        if (!rules)
            qFatal("%s", qPrintable(rules.error));
        return PortEngine(rules, Port::Options{});
    }

    /// Ports tests/data/porting/run into `out`; every finding must be an automatic one.
    static QString port(const QString &target, const QString &out)
    {
        const PortEngine e = engine(target);
        const Port::Result result = PortScanner(e).scan(portingData(QStringLiteral("run")));
        QStringList left;
        for (const Port::Finding &f : result.findings()) {
            if (f.severity != Port::Severity::AutoFix)
                left << QStringLiteral("%1:%2: %3 %4").arg(f.file).arg(f.line).arg(f.ruleId, f.message);
        }
        if (!left.isEmpty())
            return left.join(QLatin1Char('\n'));
        const PortWriter::Outcome o = PortWriter::writeTree(result, out, false);
        return o ? QString() : o.error;
    }

    static bool replaceIn(const QString &path, const QString &from, const QString &to)
    {
        QString text = readText(path);
        if (!text.contains(from))
            return false;
        text.replace(from, to);
        QFile f(path);
        return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text.toUtf8()) > 0;
    }

private Q_SLOTS:
    void initTestCase()
    {
        // Debian's python3-torch is installed for /usr/bin/python3; a python3 earlier on PATH may lack it.
        for (const QString &candidate :
             {QStringLiteral("/usr/bin/python3"), QStandardPaths::findExecutable(QStringLiteral("python3"))}) {
            if (candidate.isEmpty() || !QFileInfo(candidate).isExecutable())
                continue;
            QProcess p;
            p.start(candidate, {QStringLiteral("-c"), QStringLiteral("import torch, torch.distributed")});
            if (p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0) {
                m_python = candidate;
                break;
            }
        }
        if (m_python.isEmpty())
            QSKIP("no python3 with torch: install Debian's python3-torch (packaging/apt-test-deps.txt)");
    }

    void portedScriptsRunOneStep_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("script");
        QTest::addColumn<bool>("ddp");
        QTest::addColumn<QString>("originalError"); ///< why the CUDA original cannot run on the CPU; empty: it runs
        for (const char *target : {"npu", "musa"}) {
            const QString t = QString::fromLatin1(target);
            QTest::newRow(qPrintable(t + QStringLiteral(" nanoGPT-style, one process")))
                << t << QStringLiteral("nanogpt_style_train.py") << false << QString();
            // backend = 'nccl' is not in a CPU build of torch; the port's hccl/mccl is (the stand-in's, on gloo).
            QTest::newRow(qPrintable(t + QStringLiteral(" nanoGPT-style, torchrun")))
                << t << QStringLiteral("nanogpt_style_train.py") << true << QStringLiteral("NCCL");
            QTest::newRow(qPrintable(t + QStringLiteral(" Trainer module via launcher, torchrun")))
                << t << QStringLiteral("launch_tiny_trainer.py") << true << QString();
        }
    }

    /// The CUDA original runs one step on the CPU; so does its port, which --check finds clean.
    void portedScriptsRunOneStep()
    {
        QFETCH(QString, target);
        QFETCH(QString, script);
        QFETCH(bool, ddp);
        QFETCH(QString, originalError);
        const Run original = run(portingData(QStringLiteral("run/") + script), ddp);
        if (originalError.isEmpty()) {
            QVERIFY2(original.exitCode == 0, qPrintable(original.output));
            QVERIFY2(original.output.contains(QLatin1String("portbench-run: one optimizer step on cpu")),
                     qPrintable(original.output));
        } else {
            QVERIFY2(original.exitCode != 0 && original.output.contains(originalError), qPrintable(original.output));
        }

        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("ported"));
        const QString error = port(target, out);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const Port::Result check = PortChecker(engine(target)).check(out, m_python);
        QStringList left;
        for (const Port::Finding &f : check.findings())
            left << QStringLiteral("%1:%2: %3").arg(f.file).arg(f.line).arg(f.message);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char('\n'))));

        const Run ported = run(out + QLatin1Char('/') + script, ddp);
        QVERIFY2(ported.exitCode == 0, qPrintable(ported.output));
        QVERIFY2(ported.output.contains(QLatin1String("portbench-run: one optimizer step on cpu")),
                 qPrintable(ported.output));
    }

    void brokenPortsFail_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("runError"); ///< empty: the CPU run cannot see it, only --check
        QTest::newRow("library module without import torch_npu")
            << QStringLiteral("npu") << QStringLiteral("tiny_trainer/trainer.py")
            << QStringLiteral("import torch_npu\n") << QString() << QStringLiteral("launch_tiny_trainer.py")
            << QStringLiteral("has no attribute 'npu'");
        QTest::newRow("script without import torch_musa")
            << QStringLiteral("musa") << QStringLiteral("nanogpt_style_train.py")
            << QStringLiteral("import torch_musa\n") << QString() << QStringLiteral("nanogpt_style_train.py")
            << QStringLiteral("has no attribute 'musa'");
        QTest::newRow("backend name left as nccl")
            << QStringLiteral("npu") << QStringLiteral("nanogpt_style_train.py") << QStringLiteral("backend = 'hccl'")
            << QStringLiteral("backend = 'nccl'") << QStringLiteral("nanogpt_style_train.py") << QStringLiteral("NCCL");
        QTest::newRow("dictionary backend left as nccl")
            << QStringLiteral("musa") << QStringLiteral("tiny_trainer/trainer.py")
            << QStringLiteral("\"musa\": \"mccl\"") << QStringLiteral("\"musa\": \"nccl\"")
            << QStringLiteral("launch_tiny_trainer.py") << QString();
        QTest::newRow("comparison left on cuda (the nanoGPT half rewrite)")
            << QStringLiteral("npu") << QStringLiteral("nanogpt_style_train.py") << QStringLiteral("'npu' in device")
            << QStringLiteral("'cuda' in device") << QStringLiteral("nanogpt_style_train.py") << QString();
    }

    /// A port with a missing import or a half rewrite does not pass: the run fails, and --check
    /// names the file and line in every case (also where the CPU path cannot reach the mistake).
    void brokenPortsFail()
    {
        QFETCH(QString, target);
        QFETCH(QString, file);
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, script);
        QFETCH(QString, runError);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("ported"));
        const QString error = port(target, out);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(replaceIn(out + QLatin1Char('/') + file, from, to));

        const Port::Result check = PortChecker(engine(target)).check(out, m_python);
        QStringList files;
        for (const Port::Finding &f : check.findings())
            files << f.file;
        QVERIFY2(files.contains(file), qPrintable(files.join(QLatin1Char(' '))));
        if (runError.isEmpty())
            return;
        const Run r = run(out + QLatin1Char('/') + script, true);
        QVERIFY2(r.exitCode != 0, qPrintable(r.output));
        QVERIFY2(r.output.contains(runError), qPrintable(r.output));
    }
};

QTEST_GUILESS_MAIN(TestPortRun)
#include "tst_portrun.moc"
