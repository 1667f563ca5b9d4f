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

FormatRegistry::Detection FormatRegistry::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    Detection best;
    for (const Entry &e : m_entries) {
        const int score = e.probe->detect(lines, sourceName);
        if (score > best.score)
            best = {e.probe->name(), score};
    }
    return best;
}
