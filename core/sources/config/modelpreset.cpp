// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "modelpreset.h"

#include "trainingconfig.h"

#include <QRegularExpression>

namespace {

QString normalised(const QString &s)
{
    static const QRegularExpression separators(QStringLiteral("[-_. /]"));
    return s.toLower().remove(separators);
}

} // namespace

QList<ModelPreset> ModelPreset::all()
{
    // Longer names first, so that "Llama-2-70b" is not taken for "Llama-2-7b".
    return {
        {QStringLiteral("Llama-2-70b"), 68976648192, 80, 8192, 64, 32000},
        {QStringLiteral("Llama-2-13b"), 13015864320, 40, 5120, 40, 32000},
        {QStringLiteral("Llama-2-7b"), 6738415616, 32, 4096, 32, 32000},
        {QStringLiteral("Qwen1.5-14B"), 14167290880, 40, 5120, 40, 152064},
        {QStringLiteral("Qwen1.5-7B"), 7721324544, 32, 4096, 32, 151936},
        {QStringLiteral("Qwen2-0.5B"), 494032768, 24, 896, 14, 151936},
        {QStringLiteral("gpt2"), 124439808, 12, 768, 12, 50257},
    };
}

const ModelPreset *ModelPreset::match(const QString &pathOrName)
{
    static const QList<ModelPreset> presets = all();
    const QString text = normalised(pathOrName);
    for (const ModelPreset &p : presets) {
        const QString key = normalised(p.name);
        const int at = text.indexOf(key);
        // "llama27b" must not match inside "llama270b": the next character may not be a digit.
        if (at >= 0 && (at + key.size() >= text.size() || !text.at(at + key.size()).isDigit()))
            return &p;
    }
    return nullptr;
}

QString ModelPreset::fill(TrainingConfig &c)
{
    const ModelPreset *p = match(c.modelPath);
    if (!p)
        return {};
    if (c.parameters == 0)
        c.parameters = p->parameters;
    if (c.layers == 0)
        c.layers = p->layers;
    if (c.hiddenSize == 0)
        c.hiddenSize = p->hiddenSize;
    if (c.heads == 0)
        c.heads = p->heads;
    if (c.vocabSize == 0)
        c.vocabSize = p->vocabSize;
    return p->name;
}
