"""Test stand-in for Huawei's torch_npu on a machine without an Ascend NPU (see ../README.md)."""

import types

from portbench_stub_device import attach

npu = attach("npu", "hccl", "torch_npu")

# torch_npu's HF32 switches, the counterparts of torch.backends.cuda.matmul / cudnn.allow_tf32.
npu.matmul = types.SimpleNamespace(allow_hf32=False)
npu.conv = types.SimpleNamespace(allow_hf32=True)
