// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// Real logs from other people's runs (tests/data/logs/wild) and real H100 captures
// (tests/data/logs/h100), each read with the format detected automatically and compared with an
// extraction written here independently of the parser: a plain regular expression per text file,
// QJsonDocument for JSON, QString::split for CSV.
#include "runchecks.h"

#include "core/sources/logs/incrementalparser.h"
#include "core/sources/logs/lineprefix.h"
#include "core/sources/logs/logreader.h"
#include "core/sources/logs/logtext.h"
#include "core/base/model/metricnames.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <cmath>

namespace {

QString dataFile(const QString &name)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/logs/") + name;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

// What a log holds, point by point: its steps, its training loss (NaN where a point has none)
// and where restarts begin.
struct Expected
{
    QList<qint64> steps;
    QList<double> losses;
    QList<int> segmentStarts;

    // A record at `step`: a repeat of the step just before is the same point (a redrawn bar, another
    // rank's copy) and the later loss stands, unless sameStepRestarts; a step going back restarts.
    void add(qint64 step, double loss, bool sameStepRestarts = false)
    {
        if (!steps.isEmpty() && steps.back() == step && !(sameStepRestarts && !sameLoss(losses.back(), loss))) {
            if (!std::isnan(loss))
                losses.back() = loss;
            return;
        }
        if (steps.isEmpty() || step <= steps.back())
            segmentStarts.append(int(steps.size()));
        steps.append(step);
        losses.append(loss);
    }
    static bool sameLoss(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }
};

// Text logs: one regular expression with a `loss` group and, where the log prints it, a `step`
// group; without one the steps are 1, 2, 3, ...
Expected fromRegex(const QByteArray &data, const QString &pattern)
{
    Expected e;
    const QRegularExpression re(pattern);
    qint64 counted = 0;
    for (const QByteArray &rawLine : data.split('\n')) {
        for (const QByteArray &piece : rawLine.split('\r')) {
            const QRegularExpressionMatch m = re.match(QString::fromUtf8(piece));
            if (!m.hasMatch())
                continue;
            // A `next` group is a step another logger printed for the record that follows.
            if (const QString next = m.captured(QStringLiteral("next")); !next.isEmpty()) {
                counted = next.toLongLong() - 1;
                continue;
            }
            const QString step = m.captured(QStringLiteral("step"));
            e.add(step.isEmpty() ? ++counted : step.toLongLong(), m.captured(QStringLiteral("loss")).toDouble());
        }
    }
    return e;
}

double jsonNumber(const QJsonValue &v)
{
    return v.isDouble() ? v.toDouble() : std::nan("");
}

// JSON Lines: every record is a point at its step; the same step with another loss is a restart.
Expected fromJsonLines(const QByteArray &data, const QString &stepKey, const QString &lossKey)
{
    Expected e;
    for (const QByteArray &line : data.split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        e.add(o.value(stepKey).toInteger(), jsonNumber(o.value(lossKey)), true);
    }
    return e;
}

// trainer_state.json: log_history entries by step; the end-of-training summary (train_runtime)
// is not a step.
Expected fromTrainerState(const QByteArray &data)
{
    Expected e;
    const QJsonArray history = QJsonDocument::fromJson(data).object().value(QStringLiteral("log_history")).toArray();
    for (const QJsonValue &v : history) {
        const QJsonObject o = v.toObject();
        if (o.contains(QStringLiteral("train_runtime")))
            continue;
        e.add(o.value(QStringLiteral("step")).toInteger(), jsonNumber(o.value(QStringLiteral("loss"))));
    }
    return e;
}

// CSV: rows of one step are one point.
Expected fromCsv(const QByteArray &data, const QString &stepColumn, const QString &lossColumn)
{
    Expected e;
    const QList<QByteArray> lines = data.trimmed().split('\n');
    const QList<QByteArray> header = lines.first().trimmed().split(',');
    const qsizetype stepAt = header.indexOf(stepColumn.toUtf8());
    const qsizetype lossAt = header.indexOf(lossColumn.toUtf8());
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> cells = lines[i].trimmed().split(',');
        const QByteArray loss = cells.value(lossAt);
        e.add(cells.value(stepAt).toLongLong(), loss.isEmpty() ? std::nan("") : loss.toDouble());
    }
    return e;
}

// tqdm frames: one point per postfix (the `post` group) that differs from the frame before it,
// numbered 1, 2, 3, … (the step is the bar's, which the regex does not decide).
Expected fromPostfix(const QByteArray &data, const QString &pattern)
{
    Expected e;
    const QRegularExpression re(pattern);
    QString last;
    for (const QByteArray &line : data.split('\n')) {
        const QRegularExpressionMatch m = re.match(QString::fromUtf8(line));
        if (!m.hasMatch() || m.captured(QStringLiteral("post")) == last)
            continue;
        last = m.captured(QStringLiteral("post"));
        e.add(e.steps.size() + 1, m.captured(QStringLiteral("loss")).toDouble());
    }
    return e;
}

Expected extract(const QString &file, const QString &how, const QString &a, const QString &b)
{
    const QByteArray data = readAll(dataFile(file));
    if (how == QLatin1String("regex"))
        return fromRegex(data, a);
    if (how == QLatin1String("postfix"))
        return fromPostfix(data, a);
    if (how == QLatin1String("jsonl"))
        return fromJsonLines(data, a, b);
    if (how == QLatin1String("state"))
        return fromTrainerState(data);
    return fromCsv(data, a, b);
}

QStringList list(std::initializer_list<const char *> items)
{
    QStringList l;
    for (const char *i : items)
        l.append(QString::fromUtf8(i));
    return l;
}

// The HF Trainer 5.x console: dicts printed after tqdm frames, numbers as strings, no step.
const char *kHfConsoleLoss = "\\{'loss': '(?<loss>[^']+)'";

} // namespace

class TestWildLogs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readRight_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("how"); // regex, postfix, jsonl, state or csv
        QTest::addColumn<QString>("a"); // the pattern, or the step key/column
        QTest::addColumn<QString>("b"); // the loss key/column
        QTest::addColumn<bool>("stepsCounted"); // the log prints no step
        QTest::addColumn<int>("unread"); // lines the honesty check must report
        QTest::addColumn<QStringList>("values"); // more "metric@point=value" checks, read by hand

        const QString megatron
            = QStringLiteral("iteration\\s+(?<step>\\d+)/\\s*\\d+ \\|.*\\blm loss: (?<loss>\\S+) \\|");
        QTest::newRow("02 megatron epfllm")
            << QStringLiteral("wild/02_megatron_2023_epfllm_issue11.txt") << QStringLiteral("megatron")
            << QStringLiteral("regex") << megatron << QString() << false << 0
            << list({"grad_norm@8=0.227", "learning_rate@4=9.150E-06", "consumed_samples@11=189440"});
        QTest::newRow("04 megatron moe timestamp")
            << QStringLiteral("wild/04_megatron_2024_moe_timestamp_issue756.txt") << QStringLiteral("megatron")
            << QStringLiteral("regex") << megatron << QString() << false << 0
            << list({"load_balancing_loss@0=1.023825", "tflops_per_device@8=239.9"});
        QTest::newRow("06 megatron bridge mtp")
            << QStringLiteral("wild/06_megatron_bridge_2026_mtp_issue4024.txt") << QStringLiteral("megatron")
            << QStringLiteral("regex") << megatron << QString() << false << 0
            << list({"mtp_1_loss@0=1.175022", "mtp_2_loss@5=1.180170", "seq_load_balancing_loss@3=1.253194"});
        QTest::newRow("08 gpt-neox on deepspeed")
            << QStringLiteral("wild/08_deepspeed_2023_neox_mixed_issue3742.txt") << QStringLiteral("megatron")
            << QStringLiteral("regex")
            << QStringLiteral("iteration\\s+(?<step>\\d+)/\\s*\\d+ \\|.*\\blm_loss: (?<loss>\\S+) \\|") << QString()
            << false << 0 << list({"samples_per_s@0=6.699", "elapsed_ms@1=4103.1", "learning_rate@0=3.725E-07"});
        QTest::newRow("09 hf + deepspeed tqdm")
            << QStringLiteral("wild/09_hf_deepspeed_2021_tqdm_issue14531.txt") << QStringLiteral("hf-trainer")
            << QStringLiteral("regex")
            << QStringLiteral("^\\{'loss': (?<loss>[\\d.]+),|\\] 0/(?<next>\\d+), SamplesPerSec") << QString() << true
            << 0 << list({"learning_rate@4=0.001", "epoch@4=0.1", "samples_per_s@3=9.526738918021234"});
        QTest::newRow("10 tftrainer step")
            << QStringLiteral("wild/10_hf_tftrainer_2020_step_pr6998.txt") << QStringLiteral("hf-trainer")
            << QStringLiteral("regex") << QStringLiteral("\\{'loss': (?<loss>[\\d.]+),.*'step': (?<step>\\d+)\\}")
            << QString() << false << 0 << list({"learning_rate@10=4.0248226e-05"});
        QTest::newRow("12 multinode ip prefix")
            << QStringLiteral("wild/12_hf_trainer_multinode_ipprefix_lf813.txt") << QStringLiteral("hf-trainer")
            << QStringLiteral("regex") << QStringLiteral("^10\\.96\\.202\\.43: \\{'loss': (?<loss>[\\d.]+),")
            << QString() << true << 0 << list({"learning_rate@3=4.9999999998026084e-05"});
        QTest::newRow("14 zh tqdm padding")
            << QStringLiteral("wild/14_hf_trainer_zh_tqdm_pad_cla3_issue64.txt") << QStringLiteral("hf-trainer")
            << QStringLiteral("regex") << QStringLiteral("^\\{'loss': (?<loss>[\\d.]+),") << QString() << true << 0
            << list({"grad_norm@0=nan", "learning_rate@4=2.846569883290635e-07"});
        QTest::newRow("16 trainer_state summary")
            << QStringLiteral("wild/16_hf_trainer_state_2023_summary_luojiu.json") << QStringLiteral("hf-trainer-state")
            << QStringLiteral("state") << QString() << QString() << false << 0
            << list({"learning_rate@0=4.999995936372264e-05"});
        QTest::newRow("18 llamafactory nulls")
            << QStringLiteral("wild/18_llamafactory_2023_nulls_luojiu.jsonl") << QStringLiteral("llamafactory")
            << QStringLiteral("jsonl") << QStringLiteral("current_steps") << QStringLiteral("loss") << false << 0
            << list({"eval_loss@0=missing", "epoch@1742=3"});
        QTest::newRow("20 llamafactory 2025")
            << QStringLiteral("wild/20_llamafactory_2025_robobrain_readme.jsonl") << QStringLiteral("llamafactory")
            << QStringLiteral("jsonl") << QStringLiteral("current_steps") << QStringLiteral("loss") << false << 0
            << list({"tokens_per_s@0=13061", "consumed_tokens@1=3189568"});
        QTest::newRow("22 torchtitan ranks")
            << QStringLiteral("wild/22_torchtitan_2025_multirank_pr1884.txt") << QStringLiteral("torchtitan")
            << QStringLiteral("regex")
            << QStringLiteral("^\\[rank0\\]:.*step:\\s*(?<step>\\d+)\\s+loss:\\s*(?<loss>\\S+)") << QString() << false
            << 0 << list({"tokens_per_s_per_device@0=87", "grad_norm@0=4.5253"});
        QTest::newRow("23 torchtitan no prefix")
            << QStringLiteral("wild/23_torchtitan_2026_dup8_noprefix_pr2389.txt") << QStringLiteral("torchtitan")
            << QStringLiteral("regex") << QStringLiteral("step:\\s*(?<step>\\d+)\\s+loss:\\s*(?<loss>\\S+)")
            << QString() << false << 0
            << list({"tokens_per_s_per_device@0=10050", "tflops_per_device@0=314.71", "grad_norm@1=46.5"});
        QTest::newRow("25 nanogpt no mfu")
            << QStringLiteral("wild/25_nanogpt_2023_nomfu_issue110.txt") << QStringLiteral("nanogpt")
            << QStringLiteral("regex") << QStringLiteral("^iter (?<step>\\d+): loss (?<loss>[\\d.]+)") << QString()
            << false << 0 << list({"elapsed_ms@0=561.94"});
        QTest::newRow("28 nanogpt eval") << QStringLiteral("wild/28_nanogpt_shakespeare_m4_eval.txt")
                                         << QStringLiteral("nanogpt") << QStringLiteral("regex")
                                         << QStringLiteral("^iter (?<step>\\d+): loss (?<loss>[\\d.]+)") << QString()
                                         << false << 0
                                         << list({"eval_loss@0=4.2813", "eval_loss@10=2.5072", "mfu@0=missing",
                                                  "mfu@1=0.22"});
        QTest::newRow("29 lightning s/it")
            << QStringLiteral("wild/29_lightning_v1_loss_vnum_issue4225.txt") << QStringLiteral("lightning")
            << QStringLiteral("regex") << QStringLiteral("^Epoch 0:.* (?<step>\\d+)/18 \\[.*loss=(?<loss>[\\d.]+)")
            << QString() << false << 0 << list({"epoch@0=0"});
        QTest::newRow("32 csvlogger sparse") << QStringLiteral("wild/32_csv_lightning_csvlogger_slm.csv")
                                             << QStringLiteral("csv") << QStringLiteral("csv") << QStringLiteral("step")
                                             << QStringLiteral("train_loss_step") << false << 0 << QStringList();
        QTest::newRow("33 jsonl restarts")
            << QStringLiteral("wild/33_jsonl_step_restarts_slm.jsonl") << QStringLiteral("jsonl")
            << QStringLiteral("jsonl") << QStringLiteral("step") << QStringLiteral("loss") << false << 0
            << list({"usd@0=0.0755", "usd@1=0.0758"});

        for (const char *run :
             {"cuda_fp32", "cuda_bf16", "cpu_fp32", "cuda_fp32_lr2e-3", "cuda_fp32_rep2", "cuda_fp32_seed1"}) {
            const QString name = QString::fromLatin1(run);
            QTest::newRow(qPrintable(QStringLiteral("h100 hf console ") + name))
                << QStringLiteral("h100/hf/%1.console.log").arg(name) << QStringLiteral("hf-trainer")
                << QStringLiteral("regex") << QString::fromLatin1(kHfConsoleLoss) << QString() << true << 0
                << QStringList();
        }
        QTest::newRow("h100 hf console cuda_fp32 eval")
            << QStringLiteral("h100/hf/cuda_fp32.console.log") << QStringLiteral("hf-trainer")
            << QStringLiteral("regex") << QString::fromLatin1(kHfConsoleLoss) << QString() << true << 0
            << list({"eval_loss@99=2.485", "eval_loss@199=2.383", "eval_loss@98=missing", "grad_norm@0=9.663",
                     "learning_rate@1=5e-05"});
        for (const char *run : {"cuda_fp32", "cuda_bf16", "cpu_fp32", "cuda_fp32_rep2"}) {
            QTest::newRow(qPrintable(QStringLiteral("h100 trainer_state ") + QString::fromLatin1(run)))
                << QStringLiteral("h100/hf/%1/trainer_state.json").arg(QString::fromLatin1(run))
                << QStringLiteral("hf-trainer-state") << QStringLiteral("state") << QString() << QString() << false << 0
                << QStringList();
        }
        QTest::newRow("h100 torchrun --tee 4 ranks")
            << QStringLiteral("h100/hf/ddp_cpu_gloo.console.log") << QStringLiteral("hf-trainer")
            << QStringLiteral("regex") << QStringLiteral("^\\[default0\\]:.*\\{'loss': '(?<loss>[^']+)'") << QString()
            << true << 0 << list({"grad_norm@0=8.85"});
        QTest::newRow("h100 torchrun log_dir rank 0")
            << QStringLiteral("h100/hf/ddp_cpu_logs/0/stdout.log") << QStringLiteral("hf-trainer")
            << QStringLiteral("regex") << QString::fromLatin1(kHfConsoleLoss) << QString() << true << 0
            << QStringList();
        QTest::newRow("h100 lightning rich")
            << QStringLiteral("h100/lightning/rich_console.log") << QStringLiteral("lightning")
            << QStringLiteral("regex") << QStringLiteral("^\\s+train_loss: (?<loss>[\\d.]+)") << QString() << false << 0
            << list({"step@0=192", "eval_loss@0=1.843", "iterations_per_s@0=175.70", "epoch@0=2"});
        // wild2: the trainers Ascend and MUSA teams run, and other people's everyday logs, all read by
        // the general reader (SOURCES.md: what a correct reader must extract).
        QTest::newRow("wild2 01 mindformers epoch step loss avg")
            << QStringLiteral("wild2/01_mindformers_2023_glm6b_sink_avgloss.txt") << QStringLiteral("generic")
            << QStringLiteral("regex")
            << QStringLiteral("step:\\[\\s*(?<step>\\d+)/\\s*\\d+\\], loss:\\[(?<loss>[\\d.]+)/") << QString() << false
            << 1 << list({"learning_rate@2=2.4499998e-06", "loss_scale@0=268435460"});
        QTest::newRow("wild2 03 internlm key=value commas")
            << QStringLiteral("wild2/03_internlm_2023_kv_commas_usage.txt") << QStringLiteral("generic")
            << QStringLiteral("regex") << QStringLiteral("step=(?<step>\\d+),loss=(?<loss>[\\d.]+)") << QString()
            << false << 10 << list({"tokens_per_s_per_device@0=1424.64", "grad_norm@0=63.672620777841004"});
        QTest::newRow("wild2 05 paddlenlp")
            << QStringLiteral("wild2/05_paddlenlp_2023_info_pr56363.txt") << QStringLiteral("generic")
            << QStringLiteral("regex")
            << QStringLiteral("loss: (?<loss>[\\d.]+), learning_rate: \\S+, global_step: (?<step>\\d+)") << QString()
            << false << 0 << list({"learning_rate@0=2.1e-06", "epoch@4=0.0069"});
        QTest::newRow("wild2 06 ms-swift dict step counter")
            << QStringLiteral("wild2/06_msswift_2025_dpo_dict_issue4146.txt") << QStringLiteral("hf-trainer")
            << QStringLiteral("regex")
            << QStringLiteral("'loss': (?<loss>[\\d.]+),.*'global_step/max_steps': '(?<step>\\d+)/") << QString()
            << false << 0 << list({"nll_loss@0=0.875"});
        QTest::newRow("wild2 07 veomni tqdm postfix twice")
            << QStringLiteral("wild2/07_veomni_2025_tqdm_double_issue223.txt") << QStringLiteral("generic")
            << QStringLiteral("postfix") << QStringLiteral("s/it, (?<post>loss: (?<loss>[\\d.]+),.*)\\]$") << QString()
            << false << 0 << list({"grad_norm@1=2.67"});
        QTest::newRow("wild2 10 olmo multi-line")
            << QStringLiteral("wild2/10_olmo_2024_multiline_issue692.txt") << QStringLiteral("generic")
            << QStringLiteral("regex") << QStringLiteral("\\[step=(?<next>\\d+)/|CrossEntropyLoss=(?<loss>\\S+)$")
            << QString() << false << 0 << list({"train/perplexity@0=195153", "throughput/total_tokens@1=2097152"});
        QTest::newRow("wild2 12 nemo automodel pipes")
            << QStringLiteral("wild2/12_nemo_automodel_2026_pipes_pr3473.txt") << QStringLiteral("generic")
            << QStringLiteral("regex") << QStringLiteral("\\| step (?<step>\\d+) \\|.*\\| loss (?<loss>[\\d.]+) \\|")
            << QString() << false << 0 << list({"tokens_per_s_per_device@0=6574.51", "grad_norm@6=1.0544"});
        QTest::newRow("wild2 14 verl glued to tqdm")
            << QStringLiteral("wild2/14_verl_2025_sft_tqdm_glued_charcount.txt") << QStringLiteral("generic")
            << QStringLiteral("regex") << QStringLiteral("step:(?<step>\\d+) - train/loss:(?<loss>[\\d.]+)")
            << QString() << false << 2 << list({"eval_loss@6=0.058481086045503616"});
        QTest::newRow("wild2 17 unsloth bare row after tqdm")
            << QStringLiteral("wild2/17_unsloth_2024_tqdm_tuple_issue1145.txt") << QStringLiteral("generic")
            << QStringLiteral("regex") << QStringLiteral("s/it\\](?<step>\\d+), (?<loss>[\\d.]+)$") << QString()
            << false << 0 << QStringList();
        QTest::newRow("wild2 19 llm.c trl tel")
            << QStringLiteral("wild2/19_llmc_2024_trl_tel_moddednanogpt.txt") << QStringLiteral("generic")
            << QStringLiteral("regex") << QStringLiteral("^s:(?<step>\\d+) trl:(?<loss>[\\d.]+)") << QString() << false
            << 0 << list({"eval_loss@250=6.1710", "eval_loss@0=11.0092", "eval_loss@1=missing"});
        QTest::newRow("wild2 22 trap three ranks one point")
            << QStringLiteral("wild2/22_trap_scepter_2024_multirank_issue48.txt") << QStringLiteral("generic")
            << QStringLiteral("regex") << QStringLiteral("iter: \\[(?<step>\\d+)/\\d+\\], .*loss: (?<loss>[\\d.]+)\\(")
            << QString() << false << 0 << list({"pg0_lr@0=0.0001"});
        QTest::newRow("h100 lightning csvlogger")
            << QStringLiteral("h100/lightning/metrics.csv") << QStringLiteral("csv") << QStringLiteral("csv")
            << QStringLiteral("step") << QStringLiteral("train_loss") << false << 0
            << list({"eval_loss@12=31.89096450805664", "eval_loss@11=missing", "epoch@13=1"});
    }

    void readRight()
    {
        QFETCH(QString, file);
        QFETCH(QString, format);
        QFETCH(QString, how);
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(bool, stepsCounted);
        QFETCH(int, unread);
        QFETCH(QStringList, values);

        const Expected e = extract(file, how, a, b);
        QVERIFY(!e.steps.isEmpty());
        const ParseResult r = LogReader::readFile(dataFile(file));
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.format, format);
        const QString lossMetric = MetricNames::primaryLoss(r.run.metricNames());
        QVERIFY2(!lossMetric.isEmpty(), "no loss metric chosen");
        QCOMPARE(r.run.pointCount(), int(e.steps.size()));
        QList<qint64> steps;
        for (int p = 0; p < r.run.pointCount(); ++p)
            steps.append(r.run.step(p));
        // The Rich bar's step is epoch x batches + batch (checked with the values below); the
        // regex above numbers its one loss line 1.
        // VeOmni's bar counts within each epoch of an excerpt with a gap: its steps are the
        // reader's derivation, checked in tst_trainershapes on whole epochs.
        const bool stepsByRegex
            = file != QLatin1String("h100/lightning/rich_console.log") && how != QLatin1String("postfix");
        if (stepsByRegex)
            QCOMPARE(steps, e.steps);
        QCOMPARE(r.run.meta.value(QStringLiteral("inferred_steps")).toLongLong() > 0, stepsCounted);
        QCOMPARE(r.run.segmentStarts(), QVector<int>(e.segmentStarts.begin(), e.segmentStarts.end()));
        const MetricColumn &loss = *r.run.column(lossMetric);
        for (int p = 0; p < r.run.pointCount(); ++p) {
            const QString where = QStringLiteral("%1 at point %2: got %3, expected %4")
                                      .arg(lossMetric)
                                      .arg(p)
                                      .arg(loss[size_t(p)])
                                      .arg(e.losses[p]);
            if (std::isnan(e.losses[p]))
                QVERIFY2(RunMetrics::isMissing(loss[size_t(p)]), qPrintable(where));
            else
                QVERIFY2(std::abs(loss[size_t(p)] - e.losses[p]) <= 1e-9 * std::max(1.0, std::abs(e.losses[p])),
                         qPrintable(where));
        }
        checkValues(r.run, values);
        QCOMPARE(r.unreadCount, qint64(unread));
        QCOMPARE(r.skippedCount, 0);
    }

    // Prefixes as loggers and launchers write them, each stripped to the payload.
    void linePrefix_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QByteArray>("payload");
        QTest::addColumn<bool>("timed");
        QTest::addColumn<QByteArray>("host");
        const QByteArray p = "iteration 1/ 2000 | lm loss: 2.0 |";
        QTest::newRow("none") << p << p << false << QByteArray();
        QTest::newRow("megatron bracket time") << " [2024-04-06 02:58:18] " + p << p << true << QByteArray();
        QTest::newRow("mindspeed fsdp2") << "INFO [2026-06-22 19:25:37] >>  " + p << p << true << QByteArray();
        QTest::newRow("plain time") << "2023-03-22 09:30:39 " + p << p << true << QByteArray();
        QTest::newRow("deepspeed") << "[2023-07-25 21:01:20,125] [INFO] [logging.py:96:log_dist] [Rank 0] " + p << p
                                   << true << QByteArray();
        QTest::newRow("markdown quote") << "> " + p << p << false << QByteArray();
        QTest::newRow("pdsh ip") << "10.96.202.43: " + p << p << false << QByteArray("10.96.202.43");
        QTest::newRow("host name") << "node-07: " + p << p << false << QByteArray("node-07");
        QTest::newRow("torchtitan") << QByteArray("[titan] 2025-10-15 10:37:01,390 - root - INFO - step: 1 loss: 2")
                                    << QByteArray("step: 1 loss: 2") << true << QByteArray();
        QTest::newRow("python logging") << "INFO:root:" + p << p << false << QByteArray();
        QTest::newRow("accelerate") << "11/23/2026 05:35:21 - INFO - __main__ - " + p << p << false << QByteArray();
        QTest::newRow("loguru") << "2023-03-22 09:30:39.123 | INFO     | trainer:train:42 - " + p << p << true
                                << QByteArray();
        QTest::newRow("glog") << "I1123 05:35:21.845000 743 torch/distributed/run.py:851] " + p << p << false
                              << QByteArray();
        QTest::newRow("tqdm glued") << QByteArray(
            "  8%|##       | 1999/24128 [1:52:09<20:27:23,  3.33s/it][2021-11-26 03:07:16,494] [INFO] step=2000")
                                    << QByteArray("step=2000") << true << QByteArray();
        QTest::newRow("level only") << "WARNING " + p << p << false << QByteArray();
        QTest::newRow("ray worker") << "(TaskRunner pid=2231) " + p << p << false << QByteArray();
        QTest::newRow("ray worker with ip") << "(WorkerDict pid=77, ip=10.0.0.3) " + p << p << false << QByteArray();
        // Payloads that look a little like prefixes stay whole.
        QTest::newRow("deepspeed old throughput") << QByteArray("0/2000, SamplesPerSec=9.5")
                                                  << QByteArray("0/2000, SamplesPerSec=9.5") << false << QByteArray();
        QTest::newRow("torchtitan payload")
            << QByteArray("step:  4  loss:  7.6") << QByteArray("step:  4  loss:  7.6") << false << QByteArray();
        QTest::newRow("python list") << QByteArray("[0.1, 0.2]  loss 2") << QByteArray("[0.1, 0.2]  loss 2") << false
                                     << QByteArray();
        QTest::newRow("hf dict") << QByteArray("{'loss': 2.0}") << QByteArray("{'loss': 2.0}") << false << QByteArray();
    }

    void linePrefix()
    {
        QFETCH(QByteArray, line);
        QFETCH(QByteArray, payload);
        QFETCH(bool, timed);
        QFETCH(QByteArray, host);
        const LinePrefix::Parts parts = LinePrefix::split(line);
        QCOMPARE(line.mid(parts.payload), payload);
        QCOMPARE(!std::isnan(parts.time), timed);
        QCOMPARE(parts.host.toByteArray(), host);
    }

    // Grammar variants of the formats, each read with the format detected.
    void variants_data()
    {
        QTest::addColumn<QByteArray>("log");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QStringList>("values");
        QTest::newRow("megatron without colons") << QByteArray(
            " iteration      100/    1000 | elapsed time per iteration (ms) 512.3 | learning rate 1.000E-04 | "
            "lm loss 5.200000E+00 | loss scale 65536.0 |\n"
            " iteration      110/    1000 | elapsed time per iteration (ms) 498.0 | learning rate 1.100E-04 | "
            "lm loss 5.100000E+00 | loss scale 65536.0 |\n")
                                                 << QStringLiteral("train.log") << QStringLiteral("megatron")
                                                 << list({"step@1=110", "lm_loss@1=5.1", "elapsed_ms@0=512.3",
                                                          "learning_rate@0=1e-4", "loss_scale@1=65536"});
        QTest::newRow("gpt-neox alone") << QByteArray(
            " samples/sec: 6.699 | iteration        6/   10000 | lm_loss: 1.118582E+01 |\n"
            " samples/sec: 7.799 | iteration        7/   10000 | lm_loss: 1.118665E+01 |\n")
                                        << QStringLiteral("neox.log") << QStringLiteral("megatron")
                                        << list({"step@1=7", "lm_loss@1=11.18665", "samples_per_s@0=6.699"});
        QTest::newRow("wandb-style jsonl")
            << QByteArray("{\"trainer/global_step\": 10, \"train/loss\": 2.3, \"train/learning_rate\": 1e-4}\n"
                          "{\"trainer/global_step\": 20, \"train/loss\": 2.1, \"train/learning_rate\": 1e-4}\n")
            << QStringLiteral("metrics.jsonl") << QStringLiteral("jsonl")
            << list({"step@1=20", "loss@1=2.1", "learning_rate@0=1e-4"});
        QTest::newRow("csv train/loss") << QByteArray("global_step,train/loss,val/loss\n10,2.5,\n20,2.3,\n20,,2.4\n")
                                        << QStringLiteral("metrics.csv") << QStringLiteral("csv")
                                        << list({"step@1=20", "loss@1=2.3", "eval_loss@1=2.4"});
        QTest::newRow("tqdm bar as text") << QByteArray("Epoch 1: 9/18 [00:10<00:10, 1.10it/s, loss=2.1, v_num=3]\n"
                                                        "Epoch 1: 10/18 [00:11<00:09, 1.12it/s, loss=2.0, v_num=3]\n")
                                          << QStringLiteral("console.log") << QStringLiteral("lightning")
                                          << list({"step@0=27", "loss@1=2.0", "iterations_per_s@1=1.12"});
        QTest::newRow("quoted markdown hf")
            << QByteArray("> {'loss': 2.5, 'learning_rate': 0.001, 'epoch': 0.1}\n"
                          "> {'loss': 2.4, 'learning_rate': 0.001, 'epoch': 0.2}\n")
            << QStringLiteral("issue.txt") << QStringLiteral("hf-trainer") << list({"step@1=2", "loss@1=2.4"});
        // NeMo 2's ProgressPrinter: "global_step:" is no torchtitan "step:"; the general reader takes
        // the global step, the reduced loss and a key with spaces and a unit.
        QTest::newRow("nemo2 progress printer") << QByteArray(
            "Training epoch 0, iteration 46/99 | lr: 6.999e-05 | global_batch_size: 32 | global_step: 46 | "
            "reduced_train_loss: 5.432 | train_step_timing in s: 1.617 | consumed_samples: 1504\n"
            "Training epoch 0, iteration 47/99 | lr: 7.149e-05 | global_batch_size: 32 | global_step: 47 | "
            "reduced_train_loss: 5.392 | train_step_timing in s: 1.617 | consumed_samples: 1536\n")
                                                << QStringLiteral("nemo.log") << QStringLiteral("generic")
                                                << list({"step@1=47", "loss@1=5.392", "epoch@0=0",
                                                         "train_step_timing_in_s@0=1.617", "consumed_samples@1=1536"});
        QTest::newRow("nanogpt with timestamps")
            << QByteArray("2023-03-22 09:30:39 iter 10: loss 3.4788, time 1705.53ms, mfu 0.22%\n"
                          "2023-03-22 09:30:41 iter 20: loss 3.1577, time 1675.87ms, mfu 0.22%\n")
            << QStringLiteral("train.log") << QStringLiteral("nanogpt")
            << list({"step@1=20", "loss@1=3.1577", "time@1=1679477441"});
    }

    void variants()
    {
        QFETCH(QByteArray, log);
        QFETCH(QString, source);
        QFETCH(QString, format);
        QFETCH(QStringList, values);
        const ParseResult r = LogReader::readData(log, source);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.format, format);
        QCOMPARE(r.run.pointCount(), 2);
        QCOMPARE(r.unreadCount, 0);
        QCOMPARE(r.skippedCount, 0);
        checkValues(r.run, values);
    }

    // A MindSpeed-LLM FSDP2 log, read with the format detected and with --format megatron.
    // A trainer_log.jsonl two processes wrote (each step twice, losses a digit apart, the order
    // drifting) and that was resumed once from a checkpoint: every record with a loss is a point,
    // in file order; one restart, at the resume; one warning on the second writer.
    void twoWritersAndOneResume()
    {
        const QString file = QStringLiteral("wild2/24_trap_llamafactory_2025_restart_dupwriter.jsonl");
        QList<qint64> steps;
        QList<double> losses;
        int resume = -1;
        for (const QByteArray &line : readAll(dataFile(file)).split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (!o.contains(QStringLiteral("loss")))
                continue;
            const qint64 step = o.value(QStringLiteral("current_steps")).toInteger();
            // The resume: the step far back and the elapsed time started again.
            if (!steps.isEmpty() && step < steps.back() - 100)
                resume = int(steps.size());
            steps.append(step);
            losses.append(o.value(QStringLiteral("loss")).toDouble());
        }
        QCOMPARE(steps.size(), 1358);
        QVERIFY(resume > 0);

        const ParseResult r = LogReader::readFile(dataFile(file));
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.format, QStringLiteral("llamafactory"));
        QCOMPARE(r.run.pointCount(), int(steps.size()));
        for (int p = 0; p < r.run.pointCount(); ++p) {
            QCOMPARE(r.run.step(p), steps[p]);
            QCOMPARE(r.run.value(p, MetricNames::loss), losses[p]);
        }
        QCOMPARE(r.run.segmentStarts(), (QVector<int>{0, resume}));
        const QStringList twoWriters = r.run.readWarnings.filter(QStringLiteral("two writers"));
        QCOMPARE(twoWriters.size(), 1);
        QVERIFY(r.run.readWarnings.filter(QStringLiteral("collapsed")).isEmpty());
    }

    void mindSpeedFsdp2()
    {
        const QByteArray log
            = "INFO [2026-06-22 19:25:37] >>  iteration 1/ 2000 | consumed samples: 64 | elapsed time per "
              "iteration (ms): 5123.4 | learning rate: 1.000000E-06 | lm loss: 1.183400E+01 | grad norm: 9.5 |\n"
              "INFO [2026-06-22 19:25:42] >>  iteration 2/ 2000 | consumed samples: 128 | elapsed time per "
              "iteration (ms): 5011.0 | learning rate: 2.000000E-06 | lm loss: 1.171200E+01 | grad norm: 8.1 |\n";
        for (const QString &format : {QStringLiteral("auto"), QStringLiteral("megatron")}) {
            ParseOptions options;
            options.format = format;
            const ParseResult r = LogReader::readData(log, QStringLiteral("mindspeed.log"), options);
            QVERIFY2(r, qPrintable(r.error));
            QCOMPARE(r.format, QStringLiteral("megatron"));
            QCOMPARE(r.run.pointCount(), 2);
            QCOMPARE(r.run.step(1), 2);
            QCOMPARE(r.run.value(1, MetricNames::lmLoss), 11.712);
            QCOMPARE(r.run.wallTime(1), 1782156342.0); // 2026-06-22 19:25:42 UTC
            QCOMPARE(r.unreadCount, 0);
        }
    }

    // The honesty check fires on every cause of a line left unread, and says where.
    void honesty_data()
    {
        QTest::addColumn<QByteArray>("log");
        QTest::addColumn<QString>("format"); // forced, or auto
        QTest::addColumn<int>("points");
        QTest::addColumn<qint64>("unread");
        QTest::addColumn<qint64>("firstLine");
        QTest::addColumn<QString>("warning"); // a read warning that must be there, or empty

        const QByteArray megatron = " iteration 1/ 100 | lm loss: 2.500000E+00 | grad norm: 1.0 |\n"
                                    " iteration 2/ 100 | lm loss: 2.400000E+00 | grad norm: 1.1 |\n";
        QTest::newRow("prefix nothing strips")
            << megatron + "(worker 77) iteration 3/ 100 | lm loss: 2.3 |\n" + megatron << QStringLiteral("auto") << 4
            << 1LL << 3LL << QStringLiteral("mentions `loss` with a number");
        QTest::newRow("grammar no format knows")
            << megatron + "train step 3: loss = 2.3, lr = 0.001\n"
            << QStringLiteral("auto") << 2 << 1LL << 3LL << QStringLiteral("1 line looks like metric lines");
        QTest::newRow("second logger's metrics")
            << QByteArray("{'loss': 2.5, 'learning_rate': 0.001, 'epoch': 0.1}\n"
                          "eval | accuracy=0.5 | f1=0.4\n"
                          "{'loss': 2.4, 'learning_rate': 0.001, 'epoch': 0.2}\n")
            << QStringLiteral("auto") << 2 << 1LL << 2LL << QStringLiteral("numeric key: value pairs");
        QTest::newRow("forced other format") << megatron << QStringLiteral("nanogpt") << 0 << 2LL << 1LL << QString();
        QTest::newRow("repeated records")
            << QByteArray("{'loss': 2.5, 'learning_rate': 0.001}\n"
                          "{'loss': 2.5, 'learning_rate': 0.001}\n"
                          "{'loss': 2.5, 'learning_rate': 0.001}\n")
            << QStringLiteral("auto") << 3 << 0LL << 0LL << QStringLiteral("2 records without a step repeat");
        QTest::newRow("rank copies") << QByteArray("step:  4  loss:  7.62585  tps: 10,050\n"
                                                   "step:  4  loss:  7.62585  tps: 10,049\n"
                                                   "step:  5  loss:  7.07623  tps: 10,007\n")
                                     << QStringLiteral("auto") << 2 << 0LL << 0LL
                                     << QStringLiteral("1 repeated records of a step already read");
        QTest::newRow("other ranks") << QByteArray("[rank0]:step:  1  loss:  7.1  tps: 10\n"
                                                   "[rank1]:step:  1  loss:  7.1  tps: 10\n"
                                                   "[rank1]:step:  2  loss:  7.0  tps: 10\n")
                                     << QStringLiteral("auto") << 1 << 0LL << 0LL
                                     << QStringLiteral("lines of ranks other than 0");
        QTest::newRow("other hosts") << QByteArray("node-1: {'loss': 2.5, 'epoch': 0.1}\n"
                                                   "node-2: {'loss': 2.5, 'epoch': 0.1}\n"
                                                   "node-1: {'loss': 2.4, 'epoch': 0.2}\n")
                                     << QStringLiteral("auto") << 2 << 0LL << 0LL
                                     << QStringLiteral("lines of hosts other than node-1");
        QTest::newRow("clean log") << megatron << QStringLiteral("auto") << 2 << 0LL << 0LL << QString();
    }

    void honesty()
    {
        QFETCH(QByteArray, log);
        QFETCH(QString, format);
        QFETCH(int, points);
        QFETCH(qint64, unread);
        QFETCH(qint64, firstLine);
        QFETCH(QString, warning);
        ParseOptions options;
        options.format = format;
        const ParseResult r = LogReader::readData(log, QStringLiteral("constructed.log"), options);
        QCOMPARE(r.run.pointCount(), points);
        QCOMPARE(r.unreadCount, unread);
        if (unread > 0) {
            QCOMPARE(r.firstUnread.first().lineNumber, firstLine);
            QVERIFY(r.run.readWarnings.isEmpty() || r.run.readWarnings.first().startsWith(QString::number(unread)));
        }
        const QString all = r.run.readWarnings.join(QLatin1Char('\n')) + r.error;
        if (warning.isEmpty())
            QVERIFY2(unread > 0 || r.run.readWarnings.isEmpty(), qPrintable(all));
        else
            QVERIFY2(all.contains(warning)
                         || (!r.firstUnread.isEmpty() && r.firstUnread.first().reason.contains(warning)),
                     qPrintable(all));
    }

    // The end-of-training summary is a run fact, not a step; its train_loss is the run's mean.
    void trainerStateSummaryIsAFact()
    {
        const ParseResult r
            = LogReader::readFile(dataFile(QStringLiteral("wild/16_hf_trainer_state_2023_summary_luojiu.json")));
        QVERIFY(r);
        QCOMPARE(r.run.step(r.run.pointCount() - 1), 8710);
        QCOMPARE(r.run.meta.value(QStringLiteral("train_loss_mean")).toDouble(), 1.3936967928547503);
        QCOMPARE(r.run.meta.value(QStringLiteral("train_runtime")).toDouble(), 371992.1593);
        QVERIFY(!r.run.hasMetric(QStringLiteral("train_runtime")));
    }

    // LLaMA-Factory prints "throughput": "0.00" (a string) when it has no measurement.
    void placeholderIsNotAValue()
    {
        const QByteArray log = "{\"current_steps\": 5, \"total_steps\": 10, \"loss\": 2.5, \"throughput\": \"0.00\", "
                               "\"elapsed_time\": \"0:00:10\"}\n"
                               "{\"current_steps\": 10, \"total_steps\": 10, \"loss\": 2.4, \"throughput\": 1200.5, "
                               "\"elapsed_time\": \"0:00:20\"}\n";
        const ParseResult r = LogReader::readData(log, QStringLiteral("trainer_log.jsonl"));
        QVERIFY(r);
        QCOMPARE(r.run.pointCount(), 2);
        QVERIFY(RunMetrics::isMissing(r.run.value(0, MetricNames::tokensPerSecond)));
        QCOMPARE(r.run.value(1, MetricNames::tokensPerSecond), 1200.5);
        QCOMPARE(r.run.value(0, QStringLiteral("elapsed_s")), 10.0);
        QCOMPARE(r.unreadCount, 0);
    }

    // The reader checks a window of lines for '\r' and ESC at once: a colour code or a tqdm frame
    // after a long stretch of plain lines (past the first window) reads as when each line comes
    // on its own.
    void controlBytesAfterPlainLines_data()
    {
        QTest::addColumn<QByteArray>("special");
        QTest::addRow("colour codes") << QByteArray("\x1b[32m [2024-04-06 03:00:00] iteration      701/ 1000 | "
                                                    "lm loss: 7.250000E+00 |\x1b[0m");
        QTest::addRow("tqdm frame") << QByteArray(" 70%|#######   | 700/1000 [00:10<00:05,  3.33s/it]\r"
                                                  " [2024-04-06 03:00:00] iteration      701/ 1000 | "
                                                  "lm loss: 7.250000E+00 |");
    }
    void controlBytesAfterPlainLines()
    {
        QFETCH(QByteArray, special);
        QByteArray log;
        for (int step = 1; step <= 1000; ++step) {
            if (step == 701) {
                log += special + '\n';
                continue;
            }
            log += " [2024-04-06 02:00:00] iteration " + QByteArray::number(step)
                + "/ 1000 | consumed samples: " + QByteArray::number(step * 128)
                + " | lm loss: " + QByteArray::number(10.0 - step / 1000.0, 'E', 6) + " |\n";
        }
        QVERIFY(log.indexOf(special) > 64 * 1024);
        ParseOptions options;
        options.format = QStringLiteral("megatron");
        IncrementalParser whole(options, QStringLiteral("whole.log"));
        whole.feed(log);
        whole.finish();
        IncrementalParser byLine(options, QStringLiteral("by-line.log"));
        const QByteArray lines = log.chopped(1); // split() views into it
        for (QByteArrayView line : LogText::split(lines, '\n')) {
            const QByteArray withEnd = line.toByteArray() + '\n';
            byLine.feed(withEnd);
        }
        byLine.finish();
        const RunMetrics a = whole.takePoints();
        const RunMetrics b = byLine.takePoints();
        QCOMPARE(a.pointCount(), 1000);
        QCOMPARE(a.step(700), 701);
        QCOMPARE(a.value(700, MetricNames::lmLoss), 7.25);
        QCOMPARE(b.pointCount(), a.pointCount());
        for (int p = 0; p < a.pointCount(); ++p) {
            QCOMPARE(b.step(p), a.step(p));
            QCOMPARE(b.value(p, MetricNames::lmLoss), a.value(p, MetricNames::lmLoss));
        }
    }
};

QTEST_GUILESS_MAIN(TestWildLogs)
#include "tst_wildlogs.moc"
