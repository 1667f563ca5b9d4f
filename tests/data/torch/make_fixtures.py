#!/usr/bin/python3
"""Writes the small tensor-dump fixtures for tests/tensors with Debian's python3-torch (1.13).

Run from this folder: /usr/bin/python3 make_fixtures.py
Deterministic: the same torch version writes the same values.
"""
import collections
import json
import struct

import torch

torch.manual_seed(20240601)

baseline = {
    "embed.weight": torch.randn(8, 4),
    "layer.0.out": torch.randn(16),
    "layer.1.out": torch.randn(2, 3).to(torch.bfloat16),
    "logits": torch.randn(4, 5),
    "step": torch.tensor([7, 8, 9], dtype=torch.int64),
}

candidate = {k: v.clone() for k, v in baseline.items()}
candidate["embed.weight"] += 1e-5 * torch.randn(8, 4)          # passes: tiny noise
candidate["layer.0.out"][3] = float("nan")                     # fails: NaN (first failing in file order)
candidate["layer.1.out"] = baseline["layer.1.out"].float()     # passes: bf16 vs fp32, same values
candidate["logits"] = -baseline["logits"]                      # fails: cosine -1
candidate["extra"] = torch.zeros(2)                            # only in candidate

torch.save(baseline, "baseline.pt")
torch.save(candidate, "candidate.pt")
torch.save(baseline["logits"], "bare_tensor.pt")

# A real state_dict is an OrderedDict; nested containers flatten to dotted names.
model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.LayerNorm(2))
torch.save(model.state_dict(), "state_dict.pt")
torch.save({"model": {"w": torch.ones(2, 2)}, "hidden": [torch.zeros(3), torch.arange(3.0)], "epoch": 3},
           "nested.pt")

# safetensors, written from the format's specification (8-byte LE header length, JSON header, data),
# holding the same tensors as baseline.pt: python3-safetensors is not needed.
DTYPES = {torch.float32: ("F32", "<f4"), torch.int64: ("I64", "<i8"), torch.bfloat16: ("BF16", None)}


def tensor_bytes(t):
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().astype("<i2").tobytes()
    return t.numpy().astype(DTYPES[t.dtype][1]).tobytes()


header, blobs, offset = collections.OrderedDict(), [], 0
header["__metadata__"] = {"format": "pt"}
for name, t in baseline.items():
    data = tensor_bytes(t.contiguous())
    header[name] = {"dtype": DTYPES[t.dtype][0], "shape": list(t.shape), "data_offsets": [offset, offset + len(data)]}
    blobs.append(data)
    offset += len(data)
text = json.dumps(header, separators=(",", ":")).encode()
text += b" " * (-len(text) % 8)
with open("baseline.safetensors", "wb") as f:
    f.write(struct.pack("<Q", len(text)) + text + b"".join(blobs))

# Expected values for the tests, written by Python so the C++ side checks against torch's own numbers.
expected = {
    "embed.weight[0][0]": baseline["embed.weight"][0][0].item(),
    "layer.1.out[1][2]": baseline["layer.1.out"][1][2].float().item(),
    "logits.sum": baseline["logits"].double().sum().item(),
}
with open("expected.json", "w") as f:
    json.dump(expected, f, indent=1)
