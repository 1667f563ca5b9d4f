"""Test stand-in for Moore Threads' torch_musa on a machine without a MUSA GPU (see ../README.md)."""

import torch

from portbench_stub_device import attach

musa = attach("musa", "mccl", "torch_musa")
# torch_musa exposes muDNN's flags as torch.backends.mudnn (its cuDNN counterpart).
torch.backends.mudnn = type(torch.backends)("torch.backends.mudnn")
torch.backends.mudnn.allow_tf32 = False
