// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// Parity and the report over generated runs (issue 32: `parity` and `report` aborted on a candidate
// with 11 loss spikes the baseline lacks, which no reader fuzz target reaches). The input is not a
// log: it is decoded into a baseline, candidates and envelope baselines built point by point
// (steps, strides, gaps, restarts, duplicated steps, spikes, NaN/inf, huge and tiny values, many
// metric names, wall times, header facts), compared under every preset, and each comparison is
// rendered as `parity` and `report` render it: ParityText, ParityJson (the document and the
// streamed form), the criteria, the CSV, and the report built from that same result as HTML and
// Markdown (no figures: those need the drawing module). Held: the streamed JSON is the document
// (both without the per-step table), and the HTML is well-formed XML (ReportHtmlWriter's promise).
//
// Input (a byte past the end reads as 0, so every input decodes):
//   0: runs, 2 + b % 5 (run 0 the baseline); 1: of them envelope baselines, b % 3 (one candidate kept)
//   2: options: 1 interpolate, 2 skip warm-up N, 4 candidate step offsets ±N, 8 window 1,
//      0x70 the metric (metricChoices), 0x80 report in zh_CN; 3: N; 4: custom tolerances, rel
//      (b % 16) %, abs (b / 16) / 1000
//   5, 6, 7: the curve all runs share, (level + 4·level·e^(-step/decay)) · (1 + jitter·sin 1.7·step):
//      level (b + 1) / 8 (b ≥ 240: 10^(40·(b − 240) − 300)), decay 4·(b + 1), jitter b / 1000
//   per run: points (2 bytes, % 513), the first step's kind and argument (firstStep), stride
//      (1 + b % 8, ×1000 with 0x80), noise (b % 8 > 0: a relative 10^-(b % 8) wave of its own),
//      names (NameBits), sparse metrics (5 · (b % 32) names m_0.., each at some points), facts
//      (factKeys bits) and their value byte, event count (b % 64), then per event: kind
//      (EventKind b % 12, on Slot b / 12 % 6, 5 = every slot), point (2 bytes), argument.
// tests/data/fuzz/parity/ holds seeds written this way; spikes_11 is issue 32's reproducer
// (400 steps, the candidate's loss ×1.5 at steps 35, 70, ..., 385).
#include "fuzzinput.h"
#include "core/base/model/runmetrics.h"
#include "core/base/model/steplimits.h"
#include "core/engines/parity/paritycriteria.h"
#include "core/engines/parity/paritycsv.h"
#include "core/engines/parity/parityengine.h"
#include "core/engines/parity/parityjson.h"
#include "core/engines/parity/paritypresets.h"
#include "core/engines/parity/paritytext.h"
#include "core/workflows/report/reportgenerator.h"
#include "core/workflows/report/reporthtmlwriter.h"
#include "core/workflows/report/reportmarkdownwriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTextStream>
#include <QXmlStreamReader>

#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace {

class Reader
{
public:
    Reader(const uint8_t *data, size_t size)
        : m_data(data)
        , m_size(size)
    { }
    int byte() { return m_at < m_size ? m_data[m_at++] : 0; }
    int word() { return byte() << 8 | byte(); }

private:
    const uint8_t *m_data;
    size_t m_size;
    size_t m_at = 0;
};

struct Curve
{
    double level = 1, decay = 4, jitter = 0;
    double at(qint64 step) const
    {
        const double s = double(step);
        return (level + 4 * level * std::exp(-s / decay)) * (1 + jitter * std::sin(1.7 * s));
    }
};

/// The values a generated point carries; each is written under the names nameBits chose.
enum Slot { Loss, GradNorm, Tokens, Elapsed, Rate, slotCount };

enum NameBits {
    LossName = 1, // loss
    LmLossName = 2, // lm_loss (both: a run that logs both, neither: no loss at all)
    GradNormName = 4,
    TokensName = 8,
    ElapsedName = 16,
    WallTimes = 32,
    RateName = 64,
    OddNames = 128, // names a renderer must escape, long, non-ASCII, near-duplicates of real ones
};

enum EventKind {
    Spike, // the slot's value × (1 + (arg + 1) / 20)
    NaN,
    Inf, // -inf with an odd argument
    Huge,
    Tiny, // denormal, 1e-300, 0, -0
    Gap, // points i..i+arg not logged
    Duplicate, // point i logged again (arg % 4 + 1 times), the same step, other values
    Restart, // from point i + 1 the steps go back arg + 1 strides (a resume from a checkpoint)
    Missing, // the slot not logged at points i..i + arg % 16
    Negate,
    Jump, // from point i + 1 the steps jump by (arg + 1)·10^(arg % 13)
    Digits, // the slot at points i..i + arg rounded to 1 + arg % 6 significant digits (a coarse log)
    eventKinds
};

const QStringList oddNames{QStringLiteral("<b>loss</b>"), QStringLiteral("a|b"),          QStringLiteral("損失/loss"),
                           QStringLiteral("x\ny"),        QString(300, QLatin1Char('x')), QStringLiteral("eval_loss"),
                           QStringLiteral("Grad Norm"),   QStringLiteral("&amp;\"'"),     QStringLiteral("]]>"),
                           QStringLiteral("`code`*_")};

const QStringList metricChoices{QString(),
                                QStringLiteral("loss"),
                                QStringLiteral("grad_norm"),
                                QStringLiteral("lm_loss"),
                                QStringLiteral("m_7"),
                                QStringLiteral("Grad Norm"),
                                QStringLiteral("tokens_per_s"),
                                QStringLiteral("<b>loss</b>")};

/// Header facts the fairness checklist compares, one bit each.
const QStringList factKeys{QStringLiteral("seed"),
                           QStringLiteral("seq_length"),
                           QStringLiteral("world_size"),
                           QStringLiteral("bf16"),
                           QStringLiteral("train_iters"),
                           QStringLiteral("lr"),
                           QStringLiteral("global_batch_size"),
                           QStringLiteral("hidden_dropout")};

struct Point
{
    qint64 step = 0;
    double values[slotCount] = {};
    int copies = 1; // 0: a gap
};

qint64 firstStep(int kind, int arg, qint64 span)
{
    switch (kind % 4) {
    case 0: return 1;
    case 1: return 0;
    case 2: return -qint64(arg) * 997; // steps below zero
    default: return StepLimits::maxStep - span; // the last step at the limit
    }
}

double special(int kind, int arg)
{
    static const double huge[] = {1e300, DBL_MAX, 1e15, -1e300};
    static const double tiny[] = {DBL_TRUE_MIN, 1e-300, 0.0, -0.0};
    return kind == Huge ? huge[arg % 4] : tiny[arg % 4];
}

void applyEvent(std::vector<Point> &points, int kind, int at, int arg, qint64 stride)
{
    const size_t n = points.size();
    const size_t i = size_t(at) % n;
    const int slot = (kind / eventKinds) % (slotCount + 1); // slotCount: every slot
    // A value not logged stays so: arithmetic on RunMetrics::missing() would keep its private payload.
    const auto each = [&](size_t from, size_t count, auto &&change) {
        for (size_t p = from; p < std::min(n, from + count); ++p) {
            for (int s = 0; s < slotCount; ++s) {
                if ((slot == slotCount || slot == s) && !RunMetrics::isMissing(points[p].values[s]))
                    change(points[p].values[s]);
            }
        }
    };
    switch (kind % eventKinds) {
    case Spike: each(i, 1, [&](double &v) { v *= 1 + (arg + 1) / 20.0; }); break;
    case NaN: each(i, 1, [](double &v) { v = std::nan(""); }); break;
    case Inf: each(i, 1, [&](double &v) { v = arg % 2 ? -INFINITY : INFINITY; }); break;
    case Huge:
    case Tiny: each(i, 1, [&](double &v) { v = special(kind % eventKinds, arg); }); break;
    case Gap:
        for (size_t p = i; p < std::min(n, i + size_t(arg) + 1); ++p)
            points[p].copies = 0;
        break;
    case Duplicate: points[i].copies = 1 + arg % 4; break;
    case Restart:
        for (size_t p = i + 1; p < n; ++p)
            points[p].step -= (arg + 1) * stride;
        break;
    case Missing: each(i, size_t(arg % 16) + 1, [](double &v) { v = RunMetrics::missing(); }); break;
    case Negate: each(i, 1, [](double &v) { v = -v; }); break;
    case Jump: {
        const qint64 jump = (arg + 1) * qint64(std::pow(10.0, arg % 13));
        for (size_t p = i + 1; p < n; ++p)
            points[p].step += jump;
        break;
    }
    case Digits:
        each(i, size_t(arg) + 1, [&](double &v) {
            if (std::isfinite(v))
                v = QByteArray::number(v, 'g', 1 + arg % 6).toDouble();
        });
        break;
    }
}

RunMetrics makeRun(Reader &in, const Curve &curve, int index)
{
    const int count = in.word() % 513;
    const int startKind = in.byte(), startArg = in.byte();
    const int strideByte = in.byte();
    const qint64 stride = (1 + strideByte % 8) * (strideByte & 0x80 ? 1000 : 1);
    const int noiseByte = in.byte();
    const double noise = noiseByte % 8 ? std::pow(10.0, -(noiseByte % 8)) : 0.0;
    const int names = in.byte();
    const int sparse = 5 * (in.byte() % 32);
    const int facts = in.byte(), factValue = in.byte();
    const int events = in.byte() % 64;

    std::vector<Point> points(static_cast<size_t>(count));
    const qint64 start = firstStep(startKind, startArg, qint64(count) * stride);
    for (int p = 0; p < count; ++p) {
        Point &point = points[size_t(p)];
        point.step = start + p * stride;
        const double wave = 1 + noise * std::sin(0.37 * double(point.step) + index);
        point.values[Loss] = curve.at(point.step) * wave;
        point.values[GradNorm] = 0.5 + 2 * std::exp(-double(p) / 50) * wave;
        point.values[Tokens] = 1e5 * wave * (1 + index);
        point.values[Elapsed] = 800 / wave;
        point.values[Rate] = 3e-4 * std::min(1.0, (p + 1) / 100.0);
    }
    for (int e = 0; e < events; ++e) {
        const int kind = in.byte(), at = in.word(), arg = in.byte();
        if (!points.empty())
            applyEvent(points, kind, at, arg, stride);
    }

    RunMetrics run;
    run.name = QStringLiteral("run%1").arg(index);
    run.sourcePath = run.name + QStringLiteral(".log");
    run.format = QStringLiteral("fuzz");
    for (int f = 0; f < factKeys.size(); ++f)
        if (facts & (1 << f))
            run.meta.insert(factKeys.at(f), factValue >> (f % 4));
    QStringList slotNames[slotCount];
    if (names & LossName)
        slotNames[Loss] << QStringLiteral("loss");
    if (names & LmLossName)
        slotNames[Loss] << QStringLiteral("lm_loss");
    if (names & OddNames)
        slotNames[Loss] << oddNames;
    if (names & GradNormName)
        slotNames[GradNorm] << QStringLiteral("grad_norm");
    if (names & TokensName)
        slotNames[Tokens] << QStringLiteral("tokens_per_s");
    if (names & ElapsedName)
        slotNames[Elapsed] << QStringLiteral("elapsed_ms");
    if (names & RateName)
        slotNames[Rate] << QStringLiteral("learning_rate");
    for (int p = 0; p < count; ++p) {
        const Point &point = points[size_t(p)];
        const qint64 step = qBound(-StepLimits::maxStep, point.step, StepLimits::maxStep);
        for (int copy = 0; copy < point.copies; ++copy) {
            const double wall = names & WallTimes ? 1.7e9 + 0.8 * p + copy : RunMetrics::noWallTime;
            const int at = run.appendPoint(step, wall);
            for (int s = 0; s < slotCount; ++s) {
                const double v = point.values[s] * (copy + 1);
                for (const QString &name : std::as_const(slotNames[s]))
                    if (!RunMetrics::isMissing(point.values[s]))
                        run.setValue(at, name, v);
            }
            for (int m = 0; m < sparse; ++m)
                if ((p + m) % (1 + m % 13) == 0)
                    run.setValue(at, QStringLiteral("m_%1").arg(m), m + 0.001 * p);
        }
    }
    return run;
}

bool wellFormed(const QString &html)
{
    QXmlStreamReader xml(html);
    while (!xml.atEnd())
        xml.readNext();
    return !xml.hasError();
}

/// Everything `parity` and `report` render from one comparison.
void render(const ParityResult &result, const ParityOptions &options, const QString &language,
            const QVector<const RunMetrics *> &runs, const QVector<int> &envelope)
{
    ParityText::lines(result, {QStringLiteral("Facts for run1.log read from trainer_state.json")});
    ParityText::summary(result);
    ParityText::criteria(options);
    ParityText::verdictLine(result);
    ParityCriteria::sentences(options, true);
    ParityJson::criteriaToJson(options);
    if (!result)
        return;
    // The streamed form of the document; the per-step table, written by the same code for both,
    // is left out of the comparison (formatting every row four times costs most of a run).
    QString streamed;
    QTextStream out(&streamed);
    ParityJson::write(out, result, false);
    out.flush();
    // Compared as text: a number read back is an integer where the document holds a double,
    // which QJsonArray's == tells apart.
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(streamed.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError
        || doc.toJson(QJsonDocument::Compact)
            != QJsonDocument(ParityJson::toJson(result, false)).toJson(QJsonDocument::Compact))
        std::abort();
    QString table;
    QTextStream tableOut(&table);
    ParityJson::write(tableOut, result, true);
    ParityCsv::write(result);

    ReportOptions reportOptions;
    reportOptions.parity = options;
    reportOptions.language = language;
    ReportInput input;
    input.runs = runs;
    input.baseline = 0;
    input.envelope = envelope;
    input.parity = result;
    const ReportGenerator::Result report
        = ReportGenerator(reportOptions)
              .write(input, QStringLiteral("fuzz.html"), [](const ReportDocument &doc, const QString &, QStringList *) {
                  if (!wellFormed(ReportHtmlWriter::write(doc, nullptr)))
                      std::abort();
                  ReportMarkdownWriter::write(doc, nullptr, QStringLiteral("fuzz"));
                  return QString();
              });
    if (!report)
        std::abort(); // the comparison was made: nothing else can stop the report
}

/// Makes the parity presets the backend plugins bring known, read from their profiles in the source
/// tree: the fuzz target loads no plugin, and judges under every preset.
bool installPluginPresets()
{
    QList<ParityPreset> presets;
    QString defaultName;
    const QDir plugins(QStringLiteral(PORTBENCH_SOURCE_DIR "/plugins"));
    for (const QString &plugin : plugins.entryList({QStringLiteral("backend_*")}, QDir::Dirs, QDir::Name)) {
        QFile profile(plugins.filePath(plugin + QStringLiteral("/backendprofile.json")));
        if (profile.open(QIODevice::ReadOnly))
            ParityPresets::readProfile(profile.readAll(), presets, defaultName);
    }
    ParityPresets::install(presets, defaultName);
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // The report's language is installed on the application (ReportLanguageScope).
    static int argc = 1;
    static char name[] = "fuzz_parity";
    static char *argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
    [[maybe_unused]] static const bool presets = installPluginPresets();

    Reader in(data, size);
    const int runCount = 2 + in.byte() % 5;
    const int envelopeCount = std::min(in.byte() % 3, runCount - 2);
    const int flags = in.byte();
    const int n = in.byte();
    const int tolerances = in.byte();
    Curve curve;
    const int level = in.byte();
    curve.level = level < 240 ? (level + 1) / 8.0 : std::pow(10.0, 40 * (level - 240) - 300);
    curve.decay = 4 * (in.byte() + 1);
    curve.jitter = in.byte() / 1000.0;

    std::vector<RunMetrics> runs;
    for (int r = 0; r < runCount; ++r)
        runs.push_back(makeRun(in, curve, r));
    QVector<const RunMetrics *> all, candidates, envelope;
    QVector<int> envelopeIndices;
    for (int r = 0; r < runCount; ++r) {
        all << &runs[size_t(r)];
        if (r > 0 && r < runCount - envelopeCount)
            candidates << &runs[size_t(r)];
        else if (r > 0) {
            envelope << &runs[size_t(r)];
            envelopeIndices << r;
        }
    }

    for (const QString &preset : ParityPresets::names()) {
        ParityOptions options = preset == ParityOptions::customPreset()
            ? ParityOptions::forPreset(preset, (tolerances % 16) / 100.0, (tolerances / 16) / 1000.0)
            : ParityOptions::forPreset(preset);
        options.metric = metricChoices.at((flags >> 4) & 7);
        options.interpolate = flags & 1;
        if (flags & 2)
            options.skipWarmup = n;
        for (int c = 0; c < candidates.size() && (flags & 4); ++c)
            options.candidateStepOffsets << (c % 2 ? -n : n);
        if (flags & 8)
            options.divergenceWindow = 1;
        const ParityResult result = ParityEngine(options).compare(runs.front(), candidates, envelope);
        render(result, options, flags & 0x80 ? QStringLiteral("zh_CN") : QStringLiteral("en"), all, envelopeIndices);
    }
    return 0;
}
