"""A Trainer-style training loop, modelled on transformers.Trainer and similar libraries: the
library picks the device and the process-group backend; the launcher only builds the arguments."""
from __future__ import annotations

import os
from dataclasses import dataclass

import torch.nn as nn
import torch as th
import torch.distributed as dist

# The process-group backend that goes with each device type.
BACKENDS = {"cuda": "nccl", "cpu": "gloo"}


@dataclass
class TrainingArguments:
    learning_rate: float = 1e-3
    max_steps: int = 2
    no_cuda: bool = False
    seed: int = 42


class TinyLM(nn.Module):
    def __init__(self, vocab=32, width=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.head = nn.Linear(width, vocab)

    def forward(self, x, y):
        return nn.functional.cross_entropy(self.head(self.embed(x)).flatten(0, 1), y.flatten())


def random_batches(steps, vocab=32, batch=4, length=8):
    for _ in range(steps):
        tokens = th.randint(vocab, (batch, length + 1))
        yield tokens[:, :-1], tokens[:, 1:]


class Trainer:
    def __init__(self, model, args):
        self.args = args
        th.manual_seed(args.seed)
        th.cuda.manual_seed_all(args.seed)
        if th.cuda.is_available() and not args.no_cuda:
            self.device = th.device("cuda", th.cuda.current_device())
        else:
            self.device = th.device("cpu")
        if "RANK" in os.environ and not dist.is_initialized():
            dist.init_process_group(backend=BACKENDS[self.device.type])
        self.model = model.cuda() if self.device.type == "cuda" else model.to(self.device)
        self.scaler = th.cuda.amp.GradScaler(enabled=self.device.type == "cuda")

    def log(self, step, loss):
        memory = th.cuda.max_memory_allocated() if self.device.type == "cuda" else 0
        print(f"step {step}: loss {loss.item():.4f}, device memory {memory} bytes")

    def train(self, batches):
        self.model.train()
        optimizer = th.optim.AdamW(self.model.parameters(), lr=self.args.learning_rate)
        for step, (x, y) in enumerate(batches):
            x, y = x.to(self.device), y.to(self.device)
            if x.is_cuda:
                th.cuda.synchronize()
            with th.autocast(device_type=self.device.type, enabled=False):
                loss = self.model(x, y)
            self.scaler.scale(loss).backward()
            self.scaler.step(optimizer)
            self.scaler.update()
            optimizer.zero_grad()
            self.log(step, loss)
