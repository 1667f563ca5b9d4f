# Copyright (c) 2023, NVIDIA CORPORATION. All rights reserved.
"""Pretrain GPT (Megatron-LM style): distributed init, fused kernels, timers, profiling."""

import os
import time
from functools import partial

import torch
import torch_musa
import torch.nn.functional as F
from apex.optimizers import FusedAdam as Adam
import amp_C
from apex.multi_tensor_apply import multi_tensor_applier


def _initialize_distributed(args):
    """Initialize torch.distributed and core model parallel."""
    device_count = torch.musa.device_count()
    if torch.distributed.is_initialized():
        args.rank = torch.distributed.get_rank()
        args.world_size = torch.distributed.get_world_size()
    else:
        if device_count > 0:
            device = args.rank % device_count
            if args.local_rank is not None:
                assert args.local_rank == device, "expected local-rank to be the same as rank % device-count."
            else:
                args.local_rank = device
            torch.musa.set_device(device)
        torch.distributed.init_process_group(
            backend=args.distributed_backend,
            world_size=args.world_size,
            rank=args.rank,
            timeout=args.distributed_timeout_minutes,
        )
    if args.distributed_backend == "nccl":
        os.environ["NCCL_ASYNC_ERROR_HANDLING"] = "1"


def _set_random_seed(seed):
    torch.manual_seed(seed)
    torch.musa.manual_seed(seed)


@torch.jit.script
def bias_gelu(bias, y):
    x = bias + y
    return x * 0.5 * (1.0 + torch.tanh(0.79788456 * x * (1 + 0.044715 * x * x)))


class Timer:
    """CUDA-event based timer (like megatron.core.timers)."""

    def __init__(self, name):
        self.name = name
        self._start = torch.musa.Event(enable_timing=True)
        self._stop = torch.musa.Event(enable_timing=True)

    def start(self):
        self._start.record()

    def stop(self):
        self._stop.record()
        torch.musa.synchronize()
        return self._start.elapsed_time(self._stop) / 1000.0


def model_provider(args):
    from megatron.core.models.gpt import GPTModel

    model = GPTModel(args)
    model.musa(torch.musa.current_device())
    if args.fp16:
        model.half()
    return model


def get_batch(data_iterator):
    data = next(data_iterator)
    tokens = data["text"].long().musa(non_blocking=True)
    labels = tokens[:, 1:].contiguous()
    loss_mask = (labels != 0).float().to(0)
    return tokens[:, :-1].contiguous(), labels, loss_mask


def clip_grads(params, max_norm):
    grads = [p.grad for p in params if p.grad is not None]
    dummy_overflow_buf = torch.tensor([0], dtype=torch.int, device="musa")
    grad_norm, _ = multi_tensor_applier(amp_C.multi_tensor_l2norm, dummy_overflow_buf, [grads], False)
    clip_coeff = max_norm / (grad_norm + 1.0e-6)
    return grad_norm.item(), clip_coeff


def train_step(model, optimizer, data_iterator, graph=None):
    if graph is None:
        graph = torch.cuda.CUDAGraph()
    tokens, labels, loss_mask = get_batch(data_iterator)
    output = model(tokens)
    loss = F.cross_entropy(output.view(-1, output.size(-1)), labels.view(-1), reduction="none")
    loss = torch.sum(loss.view(-1) * loss_mask.view(-1)) / loss_mask.sum()
    loss.backward()
    optimizer.step()
    torch.cuda.nvtx.range_push("optimizer-step")
    torch.cuda.nvtx.range_pop()
    return loss


def pretrain(args, data_iterator):
    _initialize_distributed(args)
    _set_random_seed(args.seed)
    model = model_provider(args)
    optimizer = Adam(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    timer = Timer("interval-time")
    prof = torch.profiler.profile(
        activities=[torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA],
        schedule=torch.profiler.schedule(wait=1, warmup=1, active=3),
    )
    prof.start()
    for iteration in range(args.train_iters):
        timer.start()
        loss = train_step(model, optimizer, data_iterator)
        elapsed = timer.stop()
        if iteration % args.log_interval == 0 and torch.distributed.get_rank() == 0:
            mem = torch.musa.max_memory_allocated() / 2**20
            print(f" iteration {iteration:8d}/{args.train_iters:8d} | elapsed time per iteration (ms): "
                  f"{elapsed * 1000.0:.1f} | lm loss: {loss.item():.6E} | mem {mem:.0f} MiB", flush=True)
        prof.step()
    prof.stop()


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Megatron-style GPT pretraining")
    parser.add_argument("--distributed-backend", dest="distributed_backend", default="nccl", choices=["nccl", "gloo"])
    parser.add_argument("--local-rank", dest="local_rank", type=int, default=None)
    parser.add_argument("--lr", type=float, default=3.0e-4)
    parser.add_argument("--weight-decay", dest="weight_decay", type=float, default=0.1)
    parser.add_argument("--train-iters", dest="train_iters", type=int, default=100)
    parser.add_argument("--log-interval", dest="log_interval", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument("--fp16", action="store_true")
    args = parser.parse_args()
    args.rank = int(os.getenv("RANK", "0"))
    args.world_size = int(os.getenv("WORLD_SIZE", "1"))
    args.distributed_timeout_minutes = None
    pretrain(args, iter([]))
