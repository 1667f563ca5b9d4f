// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"
#include "followedlogs.h"

#include "core/sources/logs/logreader.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/numbertext.h"
#include "core/base/model/runmetrics.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

QString dataFile(const QString &name)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/logs/") + name;
}

// Writes a log into dir and returns its path.
QString writeLog(const QTemporaryDir &dir, const QString &name, const QByteArray &text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        return {};
    return path;
}

// `parse --json`'s points of its first run.
QJsonArray firstRunPoints(const CliResult &r)
{
    return r.json()
        .object()
        .value(QStringLiteral("runs"))
        .toArray()
        .first()
        .toObject()
        .value(QStringLiteral("points"))
        .toArray();
}

} // namespace

class TestParseCli : public QObject
{
    Q_OBJECT

private:
    IsolatedHome m_home;
    QProcessEnvironment m_env;

private Q_SLOTS:
    void initTestCase()
    {
        // User formats live in QSettings: keep them out of the real user's configuration.
        m_env = m_home.environment();
    }

    void summary()
    {
        const CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--summary"),
                                    dataFile(QStringLiteral("megatron_training_log_2024_throughput_moe.txt"))},
                                   m_env);
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains(QLatin1String("format:        megatron")), r.out.constData());
        QVERIFY(out.contains(QLatin1String("points:        5")));
        QVERIFY(out.contains(QLatin1String("steps:         2 .. 45")));
        QVERIFY(out.contains(QLatin1String("last loss:     1.83416 (lm_loss)")));
        QVERIFY(out.contains(QLatin1String("skipped lines: 0 of 5")));
    }

    void summaryWithSeqLenShowsTokensPerSecond()
    {
        const CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--summary"), QStringLiteral("--json"),
                                    QStringLiteral("--seq-len"), QStringLiteral("4096"),
                                    dataFile(QStringLiteral("megatron_training_log_legacy_no_timestamp.txt"))},
                                   m_env);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject run = r.json().object().value(QStringLiteral("runs")).toArray().first().toObject();
        // 1024 × 4096 / 86.5452 s, averaged over four iterations
        const double mean = run.value(QStringLiteral("meanTokensPerSecond")).toDouble();
        QVERIFY2(mean > 47000 && mean < 48500, qPrintable(QString::number(mean)));
        QCOMPARE(run.value(QStringLiteral("format")).toString(), QStringLiteral("megatron"));
        QVERIFY(!run.contains(QStringLiteral("points")) || run.value(QStringLiteral("points")).isDouble());
    }

    void jsonHasEveryPointFullResolution()
    {
        const CliResult r = runCli(
            {QStringLiteral("parse"), QStringLiteral("--json"), dataFile(QStringLiteral("nanogpt_console.txt"))},
            m_env);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject run = r.json().object().value(QStringLiteral("runs")).toArray().first().toObject();
        const QJsonArray points = run.value(QStringLiteral("points")).toArray();
        QCOMPARE(points.size(), 7);
        QCOMPARE(points.at(1).toObject().value(QStringLiteral("loss")).toDouble(), 3.2202);
        QCOMPARE(points.at(6).toObject().value(QStringLiteral("loss")).toString(), QStringLiteral("NaN"));
        QCOMPARE(points.at(6).toObject().value(QStringLiteral("step")).toInteger(), 3010);
    }

    // --json is written as it goes, not built as a document: it must still be exactly the text
    // QJsonDocument writes for the same content, and carry every value the reader found.
    void jsonStreamIsQtLayoutWithEveryValue_data()
    {
        QTest::addColumn<QString>("log");
        QTest::newRow("nan loss") << QStringLiteral("nanogpt_console.txt");
        QTest::newRow("restarts, segments") << QStringLiteral("deepspeed_progress_2023.txt");
        QTest::newRow("wall times, MoE") << QStringLiteral("megatron_training_log_2024_throughput_moe.txt");
        QTest::newRow("rank prefixes, restart") << QStringLiteral("mess/megatron_torchrun_tee_mess.txt");
        QTest::newRow("json lines") << QStringLiteral("llamafactory_trainer_log.jsonl");
        // Written in blocks of points formatted on several threads at once: many blocks, in order.
        QTest::newRow("20 000 points") << QString();
    }

    void jsonStreamIsQtLayoutWithEveryValue()
    {
        QFETCH(QString, log);
        QTemporaryDir dir;
        const QString path = log.isEmpty() ? dir.filePath(QStringLiteral("train.log")) : dataFile(log);
        if (log.isEmpty())
            QVERIFY(FollowedLogs::writeMegatronLog(path, 20000));
        const CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--json"), path, path}, m_env);
        QCOMPARE(r.exitCode, 0);
        const QJsonDocument doc = r.json();
        QVERIFY2(doc.isObject(), r.out.constData());
        QCOMPARE(r.out, doc.toJson(QJsonDocument::Indented));

        const ParseResult expected = LogReader::readFile(path);
        QVERIFY(expected);
        const RunMetrics &run = expected.run;
        const QJsonArray runs = doc.object().value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), 2);
        const QJsonObject first = runs.first().toObject();
        QCOMPARE(first.value(QStringLiteral("pointCount")).toInt(), run.pointCount());
        const QJsonArray points = first.value(QStringLiteral("points")).toArray();
        QCOMPARE(points.size(), run.pointCount());
        const QStringList names = run.metricNames();
        for (int p = 0; p < run.pointCount(); ++p) {
            const QJsonObject point = points.at(p).toObject();
            QCOMPARE(point.value(QStringLiteral("step")).toInteger(), run.step(p));
            QCOMPARE(point.contains(QStringLiteral("segment")), run.segmentStarts().size() > 1);
            if (run.segmentStarts().size() > 1)
                QCOMPARE(point.value(QStringLiteral("segment")).toInt(), run.segmentOf(p));
            QCOMPARE(point.contains(QStringLiteral("time")), !std::isnan(run.wallTime(p)));
            int present = 0;
            for (int c = 0; c < run.columnCount(); ++c) {
                const double v = run.columnAt(c)[size_t(p)];
                if (RunMetrics::isMissing(v)) {
                    QVERIFY(!point.contains(names.at(c)));
                    continue;
                }
                ++present;
                const QJsonValue written = point.value(names.at(c));
                if (std::isfinite(v))
                    QCOMPARE(written.toDouble(), v);
                else
                    QCOMPARE(NumberText::fromJson(written), v); // "Infinity" reads back; NaN below
                if (std::isnan(v))
                    QCOMPARE(written.toString(), QStringLiteral("NaN"));
            }
            QCOMPARE(point.size(),
                     present + 1 + point.contains(QStringLiteral("time")) + point.contains(QStringLiteral("segment")));
        }
    }

    void csv()
    {
        const CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--csv"),
                                    dataFile(QStringLiteral("hf_trainer_console_v4_grad_norm.txt"))},
                                   m_env);
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines.at(0), QByteArray("step,time,segment,loss,grad_norm,learning_rate,epoch"));
        QCOMPARE(lines.at(1), QByteArray("1,,0,0.1841,0.5276110768318176,1.7250000000000002e-06,9.5"));
    }

    // Rows are formatted in blocks on several threads at once: every row, in order, each value as read.
    void csvOfManyPointsKeepsEveryRowInOrder()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("train.log"));
        QVERIFY(FollowedLogs::writeMegatronLog(path, 20000));
        const CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--csv"), path}, m_env);
        QCOMPARE(r.exitCode, 0);
        const ParseResult expected = LogReader::readFile(path);
        QVERIFY(expected);
        const RunMetrics &run = expected.run;
        QCOMPARE(run.pointCount(), 20000);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), run.pointCount() + 1);
        const QList<QByteArray> header = lines.first().split(',');
        const int loss = int(header.indexOf(MetricNames::lmLoss.toUtf8()));
        QVERIFY2(loss > 2, lines.first().constData());
        for (int p = 0; p < run.pointCount(); ++p) {
            const QList<QByteArray> cells = lines.at(p + 1).split(',');
            QCOMPARE(cells.size(), header.size());
            QCOMPARE(cells.at(0).toLongLong(), run.step(p));
            QCOMPARE(cells.at(loss).toDouble(), run.value(p, MetricNames::lmLoss));
        }
    }

    // A run of thousands of metrics is written in blocks of few points (a block stays about a
    // flush long): every row and every cell still in place.
    void csvOfAWideRun()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("wide.jsonl"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        constexpr int metrics = 3000, points = 40;
        for (int step = 1; step <= points; ++step) {
            QByteArray line = "{\"step\": " + QByteArray::number(step) + ", \"loss\": 2.5";
            for (int m = 0; m < metrics; ++m)
                line += ", \"m" + QByteArray::number(m) + "\": " + QByteArray::number(step * 10000 + m);
            f.write(line + "}\n");
        }
        f.close();
        const CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--csv"), path}, m_env);
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), points + 1);
        const QList<QByteArray> header = lines.first().split(',');
        const int last = int(header.indexOf("m" + QByteArray::number(metrics - 1)));
        QVERIFY(last > 0);
        for (int p = 0; p < points; ++p) {
            const QList<QByteArray> cells = lines.at(p + 1).split(',');
            QCOMPARE(cells.size(), header.size());
            QCOMPARE(cells.at(0).toInt(), p + 1);
            QCOMPARE(cells.at(last).toLongLong(), qint64(p + 1) * 10000 + metrics - 1);
        }
    }

    void errorsExitTwoAndNameTheFile()
    {
        const CliResult missing = runCli({QStringLiteral("parse"), QStringLiteral("/no/such/run.log")}, m_env);
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("/no/such/run.log"));
        const CliResult badFormat = runCli({QStringLiteral("parse"), QStringLiteral("--format"), QStringLiteral("nope"),
                                            dataFile(QStringLiteral("nanogpt_console.txt"))},
                                           m_env);
        QCOMPARE(badFormat.exitCode, 2);
        QVERIFY(badFormat.err.contains("nope"));
        const CliResult noArgs = runCli({QStringLiteral("parse")}, m_env);
        QCOMPARE(noArgs.exitCode, 2);
    }

    void rankOption()
    {
        const CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--json"), QStringLiteral("--rank"),
                                    QStringLiteral("1"), dataFile(QStringLiteral("mess/torchtitan_srun_ranks.txt"))},
                                   m_env);
        QCOMPARE(r.exitCode, 0);
        const QJsonArray points = firstRunPoints(r);
        QCOMPARE(points.at(0).toObject().value(QStringLiteral("loss")).toDouble(), 8.62585);
    }

    // The honesty check in the summary and JSON; --strict turns unread lines into exit 1.
    void unreadLinesAndStrict()
    {
        QTemporaryDir dir;
        const QString log = writeLog(dir, QStringLiteral("mixed.log"),
                                     " iteration 1/ 10 | lm loss: 2.5 |\n(worker) iteration 2/ 10 | lm loss: 2.4 |\n"
                                     " iteration 3/ 10 | lm loss: 2.3 |\n");
        QVERIFY(!log.isEmpty());
        CliResult r = runCli({QStringLiteral("parse"), log}, m_env);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("unread lines:  1 look like metric lines but were not read"), r.out.constData());
        QVERIFY2(r.out.contains("line 2: mentions `loss` with a number: (worker) iteration 2/"), r.out.constData());
        // The proposed format reads the line no format read.
        const QRegularExpression proposal(QStringLiteral("--define-format (\\S+) --regex '([^']+)'"));
        const QRegularExpressionMatch m = proposal.match(QString::fromUtf8(r.out));
        QVERIFY2(m.hasMatch(), r.out.constData());
        CliResult defined = runCli({QStringLiteral("parse"), QStringLiteral("--define-format"), m.captured(1),
                                    QStringLiteral("--regex"), m.captured(2)},
                                   m_env);
        QCOMPARE(defined.exitCode, 0);
        defined = runCli(
            {QStringLiteral("parse"), QStringLiteral("--format"), m.captured(1), QStringLiteral("--json"), log}, m_env);
        QCOMPARE(defined.exitCode, 0);
        const QJsonArray proposed = firstRunPoints(defined);
        QCOMPARE(proposed.size(), 3);
        QCOMPARE(proposed.at(1).toObject().value(QStringLiteral("step")).toInteger(), 2);
        QCOMPARE(proposed.at(1).toObject().value(QStringLiteral("lm_loss")).toDouble(), 2.4);
        runCli({QStringLiteral("parse"), QStringLiteral("--remove-format"), m.captured(1)}, m_env);
        r = runCli({QStringLiteral("parse"), QStringLiteral("--strict"), log}, m_env);
        QCOMPARE(r.exitCode, 1);
        r = runCli({QStringLiteral("parse"), QStringLiteral("--summary"), QStringLiteral("--json"), log}, m_env);
        const QJsonObject run = r.json().object().value(QStringLiteral("runs")).toArray().first().toObject();
        QCOMPARE(run.value(QStringLiteral("unreadLines")).toInteger(), 1);
        QCOMPARE(
            run.value(QStringLiteral("unread")).toArray().first().toObject().value(QStringLiteral("line")).toInteger(),
            2);
        QVERIFY(run.value(QStringLiteral("warnings"))
                    .toArray()
                    .first()
                    .toString()
                    .startsWith(QLatin1String("1 line looks")));
        r = runCli({QStringLiteral("parse"), QStringLiteral("--strict"),
                    dataFile(QStringLiteral("megatron_training_log_2024_throughput_moe.txt"))},
                   m_env);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("unread lines:  0 "));
    }

    void metricMap()
    {
        CliResult r
            = runCli({QStringLiteral("parse"), QStringLiteral("--summary"), QStringLiteral("--json"),
                      QStringLiteral("--metric-map"), QStringLiteral("train_loss_epoch=loss,train_loss_step=step_loss"),
                      dataFile(QStringLiteral("wild/32_csv_lightning_csvlogger_slm.csv"))},
                     m_env);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject run = r.json().object().value(QStringLiteral("runs")).toArray().first().toObject();
        const QStringList metrics = run.value(QStringLiteral("metrics")).toVariant().toStringList();
        QVERIFY2(metrics.contains(QLatin1String("step_loss")) && !metrics.contains(QLatin1String("train_loss_epoch")),
                 qPrintable(metrics.join(QLatin1Char(','))));
        QCOMPARE(run.value(QStringLiteral("lossMetric")).toString(), QStringLiteral("loss"));
        // parity and report read logs with the same option.
        const QString csv = dataFile(QStringLiteral("wild/32_csv_lightning_csvlogger_slm.csv"));
        for (const QString &command : {QStringLiteral("parse"), QStringLiteral("parity")}) {
            r = runCli({command, QStringLiteral("--metric-map"), QStringLiteral("nonsense"), csv, csv}, m_env);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("--metric-map needs OLD=NEW"), r.err.constData());
        }
        QTemporaryDir out;
        r = runCli({QStringLiteral("report"), QStringLiteral("--metric-map"), QStringLiteral("nonsense"),
                    QStringLiteral("--run"), csv, QStringLiteral("-o"), out.filePath(QStringLiteral("r.md"))},
                   m_env);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--metric-map needs OLD=NEW"), r.err.constData());
    }

    void userDefinedFormat()
    {
        QTemporaryDir dir;
        const QString log
            = writeLog(dir, QStringLiteral("custom.log"), "boot\n[5] loss=2.5 tps=100\n[10] loss=2.25 tps=110\n");
        QVERIFY(!log.isEmpty());
        CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--define-format"), QStringLiteral("bracket"),
                              QStringLiteral("--regex"),
                              QStringLiteral("^\\[(?<step>\\d+)\\] loss=(?<loss>\\S+) tps=(?<tokens_per_s>\\S+)")},
                             m_env);
        QCOMPARE(r.exitCode, 0);
        r = runCli({QStringLiteral("parse"), QStringLiteral("--list-formats")}, m_env);
        QVERIFY(r.out.contains("bracket"));
        r = runCli({QStringLiteral("parse"), QStringLiteral("--json"), log}, m_env);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject run = r.json().object().value(QStringLiteral("runs")).toArray().first().toObject();
        QCOMPARE(run.value(QStringLiteral("format")).toString(), QStringLiteral("bracket"));
        QCOMPARE(run.value(QStringLiteral("lastStep")).toInteger(), 10);
        QCOMPARE(run.value(QStringLiteral("meanTokensPerSecond")).toDouble(), 105.0);
        r = runCli({QStringLiteral("parse"), QStringLiteral("--define-format"), QStringLiteral("broken"),
                    QStringLiteral("--regex"), QStringLiteral("(?<loss>")},
                   m_env);
        QCOMPARE(r.exitCode, 2);
        r = runCli({QStringLiteral("parse"), QStringLiteral("--remove-format"), QStringLiteral("bracket")}, m_env);
        QCOMPARE(r.exitCode, 0);
        // Without it the general reader still finds the loss, but not the bracketed step.
        r = runCli({QStringLiteral("parse"), QStringLiteral("--summary"), QStringLiteral("--json"), log}, m_env);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject generic = r.json().object().value(QStringLiteral("runs")).toArray().first().toObject();
        QCOMPARE(generic.value(QStringLiteral("format")).toString(), QStringLiteral("generic"));
        QCOMPARE(generic.value(QStringLiteral("lastStep")).toInteger(), 2);
        QCOMPARE(generic.value(QStringLiteral("inferredSteps")).toInteger(), 2);
    }
};

QTEST_GUILESS_MAIN(TestParseCli)
#include "tst_parsecli.moc"
