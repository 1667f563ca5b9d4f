#!/usr/bin/env python3
"""Writes the stack check's shipped inputs once; the workload itself never draws random numbers.

    /usr/bin/python3 resources/stackcheck/make_inputs.py resources/corpus/devils-dictionary.txt resources/stackcheck

init-weights.safetensors: GPT-2 initialisation of the reference model (N(0, 0.02), residual
projections N(0, 0.02/sqrt(2*layers)), positions N(0, 0.01), LayerNorm 1/0, biases 0) drawn from
torch.Generator seeded 1234 — as torchlib/referencetrainer.cpp initialises. tokens.safetensors:
character ids (vocabulary = the bytes that occur in the whole corpus, in byte order) of the first
64 KiB of the corpus (training) and 8 KiB from its last tenth (validation).
"""
import math
import sys

import torch

import stackcheck

TRAIN_BYTES, VALIDATION_BYTES = 64 * 1024, 8 * 1024


def main():
    corpus, out = sys.argv[1], sys.argv[2]
    text = open(corpus, "rb").read()
    vocab = sorted(set(text))
    ids = {b: i for i, b in enumerate(vocab)}
    split = int(len(text) * 0.9)
    train = bytes(ids[b] for b in text[:TRAIN_BYTES])
    validation = bytes(ids[b] for b in text[split:split + VALIDATION_BYTES])
    stackcheck.write_safetensors(out + "/tokens.safetensors",
                                 {"train": ("U8", [len(train)], train), "validation": ("U8", [len(validation)], validation)},
                                 {"vocab_size": str(len(vocab)), "source": "resources/corpus/devils-dictionary.txt",
                                  "train": "bytes 0..%d" % TRAIN_BYTES,
                                  "validation": "bytes %d..%d" % (split, split + VALIDATION_BYTES),
                                  "vocabulary": "".join(chr(b) for b in vocab)})
    gen = torch.Generator().manual_seed(1234)
    model = stackcheck.build_model(torch)(len(vocab))
    cfg = stackcheck.CONFIG
    residual = 0.02 / math.sqrt(2.0 * cfg["layers"])
    tensors = {}
    for name, p in model.state_dict().items():
        if name == "wpe":
            value = torch.randn(p.shape, generator=gen) * 0.01
        elif name.endswith("proj.weight"):
            value = torch.randn(p.shape, generator=gen) * residual
        elif name.endswith(".weight") and p.dim() == 2 or name == "wte":
            value = torch.randn(p.shape, generator=gen) * 0.02
        elif "ln" in name and name.endswith(".weight"):
            value = torch.ones(p.shape)
        else:
            value = torch.zeros(p.shape)
        tensors[name] = ("F32", list(p.shape), value.float().contiguous().numpy().tobytes())
    stackcheck.write_safetensors(out + "/init-weights.safetensors", tensors,
                                 {"made_by": "make_inputs.py, torch.Generator seed 1234, torch " + torch.__version__})


if __name__ == "__main__":
    main()
