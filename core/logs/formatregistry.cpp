#include "formatregistry.h"

#include "logs/formats/csvformat.h"
#include "logs/formats/deepspeedformat.h"
#include "logs/formats/hfddpdemoformat.h"
#include "logs/formats/hftrainerformat.h"
#include "logs/formats/hftrainerstateformat.h"
#include "logs/formats/jsonlinesformat.h"
#include "logs/formats/lightningformat.h"
#include "logs/formats/llamafactoryformat.h"
#include "logs/formats/megatronformat.h"
#include "logs/formats/nanogptformat.h"
#include "logs/formats/torchtitanformat.h"
#include "logs/formats/regexformat.h"
#include "logs/logtext.h"

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

FormatRegistry::Detection FormatRegistry::detect(const QList<QByteArrayView> &lines,
                                                 const QList<QByteArrayView> &payloads, const QString &sourceName) const
{
    // A line "is" a format's when its detect() on that line alone is at least this sure.
    constexpr int kLineVote = 50;
    struct Votes
    {
        int lossLines = 0;
        int lines = 0;
        int score = 0;
        bool operator>(const Votes &o) const
        {
            return std::tie(lossLines, lines, score) > std::tie(o.lossLines, o.lines, o.score);
        }
    };
    Detection best;
    Votes bestVotes;
    QString second;
    int secondLines = 0;
    QList<QByteArrayView> one(1);
    for (const Entry &e : m_entries) {
        const QList<QByteArrayView> &view = e.probe->readsPayload() ? payloads : lines;
        Votes v;
        v.score = e.probe->detect(view, sourceName);
        if (v.score <= 0)
            continue;
        if (e.probe->isDocument()) {
            if (v.score >= 90)
                return {e.probe->name(), v.score, {}};
        } else {
            for (QByteArrayView line : view) {
                one[0] = line;
                if (e.probe->detect(one, sourceName) < kLineVote)
                    continue;
                ++v.lines;
                v.lossLines += LogText::mentionsLoss(line);
            }
        }
        if (v > bestVotes) {
            if (bestVotes.lines > secondLines) {
                secondLines = bestVotes.lines;
                second = best.name;
            }
            bestVotes = v;
            best = {e.probe->name(), v.score, {}};
        } else if (v.lines > secondLines) {
            secondLines = v.lines;
            second = e.probe->name();
        }
    }
    best.secondary = second;
    return best;
}
