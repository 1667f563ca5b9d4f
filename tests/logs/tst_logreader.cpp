// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runchecks.h"

#include "core/sources/logs/chunkedparser.h"
#include "core/sources/logs/incrementalparser.h"
#include "core/sources/logs/logreader.h"
#include "core/base/model/metricnames.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <cmath>
#include <cstring>

namespace {

QString dataFile(const QString &name)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/logs/") + name;
}

// A field of /proc/self/status in kB (VmRSS, VmHWM), -1 when absent.
qint64 statusKb(const char *field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(qstrlen(field)).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

RunMetrics parseInPieces(const QByteArray &data, int pieceSize, const ParseOptions &options = {})
{
    IncrementalParser parser(options, QStringLiteral("pieces"));
    RunMetrics run;
    for (qsizetype i = 0; i < data.size(); i += pieceSize) {
        parser.feed(QByteArrayView(data).sliced(i, qMin<qsizetype>(pieceSize, data.size() - i)));
        run.append(parser.takePoints());
    }
    parser.finish();
    run.append(parser.takePoints());
    return run;
}

void compareRuns(const RunMetrics &a, const RunMetrics &b)
{
    QCOMPARE(a.pointCount(), b.pointCount());
    QCOMPARE(a.steps(), b.steps());
    QCOMPARE(a.segmentStarts(), b.segmentStarts());
    for (const QString &m : a.metricNames()) {
        for (int p = 0; p < a.pointCount(); ++p) {
            const double x = a.value(p, m), y = b.value(p, m);
            QVERIFY2(std::memcmp(&x, &y, sizeof x) == 0, qPrintable(QStringLiteral("%1 at %2").arg(m).arg(p)));
        }
    }
}

// Everything a reader sees of a parse: the same bytes read in pieces must give all of it exactly.
void compareParses(const ParseResult &a, const ParseResult &b)
{
    QCOMPARE(a.error, b.error);
    QCOMPARE(a.format, b.format);
    QCOMPARE(a.lineCount, b.lineCount);
    QCOMPARE(a.skippedCount, b.skippedCount);
    QCOMPARE(a.firstSkipped.size(), b.firstSkipped.size());
    for (qsizetype i = 0; i < a.firstSkipped.size(); ++i) {
        QCOMPARE(a.firstSkipped[i].lineNumber, b.firstSkipped[i].lineNumber);
        QCOMPARE(a.firstSkipped[i].reason, b.firstSkipped[i].reason);
        QCOMPARE(a.firstSkipped[i].text, b.firstSkipped[i].text);
    }
    QCOMPARE(a.run.meta, b.run.meta);
    QCOMPARE(a.run.readWarnings, b.run.readWarnings); // other ranks' lines counted in every piece too
    QCOMPARE(a.run.metricNames(), b.run.metricNames());
    QCOMPARE(a.run.hasWallTime(), b.run.hasWallTime());
    for (int p = 0; p < a.run.pointCount() && p < b.run.pointCount(); ++p) {
        const double x = a.run.wallTime(p), y = b.run.wallTime(p);
        QVERIFY2(std::memcmp(&x, &y, sizeof x) == 0, qPrintable(QStringLiteral("wall time at %1").arg(p)));
    }
    compareRuns(a.run, b.run);
}

// `data` written to a file reads with LogReader::readFile (detection from samples, a range a
// thread) exactly as the same bytes parsed in one piece, which `whole` receives.
void compareFileWithOnePiece(const QByteArray &data, const QString &fileName, ParseResult &whole)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(fileName);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(data), data.size());
    f.close();
    whole = ChunkedParser::parse(data, path, {}, 1);
    QVERIFY2(whole, qPrintable(whole.error));
    whole.run.squeeze();
    whole.run.name = QFileInfo(fileName).completeBaseName();
    whole.run.sourcePath = path;
    whole.run.format = whole.format;
    compareParses(LogReader::readFile(path), whole);
}

// A Megatron log as long runs write it: argument dump, iteration lines with validation and
// memory reports, other ranks' lines, ANSI colour, a bad value, restarts from checkpoints with a
// new argument dump (a different seq_length), and a last line cut off mid-segment.
QByteArray generatedMegatronLog(int iterations)
{
    QByteArray log;
    auto arguments = [&log](int seqLength) {
        log += "------------------------ arguments ------------------------\n";
        log += "  seq_length ...................................... " + QByteArray::number(seqLength) + "\n";
        log += "  world_size ...................................... 8\n";
        log += "-------------------- end of arguments ---------------------\n";
    };
    arguments(4096);
    int step = 0;
    for (int i = 0; i < iterations; ++i) {
        if (i > 0 && i % 1700 == 0) { // restart from an earlier checkpoint
            step -= 300;
            arguments(i == 6800 ? 8192 : 4096); // one restart with a longer sequence
        }
        ++step;
        const QByteArray s = QByteArray::number(step);
        log += " [2024-04-06 02:" + QByteArray::number(10 + step % 50) + ":" + QByteArray::number(10 + step % 49)
            + "] iteration " + s + "/ 100000 | consumed samples: " + QByteArray::number(step * 128)
            + " | elapsed time per iteration (ms): " + QByteArray::number(5000 + step % 97)
            + ".5 | learning rate: " + QByteArray::number(3e-4 * (step % 1000) / 1000.0, 'E', 6)
            + " | global batch size:   128 | lm loss: " + QByteArray::number(2.0 + 1.0 / step, 'E', 6)
            + (step % 250 == 0 ? QByteArray(" | grad norm: oops")
                               : " | grad norm: " + QByteArray::number(1.0 + step % 13 / 10.0))
            + " | loss scale: 1.0 |\n";
        if (step % 10 == 0)
            log += "[rank1]: iteration " + s + "/ 100000 | lm loss: 9.5 |\n";
        if (step % 37 == 0)
            log += "\x1b[33mwarning: slow data loader\x1b[0m\n";
        if (step % 100 == 0)
            log += "[Rank 0] (after " + s + " iterations) memory (MB) | allocated: 21034.5 | max allocated: "
                + QByteArray::number(50000 + step % 1000) + ".25 | reserved: 60112.0\n";
        if (step % 500 == 0)
            log += " validation loss at iteration " + s + " | lm loss value: 2.5E+00 | lm loss PPL: 1.2E+01 |\n";
    }
    log += " iteration " + QByteArray::number(step + 1) + "/ 100000 | lm loss: 2.0 | grad norm: 1.2";
    return log;
}

QStringList list(std::initializer_list<const char *> items)
{
    QStringList l;
    for (const char *i : items)
        l.append(QString::fromUtf8(i));
    return l;
}

void checkValues(const RunMetrics &run, std::initializer_list<const char *> checks)
{
    checkValues(run, list(checks));
}

} // namespace

class TestLogReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fixtures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("points");
        QTest::addColumn<int>("segments");
        QTest::addColumn<qint64>("firstStep");
        QTest::addColumn<qint64>("lastStep");
        QTest::addColumn<QStringList>("values");

        QTest::newRow("megatron 2024 moe")
            << QStringLiteral("megatron_training_log_2024_throughput_moe.txt") << QStringLiteral("megatron") << 5 << 1
            << 2LL << 45LL
            << list({"lm_loss@0=2.021530", "load_balancing_loss@0=1.087362", "tflops_per_device@1=241.4",
                     "learning_rate@4=9.0e-06", "grad_norm@2=1.426", "elapsed_ms@0=5630.1", "consumed_samples@4=5760",
                     "global_batch_size@0=128", "skipped_iterations@0=0", "time@0=1712372145",
                     "tokens_per_s@0=missing"});
        QTest::newRow("megatron legacy") << QStringLiteral("megatron_training_log_legacy_no_timestamp.txt")
                                         << QStringLiteral("megatron") << 4 << 1 << 122LL << 125LL
                                         << list({"learning_rate@0=9.150e-06", "lm_loss@3=2.477393",
                                                  "grad_norm@3=0.356", "loss_scale@0=1"});
        QTest::newRow("megatron current")
            << QStringLiteral("megatron_training_log_current_CONSTRUCTED.txt") << QStringLiteral("megatron") << 3 << 1
            << 10LL << 30LL
            << list({"time@0=1769595302.123456", "skipped_samples@2=2", "params_norm@2=215.334",
                     "tflops_per_device@2=missing", "lm_loss@1=7.402913"});
        QTest::newRow("mindspeed") << QStringLiteral("mindspeed_llm_mcore_training_log_CONSTRUCTED.txt")
                                   << QStringLiteral("megatron") << 3 << 1 << 1LL << 3LL
                                   << list({"lm_loss@0=11.42331", "core_attn_ratio_pct@1=32.5",
                                            "learning_rate@2=3.75e-07"});
        QTest::newRow("deepspeed progress")
            << QStringLiteral("deepspeed_progress_2023.txt") << QStringLiteral("deepspeed") << 4 << 3 << 10LL << 199LL
            << list({"loss_scale@0=4194304", "skipped_iterations@0=10", "learning_rate@0=0.0001",
                     "samples_per_s@0=222.88787331278564", "memory_gb@1=38.49", "learning_rate@2=5.192627993341359e-07",
                     "samples_per_s@3=61.35304005128382", "time@0=1690936877.935"});
        QTest::newRow("deepspeed breakdown old")
            << QStringLiteral("deepspeed_wall_clock_breakdown_2020_2023.txt") << QStringLiteral("deepspeed") << 4 << 1
            << 1LL << 4LL
            << list({"time_fwd_microstep_ms@0=193.65", "time_bwd_allreduce_microstep_ms@2=230.14",
                     "time_fwd_ms@2=435.67", "time_optimizer_step_ms@3=60.64", "time_step_microstep_ms@3=72.59"});
        QTest::newRow("deepspeed breakdown current")
            << QStringLiteral("deepspeed_wall_clock_breakdown_current_CONSTRUCTED.txt") << QStringLiteral("deepspeed")
            << 1 << 1 << 1LL << 1LL << list({"time_fwd_microstep_ms@0=27.48", "time_bwd_ms@0=73.60"});
        QTest::newRow("deepspeed pipe") << QStringLiteral("deepspeed_pipe_engine_steps_CONSTRUCTED.txt")
                                        << QStringLiteral("deepspeed") << 2 << 1 << 10LL << 20LL
                                        << list({"loss@1=6.9041", "elapsed_ms@0=1532", "samples_per_s@1=168.643"});
        QTest::newRow("hf console grad_norm")
            << QStringLiteral("hf_trainer_console_v4_grad_norm.txt") << QStringLiteral("hf-trainer") << 4 << 1 << 1LL
            << 4LL
            << list({"loss@0=0.1841", "grad_norm@1=0.8070985078811646", "learning_rate@2=2.25e-07", "epoch@3=100"});
        QTest::newRow("hf console no grad_norm")
            << QStringLiteral("hf_trainer_console_v4_no_grad_norm.txt") << QStringLiteral("hf-trainer") << 4 << 1 << 1LL
            << 4LL << list({"loss@3=2.5744", "learning_rate@3=0", "grad_norm@0=missing"});
        QTest::newRow("hf trainer_state")
            << QStringLiteral("hf_trainer_state_checkpoint_TRIMMED.json") << QStringLiteral("hf-trainer-state") << 4
            << 1 << 0LL << 1203LL
            << list({"eval_g0_loss@0=5.741583347320557", "loss@1=1.1074", "eval_g0_accuracy@1=0.6783042394014963",
                     "grad_norm@3=5.5310235023498535", "loss@0=missing"});
        QTest::newRow("llamafactory") << QStringLiteral("llamafactory_trainer_log.jsonl")
                                      << QStringLiteral("llamafactory") << 5 << 3 << 5LL << 10LL
                                      << list({"loss@0=5.7013", "learning_rate@1=2.25e-06", "tokens_per_s@0=13061",
                                               "consumed_tokens@1=3189568", "elapsed_s@0=123",
                                               "accuracy@3=0.4000000059604645", "loss@4=42.0622"});
        QTest::newRow("torchtitan") << QStringLiteral("torchtitan_console.txt") << QStringLiteral("torchtitan") << 6
                                    << 2 << 200LL << 15LL
                                    << list({"loss@0=6.1384", "memory_gb@0=49.66", "memory_pct@0=52.28",
                                             "tokens_per_s_per_device@0=5856", "tflops_per_device@1=323.92",
                                             "mfu@1=32.75", "grad_norm@2=26.625", "grad_norm@0=missing",
                                             "loss@5=3.10680", "time@0=1750113050.322"});
        QTest::newRow("nanogpt") << QStringLiteral("nanogpt_console.txt") << QStringLiteral("nanogpt") << 7 << 1 << 0LL
                                 << 3010LL
                                 << list({"loss@1=3.2202", "elapsed_ms@1=893.76", "mfu@1=16.68", "mfu@0=missing",
                                          "eval_loss@4=1.7220", "eval_train_loss@4=1.5440", "loss@6=nan",
                                          "mfu@5=missing"});
        QTest::newRow("lightning") << QStringLiteral("lightning_progress_bar_CONSTRUCTED.txt")
                                   << QStringLiteral("lightning") << 2 << 1 << 420LL << 1000LL
                                   << list({"loss@0=2.310", "eval_loss@1=1.920", "iterations_per_s@1=5.94"});
    }

    void fixtures()
    {
        QFETCH(QString, file);
        QFETCH(QString, format);
        QFETCH(int, points);
        QFETCH(int, segments);
        QFETCH(qint64, firstStep);
        QFETCH(qint64, lastStep);
        QFETCH(QStringList, values);
        const ParseResult r = LogReader::readFile(dataFile(file));
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.format, format);
        QCOMPARE(r.run.format, format);
        QCOMPARE(r.run.sourcePath, dataFile(file));
        QCOMPARE(r.run.name, QFileInfo(file).completeBaseName());
        QCOMPARE(r.skippedCount, 0);
        QCOMPARE(r.run.pointCount(), points);
        QCOMPARE(int(r.run.segmentStarts().size()), segments);
        QCOMPARE(r.run.step(0), firstStep);
        QCOMPARE(r.run.step(points - 1), lastStep);
        checkValues(r.run, values);

        // Forcing the detected format gives the same, and byte-by-byte feeding too.
        ParseOptions forced;
        forced.format = format;
        compareRuns(LogReader::readFile(dataFile(file), forced).run, r.run);
        QFile f(dataFile(file));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray data = f.readAll();
        compareRuns(parseInPieces(data, 1), r.run);
        compareRuns(parseInPieces(data, 7), r.run);
    }

    void hfSummaryGoesToMeta()
    {
        const ParseResult r = LogReader::readFile(dataFile(QStringLiteral("hf_trainer_console_v4_no_grad_norm.txt")));
        QVERIFY(r);
        QCOMPARE(r.run.meta.value(QStringLiteral("train_runtime")).toDouble(), 116.1914);
        QVERIFY(!r.run.hasMetric(QStringLiteral("train_runtime")));
    }

    // The general reader finds a key by the one the line before printed in its place: keys that
    // change places, drop out or come in, and an evaluation line between, still land right.
    void genericReaderFollowsKeysThatMove()
    {
        const QByteArray data = "2026-08-10 00:00:01 | INFO | step 1 | loss 2.50 | lr 0.10 | mem 31.00 GiB\n"
                                "2026-08-10 00:00:02 | INFO | step 2 | lr 0.20 | loss 2.40 | mem 32.00 GiB\n"
                                "2026-08-10 00:00:03 | INFO | step 3 | loss 2.30\n"
                                "2026-08-10 00:00:04 | INFO | step 4 | grad_norm 1.50 | loss 2.20 | lr 0.40\n"
                                "2026-08-10 00:00:05 | INFO | validation | step 4 | loss 2.90\n"
                                "2026-08-10 00:00:06 | INFO | step 5 | loss 2.10 | grad_norm 1.40\n";
        const ParseResult r = LogReader::readData(data, QStringLiteral("keys.log"));
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.format, QStringLiteral("generic"));
        QCOMPARE(r.run.pointCount(), 5);
        checkValues(r.run,
                    {"loss@0=2.5", "learning_rate@0=0.1", "mem@0=31", "loss@1=2.4", "learning_rate@1=0.2", "mem@1=32",
                     "loss@2=2.3", "learning_rate@2=missing", "grad_norm@3=1.5", "loss@3=2.2", "learning_rate@3=0.4",
                     "eval_loss@3=2.9", "loss@4=2.1", "grad_norm@4=1.4", "mem@4=missing"});
    }

    // Another rank's line like the last one is not scanned again; a different one still is, and
    // its metrics are reported.
    void otherRankMetricsAfterRepeatedWarnings()
    {
        QByteArray data;
        for (int step = 1; step <= 4; ++step) {
            data += "[rank0]:step " + QByteArray::number(step) + " | loss 2.5 | lr 0.1\n";
            data += "[rank1]:[W reducer.cpp:1346] Warning: find_unused_parameters=True was specified\n";
        }
        const ParseResult quiet = LogReader::readData(data, QStringLiteral("ranks.log"));
        QVERIFY2(quiet, qPrintable(quiet.error));
        QCOMPARE(quiet.run.pointCount(), 4);
        QCOMPARE(quiet.otherMetricRank, -1);
        data += "[rank1]:step 4 | loss 2.6 | lr 0.1\n";
        const ParseResult loud = LogReader::readData(data, QStringLiteral("ranks.log"));
        QCOMPARE(loud.otherMetricRank, 1);
        QVERIFY(loud.run.readWarnings.join(u'\n').contains(QLatin1String("ranks other than 0")));
    }

    void jsonLinesWithCanonicalKeys()
    {
        const QByteArray data
            = "{\"step\": 10, \"loss\": 2.31, \"learning_rate\": 0.001, \"grad_norm\": 0.52, \"tokens_per_s\": 1234.5, "
              "\"eval_loss\": 2.4, \"time\": 1763700000.123}\n"
              "{\"step\": 20, \"loss\": NaN, \"lr\": 0.002, \"time\": \"2025-11-21T04:40:10Z\"}\n"
              "{\"step\": 20, \"val_loss\": 2.2}\n"
              "{\"step\": 30, \"loss\": Infinity, \"note\": \"text\", \"nested\": {\"a\": 1}}\n";
        const ParseResult r = LogReader::readData(data, QStringLiteral("reference.jsonl"));
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.format, QStringLiteral("jsonl"));
        QCOMPARE(r.run.pointCount(), 3);
        checkValues(r.run,
                    {"loss@0=2.31", "learning_rate@1=0.002", "tokens_per_s@0=1234.5", "eval_loss@0=2.4",
                     "eval_loss@1=2.2", "loss@1=nan", "loss@2=inf", "time@0=1763700000.123", "time@1=1763700010"});
        QVERIFY(!r.run.hasMetric(QStringLiteral("note")));
        QVERIFY(!r.run.hasMetric(QStringLiteral("nested")));
    }

    void csvAndTsv_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::newRow("csv") << QByteArray(
            "step,loss,lr,time\n1,2.5,0.1,2025-01-01 00:00:00\n2,nan,0.2,\nstep,loss,lr,time\n3,,0.3,\n");
        QTest::newRow("tsv") << QByteArray(
            "iteration\tLoss\tlearning rate\ttimestamp\n1\t2.5\t0.1\t1735689600\n2\tnan\t0.2\t\n3\t\t0.3\t\n");
        // A quoted cell holding the delimiter is one cell (CsvText::splitRecord), in header and rows.
        QTest::newRow("quoted") << QByteArray("\"step\",\"loss\",\"phase, note\",lr,time\n"
                                              "1,2.5,\"warm-up, \"\"fast\"\"\",0.1,2025-01-01 00:00:00\n"
                                              "2,\"nan\",\"a,b\",0.2,\n3,,,0.3,\n");
    }

    void csvAndTsv()
    {
        QFETCH(QByteArray, data);
        const ParseResult r = LogReader::readData(data, QStringLiteral("metrics.csv"));
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.format, QStringLiteral("csv"));
        QCOMPARE(r.run.pointCount(), 3);
        checkValues(r.run, {"loss@0=2.5", "loss@1=nan", "loss@2=missing", "learning_rate@2=0.3", "time@0=1735689600"});
    }

    void hfDdpDemoConsole()
    {
        // The lines main_hf.py of the MUSA porting guide prints (its f-strings, two epochs of 21 steps).
        const QByteArray data = "seq_len = 1024\n"
                                "epoch[0/1], step[0/20]: train_loss: 10.95, train_tokens_throughput: 8123.4 tokens/s\n"
                                "epoch[0/1], step[10/20]: train_loss: 7.5, train_tokens_throughput: 12345.6 tokens/s\n"
                                "validation in train epoch 0: eval_loss: 6.25, val_perplexity: 518.0\n"
                                "epoch[1/1], step[0/20]: train_loss: 6.0, train_tokens_throughput: 12000.0 tokens/s\n";
        const ParseResult r = LogReader::readData(data, QStringLiteral("musa_demo.log"));
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.format, QStringLiteral("hf-ddp-demo"));
        QCOMPARE(r.run.steps(), (std::vector<qint64>{0, 10, 21}));
        checkValues(r.run,
                    {"loss@1=7.5", "tokens_per_s@1=12345.6", "eval_loss@1=6.25", "val_perplexity@1=518", "epoch@2=1",
                     "eval_loss@2=missing"});
        QCOMPARE(r.run.meta.value(QStringLiteral("seq_length")).toLongLong(), 1024);
    }

    void derivesTokensPerSecond()
    {
        const QByteArray data
            = "  seq_length ...................................... 4096\n"
              "  world_size ...................................... 8\n"
              " iteration 10/ 100 | elapsed time per iteration (ms): 2000.0 | global batch size: 64 | lm loss: 2.0 |\n";
        ParseResult r = LogReader::readData(data, QStringLiteral("m.log"));
        QVERIFY(r);
        checkValues(r.run, {"tokens_per_s@0=131072", "tokens_per_s_per_device@0=16384"});
        QCOMPARE(r.run.meta.value(QStringLiteral("seq_length")).toLongLong(), 4096);
        // The user's value wins over the log's.
        ParseOptions options;
        options.seqLength = 2048;
        options.worldSize = 4;
        r = LogReader::readData(data, QStringLiteral("m.log"), options);
        checkValues(r.run, {"tokens_per_s@0=65536", "tokens_per_s_per_device@0=16384"});
        // Without a sequence length nothing is invented.
        r = LogReader::readData(data.mid(data.indexOf(" iteration")), QStringLiteral("m.log"));
        checkValues(r.run, {"tokens_per_s@0=missing"});
    }

    void messMegatron()
    {
        const ParseResult r = LogReader::readFile(dataFile(QStringLiteral("mess/megatron_torchrun_tee_mess.txt")));
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.format, QStringLiteral("megatron"));
        QCOMPARE(r.run.steps(), (std::vector<qint64>{2, 3, 43, 44, 45, 44, 45, 46}));
        QCOMPARE(r.run.segmentStarts(), (QVector<int>{0, 5}));
        // rank 1's lines (lm loss 9.x, seq_length 9999) are not mixed in
        checkValues(r.run,
                    {"lm_loss@0=2.021530", "lm_loss@1=2.003316", "lm_loss@5=nan", "grad_norm@5=inf",
                     "grad_norm@6=missing", "lm_loss@6=1.834162", "lm_loss@7=missing", "elapsed_ms@7=5444.9",
                     "tokens_per_s@0=93122.3246478748", "tokens_per_s_per_device@0=5820.14529049217"});
        QCOMPARE(r.skippedCount, 1);
        QCOMPARE(r.firstSkipped.first().lineNumber, 17);
        QVERIFY(r.firstSkipped.first().reason.contains(QLatin1String("grad norm")));

        ParseOptions rank1;
        rank1.rank = 1;
        const ParseResult r1
            = LogReader::readFile(dataFile(QStringLiteral("mess/megatron_torchrun_tee_mess.txt")), rank1);
        QVERIFY(r1);
        QCOMPARE(r1.run.pointCount(), 3);
        checkValues(r1.run, {"lm_loss@0=92.021530"});
        QCOMPARE(r1.run.meta.value(QStringLiteral("seq_length")).toLongLong(), 9999);
    }

    void messHfTqdm()
    {
        const ParseResult r = LogReader::readFile(dataFile(QStringLiteral("mess/hf_trainer_tqdm_mess.txt")));
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.format, QStringLiteral("hf-trainer"));
        QCOMPARE(r.run.pointCount(), 3);
        checkValues(r.run, {"loss@0=0.1841", "grad_norm@1=0.8070985078811646", "epoch@2=10.0"});
        QCOMPARE(r.skippedCount, 1); // the cut-short dict; a non-numeric value is just not a metric
        QCOMPARE(r.firstSkipped.first().lineNumber, 8);
        QVERIFY(r.run.meta.contains(QStringLiteral("train_runtime")));
    }

    void messSrunRanks()
    {
        ParseOptions options;
        const ParseResult r0 = LogReader::readFile(dataFile(QStringLiteral("mess/torchtitan_srun_ranks.txt")), options);
        QVERIFY2(r0, qPrintable(r0.error));
        QCOMPARE(r0.format, QStringLiteral("torchtitan"));
        checkValues(r0.run, {"loss@0=7.62585", "loss@1=7.07623"});
        options.rank = 1;
        const ParseResult r1 = LogReader::readFile(dataFile(QStringLiteral("mess/torchtitan_srun_ranks.txt")), options);
        checkValues(r1.run, {"loss@0=8.62585", "loss@1=8.07623"});
    }

    void severalMegabyteLineAndInvalidUtf8()
    {
        QByteArray data = " iteration 1/ 10 | lm loss: 2.5 |\n";
        data += "junk " + QByteArray(5 * 1024 * 1024, 'x') + "\xff\xfe\n";
        data += " iteration 2/ 10 | lm loss: 2.4 |\n";
        data += " iteration 3/ 10 | lm loss: " + QByteArray(3 * 1024 * 1024, '9') + " |\n";
        const ParseResult r = LogReader::readData(data, QStringLiteral("big.log"));
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.run.pointCount(), 2);
        QCOMPARE(r.skippedCount, 1);
        QVERIFY(r.firstSkipped.first().text.size() <= 201);
        const RunMetrics pieces = parseInPieces(data, 65536);
        compareRuns(pieces, r.run);
    }

    // A line over IncrementalParser::maxLineBytes is read up to the limit and reported with its
    // line number and the limit; read whole or fed in pieces, the points are the same.
    void lineOverTheLimitIsCutAndReported()
    {
        QByteArray data = " iteration 1/ 10 | lm loss: 2.5 |\n";
        data += " iteration 2/ 10 | lm loss: 2.4 | " + QByteArray(IncrementalParser::maxLineBytes + 4096, 'x') + "\n";
        data += " iteration 3/ 10 | lm loss: 2.3 |\n";
        const ParseResult r = LogReader::readData(data, QStringLiteral("long.log"));
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.lineCount, 3);
        checkValues(r.run, {"lm_loss@0=2.5", "lm_loss@1=2.4", "lm_loss@2=2.3"});
        const QString warning = r.run.readWarnings.join(QLatin1Char('\n'));
        QVERIFY2(warning.contains(QLatin1String("line 2,")) && warning.contains(QLatin1String("16 MiB line limit"))
                     && warning.contains(QString::number(IncrementalParser::maxLineBytes + 4096 + 34)),
                 qPrintable(warning));
        compareRuns(parseInPieces(data, 1024 * 1024), r.run);
        IncrementalParser pieces({}, QStringLiteral("pieces"));
        pieces.feed(QByteArrayView(data).first(100));
        pieces.feed(QByteArrayView(data).sliced(100));
        pieces.finish();
        QCOMPARE(pieces.consumedBytes(), data.size());
        QCOMPARE(pieces.notes().firstLongLine, 2);
    }

    // The case: a multi-GB sparse file that is one line. Read in blocks, it costs a read
    // window and the line limit, never the file's size (mapped, its pages counted in the peak RSS)
    // nor copies of the line (it cost 4.7x the file's size). A memory bound, measured in this process.
    void sparseGiantLineStaysBounded()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("giant.log")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(" iteration 1/ 10 | lm loss: 2.5 |\n");
        constexpr qint64 size = 1ll << 30;
        QVERIFY(f.resize(size)); // ftruncate: a hole, no disk used
        f.close();
        const qint64 before = statusKb("VmRSS:");
        QVERIFY(before > 0);
        const ParseResult r = LogReader::readFile(f.fileName());
        const qint64 peak = statusKb("VmHWM:");
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.run.pointCount(), 1);
        QVERIFY(r.run.readWarnings.join(QLatin1Char(' ')).contains(QLatin1String("line 2, 1073741790 bytes")));
        const qint64 grownMiB = (peak - before) / 1024;
        QVERIFY2(grownMiB < 256, qPrintable(QStringLiteral("peak RSS grew by %1 MiB").arg(grownMiB)));
    }

    // The SIGBUS: a log truncated while it is read. Read in blocks, the truncation is a
    // short read: the lines read up to it are kept, a partial last line is dropped, and a warning
    // says so. The file is truncated after the first read, below or above what it held.
    void truncatedWhileReadIsAShortRead_data()
    {
        QTest::addColumn<qint64>("truncateTo");
        QTest::addColumn<qint64>("expectRead");
        // -1: as much as the first read held (detection's first sample).
        QTest::newRow("below what was read") << qint64(1) << qint64(-1);
        QTest::newRow("inside the next block") << qint64(12 << 20) + 7 << qint64(12 << 20) + 7;
    }
    void truncatedWhileReadIsAShortRead()
    {
        QFETCH(qint64, truncateTo);
        QFETCH(qint64, expectRead);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("train.log"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const qint64 lineBytes = QByteArray("iter 00000001: loss 2.5000, time 10.00ms\n").size();
        const qint64 lines = (qint64(40) << 20) / lineBytes;
        for (qint64 i = 1; i <= lines; ++i)
            f.write(
                QByteArray("iter " + QByteArray::number(i).rightJustified(8, '0') + ": loss 2.5000, time 10.00ms\n"));
        f.close();
        int blocks = 0;
        qint64 firstRead = 0;
        const ParseResult r = LogReader::readFile(path, {}, [&](qint64 total) {
            if (++blocks == 1) {
                firstRead = total;
                QVERIFY(QFile::resize(path, truncateTo));
            }
        });
        QVERIFY2(r, qPrintable(r.error));
        if (expectRead < 0)
            expectRead = firstRead;
        QCOMPARE(r.run.pointCount(), expectRead / lineBytes);
        QCOMPARE(r.run.steps().back(), expectRead / lineBytes);
        const QString warnings = r.run.readWarnings.join(QLatin1Char('\n'));
        QVERIFY2(warnings.contains(QStringLiteral("%1 shrank while it was read (truncated or rewritten): only the "
                                                  "lines in its first %2 of %3 bytes were read")
                                       .arg(path)
                                       .arg(expectRead)
                                       .arg(lines * lineBytes)),
                 qPrintable(warnings));
    }

    // A log larger than the first window (64 MiB at most) is read by one thread per range of the
    // file, each with its own blocks: it reads exactly as the same bytes read in one piece, also
    // where a range starts after a restart with a new argument dump.
    void largeFileReadInRangesMatchesOnePiece()
    {
        const QByteArray copy = generatedMegatronLog(12000) + "\n";
        QByteArray data;
        while (data.size() < 70 * 1024 * 1024)
            data += copy;
        // Also nothing to warn about: a range read again after a restart is no file that shrank.
        ParseResult whole;
        compareFileWithOnePiece(data, QStringLiteral("big.log"), whole);
        QVERIFY(whole.run.segmentStarts().size() > 100);
    }

    // The ranges are read at once, so a file that shrinks meanwhile may be found short by any of
    // them: the run is what the file held up to where the first range found it ending, never a
    // later range's lines after a gap. The file shrinks once the first window has been read.
    void shrinkingWhileRangesAreReadKeepsAnUnbrokenStart()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("train.log"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const auto line = [](qint64 step) -> QByteArray {
            const QByteArray s = QByteArray::number(step).rightJustified(8, '0');
            return " iteration " + s + "/ 99999999 | lm loss: 2.500000E+00 | grad norm: 1.250 |\n";
        };
        const qint64 lineBytes = line(1).size();
        const qint64 lines = (qint64(70) << 20) / lineBytes;
        for (qint64 i = 1; i <= lines; ++i)
            f.write(line(i));
        f.close();
        const qint64 shrunk = (qint64(30) << 20) + 11;
        qint64 calls = 0;
        const ParseResult r = LogReader::readFile(path, {}, [&](qint64 bytesRead) {
            if (bytesRead > (qint64(40) << 20) && calls++ == 0)
                QFile::resize(path, shrunk);
        });
        QVERIFY2(r, qPrintable(r.error));
        QVERIFY(calls > 0);
        const QString warnings = r.run.readWarnings.join(QLatin1Char('\n'));
        const QRegularExpression said(
            QStringLiteral("only the lines in its first (\\d+) of %1 bytes were read").arg(lines * lineBytes));
        const QRegularExpressionMatch match = said.match(warnings);
        QVERIFY2(match.hasMatch(), qPrintable(warnings));
        const qint64 readBytes = match.captured(1).toLongLong();
        QVERIFY(readBytes >= shrunk && readBytes < lines * lineBytes);
        QCOMPARE(r.run.pointCount(), readBytes / lineBytes);
        QCOMPARE(r.run.steps().front(), qint64(1));
        QCOMPARE(r.run.steps().back(), readBytes / lineBytes);
        QCOMPARE(r.run.segmentStarts().size(), 1);
    }

    // A cut is looked for a few lines after each share first, then further: a log whose middle is
    // 300 KB of other output still splits there, and reads as in one piece.
    void cutFoundPastLongNoise()
    {
        QByteArray noise;
        while (noise.size() < 300 * 1024)
            noise += "[rank1]:[W reducer.cpp:1346] Warning: find_unused_parameters=True was specified\n";
        const QByteArray log = generatedMegatronLog(3000);
        const qsizetype middle = log.indexOf("\n", log.size() / 2 - 100 * 1024) + 1;
        const QByteArray data = log.first(middle) + noise + noise + log.sliced(middle);
        const ParseResult sequential = ChunkedParser::parse(data, QStringLiteral("noise.log"), {}, 1);
        QVERIFY2(sequential, qPrintable(sequential.error));
        int used = 0;
        const ParseResult parallel = ChunkedParser::parse(data, QStringLiteral("noise.log"), {}, 2, &used);
        QCOMPARE(used, 2);
        compareParses(parallel, sequential);
    }

    // Detection reads 400 lines at the head and 200 at the middle and the end: a sample holds them
    // only with that many line ends (the middle's and the tail's first line may be cut).
    void detectionSamplesHoldTheirLines()
    {
        const auto lines = [](int count) { return QByteArray("x\n").repeated(count); };
        using Sample = ChunkedParser::Sample;
        QVERIFY(!ChunkedParser::holdsDetectionLines(QByteArray(lines(399) + "x"), Sample::Head));
        QVERIFY(ChunkedParser::holdsDetectionLines(lines(400), Sample::Head));
        for (const Sample sample : {Sample::Middle, Sample::Tail}) {
            QVERIFY(!ChunkedParser::holdsDetectionLines(QByteArray("cut" + lines(200)), sample));
            QVERIFY(ChunkedParser::holdsDetectionLines(QByteArray("cut" + lines(201)), sample));
        }
        QVERIFY(!ChunkedParser::holdsDetectionLines({}, Sample::Head));
    }

    // A large log is first sampled in small reads; where its lines are long (MoE logs print a loss
    // per layer) and its argument dump is longer than such a read, more is read: it reads as the
    // same bytes read in one piece. Short argument lines: the head sample holds detection's lines,
    // not the first iteration; long ones: it holds neither.
    void longLinesReadAsInOnePiece_data()
    {
        QTest::addColumn<int>("argumentBytes");
        QTest::newRow("short argument lines") << 60;
        QTest::newRow("long argument lines") << 1200;
    }
    void longLinesReadAsInOnePiece()
    {
        QFETCH(int, argumentBytes);
        QByteArray data = "------------------------ arguments ------------------------\n";
        for (int i = 0; data.size() < 300 * 1024; ++i)
            data += "  moe_layer_" + QByteArray::number(i) + "_capacity_factors ......... "
                + QByteArray("1.25, ").repeated(argumentBytes / 6) + "\n";
        data += "  seq_length ...................................... 4096\n"
                "  world_size ...................................... 8\n"
                "-------------------- end of arguments ---------------------\n";
        // The layers' losses take one of 7 values a step.
        std::array<QByteArray, 7> layers;
        for (int v = 0; v < 7; ++v) {
            for (int layer = 0; layer < 120; ++layer)
                layers[size_t(v)]
                    += " | layer_" + QByteArray::number(layer) + "_aux_loss: " + QByteArray::number(v) + ".5E-02";
        }
        // Larger than the largest window, so it is sampled on any number of cores.
        for (int step = 1; data.size() < 66 * 1024 * 1024; ++step) {
            data += " iteration " + QByteArray::number(step) + "/ 100000 | consumed samples: "
                + QByteArray::number(step * 128) + " | elapsed time per iteration (ms): 5000.0 | global batch size: 128"
                + " | lm loss: " + QByteArray::number(2.0 + 1.0 / step, 'E', 6) + layers[size_t(step % 7)] + " |\n";
        }
        ParseResult whole;
        compareFileWithOnePiece(data, QStringLiteral("moe.log"), whole);
        QCOMPARE(whole.format, QStringLiteral("megatron"));
        QVERIFY(whole.run.hasMetric(QStringLiteral("tokens_per_s"))); // seq_length read before every range
    }

    // Lines of several hosts (pdsh) are read for one host, the first one met. A range cut at lines
    // without a host that meets another host's lines first is read again by the reader before it,
    // which knows the host; so is one after a host was met only in the range before.
    void hostsAfterTheCutReadAsInOnePiece_data()
    {
        QTest::addColumn<bool>("hostInFirstHalf");
        QTest::newRow("first host line in the second half") << false;
        QTest::newRow("first host line in the first half") << true;
    }
    void hostsAfterTheCutReadAsInOnePiece()
    {
        QFETCH(bool, hostInFirstHalf);
        QByteArray data;
        for (int step = 1; step <= 4000; ++step) {
            data += " iteration " + QByteArray::number(step) + "/ 4000 | lm loss: 2.5 | grad norm: 1.25 |\n";
            if (step % 50 == 0 && (hostInFirstHalf || step > 3000)) {
                // Which host prints first changes: a range may meet the other one first.
                const QByteArray first = step % 100 == 0 ? "node-02" : "node-01";
                const QByteArray second = step % 100 == 0 ? "node-01" : "node-02";
                data += first + ": iteration " + QByteArray::number(step) + "/ 4000 | lm loss: 7.5 |\n";
                data += second + ": iteration " + QByteArray::number(step) + "/ 4000 | lm loss: 8.5 |\n";
            }
        }
        const ParseResult sequential = ChunkedParser::parse(data, QStringLiteral("hosts.log"), {}, 1);
        QVERIFY2(sequential, qPrintable(sequential.error));
        QVERIFY(sequential.run.readWarnings.join(u'\n').contains(QLatin1String("hosts other than node-0")));
        for (int pieces : {2, 3}) {
            int used = 0;
            const ParseResult parallel = ChunkedParser::parse(data, QStringLiteral("hosts.log"), {}, pieces, &used);
            compareParses(parallel, sequential);
        }
    }

    // Where a range finds the input ending early (a file that shrank while it was read), the run
    // keeps the lines before that point and never the line cut there, also when the cut line was
    // begun in an earlier block (the read that finds the end then returns nothing). The ranges
    // after it are dropped.
    void shortReadDropsTheCutLine_data()
    {
        QTest::addColumn<int>("where");
        QTest::newRow("in the first range") << 0;
        QTest::newRow("in the second range, mid-block") << 1;
        QTest::newRow("in the second range, at a block's end") << 2;
        QTest::newRow("in the second range, read again by the first") << 3;
    }
    void shortReadDropsTheCutLine()
    {
        QFETCH(int, where);
        const auto line = [](qint64 step) -> QByteArray {
            return " iteration " + QByteArray::number(step).rightJustified(8, '0')
                + "/ 99999999 | lm loss: 2.500000E+00 | grad norm: 1.250 |\n";
        };
        const auto arguments = [](int seqLength) -> QByteArray {
            return "------------------------ arguments ------------------------\n"
                   "  seq_length ...................................... "
                + QByteArray::number(seqLength) + "\n-------------------- end of arguments ---------------------\n";
        };
        const qint64 lineBytes = line(1).size();
        // The last row's first range restarts with a longer sequence: the second range, which
        // started with the first one's facts, is read again by the first range's reader.
        QByteArray data = arguments(4096);
        const qint64 dump = where == 3 ? data.size() : 0;
        if (where != 3)
            data.clear();
        for (qint64 i = 1; i <= 20000; ++i)
            data += line(i) + (where == 3 && i == 100 ? arguments(8192) : QByteArray());
        constexpr qint64 block = 64 * 1024;
        // The second range starts at the first line at or after the middle.
        const qint64 afterRestart = where == 3 ? arguments(8192).size() : 0;
        const qint64 lines = dump + afterRestart;
        const qint64 second = lines + (data.size() / 2 - lines + lineBytes - 1) / lineBytes * lineBytes;
        const qint64 midLine = 60; // past "lm loss: ... |": a line cut there still holds a value
        // At a block's end: the first block end of the second range that falls past midLine.
        qint64 blocks = 1;
        while ((blocks * block) % lineBytes < midLine)
            ++blocks;
        const qint64 shrunk = where == 0 ? 300 * lineBytes + midLine
            : where == 2                 ? second + blocks * block
                                         : second + 40 * lineBytes + midLine;
        QVERIFY((shrunk - lines) % lineBytes >= midLine); // the cut line holds "lm loss: 2.5 |"
        ParseOptions options;
        options.format = QStringLiteral("megatron");
        ChunkedParser parser(
            options, QStringLiteral("cut.log"), 2, QByteArrayView(data).first(4096), data.size(),
            [&](qint64 offset, qint64 size, QByteArray &buffer) {
                buffer = data.mid(offset, qBound<qint64>(0, shrunk - offset, size));
                return QByteArrayView(buffer);
            },
            block);
        int pieces = 0;
        const ParseResult r = parser.parse(&pieces);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(pieces, where == 1 || where == 2 ? 2 : 1);
        QCOMPARE(parser.bytesRead(), shrunk);
        const qint64 whole = (shrunk - lines) / lineBytes; // iteration lines before the cut
        QCOMPARE(r.run.pointCount(), whole);
        QCOMPARE(r.run.steps().back(), whole);
    }

    // The JSON Lines log adding a key on every line (408 KB took 1.6 GB): the run keeps
    // what was logged, up to the limit on metric names; the lines over it are skipped and said so.
    void newKeyOnEveryLineStopsAtTheNameLimit()
    {
        constexpr int lines = 20000;
        QByteArray data;
        for (int i = 1; i <= lines; ++i)
            data += "{\"step\": " + QByteArray::number(i) + ", \"loss\": " + QByteArray::number(2.5 + i * 1e-4)
                + ", \"key_" + QByteArray::number(i) + "\": " + QByteArray::number(i) + "}\n";
        const ParseResult r = LogReader::readData(data, QStringLiteral("keys.jsonl"));
        QVERIFY2(r, qPrintable(r.error));
        const int accepted = RunMetrics::maxMetricNames - 1; // "loss" is a name too
        QCOMPARE(r.run.columnCount(), RunMetrics::maxMetricNames);
        QCOMPARE(r.run.pointCount(), accepted);
        QCOMPARE(r.skippedCount, lines - accepted);
        QCOMPARE(r.firstSkipped.first().lineNumber, accepted + 1);
        QVERIFY2(r.firstSkipped.first().reason.contains(QLatin1String("limit of 10000 names per run")),
                 qPrintable(r.firstSkipped.first().reason));
        const QString warnings = r.run.readWarnings.join(QLatin1Char('\n'));
        QVERIFY2(warnings.contains(QStringLiteral("%1 lines were skipped: each adds a metric name beyond the limit of "
                                                  "10000 names per run (first: line %2)")
                                       .arg(lines - accepted)
                                       .arg(accepted + 1)),
                 qPrintable(warnings));
        QCOMPARE(r.run.value(4999, QStringLiteral("key_5000")), 5000.0);
        QVERIFY(RunMetrics::isMissing(r.run.value(5000, QStringLiteral("key_5000"))));
        QCOMPARE(r.run.value(accepted - 1, MetricNames::loss), 2.5 + accepted * 1e-4); // a loss that moves
        // Bounded: a few bytes per value, not a cell per point and name (800 MB here).
        QVERIFY2(r.run.storageBytes() < 4u * 1024 * 1024, qPrintable(QString::number(r.run.storageBytes())));
        // Cut into pieces, the lines over the limit are the same ones (values compared above).
        const ParseResult parallel = ChunkedParser::parse(data, QStringLiteral("keys.jsonl"), {}, 4);
        QCOMPARE(parallel.skippedCount, r.skippedCount);
        QCOMPARE(parallel.firstSkipped.first().lineNumber, accepted + 1);
        QCOMPARE(parallel.run.metricNames(), r.run.metricNames());
        QCOMPARE(parallel.run.steps(), r.run.steps());
        QVERIFY(parallel.run.columnAt(RunMetrics::maxMetricNames - 1)
                == r.run.columnAt(RunMetrics::maxMetricNames - 1));
    }

    void stepBeyondExactIntegersIsSkipped_data()
    {
        QTest::addColumn<QByteArray>("log");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("badLine");
        // found by fuzz_logreader: 7.8e90 as a step was converted to qint64 (undefined behaviour)
        QTest::newRow("jsonl") << QByteArray("{\"step\": 1, \"loss\": 2.5}\n{\"step\": 7.8e90, \"loss\": 2.4}\n"
                                             "{\"step\": 3, \"loss\": 2.3}\n")
                               << QStringLiteral("train.jsonl") << 2;
        QTest::newRow("csv") << QByteArray("step,loss\n1,2.5\n2,2.4\n9007199254740993e3,2.3\n")
                             << QStringLiteral("metrics.csv") << 4;
        // found by fuzz_logfollower: 6.4e19 in a log_history entry, the same conversion
        QTest::newRow("trainer_state") << QByteArray("{\n  \"global_step\": 3,\n  \"log_history\": [\n"
                                                     "    {\"loss\": 2.5, \"step\": 1},\n"
                                                     "    {\"loss\": 2.4, \"step\": 6.4e19},\n"
                                                     "    {\"loss\": 2.3, \"step\": 3}\n  ]\n}\n")
                                       << QStringLiteral("trainer_state.json") << 5;
        // a fractional step was truncated to the step below it
        QTest::newRow("trainer_state fraction") << QByteArray("{\n  \"global_step\": 3,\n  \"log_history\": [\n"
                                                              "    {\"loss\": 2.5, \"step\": 1},\n"
                                                              "    {\"loss\": 2.4, \"step\": 1.5},\n"
                                                              "    {\"loss\": 2.3, \"step\": 3}\n  ]\n}\n")
                                                << QStringLiteral("trainer_state.json") << 5;
        QTest::newRow("deepspeed pipe") << QByteArray(
            "steps: 10 loss: 7.8123 iter time (s): 1.532 samples/sec: 167.102\n"
            "steps: 1e30 loss: 7.7 iter time (s): 1.530 samples/sec: 167.3\n"
            "steps: 30 loss: 7.6 iter time (s): 1.531 samples/sec: 167.2\n")
                                        << QStringLiteral("train.log") << 2;
    }
    void stepBeyondExactIntegersIsSkipped()
    {
        QFETCH(QByteArray, log);
        QFETCH(QString, name);
        QFETCH(int, badLine);
        const ParseResult r = LogReader::readData(log, name);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.run.pointCount(), 2);
        QCOMPARE(r.skippedCount, 1);
        QCOMPARE(r.firstSkipped.first().lineNumber, badLine);
        QVERIFY2(r.firstSkipped.first().reason.contains(QLatin1String("2^53")),
                 qPrintable(r.firstSkipped.first().reason));
    }

    void errorsNameTheFile()
    {
        ParseResult r = LogReader::readFile(QStringLiteral("/nonexistent/train.log"));
        QVERIFY(!r);
        QVERIFY(r.error.contains(QLatin1String("/nonexistent/train.log")));
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("notes.txt")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("just some text\nnothing to see here\n");
        f.close();
        r = LogReader::readFile(f.fileName());
        QVERIFY(!r);
        QVERIFY(r.error.contains(f.fileName()));
        QVERIFY(r.error.contains(QLatin1String("format")));
        QFile empty(dir.filePath(QStringLiteral("empty.log")));
        QVERIFY(empty.open(QIODevice::WriteOnly));
        empty.close();
        r = LogReader::readFile(empty.fileName());
        QVERIFY(!r);
        QVERIFY(r.error.contains(QLatin1String("empty")));
        ParseOptions bogus;
        bogus.format = QStringLiteral("nope");
        r = LogReader::readData("x\n", QStringLiteral("a.log"), bogus);
        QVERIFY(r.error.contains(QLatin1String("nope")));
    }

    void incrementalHoldsPartialLines()
    {
        IncrementalParser p;
        const QByteArray line1 = " iteration 1/ 10 | lm loss: 2.5 |\n";
        p.feed(line1);
        p.feed(" iteration 2/ 10 | lm loss: 2.");
        QCOMPARE(p.consumedBytes(), line1.size());
        RunMetrics chunk = p.takePoints();
        QCOMPARE(chunk.pointCount(), 1);
        QCOMPARE(chunk.format, QStringLiteral("megatron"));
        p.feed("4 |\n");
        chunk = p.takePoints();
        QCOMPARE(chunk.pointCount(), 1);
        QCOMPARE(chunk.value(0, MetricNames::lmLoss), 2.4);
        QCOMPARE(p.consumedBytes(), line1.size() * 2);
        p.feed(" iteration 3/ 10 | lm loss: 2.3 |");
        QVERIFY(p.takePoints().isEmpty());
        p.finish();
        QCOMPARE(p.takePoints().value(0, MetricNames::lmLoss), 2.3);
    }

    void lineSplitAcrossChunksMergesIntoPoint()
    {
        // A DeepSpeed timer line completes the step point handed out in an earlier chunk.
        IncrementalParser p;
        RunMetrics run;
        p.feed("[2023-11-07 01:55:23,711] [INFO] [logging.py:96:log_dist] [Rank 0] step=10, skipped=4, lr=[5e-05], "
               "mom=[(0.9, 0.95)]\n");
        run.append(p.takePoints());
        p.feed("[Rank 0] time (ms) | fwd: 27.46 | bwd: 73.60\n");
        run.append(p.takePoints());
        p.feed("[2023-11-07 01:55:33,711] [INFO] [logging.py:96:log_dist] [Rank 0] step=20, skipped=4, lr=[4e-05], "
               "mom=[(0.9, 0.95)]\n");
        run.append(p.takePoints());
        QCOMPARE(run.steps(), (std::vector<qint64>{10, 20}));
        QCOMPARE(run.value(0, QStringLiteral("time_fwd_ms")), 27.46);
        QCOMPARE(run.segmentStarts().size(), 1);
    }

    void userRegexFormat()
    {
        ParseOptions options;
        options.userFormats.append(
            {QStringLiteral("mytrainer"),
             QStringLiteral("^ep (?<epoch>\\d+) it (?<step>\\d+) loss=(?<train_loss>\\S+) lr=(?<lr>\\S+)"),
             {}});
        QVERIFY(options.userFormats.first().validate().isEmpty());
        const QByteArray data = "starting\nep 0 it 5 loss=3.5 lr=1e-4\nep 0 it 10 loss=nan lr=2e-4\n";
        const ParseResult r = LogReader::readData(data, QStringLiteral("u.log"), options);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.format, QStringLiteral("mytrainer"));
        QCOMPARE(r.run.steps(), (std::vector<qint64>{5, 10}));
        checkValues(r.run, {"loss@0=3.5", "learning_rate@0=1e-4", "loss@1=nan", "epoch@1=0"});
        const UserFormat badName{QStringLiteral("Bad Name"), QStringLiteral("(?<loss>x)"), {}};
        const UserFormat noMetric{QStringLiteral("ok"), QStringLiteral("(?<step>\\d+)"), {}};
        const UserFormat badRegex{QStringLiteral("ok"), QStringLiteral("(?<loss>"), {}};
        QVERIFY(!badName.validate().isEmpty());
        QVERIFY(!noMetric.validate().isEmpty());
        QVERIFY(!badRegex.validate().isEmpty());
    }

    // Every fixture, cut into 2 to 8 pieces parsed in parallel, reads exactly as sequentially.
    void parallelMatchesSequentialOnFixtures()
    {
        QDirIterator it(QStringLiteral(PORTBENCH_TEST_DATA "/logs"), QDir::Files, QDirIterator::Subdirectories);
        int files = 0, split = 0;
        while (it.hasNext()) {
            const QString path = it.next();
            if (path.endsWith(QLatin1String(".md")))
                continue;
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray data = f.readAll();
            ++files;
            const QString detected = LogReader::readData(data, path).format;
            // A forced format lets even a few-line file be cut.
            for (const QString &format : {QStringLiteral("auto"), detected}) {
                for (int rank : {0, 1}) {
                    ParseOptions options;
                    options.rank = rank;
                    options.format = format;
                    const ParseResult sequential = ChunkedParser::parse(data, path, options, 1);
                    for (int pieces = 2; pieces <= 8; ++pieces) {
                        int used = 0;
                        const ParseResult parallel = ChunkedParser::parse(data, path, options, pieces, &used);
                        if (used > 1)
                            ++split;
                        compareParses(parallel, sequential);
                        if (QTest::currentTestFailed())
                            QFAIL(qPrintable(QStringLiteral("%1, format %2, rank %3, %4 pieces")
                                                 .arg(path, format)
                                                 .arg(rank)
                                                 .arg(pieces)));
                    }
                }
            }
        }
        QVERIFY(files >= 15);
        QVERIFY(split > 0); // the Megatron fixtures were really cut
    }

    void parallelMatchesSequentialOnLargeLog()
    {
        const QByteArray data = generatedMegatronLog(12000);
        const ParseResult sequential = ChunkedParser::parse(data, QStringLiteral("gen.log"), {}, 1);
        QVERIFY2(sequential, qPrintable(sequential.error));
        QVERIFY(sequential.run.segmentStarts().size() >= 7);
        QVERIFY(sequential.skippedCount >= 40);
        QVERIFY(sequential.run.hasMetric(MetricNames::tokensPerSecond));
        QVERIFY(sequential.run.hasMetric(MetricNames::evalLoss));
        QVERIFY(sequential.run.hasMetric(MetricNames::memoryGb));
        for (int pieces : {2, 3, 5, 16, 64}) {
            int used = 0;
            const ParseResult parallel = ChunkedParser::parse(data, QStringLiteral("gen.log"), {}, pieces, &used);
            QVERIFY(used > 1);
            compareParses(parallel, sequential);
        }
        // The public entry point takes the parallel path on a large input and agrees too.
        QByteArray big;
        while (big.size() < 9 * 1024 * 1024)
            big += generatedMegatronLog(4000) + "\n";
        compareParses(LogReader::readData(big, QStringLiteral("big.log")), [&] {
            ParseResult r = ChunkedParser::parse(big, QStringLiteral("big.log"), {}, 1);
            r.run.squeeze();
            return r;
        }());
    }

    void storageIsCompact()
    {
        QFile f(dataFile(QStringLiteral("megatron_training_log_2024_throughput_moe.txt")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray line = f.readLine();
        QByteArray data;
        for (int i = 1; i <= 5000; ++i)
            data += QByteArray(line).replace("iteration        2/",
                                             QByteArray("iteration " + QByteArray::number(i) + "/"));
        const ParseResult r = LogReader::readData(data, QStringLiteral("big.log"));
        QCOMPARE(r.run.pointCount(), 5000);
        QVERIFY(double(r.run.storageBytes()) / double(r.run.storedValueCount()) <= 16.0);
    }
};

QTEST_GUILESS_MAIN(TestLogReader)
#include "tst_logreader.moc"
