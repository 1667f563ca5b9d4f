// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "formatregistry.h"

#include "core/sources/logs/formats/csvformat.h"
#include "core/sources/logs/formats/deepspeedformat.h"
#include "core/sources/logs/formats/hfddpdemoformat.h"
#include "core/sources/logs/formats/hftrainerformat.h"
#include "core/sources/logs/formats/hftrainerstateformat.h"
#include "core/sources/logs/formats/jsonlinesformat.h"
#include "core/sources/logs/formats/lightningformat.h"
#include "core/sources/logs/formats/llamafactoryformat.h"
#include "core/sources/logs/formats/megatronformat.h"
#include "core/sources/logs/formats/nanogptformat.h"
#include "core/sources/logs/formats/genericformat.h"
#include "core/sources/logs/formats/regexformat.h"
#include "core/sources/logs/formats/torchtitanformat.h"
#include "core/sources/logs/logtext.h"
#include "core/sources/logs/parsecontext.h"
#include "core/base/model/metricnames.h"

#include <tuple>

FormatRegistry::FormatRegistry(const QList<UserFormat> &userFormats)
{
    // Specific formats first: a tie goes to the earlier one.
    add([] { return std::make_unique<MegatronFormat>(); });
    add([] { return std::make_unique<DeepSpeedFormat>(); });
    add([] { return std::make_unique<HfTrainerFormat>(); });
    add([] { return std::make_unique<HfTrainerStateFormat>(); });
    add([] { return std::make_unique<LlamaFactoryFormat>(); });
    add([] { return std::make_unique<TorchtitanFormat>(); });
    add([] { return std::make_unique<NanoGptFormat>(); });
    add([] { return std::make_unique<HfDdpDemoFormat>(); });
    add([] { return std::make_unique<LightningFormat>(); });
    add([] { return std::make_unique<JsonLinesFormat>(); });
    add([] { return std::make_unique<CsvFormat>(); });
    for (const UserFormat &f : userFormats)
        add([f] { return std::make_unique<RegexFormat>(f); });
    // Last: every format above that reads as many losses wins over it.
    add([] { return std::make_unique<GenericFormat>(); });
}

void FormatRegistry::add(Factory factory)
{
    std::unique_ptr<LogFormat> probe = factory();
    m_entries.push_back({std::move(factory), std::move(probe)});
}

QStringList FormatRegistry::names() const
{
    QStringList names;
    for (const Entry &e : m_entries)
        names.append(e.probe->name());
    return names;
}

QString FormatRegistry::displayName(const QString &name) const
{
    for (const Entry &e : m_entries) {
        if (e.probe->name() == name)
            return e.probe->displayName();
    }
    return {};
}

std::unique_ptr<LogFormat> FormatRegistry::create(const QString &name) const
{
    // A user format may share a built-in's name on purpose: the later registration wins.
    for (auto it = m_entries.crbegin(); it != m_entries.crend(); ++it) {
        if (it->probe->name() == name)
            return it->factory();
    }
    return nullptr;
}

namespace {

// What a format makes of the sample when it reads it: the loss values it takes and the lines it
// uses. Claiming lines (detect()) is not reading them: a format whose grammar resembles a log's
// (Megatron's `key: value |` for MindFormers) must not win a log it reads nothing of.
struct Trial
{
    int losses = 0;
    int lines = 0;
};

Trial trialParse(LogFormat &format, const QList<QByteArrayView> &view)
{
    ParseContext context{ParseOptions()};
    Trial t;
    qint64 number = 0;
    for (QByteArrayView line : view) {
        context.beginLine(++number, line);
        format.parseLine(line, context);
        t.lines += context.lineWasRead();
    }
    format.finish(context);
    const RunMetrics run = context.takeChunk();
    const QString loss = MetricNames::primaryLoss(run.metricNames());
    if (!loss.isEmpty())
        run.column(loss)->forEachValue([&t](size_t, double) { ++t.losses; });
    return t;
}

} // namespace

FormatRegistry::Detection FormatRegistry::detect(const QList<QByteArrayView> &lines,
                                                 const QList<QByteArrayView> &payloads, const QString &sourceName) const
{
    // A line "is" a format's when its detect() on that line alone is at least this sure.
    constexpr int kLineVote = 50;
    struct Candidate
    {
        QString name;
        Trial trial;
        int voteLines = 0;
        int score = 0;
        bool secondaryAllowed = true; ///< false for the general reader
        bool operator>(const Candidate &o) const
        {
            return std::tie(trial.losses, trial.lines, score) > std::tie(o.trial.losses, o.trial.lines, o.score);
        }
    };
    std::vector<Candidate> candidates;
    QList<QByteArrayView> one(1);
    for (const Entry &e : m_entries) {
        const QList<QByteArrayView> &view = e.probe->readsPayload() ? payloads : lines;
        Candidate c;
        c.name = e.probe->name();
        c.score = e.probe->detect(view, sourceName);
        if (c.score <= 0)
            continue;
        if (e.probe->isDocument()) {
            if (c.score >= 90)
                return {c.name, c.score, {}};
            continue;
        }
        // The general reader reads what the others leave anyway: never a second format, so its
        // line votes (which only choose one) are not counted.
        c.secondaryAllowed = !dynamic_cast<const GenericFormat *>(e.probe.get());
        for (qsizetype i = 0; c.secondaryAllowed && i < view.size(); ++i) {
            one[0] = view[i];
            c.voteLines += e.probe->detect(one, sourceName) >= kLineVote;
        }
        const std::unique_ptr<LogFormat> format = e.factory();
        c.trial = trialParse(*format, view);
        candidates.push_back(c);
    }
    if (candidates.empty())
        return {};
    // The best named format, then the general reader only where it reads more than twice the
    // losses: a named format knows what a general reader cannot (Megatron's argument dump, HF's
    // eval dicts), and a log it mostly reads keeps it, its odd lines reported as unread.
    size_t best = candidates.size();
    size_t generic = candidates.size();
    for (size_t i = 0; i < candidates.size(); ++i) {
        if (!candidates[i].secondaryAllowed)
            generic = i;
        else if (best == candidates.size() || candidates[i] > candidates[best])
            best = i;
    }
    if (best == candidates.size()
        || (generic < candidates.size() && candidates[generic] > candidates[best]
            && candidates[best].trial.losses * 2 < candidates[generic].trial.losses))
        best = generic;
    Detection d{candidates[best].name, candidates[best].score, {}};
    int secondLines = 0;
    for (size_t i = 0; i < candidates.size(); ++i) {
        if (i != best && candidates[i].secondaryAllowed && candidates[i].voteLines > secondLines) {
            secondLines = candidates[i].voteLines;
            d.secondary = candidates[i].name;
        }
    }
    return d;
}
