// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "referencetrainer.h"

#include "torchtensorio.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/torch.h>

#include <QDateTime>
#include <QFile>

#include <chrono>
#include <cmath>
#include <random>

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Character tokens of the corpus: the vocabulary is the set of bytes that occur, in byte order.
struct Corpus
{
    torch::Tensor train; ///< int64 token ids
    torch::Tensor validation;
    int vocabularySize = 0;
};

Corpus tokenize(const QByteArray &text)
{
    bool present[256] = {};
    for (char c : text)
        present[quint8(c)] = true;
    int ids[256] = {};
    Corpus corpus;
    for (int b = 0; b < 256; ++b) {
        if (present[b])
            ids[b] = corpus.vocabularySize++;
    }
    std::vector<int64_t> tokens(size_t(text.size()));
    for (qsizetype i = 0; i < text.size(); ++i)
        tokens[size_t(i)] = ids[quint8(text.at(i))];
    const auto all = torch::tensor(tokens, torch::kLong);
    const int64_t split = int64_t(double(tokens.size()) * 0.9);
    corpus.train = all.slice(0, 0, split);
    corpus.validation = all.slice(0, split);
    return corpus;
}

/// Draws batches of (input, target) windows from a token stream with a seeded Mersenne Twister,
/// so the data order depends on the seed only (never on precision, device or thread count).
class BatchSampler
{
public:
    BatchSampler(torch::Tensor tokens, int batch, int context, quint64 seed)
        : m_tokens(std::move(tokens))
        , m_batch(batch)
        , m_context(context)
        , m_rng(seed)
        , m_positions(torch::arange(context + 1, torch::kLong).unsqueeze(0))
    { }

    std::pair<torch::Tensor, torch::Tensor> next()
    {
        const uint64_t range = uint64_t(m_tokens.size(0) - m_context - 1);
        std::vector<int64_t> offsets(static_cast<size_t>(m_batch));
        for (int64_t &o : offsets)
            o = int64_t(m_rng() % range);
        const auto index = torch::tensor(offsets, torch::kLong).unsqueeze(1) + m_positions;
        const auto window = m_tokens.index({index});
        return {window.slice(1, 0, m_context), window.slice(1, 1, m_context + 1)};
    }

private:
    torch::Tensor m_tokens;
    int m_batch;
    int m_context;
    std::mt19937_64 m_rng;
    torch::Tensor m_positions;
};

/// The decoder's parameters as a flat list (the order of names()), with the forward pass written
/// out so that bf16 compute can cast weights per use while the list itself stays fp32.
class Gpt
{
public:
    Gpt(const TrainConfig &config, int vocabularySize, const torch::Device &device)
        : m_config(config)
        , m_vocabularySize(vocabularySize)
    {
        auto gen = at::detail::createCPUGenerator(config.seed);
        const auto f32 = torch::TensorOptions().dtype(torch::kFloat);
        const int c = config.width;
        // GPT-2 initialisation: N(0, 0.02), residual projections scaled down by depth.
        const double residualStd = 0.02 / std::sqrt(2.0 * config.layers);
        auto normal = [&](std::vector<int64_t> shape, double stddev) { return torch::randn(shape, gen, f32) * stddev; };
        add(QStringLiteral("wte"), normal({vocabularySize, c}, 0.02), true);
        add(QStringLiteral("wpe"), normal({config.context, c}, 0.01), false);
        for (int l = 0; l < config.layers; ++l) {
            const QString p = QStringLiteral("blocks.%1.").arg(l);
            add(p + QStringLiteral("ln1.weight"), torch::ones({c}, f32), false);
            add(p + QStringLiteral("ln1.bias"), torch::zeros({c}, f32), false);
            add(p + QStringLiteral("attn.qkv.weight"), normal({3 * c, c}, 0.02), true);
            add(p + QStringLiteral("attn.qkv.bias"), torch::zeros({3 * c}, f32), false);
            add(p + QStringLiteral("attn.proj.weight"), normal({c, c}, residualStd), true);
            add(p + QStringLiteral("attn.proj.bias"), torch::zeros({c}, f32), false);
            add(p + QStringLiteral("ln2.weight"), torch::ones({c}, f32), false);
            add(p + QStringLiteral("ln2.bias"), torch::zeros({c}, f32), false);
            add(p + QStringLiteral("mlp.fc.weight"), normal({4 * c, c}, 0.02), true);
            add(p + QStringLiteral("mlp.fc.bias"), torch::zeros({4 * c}, f32), false);
            add(p + QStringLiteral("mlp.proj.weight"), normal({c, 4 * c}, residualStd), true);
            add(p + QStringLiteral("mlp.proj.bias"), torch::zeros({c}, f32), false);
        }
        add(QStringLiteral("ln_f.weight"), torch::ones({c}, f32), false);
        add(QStringLiteral("ln_f.bias"), torch::zeros({c}, f32), false);
        for (torch::Tensor &p : m_params)
            p = p.to(device).set_requires_grad(true);
        m_causalMask = torch::ones({config.context, config.context}, torch::TensorOptions().dtype(torch::kBool))
                           .triu(1)
                           .to(device);
    }

    const std::vector<torch::Tensor> &parameters() const { return m_params; }
    const QStringList &names() const { return m_names; }
    const std::vector<bool> &decays() const { return m_decay; }

    /// Mean cross-entropy of predicting targets from inputs (both [batch, context] token ids).
    torch::Tensor loss(const torch::Tensor &inputs, const torch::Tensor &targets, bool training) const
    {
        const bool bf16 = m_config.precision == QLatin1String("bf16");
        const double dropout = training ? m_config.dropout : 0.0;
        const int64_t b = inputs.size(0);
        const int64_t t = inputs.size(1);
        const int64_t c = m_config.width;
        const int64_t heads = m_config.heads;
        const int64_t headDim = c / heads;
        // Matmuls in the compute dtype; the cast is part of the graph, so gradients reach the fp32
        // master weights cast back to fp32, as under autocast.
        auto compute = [bf16](const torch::Tensor &x) { return bf16 ? x.to(torch::kBFloat16) : x; };
        auto linear = [&](const torch::Tensor &x, size_t w, size_t bias) {
            return torch::linear(compute(x), compute(m_params[w]), compute(m_params[bias]));
        };
        auto layerNorm = [&](const torch::Tensor &x, size_t w) {
            return torch::layer_norm(x.to(torch::kFloat), {c}, m_params[w], m_params[w + 1]);
        };

        torch::Tensor x = m_params[0].index({inputs}) + m_params[1].slice(0, 0, t);
        x = torch::dropout(x, dropout, training);
        const auto mask = m_causalMask.slice(0, 0, t).slice(1, 0, t);
        const double scale = 1.0 / std::sqrt(double(headDim));
        for (int l = 0; l < m_config.layers; ++l) {
            const size_t base = 2 + size_t(l) * 12;
            auto qkv = linear(layerNorm(x, base), base + 2, base + 3).view({b, t, 3, heads, headDim});
            auto q = qkv.select(2, 0).transpose(1, 2);
            auto k = qkv.select(2, 1).transpose(1, 2);
            auto v = qkv.select(2, 2).transpose(1, 2);
            auto scores = torch::matmul(q, k.transpose(-2, -1)).to(torch::kFloat) * scale;
            auto attention = torch::softmax(scores.masked_fill(mask, -INFINITY), -1);
            attention = torch::dropout(attention, dropout, training);
            auto y = torch::matmul(compute(attention), v).transpose(1, 2).reshape({b, t, c});
            y = linear(y, base + 4, base + 5);
            x = x + torch::dropout(y, dropout, training).to(torch::kFloat);
            auto h = torch::gelu(linear(layerNorm(x, base + 6), base + 8, base + 9));
            h = linear(h, base + 10, base + 11);
            x = x + torch::dropout(h, dropout, training).to(torch::kFloat);
        }
        x = layerNorm(x, m_params.size() - 2);
        const auto logits = torch::matmul(compute(x), compute(m_params[0]).t());
        return torch::cross_entropy_loss(logits.to(torch::kFloat).view({b * t, m_vocabularySize}),
                                         targets.reshape({b * t}));
    }

private:
    void add(const QString &name, torch::Tensor value, bool decay)
    {
        m_names.append(name);
        m_params.push_back(std::move(value));
        m_decay.push_back(decay);
    }

    TrainConfig m_config;
    int m_vocabularySize;
    std::vector<torch::Tensor> m_params;
    QStringList m_names;
    std::vector<bool> m_decay;
    torch::Tensor m_causalMask;
};

TensorFile weightsAsTensorFile(const Gpt &model)
{
    TensorFile file;
    for (size_t i = 0; i < model.parameters().size(); ++i) {
        const auto t = model.parameters()[i].detach().to(torch::kCPU, torch::kDouble).contiguous();
        TensorData d;
        d.name = model.names().at(qsizetype(i));
        d.dtype = QStringLiteral("float32");
        for (int64_t s : t.sizes())
            d.shape.append(s);
        d.values.assign(t.data_ptr<double>(), t.data_ptr<double>() + t.numel());
        file.tensors.append(std::move(d));
    }
    return file;
}

} // namespace

ReferenceTrainer::ReferenceTrainer(TrainConfig config)
    : m_config(std::move(config))
{ }

QString ReferenceTrainer::builtInCorpusPath()
{
    return QStringLiteral(":/corpus/devils-dictionary.txt");
}

TrainOutcome ReferenceTrainer::run(const StepCallback &onStep, const std::atomic_bool *cancel)
{
    TrainOutcome outcome;
    outcome.status = QStringLiteral("failed");
    outcome.finalEvalLoss = std::nan("");
    const TrainConfig &cfg = m_config;
    if (const QString problem = cfg.validate(); !problem.isEmpty()) {
        outcome.error = problem;
        return outcome;
    }
    const QString corpusPath = cfg.corpusPath.isEmpty() ? builtInCorpusPath() : cfg.corpusPath;
    QFile corpusFile(corpusPath);
    if (!corpusFile.open(QIODevice::ReadOnly)) {
        outcome.error = QStringLiteral("%1: %2").arg(corpusPath, corpusFile.errorString());
        return outcome;
    }
    const QByteArray text = corpusFile.readAll();
    if (text.size() < qsizetype(cfg.context) * 20 + 2) {
        outcome.error = QStringLiteral("%1: %2 bytes is too little text for context %3 (need at least %4)")
                            .arg(corpusPath)
                            .arg(text.size())
                            .arg(cfg.context)
                            .arg(qsizetype(cfg.context) * 20 + 2);
        return outcome;
    }

    try {
        torch::Device device(torch::kCPU);
        if (cfg.device == QLatin1String("cuda")) {
            if (!torch::cuda::is_available()) {
                outcome.error = QStringLiteral("device cuda: the linked libtorch has no CUDA or no GPU is visible "
                                               "(Debian's libtorch is CPU-only); use --device cpu");
                return outcome;
            }
            device = torch::Device(torch::kCUDA, 0);
            outcome.deviceUsed = QStringLiteral("cuda:0");
        } else {
            outcome.deviceUsed = QStringLiteral("cpu");
        }
        torch::set_num_threads(cfg.threads);
        torch::manual_seed(cfg.seed); // dropout masks
        if (device.is_cuda())
            torch::cuda::manual_seed_all(cfg.seed);

        Corpus corpus = tokenize(text);
        corpus.train = corpus.train.to(device);
        corpus.validation = corpus.validation.to(device);
        outcome.vocabularySize = corpus.vocabularySize;
        Gpt model(cfg, corpus.vocabularySize, device);
        for (const auto &p : model.parameters())
            outcome.parameterCount += p.numel();

        std::vector<torch::Tensor> decay, noDecay;
        for (size_t i = 0; i < model.parameters().size(); ++i)
            (model.decays()[i] ? decay : noDecay).push_back(model.parameters()[i]);
        using torch::optim::AdamWOptions;
        auto options = [&](double weightDecay) {
            return std::make_unique<AdamWOptions>(
                AdamWOptions(cfg.learningRate).betas({0.9, 0.95}).eps(1e-8).weight_decay(weightDecay));
        };
        std::vector<torch::optim::OptimizerParamGroup> groups;
        groups.emplace_back(decay, options(cfg.weightDecay));
        groups.emplace_back(noDecay, options(0.0));
        torch::optim::AdamW optimizer(std::move(groups), AdamWOptions(cfg.learningRate));

        BatchSampler trainBatches(corpus.train, cfg.batchSize, cfg.context, cfg.seed);
        // The evaluation set is fixed for the whole run: the same windows every time.
        BatchSampler evalSampler(corpus.validation, cfg.batchSize, cfg.context, cfg.seed ^ 0x9e3779b97f4a7c15ULL);
        std::vector<std::pair<torch::Tensor, torch::Tensor>> evalSet;
        for (int i = 0; i < cfg.evalBatches; ++i)
            evalSet.push_back(evalSampler.next());

        const double tokensPerStep = double(cfg.batchSize) * cfg.context;
        const auto runStart = Clock::now();
        double trainSeconds = 0;
        double intervalSeconds = 0;
        int intervalSteps = 0;
        outcome.losses.reserve(size_t(cfg.steps));
        outcome.status = QStringLiteral("finished");
        for (int step = 1; step <= cfg.steps; ++step) {
            if (cancel && cancel->load()) {
                outcome.status = QStringLiteral("stopped");
                break;
            }
            const auto stepStart = Clock::now();
            const double lr = cfg.learningRateAt(step);
            for (auto &group : optimizer.param_groups())
                static_cast<AdamWOptions &>(group.options()).lr(lr);
            const auto [inputs, targets] = trainBatches.next();
            optimizer.zero_grad();
            const auto loss = model.loss(inputs, targets, cfg.dropout > 0);
            loss.backward();
            const double gradNorm = torch::nn::utils::clip_grad_norm_(model.parameters(), cfg.gradClip);
            optimizer.step();
            const double lossValue = loss.item<double>(); // synchronises a GPU, so the timing is honest
            const double seconds = secondsSince(stepStart);
            trainSeconds += seconds;
            intervalSeconds += seconds;
            ++intervalSteps;
            outcome.losses.push_back(lossValue);
            outcome.stepsDone = step;
            outcome.finalLoss = lossValue;

            TrainStep record;
            record.step = step;
            record.loss = lossValue;
            record.learningRate = lr;
            record.gradNorm = gradNorm;
            if (cfg.evalInterval > 0 && (step % cfg.evalInterval == 0 || step == cfg.steps)) {
                torch::NoGradGuard noGrad;
                double sum = 0;
                for (const auto &[x, y] : evalSet)
                    sum += model.loss(x, y, false).item<double>();
                record.hasEvalLoss = true;
                record.evalLoss = sum / double(evalSet.size());
                outcome.finalEvalLoss = record.evalLoss;
            }
            if (step % cfg.logInterval == 0 || step == cfg.steps || record.hasEvalLoss) {
                record.tokensPerSecond = tokensPerStep * intervalSteps / intervalSeconds;
                record.time = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
                intervalSeconds = 0;
                intervalSteps = 0;
                if (onStep)
                    onStep(record);
            }
        }
        outcome.wallSeconds = secondsSince(runStart);
        outcome.tokensPerSecond = trainSeconds > 0 ? tokensPerStep * outcome.stepsDone / trainSeconds : 0;
        if (!m_weightDumpPath.isEmpty()) {
            if (const QString error = TorchTensorIo::save(m_weightDumpPath, weightsAsTensorFile(model));
                !error.isEmpty()) {
                outcome.status = QStringLiteral("failed");
                outcome.error = error;
            }
        }
    } catch (const std::exception &e) {
        outcome.status = QStringLiteral("failed");
        outcome.error
            = QStringLiteral("libtorch: %1").arg(QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0));
    }
    return outcome;
}
