"""Shared body of the test stand-ins for torch_npu and torch_musa (see README.md here).

A real device extension, once imported, adds a `torch.<device>` namespace, `.<device>()` /
`.is_<device>` on tensors and modules, and registers its collective backend with
torch.distributed. These stand-ins do the same on a machine without the device: the namespace
reports no device (`is_available()` is False, `device_count()` is 0), anything that would need one
raises, and the collective backend runs on gloo so a one-process group can be created on the CPU.
Nothing is attached to torch until the stand-in is imported, so a ported script that forgot its
`import torch_npu` fails at its first `torch.npu` exactly as it would on a real machine.
"""

import sys
import types

import torch
import torch.distributed as dist


class NoDeviceError(RuntimeError):
    pass


def attach(device, collective, extension):
    def no_device(*args, **kwargs):
        raise NoDeviceError(f"{extension} stand-in: no {device} device on this machine")

    namespace = types.ModuleType(f"torch.{device}")

    def not_provided(name):
        raise AttributeError(f"{extension} stand-in: torch.{device}.{name} is not provided")

    namespace.__getattr__ = not_provided
    namespace.is_available = lambda: False
    namespace.device_count = lambda: 0
    namespace.is_bf16_supported = lambda: False
    namespace.is_initialized = lambda: False
    # Seeding is lazy in torch.cuda too: it is recorded and applied when a device appears.
    namespace.manual_seed = lambda seed: None
    namespace.manual_seed_all = lambda seed: None
    namespace.empty_cache = lambda: None
    for name in ("current_device", "set_device", "synchronize", "memory_allocated", "max_memory_allocated",
                 "memory_reserved", "reset_peak_memory_stats", "get_device_name", "get_device_properties",
                 "Stream", "Event", "current_stream", "mem_get_info"):
        setattr(namespace, name, no_device)

    amp = types.ModuleType(f"torch.{device}.amp")

    class GradScaler(torch.cuda.amp.GradScaler):
        """The device's GradScaler: like torch.cuda.amp's, it disables itself without a device."""

        def __init__(self, *args, **kwargs):
            kwargs["enabled"] = False
            super().__init__(*args, **kwargs)

    amp.GradScaler = GradScaler
    namespace.amp = amp
    sys.modules[f"torch.{device}"] = namespace
    sys.modules[f"torch.{device}.amp"] = amp
    setattr(torch, device, namespace)

    setattr(torch.Tensor, device, no_device)
    setattr(torch.nn.Module, device, no_device)
    setattr(torch.Tensor, f"is_{device}", property(lambda self: False))

    if dist.is_available() and collective.upper() not in dir(dist.Backend):
        def gloo_group(store, rank, size, timeout):
            return dist.ProcessGroupGloo(store, rank, size, timeout)

        dist.Backend.register_backend(collective, gloo_group)
    return namespace
