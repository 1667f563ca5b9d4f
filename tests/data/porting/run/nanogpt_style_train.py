"""
A nanoGPT-style training script: configuration as module globals and no main guard, run as
  $ python3 nanogpt_style_train.py
  $ torchrun --standalone --nproc_per_node=8 nanogpt_style_train.py
One tiny language model trained on random tokens for a few iterations.
"""
import os
import time
from contextlib import nullcontext

import torch
import torch.nn as nn
from torch.nn import functional as F
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

# -----------------------------------------------------------------------------
batch_size = 4
block_size = 16
vocab_size = 64
n_embd = 32
max_iters = 3
learning_rate = 1e-3
backend = 'nccl'  # 'nccl', 'gloo', etc.
device = 'cuda'  # examples: 'cpu', 'cuda', 'cuda:0', 'cuda:1' etc.
dtype = 'bfloat16' if torch.cuda.is_available() and torch.cuda.is_bf16_supported() else 'float16'
# -----------------------------------------------------------------------------
if not torch.cuda.is_available():
    device = 'cpu'  # no GPU on this machine: train on the CPU
    dtype = 'float32'

ddp = int(os.environ.get('RANK', -1)) != -1  # is this a ddp run?
if ddp:
    dist.init_process_group(backend=backend)
    ddp_rank = int(os.environ['RANK'])
    ddp_local_rank = int(os.environ['LOCAL_RANK'])
    if device.startswith('cuda'):
        device = f'cuda:{ddp_local_rank}'
        torch.cuda.set_device(device)
    master_process = ddp_rank == 0
    seed_offset = ddp_rank
else:
    master_process = True
    seed_offset = 0

torch.manual_seed(1337 + seed_offset)
torch.cuda.manual_seed(1337 + seed_offset)
torch.backends.cuda.matmul.allow_tf32 = True  # allow tf32 on matmul
torch.backends.cudnn.allow_tf32 = True  # allow tf32 on cudnn
device_type = 'cuda' if 'cuda' in device else 'cpu'  # for later use in torch.autocast
ptdtype = {'float32': torch.float32, 'bfloat16': torch.bfloat16, 'float16': torch.float16}[dtype]
ctx = nullcontext() if device_type == 'cpu' else torch.amp.autocast(device_type=device_type, dtype=ptdtype)
pin_batches = {'cuda': True, 'cpu': False}[device_type]


class TinyGPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(vocab_size, n_embd)
        self.wpe = nn.Embedding(block_size, n_embd)
        self.mlp = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.GELU(), nn.Linear(4 * n_embd, n_embd))
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)

    def forward(self, idx, targets):
        pos = torch.arange(idx.size(1), device=idx.device)
        x = self.wte(idx) + self.wpe(pos)
        x = x + self.mlp(x)
        logits = self.lm_head(x)
        return F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1))


def get_batch():
    data = torch.randint(vocab_size, (batch_size, block_size + 1))
    x, y = data[:, :-1], data[:, 1:]
    if pin_batches:
        # pin arrays x,y, which allows us to move them to GPU asynchronously (non_blocking=True)
        x, y = x.pin_memory().to(device, non_blocking=True), y.pin_memory().to(device, non_blocking=True)
    else:
        x, y = x.to(device), y.to(device)
    return x, y


model = TinyGPT().to(device)
scaler = torch.cuda.amp.GradScaler(enabled=(dtype == 'float16'))
optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate)
if ddp:
    model = DDP(model, device_ids=[ddp_local_rank] if device_type == 'cuda' else None)

t0 = time.time()
for it in range(max_iters):
    X, Y = get_batch()
    with ctx:
        loss = model(X, Y)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad(set_to_none=True)
    if device_type == 'cuda':
        torch.cuda.synchronize()
    if master_process:
        print(f"iter {it}: loss {loss.item():.4f}, {(time.time() - t0) * 1000:.0f}ms")
if master_process and torch.cuda.is_available():
    print(f"max memory {torch.cuda.max_memory_allocated() / 2**20:.1f} MiB")
if ddp:
    dist.destroy_process_group()
