#!/usr/bin/python3
"""The reference model of torchlib/referencetrainer.cpp in Python torch, for the throughput benchmark.

Same architecture (pre-LN GPT, tied embeddings, GELU MLP), same initialisation scheme, same AdamW
groups and betas, same warmup + cosine schedule, same clipping, same bf16 policy (matmuls on bf16
casts of fp32 master weights; LayerNorm, softmax and loss in fp32). Only the random windows differ
(Python's Mersenne Twister vs std::mt19937_64), which does not change the work per step.

Prints one JSON object: tokens/s over the steps after the warm-up, parameter count, last loss.
"""
import argparse
import json
import math
import random
import time

import torch
import torch.nn.functional as F


def main():
    p = argparse.ArgumentParser()
    for name, default in [("steps", 60), ("warm", 5), ("layers", 2), ("width", 64), ("heads", 4), ("context", 64),
                          ("batch", 16), ("threads", 2), ("seed", 1234), ("warmup", 30)]:
        p.add_argument("--" + name, type=int, default=default)
    p.add_argument("--precision", default="fp32")
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--min-lr", type=float, default=3e-4)
    p.add_argument("--corpus", required=True)
    a = p.parse_args()

    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    text = open(a.corpus, "rb").read()
    vocab = sorted(set(text))
    ids = {b: i for i, b in enumerate(vocab)}
    data = torch.tensor([ids[b] for b in text], dtype=torch.long)
    train = data[: int(len(data) * 0.9)]

    c, heads, layers = a.width, a.heads, a.layers
    gen = torch.Generator().manual_seed(a.seed)
    residual_std = 0.02 / math.sqrt(2.0 * layers)
    params, decay = [], []

    def add(t, d):
        t.requires_grad_(True)
        params.append(t)
        decay.append(d)
        return t

    wte = add(torch.randn(len(vocab), c, generator=gen) * 0.02, True)
    wpe = add(torch.randn(a.context, c, generator=gen) * 0.01, False)
    blocks = []
    for _ in range(layers):
        blocks.append([
            add(torch.ones(c), False), add(torch.zeros(c), False),
            add(torch.randn(3 * c, c, generator=gen) * 0.02, True), add(torch.zeros(3 * c), False),
            add(torch.randn(c, c, generator=gen) * residual_std, True), add(torch.zeros(c), False),
            add(torch.ones(c), False), add(torch.zeros(c), False),
            add(torch.randn(4 * c, c, generator=gen) * 0.02, True), add(torch.zeros(4 * c), False),
            add(torch.randn(c, 4 * c, generator=gen) * residual_std, True), add(torch.zeros(c), False),
        ])
    lnf_w, lnf_b = add(torch.ones(c), False), add(torch.zeros(c), False)
    mask = torch.ones(a.context, a.context, dtype=torch.bool).triu(1)
    bf16 = a.precision == "bf16"
    compute = (lambda x: x.to(torch.bfloat16)) if bf16 else (lambda x: x)

    def linear(x, w, b):
        return F.linear(compute(x), compute(w), compute(b))

    def loss_of(x_ids, y_ids):
        b, t = x_ids.shape
        hd = c // heads
        x = wte[x_ids] + wpe[:t]
        for (l1w, l1b, qw, qb, pw, pb, l2w, l2b, fw, fb, f2w, f2b) in blocks:
            qkv = linear(F.layer_norm(x.float(), (c,), l1w, l1b), qw, qb).view(b, t, 3, heads, hd)
            q, k, v = (qkv.select(2, i).transpose(1, 2) for i in range(3))
            scores = torch.matmul(q, k.transpose(-2, -1)).float() * (1.0 / math.sqrt(hd))
            att = torch.softmax(scores.masked_fill(mask[:t, :t], float("-inf")), -1)
            y = torch.matmul(compute(att), v).transpose(1, 2).reshape(b, t, c)
            x = x + linear(y, pw, pb).float()
            h = F.gelu(linear(F.layer_norm(x.float(), (c,), l2w, l2b), fw, fb))
            x = x + linear(h, f2w, f2b).float()
        x = F.layer_norm(x.float(), (c,), lnf_w, lnf_b)
        logits = torch.matmul(compute(x), compute(wte).t())
        return F.cross_entropy(logits.float().view(b * t, -1), y_ids.reshape(b * t))

    groups = [{"params": [p for p, d in zip(params, decay) if d], "weight_decay": 0.1},
              {"params": [p for p, d in zip(params, decay) if not d], "weight_decay": 0.0}]
    opt = torch.optim.AdamW(groups, lr=a.lr, betas=(0.9, 0.95), eps=1e-8)
    rng = random.Random(a.seed)
    positions = torch.arange(a.context + 1).unsqueeze(0)

    def lr_at(step):
        if a.warmup > 0 and step <= a.warmup:
            return a.lr * step / a.warmup
        progress = min(1.0, (step - a.warmup) / max(1, a.steps - a.warmup))
        return a.min_lr + 0.5 * (a.lr - a.min_lr) * (1 + math.cos(math.pi * progress))

    timed, loss_value = 0.0, 0.0
    for step in range(1, a.steps + 1):
        start = time.perf_counter()
        for g in opt.param_groups:
            g["lr"] = lr_at(step)
        offsets = torch.tensor([rng.randrange(len(train) - a.context - 1) for _ in range(a.batch)])
        window = train[offsets.unsqueeze(1) + positions]
        opt.zero_grad()
        loss = loss_of(window[:, :-1], window[:, 1:])
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        loss_value = loss.item()
        if step > a.warm:
            timed += time.perf_counter() - start
    tokens = (a.steps - a.warm) * a.batch * a.context
    print(json.dumps({"tokens_per_s": tokens / timed, "parameters": sum(p.numel() for p in params),
                      "last_loss": loss_value, "torch": torch.__version__}))


if __name__ == "__main__":
    main()
