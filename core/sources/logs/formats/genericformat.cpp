// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "genericformat.h"

#include "core/sources/logs/lineprefix.h"
#include "core/sources/logs/logtext.h"
#include "core/sources/logs/parsecontext.h"

#include <algorithm>
#include <cstring>

namespace {

using Role = MetricNames::Role;

// A key's step name, by how surely it is the optimizer step when a line prints several.
int stepPriority(const QString &normalised)
{
    if (normalised.startsWith(QLatin1String("global_step")) || normalised.startsWith(QLatin1String("current_step"))
        || normalised.endsWith(QLatin1String("/global_step")) || normalised == QLatin1String("num_updates"))
        return 5;
    if (normalised.startsWith(QLatin1String("step")) || normalised.endsWith(QLatin1String("_step"))
        || normalised.endsWith(QLatin1String("/step")))
        return 4;
    if (normalised.startsWith(QLatin1String("iteration")))
        return 3;
    if (normalised == QLatin1String("s"))
        return 1;
    return 2; // iter, it, Iter(train)
}

bool isIndented(QByteArrayView line)
{
    return !line.isEmpty() && (line.front() == ' ' || line.front() == '\t');
}

// Scans the line's payload into `out`; returns the prefix's time.
double scanLine(QByteArrayView line, MetricLine &out)
{
    const LinePrefix::Parts parts = LinePrefix::split(line);
    // Most prefixes hold no '%': one memchr rules the bar out.
    const bool barBefore = parts.payload > 0 && std::memchr(line.data(), '%', size_t(parts.payload))
        && line.first(parts.payload).contains("%|");
    MetricLine::scan(line.sliced(parts.payload), barBefore, out);
    return parts.time;
}

bool sameValues(const std::vector<double> &a, const std::vector<double> &b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](double x, double y) {
               return x == y || (std::isnan(x) && std::isnan(y));
           });
}

} // namespace

GenericFormat::KnownKey &GenericFormat::known(QByteArrayView key)
{
    const size_t hash = qHash(key);
    CacheSlot &slot = m_cache[hash % m_cache.size()];
    if (slot.key && slot.hash == hash && slot.key->bytes == key)
        return *slot.key;
    for (auto [it, end] = m_keys.equal_range(hash); it != end; ++it) {
        if (it->second.bytes == key) {
            slot = {hash, &it->second};
            return it->second;
        }
    }
    KeyInfo k;
    QString text = QString::fromUtf8(key);
    // "Iter(train)", "Epoch(val)": mmengine's mode marker; "(val)"/"(test)" make a record an
    // evaluation's.
    const qsizetype open = text.indexOf(u'(');
    if (open > 0 && text.endsWith(u')')) {
        const QString mode = text.sliced(open + 1, text.size() - open - 2).toLower();
        if (mode == QLatin1String("val") || mode == QLatin1String("test") || mode == QLatin1String("eval")
            || mode == QLatin1String("train")) {
            k.evalMarker = mode != QLatin1String("train");
            text.truncate(open);
        }
    }
    const QString normalised = MetricNames::normalise(text);
    k.role = MetricNames::role(normalised);
    if (k.role == Role::Other) {
        static const QStringList evalPrefixes
            = {QStringLiteral("eval_"),  QStringLiteral("eval/"),       QStringLiteral("val_"), QStringLiteral("val/"),
               QStringLiteral("valid_"), QStringLiteral("validation_"), QStringLiteral("test_")};
        if (normalised == QLatin1String("val") || normalised == QLatin1String("valid")
            || normalised == QLatin1String("test")) {
            k.role = Role::EvalLoss; // litgpt "loss train: 2.846, val: 2.861"
        } else {
            for (const QString &prefix : evalPrefixes) {
                // "eval gpt_loss", "val_lm_loss": a training loss's name, evaluated.
                if (normalised.startsWith(prefix) && MetricNames::role(normalised.sliced(prefix.size())) == Role::Loss)
                    k.role = Role::EvalLoss;
            }
        }
    }
    if (k.role == Role::Step)
        k.stepPriority = stepPriority(normalised);
    k.metric = k.role == Role::EvalLoss ? MetricNames::evalLoss
        : k.role == Role::Epoch         ? MetricNames::epoch // "Training epoch", "Epoch(train)"
                                        : MetricNames::canonicalName(normalised);
    KnownKey &added = m_keys.emplace(hash, KnownKey{key.toByteArray(), k})->second;
    slot = {hash, &added};
    return added;
}

void GenericFormat::resolveKeys(const MetricLine &m)
{
    const size_t n = m.pairs.size();
    m_pairKeys.resize(n);
    if (m_lineKeys.size() < n)
        m_lineKeys.resize(n, nullptr);
    for (size_t i = 0; i < n; ++i) {
        const QByteArrayView key = m.pairs[i].key;
        if (key.isEmpty()) {
            m_pairKeys[i] = nullptr;
            continue;
        }
        KnownKey *&last = m_lineKeys[i];
        // Compared inline: a key is a few bytes, and this runs for every pair of every line.
        if (!last || last->bytes.size() != key.size()
            || !LogText::sameBytes(last->bytes.constData(), key.data(), key.size()))
            last = &known(key);
        m_pairKeys[i] = &last->info;
    }
}

int GenericFormat::columnOf(KeyInfo &key, ParseContext &context)
{
    if (key.column < 0)
        key.column = context.column(key.metric);
    return key.column;
}

GenericFormat::Step GenericFormat::resolveStep(const MetricLine &m, qint64 &step, bool &derived)
{
    derived = false;
    const MetricLine::Pair *stepPair = nullptr;
    const MetricLine::Pair *epochPair = nullptr;
    const MetricLine::Pair *bare = nullptr;
    const MetricLine::Pair *beforeBare = nullptr; // "Train: 3 [1150/1251]": an outer counter
    int best = 0;
    const MetricLine::Pair *previous = nullptr;
    const KeyInfo *previousKey = nullptr;
    const KeyInfo *beforeBareKey = nullptr;
    for (size_t i = 0; i < m.pairs.size(); ++i) {
        const MetricLine::Pair &p = m.pairs[i];
        if (p.key.isEmpty()) {
            if (p.counter && !bare) {
                bare = &p;
                beforeBare = previous;
                beforeBareKey = previousKey;
            }
            continue;
        }
        previous = &p;
        previousKey = m_pairKeys[i];
        const KeyInfo &k = *m_pairKeys[i];
        if (k.role == Role::Step && k.stepPriority > best) {
            stepPair = &p;
            best = k.stepPriority;
        } else if (k.role == Role::Epoch && !epochPair) {
            epochPair = &p;
        }
    }
    bool implicitEpoch = false;
    if (!epochPair && bare && beforeBare && !beforeBare->counter && beforeBareKey->role == Role::Other) {
        epochPair = beforeBare;
        implicitEpoch = true;
    }
    double count, total;
    // A keyed counter ("step:[ 4/ 125]", "update step 0") may count within the epoch or
    // globally: that shows when the epoch changes. A counter without a key (a tqdm bar's,
    // "(100/24681)") is the epoch's.
    bool keyed = false;
    if (stepPair) {
        count = stepPair->value;
        total = stepPair->total;
        keyed = true;
    } else if (bare) {
        count = bare->value;
        total = bare->total;
    } else if (m.hasBar && !std::isnan(m.barCount)) {
        count = m.barCount;
        total = m.barTotal;
    } else {
        return Step::None;
    }
    double value = count;
    qint64 epoch;
    const bool global = stepPair && best >= 5; // global_step, num_updates
    if (!global && epochPair && LogText::wholeStep(epochPair->value, epoch) && epoch >= 0) {
        const double e = double(epoch);
        if (std::isnan(m_epochBase))
            m_epochBase = epoch == 0 || implicitEpoch ? 0 : 1;
        if (!std::isnan(m_lastEpoch) && e > m_lastEpoch) {
            if (keyed && m_within == Within::Unknown)
                m_within = count < m_lastCount ? Within::Yes : Within::No;
            // Without a total, the epoch's length is what the last epoch counted to.
            if (count < m_lastCount)
                m_epochOffset += m_lastCount + (m_firstCount == 0 ? 1 : 0);
        }
        if (std::isnan(m_firstCount))
            m_firstCount = count;
        m_lastEpoch = e;
        m_lastCount = count;
        if (!keyed || m_within != Within::No) {
            if (total > 0 && e > m_epochBase)
                value = (e - m_epochBase) * total + count;
            else if (!(total > 0) && m_epochOffset > 0)
                value = m_epochOffset + count;
            derived = value != count;
        }
    }
    return LogText::wholeStep(value, step) && step >= 0 ? Step::Read : Step::Bad;
}

int GenericFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    Q_UNUSED(sourceName)
    GenericFormat probe;
    int lossLines = 0;
    MetricLine m;
    for (QByteArrayView line : lines) {
        scanLine(line, m);
        bool loss = m.positional;
        for (const MetricLine::Pair &p : m.pairs) {
            if (!p.key.isEmpty() && !std::isnan(p.value)) {
                const KeyInfo &k = probe.info(p.key);
                loss = loss || (k.role == Role::Loss && !k.evalMarker && !m.evalContext);
            }
        }
        lossLines += loss;
    }
    // Below the named formats' certainty: a tie in what is read goes to the named format, and
    // one line alone never votes for this one as a mixed log's second format.
    if (lossLines == 0)
        return 0;
    return lossLines >= 3 ? 50 : 40;
}

void GenericFormat::commitFrame(ParseContext &context)
{
    if (!m_frameHeld)
        return;
    m_frameHeld = false;
    for (const auto &[column, value] : m_frame)
        context.add(column, value);
    // A frame drawn once, at the counter of the frame before it: set_postfix before update, seen
    // without the update's redraw (the log was cut there).
    if (m_hasLast && m_frameStep == m_lastStep)
        ++m_frameStep;
    place(m_frameStep, m_frameTime, context, false);
}

void GenericFormat::place(qint64 step, double time, ParseContext &context, bool redraw)
{
    if (m_evalStep == step) {
        for (const auto &[name, value] : m_eval)
            context.add(name, value);
    }
    if (m_evalStep >= 0 && m_evalStep <= step) {
        m_evalStep = -1;
        m_eval.clear();
    }
    redraw = redraw && m_hasLast && step == m_lastStep;
    context.commit(step, time, redraw ? ParseContext::Placement::Redraw : ParseContext::Placement::SameStep);
    m_hasLast = true;
    m_lastStep = step;
}

void GenericFormat::finish(ParseContext &context)
{
    commitFrame(context);
}

void GenericFormat::parseLine(QByteArrayView line, ParseContext &context)
{
    const double time = scanLine(line, m_line);
    const MetricLine &m = m_line;
    const bool indented = isIndented(line);
    if (!indented)
        m_header = false;
    if (m.pairs.empty())
        return;

    if (m.positional) {
        qint64 step;
        if (!LogText::wholeStep(m.pairs[0].value, step))
            return;
        commitFrame(context);
        context.add(MetricNames::loss, m.pairs[1].value);
        place(step, time, context, false);
        return;
    }

    resolveKeys(m);
    bool train = false, eval = false, evalMode = m.evalContext, hasStep = false, summary = false, other = false;
    bool counted = false; // the record says where it is within its epoch
    for (size_t i = 0; i < m.pairs.size(); ++i) {
        const MetricLine::Pair &p = m.pairs[i];
        if (p.key.isEmpty()) {
            counted = counted || p.counter;
            continue;
        }
        const KeyInfo &k = *m_pairKeys[i];
        evalMode = evalMode || k.evalMarker;
        train = train || k.role == Role::Loss;
        eval = eval || k.role == Role::EvalLoss;
        hasStep = hasStep || k.role == Role::Step;
        summary = summary || k.role == Role::Summary;
        other = other || (k.role == Role::Other && !p.counter);
        counted = counted || (p.counter && k.role != Role::Epoch);
    }
    counted = counted || m.hasBar;
    if (evalMode) {
        eval = eval || train;
        train = false;
    }
    // Training records that said where they are, then one that does not: the epoch's average
    // (fairseq's "train | epoch 001 | loss 11.047 | …" after its "epoch 001: 100 / 412 …").
    const bool epochAverage = train && !counted && m_countedRecords >= 2;

    if (summary || epochAverage) {
        // An end-of-run or end-of-epoch summary ("avg loss: 2.244", HF's {'train_runtime': …,
        // 'train_loss': …}): run facts, not a point.
        for (size_t i = 0; i < m.pairs.size(); ++i) {
            const MetricLine::Pair &p = m.pairs[i];
            if (p.key.isEmpty() || p.counter)
                continue;
            const KeyInfo &k = *m_pairKeys[i];
            context.setMeta(k.role == Role::Loss ? QStringLiteral("train_loss_mean") : k.metric, p.value);
        }
        context.markRead();
        return;
    }

    // A continuation of a multi-line record: indented pairs under a header that held the step.
    if (m_header && indented && !hasStep) {
        for (size_t i = 0; i < m.pairs.size(); ++i) {
            const MetricLine::Pair &p = m.pairs[i];
            if (!p.key.isEmpty() && !p.counter)
                context.add(columnOf(*m_pairKeys[i], context), p.value);
        }
        context.commit(m_headerStep, RunMetrics::noWallTime, ParseContext::Placement::SameStep);
        m_hasLast = true;
        m_lastStep = m_headerStep;
        return;
    }

    if (!train && !eval) {
        qint64 step;
        bool derived;
        if (hasStep && !other && !indented && resolveStep(m, step, derived) == Step::Read) {
            // Only a step (and an epoch): the header of indented lines that may follow.
            m_header = true;
            m_headerStep = step;
            context.markRead();
        }
        return;
    }

    qint64 step = 0;
    bool derived = false;
    const Step found = resolveStep(m, step, derived);
    if (found == Step::Bad) {
        context.skip(QStringLiteral("the step is not a whole number within ±2^53"));
        return;
    }
    const bool stepped = found == Step::Read;

    if (!train) {
        // An evaluation record: its values join the training point of its step.
        commitFrame(context);
        if (!stepped && !m_hasLast)
            return;
        if (!stepped)
            step = m_lastStep;
        std::vector<std::pair<QString, double>> values;
        for (size_t i = 0; i < m.pairs.size(); ++i) {
            const MetricLine::Pair &p = m.pairs[i];
            if (p.key.isEmpty() || p.counter)
                continue;
            const KeyInfo &k = *m_pairKeys[i];
            if (k.role == Role::Step || k.role == Role::Epoch)
                continue;
            QString name = k.metric;
            if (k.role == Role::Loss)
                name = MetricNames::evalLoss;
            else if (k.role != Role::EvalLoss && !name.startsWith(QLatin1String("eval")))
                name = QStringLiteral("eval_") + name;
            values.emplace_back(name, p.value);
        }
        for (const auto &[name, value] : values) {
            if (name == MetricNames::evalLoss) {
                context.setMeta(QStringLiteral("last_eval_loss"), value);
                context.setMeta(QStringLiteral("last_eval_step"), step);
            }
        }
        if (values.empty()) {
            context.markRead();
        } else if (m_hasLast && step == m_lastStep) {
            // A later evaluation line of the step (timm's running average) replaces the earlier.
            for (const auto &[name, value] : values)
                context.add(name, value);
            context.commit(step, RunMetrics::noWallTime, ParseContext::Placement::Redraw);
        } else if (!m_hasLast || step > m_lastStep) {
            m_evalStep = step;
            m_eval = std::move(values);
            context.markRead();
        } else {
            context.markRead(); // an earlier step's evaluation: kept in meta only
        }
        return;
    }

    m_countedRecords += counted;
    m_values.clear();
    m_valuesOnly.clear();
    for (size_t i = 0; i < m.pairs.size(); ++i) {
        const MetricLine::Pair &p = m.pairs[i];
        if (p.key.isEmpty())
            continue;
        KeyInfo &k = *m_pairKeys[i];
        // A counter names a position, not a metric; "loss:[2.244/2.244]" is a value and its mean.
        if (k.role == Role::Step || (p.counter && k.role == Role::Other))
            continue;
        m_values.emplace_back(columnOf(k, context), p.value);
        m_valuesOnly.push_back(p.value);
    }
    if (derived)
        context.setMeta(QStringLiteral("derived_steps"), ++m_derivedSteps);

    // A tqdm bar whose counter is the step: each frame may be drawn again as the bar advances
    // with the same postfix (set_postfix, then update), so a frame is held until a frame with
    // other values shows it complete; the point takes the step of the last frame that drew it.
    const bool barStep = m.hasBar && !hasStep;
    if (barStep && stepped) {
        if (m_frameHeld && sameValues(m_valuesOnly, m_frameValues)) {
            m_frameStep = step;
            context.markRead();
            return;
        }
        commitFrame(context);
        m_frameHeld = true;
        m_frame.swap(m_values);
        m_frameValues.swap(m_valuesOnly);
        m_frameStep = step;
        m_frameTime = time;
        context.markRead();
        return;
    }
    commitFrame(context);
    for (const auto &[column, value] : m_values)
        context.add(column, value);
    if (!stepped) {
        if (m_evalStep >= 0) {
            m_evalStep = -1;
            m_eval.clear();
        }
        context.commit(0, time, ParseContext::Placement::NextStep);
        m_lastStep = m_hasLast ? m_lastStep + 1 : 1;
        m_hasLast = true;
        return;
    }
    // A bar redrawn at the same step (its postfix gained val_loss) completes that point.
    place(step, time, context, m.hasBar);
}
