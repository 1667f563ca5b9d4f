// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"
#include "spikylogs.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <functional>

namespace {

const QString megatron = QStringLiteral(PORTBENCH_TEST_DATA "/parity/megatron_training_log_2024_throughput_moe.txt");
const QString legacy = QStringLiteral(PORTBENCH_TEST_DATA "/parity/megatron_training_log_legacy_no_timestamp.txt");
const QString hfTrainer = QStringLiteral(PORTBENCH_TEST_DATA "/parity/hf_trainer_console_v4_grad_norm.txt");
const QString h100 = QStringLiteral(PORTBENCH_TEST_DATA "/parity/h100_hf");
/// A real `nvidia-smi --query-gpu ... --format=csv` of one idle H100 (0 %, 0 of 81559 MiB, 112.96 W).
const QString h100Smi = QStringLiteral(PORTBENCH_TEST_DATA "/telemetry/nvidia_smi_query_csv_h100_1gpu.txt");
/// Two NPU chips at 60 %, the fuller at 58982 MiB (90 %), 300 W each: a workspace run's recording.
const QString npuTel = QStringLiteral(PORTBENCH_TEST_DATA "/parity/telemetry/telemetry-npu01.tel");

const QRegularExpression lmLossRe(QStringLiteral("iteration\\s+(\\d+)/.*?\\| lm loss: ([-+0-9.Ee]+|nan) \\|"));

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The `lm loss:` of every iteration line, read with a regex of our own — what a person checking
/// the CLI by hand would do.
QMap<qint64, double> lmLossByHand(const QString &path)
{
    QMap<qint64, double> values;
    const QString text = QString::fromUtf8(readAll(path));
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch m = lmLossRe.match(line);
        if (m.hasMatch())
            values.insert(m.captured(1).toLongLong(), m.captured(2).toDouble());
    }
    return values;
}

/// A copy of a real log with each iteration's `lm loss` rewritten by `change(step, loss)`, printed
/// the way Megatron prints it.
QString perturbedCopy(const QTemporaryDir &dir, const QString &source, const QString &name,
                      const std::function<QString(qint64, double)> &change)
{
    const QString text = QString::fromUtf8(readAll(source));
    QStringList out;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch m = lmLossRe.match(line);
        if (!m.hasMatch()) {
            out.append(line);
            continue;
        }
        QString l = line;
        l.replace(m.capturedStart(2), m.capturedLength(2),
                  change(m.captured(1).toLongLong(), m.captured(2).toDouble()));
        out.append(l);
    }
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(out.join(QLatin1Char('\n')).toUtf8());
    return path;
}

QString scaled(double loss, double factor)
{
    return QString::asprintf("%E", loss * factor);
}

/// A launched run's folder as the workspace keeps it: the log as output.log, run.json and one
/// telemetry file per host beside them.
QString workspaceRun(const QTemporaryDir &dir, const QString &name, const QString &log, const QString &telemetry)
{
    const QDir run(dir.filePath(name));
    if (!run.mkpath(QStringLiteral(".")) || !QFile::copy(log, run.filePath(QStringLiteral("output.log")))
        || !QFile::copy(telemetry, run.filePath(QStringLiteral("telemetry-npu01.tel"))))
        return {};
    QFile json(run.filePath(QStringLiteral("run.json")));
    if (!json.open(QIODevice::WriteOnly) || json.write("{}") != 2)
        return {};
    return run.filePath(QStringLiteral("output.log"));
}

QJsonObject firstCandidate(const CliResult &r)
{
    return r.json().object().value(QStringLiteral("candidates")).toArray().at(0).toObject();
}

} // namespace

class TestParityCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QCOMPARE(lmLossByHand(megatron).size(), 5); // the fixture is what the tests assume
    }

    void realLogAgainstPerturbedCopy_data()
    {
        QTest::addColumn<double>("factor");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("verdict");
        // Five real steps are too few to call PASS: the engine says WARN (few-steps).
        QTest::newRow("+0.5 %, ascend") << 1.005 << QStringList() << 0 << QStringLiteral("WARN");
        QTest::newRow("+0.5 %, fail on warn")
            << 1.005 << QStringList{QStringLiteral("--fail-on-warn")} << 1 << QStringLiteral("WARN");
        QTest::newRow("+5 %, ascend") << 1.05 << QStringList() << 1 << QStringLiteral("FAIL");
        QTest::newRow("+5 %, custom 10 %") << 1.05
                                           << QStringList{QStringLiteral("--preset"), QStringLiteral("custom"),
                                                          QStringLiteral("--rel-tol"), QStringLiteral("10%")}
                                           << 0 << QStringLiteral("WARN");
        QTest::newRow("+0.5 %, strict") << 1.005 << QStringList{QStringLiteral("--preset"), QStringLiteral("strict")}
                                        << 1 << QStringLiteral("FAIL");
    }
    void realLogAgainstPerturbedCopy()
    {
        QFETCH(double, factor);
        QFETCH(QStringList, extra);
        QFETCH(int, exitCode);
        QFETCH(QString, verdict);
        const QString candidate = perturbedCopy(m_dir, megatron, QStringLiteral("npu_%1.txt").arg(factor),
                                                [factor](qint64, double loss) { return scaled(loss, factor); });
        QVERIFY(!candidate.isEmpty());
        const CliResult r
            = runCli(QStringList{QStringLiteral("parity"), megatron, candidate, QStringLiteral("--json")} + extra);
        QVERIFY2(!r.crashed, r.err.constData());
        QCOMPARE(r.exitCode, exitCode);
        QCOMPARE(r.json().object().value(QStringLiteral("verdict")).toString(), verdict);

        // Every per-step number is reproducible from the two logs.
        const QMap<qint64, double> a = lmLossByHand(megatron);
        const QMap<qint64, double> b = lmLossByHand(candidate);
        const QJsonArray table = firstCandidate(r).value(QStringLiteral("table")).toArray();
        QCOMPARE(table.size(), a.size());
        double sumRel = 0;
        for (const QJsonValue &v : table) {
            const QJsonObject row = v.toObject();
            const qint64 step = row.value(QStringLiteral("step")).toInteger();
            QVERIFY(a.contains(step));
            QCOMPARE(row.value(QStringLiteral("baseline")).toDouble(), a.value(step));
            QCOMPARE(row.value(QStringLiteral("candidate")).toDouble(), b.value(step));
            QCOMPARE(row.value(QStringLiteral("diff")).toDouble(), b.value(step) - a.value(step));
            const double rel = std::abs(b.value(step) - a.value(step)) / a.value(step);
            QCOMPARE(row.value(QStringLiteral("relErr")).toDouble(), rel);
            QVERIFY(std::abs(rel - (factor - 1)) < 1e-5); // the perturbation, up to the printed digits
            sumRel += rel;
        }
        const QJsonObject errors = firstCandidate(r).value(QStringLiteral("errors")).toObject();
        QVERIFY(std::abs(errors.value(QStringLiteral("meanRel")).toDouble() - sumRel / table.size()) < 1e-15);
    }

    void candidateNaNFailsNamingTheStep()
    {
        const QString candidate
            = perturbedCopy(m_dir, megatron, QStringLiteral("npu_nan.txt"), [](qint64 step, double loss) {
                  return step == 44 ? QStringLiteral("nan") : scaled(loss, 1.0);
              });
        const CliResult r = runCli({QStringLiteral("parity"), megatron, candidate});
        QCOMPARE(r.exitCode, 1);
        const QString text = QString::fromUtf8(r.out);
        QVERIFY2(text.contains(QStringLiteral("NaN/inf at step 44")), r.out.constData());
        QVERIFY(text.contains(QStringLiteral("Verdict: FAIL")));

        const CliResult json = runCli({QStringLiteral("parity"), megatron, candidate, QStringLiteral("--json")});
        const QJsonObject c = firstCandidate(json);
        QCOMPARE(c.value(QStringLiteral("nonFinite"))
                     .toObject()
                     .value(QStringLiteral("firstCandidateWithFiniteBaseline"))
                     .toInteger(),
                 44);
        const QJsonArray table = c.value(QStringLiteral("table")).toArray();
        QCOMPARE(table.at(3).toObject().value(QStringLiteral("candidate")).toString(), QStringLiteral("NaN"));
    }

    void identicalRealLogsAgree()
    {
        const CliResult r = runCli(
            {QStringLiteral("parity"), legacy, legacy, QStringLiteral("--json"), QStringLiteral("--no-table")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject root = r.json().object();
        const QJsonObject c = firstCandidate(r);
        QVERIFY(!c.contains(QStringLiteral("table")));
        QCOMPARE(c.value(QStringLiteral("errors")).toObject().value(QStringLiteral("maxAbs")).toDouble(), 0.0);
        QCOMPARE(c.value(QStringLiteral("alignment")).toObject().value(QStringLiteral("commonSteps")).toInt(), 4);
        QCOMPARE(root.value(QStringLiteral("inputs")).toArray().size(), 2);
        QCOMPARE(c.value(QStringLiteral("throughput")).toObject().value(QStringLiteral("ratio")).toDouble(), 1.0);
    }

    void megatronBaselineAgainstHfCandidate()
    {
        // Different trainers, different loss names: lm_loss vs loss are both "the loss".
        const CliResult r = runCli({QStringLiteral("parity"), legacy, hfTrainer, QStringLiteral("--json")});
        QVERIFY(r.exitCode == 2 || r.exitCode == 0 || r.exitCode == 1);
        if (r.exitCode == 2) // the two logs share no step: said clearly, not a crash
            QVERIFY2(r.err.contains("no step in common"), r.err.constData());
        else
            QCOMPARE(firstCandidate(r).value(QStringLiteral("candidateMetric")).toString(), QStringLiteral("loss"));
    }

    void stepOffsetAndWarmup()
    {
        // The candidate numbered its steps from 1000 on: --step-offset brings them back.
        const QRegularExpression iteration(QStringLiteral("iteration\\s+(\\d+)/"));
        QString shifted;
        for (const QString &line : QString::fromUtf8(readAll(megatron)).split(QLatin1Char('\n'))) {
            const QRegularExpressionMatch m = iteration.match(line);
            QString l = line;
            if (m.hasMatch())
                l.replace(m.capturedStart(1), m.capturedLength(1), QString::number(m.captured(1).toLongLong() + 1000));
            shifted += l + QLatin1Char('\n');
        }
        const QString path = m_dir.filePath(QStringLiteral("npu_shifted.txt"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(shifted.toUtf8());
        f.close();
        QCOMPARE(lmLossByHand(path).firstKey(), 1002);

        QCOMPARE(runCli({QStringLiteral("parity"), megatron, path}).exitCode, 2);
        const CliResult r = runCli({QStringLiteral("parity"), megatron, path, QStringLiteral("--step-offset=-1000"),
                                    QStringLiteral("--skip-warmup"), QStringLiteral("3"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject alignment = firstCandidate(r).value(QStringLiteral("alignment")).toObject();
        QCOMPARE(alignment.value(QStringLiteral("commonSteps")).toInt(), 5);
        QCOMPARE(alignment.value(QStringLiteral("warmupSteps")).toInt(), 2);
        QCOMPARE(alignment.value(QStringLiteral("judgedSteps")).toInt(), 3);
    }

    void usageAndInputErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no candidate") << QStringList{megatron} << QStringLiteral("at least one candidate");
        QTest::newRow("missing file") << QStringList{megatron, QStringLiteral("/nonexistent/npu.log")}
                                      << QStringLiteral("/nonexistent/npu.log");
        QTest::newRow("bad preset") << QStringList{megatron, megatron, QStringLiteral("--preset"),
                                                   QStringLiteral("loose")}
                                    << QStringLiteral("unknown preset 'loose'");
        QTest::newRow("custom without tolerance")
            << QStringList{megatron, megatron, QStringLiteral("--preset"), QStringLiteral("custom")}
            << QStringLiteral("--rel-tol");
        QTest::newRow("bad tolerance") << QStringList{megatron, megatron, QStringLiteral("--rel-tol"),
                                                      QStringLiteral("two")}
                                       << QStringLiteral("--rel-tol: 'two'");
        QTest::newRow("bad share") << QStringList{megatron, megatron, QStringLiteral("--min-within"),
                                                  QStringLiteral("1.5")}
                                   << QStringLiteral("--min-within");
        QTest::newRow("unknown metric") << QStringList{megatron, megatron, QStringLiteral("--metric"),
                                                       QStringLiteral("eval_loss")}
                                        << QStringLiteral("no metric 'eval_loss'");
        QTest::newRow("seven candidates")
            << (QStringList{megatron} + QStringList(7, megatron)) << QStringLiteral("at most 6");
        QTest::newRow("telemetry not LOG=FILE")
            << QStringList{megatron, megatron, QStringLiteral("--telemetry"), h100Smi}
            << QStringLiteral("--telemetry: '%1' is not LOG=FILE").arg(h100Smi);
        QTest::newRow("telemetry of no log")
            << QStringList{megatron, megatron, QStringLiteral("--telemetry"), QStringLiteral("npu.log=") + h100Smi}
            << QStringLiteral("--telemetry: 'npu.log' names none of the compared logs");
        QTest::newRow("telemetry file missing") << QStringList{megatron, megatron, QStringLiteral("--telemetry"),
                                                               QStringLiteral("%1=/nonexistent/node.tel").arg(megatron)}
                                                << QStringLiteral("--telemetry: /nonexistent/node.tel");
        QTest::newRow("offsets per candidate") << QStringList{megatron,
                                                              megatron,
                                                              megatron,
                                                              QStringLiteral("--step-offset"),
                                                              QStringLiteral("1"),
                                                              QStringLiteral("--step-offset"),
                                                              QStringLiteral("2"),
                                                              QStringLiteral("--step-offset"),
                                                              QStringLiteral("3")}
                                               << QStringLiteral("once per candidate");
    }
    void usageAndInputErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliResult r = runCli(QStringList{QStringLiteral("parity")} + args);
        QVERIFY(!r.crashed);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }

    // The sentence of issue 37 as one table: the candidate's throughput ratio beside its devices'
    // utilisation, memory and power — the baseline's from a captured nvidia-smi CSV given with
    // --telemetry, the candidate's from the workspace recording beside its log.
    void devicesBesideThroughput()
    {
        const QString npuLog = workspaceRun(m_dir, QStringLiteral("npu-run"), megatron, npuTel);
        QVERIFY(!npuLog.isEmpty());
        const QStringList args{QStringLiteral("parity"), megatron, npuLog, QStringLiteral("--telemetry"),
                               QFileInfo(megatron).fileName() + QLatin1Char('=') + h100Smi};
        const CliResult r = runCli(args);
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
        const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'));
        const qsizetype at = lines.indexOf(QStringLiteral("Devices (telemetry beside throughput):"));
        QVERIFY2(at > 0, r.out.constData());
        QVERIFY2(lines.value(at + 1).simplified()
                     == QStringLiteral("Run Throughput vs baseline Devices Mean utilisation Peak memory Mean power per "
                                       "device"),
                 qPrintable(lines.value(at + 1)));
        QVERIFY2(lines.value(at + 2).simplified()
                     == QStringLiteral("megatron_training_log_2024_throughput_moe (baseline) 5534 elapsed_ms 1.000× 1 "
                                       "0 % 0 MiB (0 %) 113 W"),
                 qPrintable(lines.value(at + 2)));
        QVERIFY2(lines.value(at + 3).simplified()
                     == QStringLiteral("output 5534 elapsed_ms 1.000× 2 60 % 58982 MiB (90 %) 300 W"),
                 qPrintable(lines.value(at + 3)));

        const CliResult json = runCli(args + QStringList{QStringLiteral("--json"), QStringLiteral("--no-table")});
        const QJsonArray runs = json.json().object().value(QStringLiteral("telemetry")).toArray();
        QCOMPARE(runs.size(), 2);
        const QJsonObject baseline = runs.at(0).toObject(), npu = runs.at(1).toObject();
        QCOMPARE(baseline.value(QStringLiteral("role")).toString(), QStringLiteral("baseline"));
        QCOMPARE(baseline.value(QStringLiteral("files")).toArray(), QJsonArray{h100Smi});
        QCOMPARE(baseline.value(QStringLiteral("meanPowerW")).toDouble(), 112.96);
        QCOMPARE(npu.value(QStringLiteral("role")).toString(), QStringLiteral("candidate"));
        QCOMPARE(npu.value(QStringLiteral("run")).toString(), QStringLiteral("output"));
        QCOMPARE(npu.value(QStringLiteral("devices")).toInt(), 2);
        QCOMPARE(npu.value(QStringLiteral("meanUtilPercent")).toDouble(), 60.0);
        QCOMPARE(npu.value(QStringLiteral("peakMemoryMiB")).toDouble(), 58982.0);
        QCOMPARE(npu.value(QStringLiteral("peakMemoryPercent")).toDouble(), 90.0);
        QCOMPARE(npu.value(QStringLiteral("meanPowerW")).toDouble(), 300.0);
        QCOMPARE(npu.value(QStringLiteral("throughputRatio")).toDouble(), 1.0);
        QVERIFY(npu.value(QStringLiteral("files"))
                    .toArray()
                    .at(0)
                    .toString()
                    .endsWith(QLatin1String("npu-run/telemetry-npu01.tel")));
    }

    // Without telemetry nothing is added: no empty table, and the JSON says null.
    void noTelemetryNoDevicesTable()
    {
        const CliResult r = runCli({QStringLiteral("parity"), megatron, megatron});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.out.contains("Devices"), r.out.constData());
        const CliResult json = runCli({QStringLiteral("parity"), megatron, megatron, QStringLiteral("--json")});
        const QJsonObject root = json.json().object();
        QVERIFY(root.contains(QStringLiteral("telemetry")));
        QVERIFY(root.value(QStringLiteral("telemetry")).isNull());
    }

    void extraSpikesEvidence_data()
    {
        QTest::addColumn<QStringList>("args"); // %A%, %B%, %OUT% are replaced
        QTest::addColumn<QString>("output"); // where the evidence is read: out, json or the file %OUT%
        QTest::newRow("parity") << QStringList{QStringLiteral("parity"), QStringLiteral("%A%"), QStringLiteral("%B%")}
                                << QStringLiteral("out");
        QTest::newRow("parity --json") << QStringList{QStringLiteral("parity"), QStringLiteral("%A%"),
                                                      QStringLiteral("%B%"), QStringLiteral("--json")}
                                       << QStringLiteral("json");
        QTest::newRow("report") << QStringList{QStringLiteral("report"), QStringLiteral("--run"), QStringLiteral("%A%"),
                                               QStringLiteral("--run"),  QStringLiteral("%B%"),   QStringLiteral("-o"),
                                               QStringLiteral("%OUT%")}
                                << QStringLiteral("file");
    }
    void extraSpikesEvidence()
    {
        // Two clean 400-step logs, the candidate with 11 loss spikes of its own: the verdict
        // commands aborted (a QStringBuilder over freed temporaries in the evidence text).
        QFETCH(QStringList, args);
        QFETCH(QString, output);
        const QDir dir(m_dir.path());
        const QString a = SpikyLogs::write(dir, QStringLiteral("spiky_cuda"), {});
        const QString b = SpikyLogs::write(dir, QStringLiteral("spiky_npu"), SpikyLogs::spikeSteps());
        const QString out = dir.filePath(QStringLiteral("spiky_report.md"));
        QVERIFY(!a.isEmpty() && !b.isEmpty());
        args.replaceInStrings(QStringLiteral("%A%"), a);
        args.replaceInStrings(QStringLiteral("%B%"), b);
        args.replaceInStrings(QStringLiteral("%OUT%"), out);
        const CliResult r = runCli(args);
        QVERIFY2(!r.crashed, r.err.constData());
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData()); // a verdict, not an error
        const QString evidence = SpikyLogs::expectedEvidence(QStringLiteral("loss"));
        if (output == QLatin1String("json")) {
            QStringList found;
            for (const QJsonValue &k : firstCandidate(r).value(QStringLiteral("classes")).toArray())
                found << k.toObject().value(QStringLiteral("evidence")).toString();
            QVERIFY2(found.contains(evidence), qPrintable(found.join(QLatin1Char('\n'))));
        } else {
            const QString text = QString::fromUtf8(output == QLatin1String("file") ? readAll(out) : r.out);
            QVERIFY2(text.contains(evidence), qPrintable(text));
        }
    }

    void helpListsEveryOption()
    {
        const CliResult r = runCli({QStringLiteral("parity"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        for (const char *opt : {"--metric", "--preset", "--rel-tol", "--abs-tol", "--min-within", "--skip-warmup",
                                "--step-offset", "--json", "--fail-on-warn", "--interpolate", "--envelope",
                                "--baseline-env", "--candidate-env", "--telemetry"})
            QVERIFY2(r.out.contains(opt), opt);
        // Each preset is listed with its source.
        for (const char *source :
             {"ascend", "MindSpeed-LLM", "strict", "MUSA", "mindspore", "MindSpore", "flagperf", "FlagPerf"})
            QVERIFY2(r.out.contains(source), source);
    }

    void realH100RunsWithEnvelope()
    {
        const CliResult r = runCli({QStringLiteral("parity"), h100 + QStringLiteral("/cuda_fp32.console.log"),
                                    h100 + QStringLiteral("/cpu_fp32.console.log"), QStringLiteral("--envelope"),
                                    h100 + QStringLiteral("/cuda_fp32_rep2.console.log"), QStringLiteral("--json"),
                                    QStringLiteral("--no-table")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject root = r.json().object();
        QCOMPARE(root.value(QStringLiteral("verdict")).toString(), QStringLiteral("PASS"));
        QCOMPARE(root.value(QStringLiteral("baselineReproducible")).toBool(), true);
        const QJsonArray envelope = root.value(QStringLiteral("envelope")).toArray();
        QCOMPARE(envelope.size(), 1);
        QCOMPARE(envelope.at(0).toObject().value(QStringLiteral("beyondTolerance")).toInt(), 0);
        const QJsonObject c = firstCandidate(r);
        QCOMPARE(c.value(QStringLiteral("envelope")).toObject().value(QStringLiteral("steps")).toInt(),
                 c.value(QStringLiteral("alignment")).toObject().value(QStringLiteral("judgedSteps")).toInt());
        QVERIFY(c.value(QStringLiteral("classes")).toArray().isEmpty());
        // The baseline's neighbours were read: trainer_state.json and the TensorBoard arguments.
        const QJsonArray facts = root.value(QStringLiteral("inputs"))
                                     .toArray()
                                     .at(0)
                                     .toObject()
                                     .value(QStringLiteral("factSources"))
                                     .toArray();
        QCOMPARE(facts.size(), 2);
        QVERIFY(facts.at(0).toString().endsWith(QLatin1String("cuda_fp32/trainer_state.json")));
        QVERIFY(facts.at(1).toString().contains(QLatin1String("events.out.tfevents")));
    }

    void realH100TextNamesClassesMetricAndPrecision()
    {
        const CliResult lr = runCli({QStringLiteral("parity"), h100 + QStringLiteral("/cuda_fp32.console.log"),
                                     h100 + QStringLiteral("/cuda_fp32_lr2e-3.console.log")});
        QCOMPARE(lr.exitCode, 1);
        QVERIFY2(lr.out.contains("CLASS Divergence after an aligned start (steps 3-"), lr.out.constData());
        QVERIFY2(lr.out.contains("check first: the backward pass and the optimizer"), lr.out.constData());
        QVERIFY2(lr.out.contains("Verdict: FAIL (failed on loss)"), lr.out.constData());

        // strict on 4-digit values: the tolerance is below what is printed; the full-precision
        // trainer_state.json files are offered, and judging them works.
        const CliResult strict = runCli({QStringLiteral("parity"), h100 + QStringLiteral("/cuda_fp32.console.log"),
                                         h100 + QStringLiteral("/cpu_fp32.console.log"), QStringLiteral("--preset"),
                                         QStringLiteral("strict")});
        QVERIFY2(strict.out.contains("tolerance BELOW the printed resolution"), strict.out.constData());
        const QByteArray offered = QByteArray("full precision of the baseline: ")
            + (h100 + QStringLiteral("/cuda_fp32/trainer_state.json")).toUtf8();
        QVERIFY2(strict.out.contains(offered), strict.out.constData());
        const CliResult full
            = runCli({QStringLiteral("parity"), h100 + QStringLiteral("/cuda_fp32/trainer_state.json"),
                      h100 + QStringLiteral("/cpu_fp32/trainer_state.json"), QStringLiteral("--preset"),
                      QStringLiteral("strict"), QStringLiteral("--json"), QStringLiteral("--no-table")});
        QVERIFY2(full.exitCode == 0 || full.exitCode == 1, full.err.constData());
        const QJsonObject precision
            = firstCandidate(full).value(QStringLiteral("precision")).toArray().at(0).toObject();
        QVERIFY(precision.value(QStringLiteral("baselineDigits")).toInt() >= 8);
        QCOMPARE(precision.value(QStringLiteral("toleranceBelowResolution")).toBool(), false);
    }
};

QTEST_GUILESS_MAIN(TestParityCli)
#include "tst_paritycli.moc"
