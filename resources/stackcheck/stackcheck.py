#!/usr/bin/env python3
"""PortBench stack check: the built-in reference GPT trained in the user's own Python stack.

The model of torchlib/referencetrainer.cpp (pre-LayerNorm GPT, 2 layers, width 64, 4 heads, context
64, tied embeddings, GELU MLP, AdamW, warmup + cosine, clipping to 1.0, dropout off) trained from
shipped initial weights (init-weights.safetensors) on shipped tokens (tokens.safetensors), with
batch windows chosen by integer arithmetic: nothing depends on an RNG implementation, so two stacks
that compute the same thing write the same loss curve. Needs only `torch`, plus `torch_npu` or
`torch_musa` for --device npu / musa.

Writes PortBench's JSON-Lines run log (docs/reference-run.md, "Log format"): a start record with
the settings and the environment (python, torch and extension versions, device, driver, the exact
command), one line per step, an end record. docs/stackcheck.md describes it.

Exit codes: 0 finished, 1 training failed, 2 usage error, 3 torch (or the device extension) cannot
be imported, 4 the device is not available.
"""
import argparse
import datetime
import json
import math
import os
import platform
import shlex
import struct
import sys
import time

# cuBLAS needs this before CUDA starts to honour deterministic algorithms.
os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")

SCHEDULE_STEPS = 200  # the schedule is fixed, so --steps N trains the first N steps of the same run
CONFIG = {"layers": 2, "width": 64, "heads": 4, "context": 64, "batch": 16, "lr": 2e-3, "min_lr": 2e-4,
          "warmup": 40, "weight_decay": 0.1, "clip": 1.0, "eval_interval": 50, "eval_batches": 4}
WINDOW_STRIDE = 40503  # batch window k starts at (k * stride) mod range: integer arithmetic, no RNG
# Devices beyond cuda and cpu: PortBench passes one --backend DEVICE=MODULE:COLLECTIVE per loaded
# backend plugin; these defaults serve a run by hand.
EXTENSIONS = {"npu": "torch_npu", "musa": "torch_musa"}
BACKENDS = {"cuda": "nccl", "npu": "hccl", "musa": "mccl", "cpu": "gloo"}


def add_backends(specs):
    """Registers DEVICE=MODULE:COLLECTIVE specs; returns the first malformed one, or None."""
    for spec in specs or []:
        device, _, rest = spec.partition("=")
        module, _, collective = rest.partition(":")
        if not device or not module or not collective:
            return spec
        EXTENSIONS[device] = module
        BACKENDS[device] = collective
    return None
HERE = os.path.dirname(os.path.abspath(__file__))

DTYPES = {"F32": ("f", 4), "U8": ("B", 1), "I64": ("q", 8)}


def read_safetensors(path):
    """(tensors as (dtype, shape, bytes), metadata) of a safetensors file, parsed by hand."""
    with open(path, "rb") as f:
        blob = f.read()
    if len(blob) < 8:
        raise ValueError("%s: too short for a safetensors file" % path)
    (size,) = struct.unpack("<Q", blob[:8])
    if size > len(blob) - 8:
        raise ValueError("%s: header size %d exceeds the file" % (path, size))
    header = json.loads(blob[8:8 + size].decode("utf-8"))
    meta = header.pop("__metadata__", {})
    out = {}
    for name, h in header.items():
        begin, end = h["data_offsets"]
        out[name] = (h["dtype"], list(h["shape"]), blob[8 + size + begin:8 + size + end])
    return out, meta


def write_safetensors(path, tensors, metadata):
    """tensors: name -> (dtype, shape, bytes). Written to path + '.tmp', then renamed."""
    header, offset = {}, 0
    for name, (dtype, shape, data) in tensors.items():
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + len(data)]}
        offset += len(data)
    header["__metadata__"] = metadata
    text = json.dumps(header, sort_keys=True).encode("utf-8")
    text += b" " * (-len(text) % 8)
    with open(path + ".tmp", "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text)
        for _, (_, _, data) in tensors.items():
            f.write(data)
    os.replace(path + ".tmp", path)


def as_tensor(torch, entry):
    dtype, shape, data = entry
    kind = {"F32": torch.float32, "U8": torch.uint8, "I64": torch.int64}[dtype]
    return torch.frombuffer(bytearray(data), dtype=kind).reshape(shape).clone()


def build_model(torch):
    nn, F = torch.nn, torch.nn.functional
    c, heads = CONFIG["width"], CONFIG["heads"]

    class Attention(nn.Module):
        def __init__(self):
            super().__init__()
            self.qkv = nn.Linear(c, 3 * c)
            self.proj = nn.Linear(c, c)

        def forward(self, x, mask):
            b, t, _ = x.shape
            qkv = self.qkv(x).view(b, t, 3, heads, c // heads)
            q, k, v = (qkv.select(2, i).transpose(1, 2) for i in range(3))
            scores = torch.matmul(q, k.transpose(-2, -1)).float() * (1.0 / math.sqrt(c // heads))
            att = torch.softmax(scores.masked_fill(mask[:t, :t], float("-inf")), -1)
            return self.proj(torch.matmul(att, v).transpose(1, 2).reshape(b, t, c))

    class Mlp(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(c, 4 * c)
            self.proj = nn.Linear(4 * c, c)

        def forward(self, x):
            return self.proj(F.gelu(self.fc(x)))

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1, self.attn, self.ln2, self.mlp = nn.LayerNorm(c), Attention(), nn.LayerNorm(c), Mlp()

        def forward(self, x, mask):
            # The residual stream stays fp32 (bf16 branch outputs are promoted when added).
            x = x + self.attn(self.ln1(x.float()), mask).float()
            return x + self.mlp(self.ln2(x.float())).float()

    class Gpt(nn.Module):
        def __init__(self, vocab):
            super().__init__()
            self.wte = nn.Parameter(torch.zeros(vocab, c))
            self.wpe = nn.Parameter(torch.zeros(CONFIG["context"], c))
            self.blocks = nn.ModuleList([Block() for _ in range(CONFIG["layers"])])
            self.ln_f = nn.LayerNorm(c)

        def forward(self, inputs, targets):
            b, t = inputs.shape
            x = self.wte[inputs] + self.wpe[:t]
            # Built per call, not a bool buffer: gloo cannot broadcast bool tensors when DDP syncs buffers.
            mask = torch.ones(t, t, dtype=torch.bool, device=inputs.device).triu(1)
            for block in self.blocks:
                x = block(x, mask)
            logits = torch.matmul(self.ln_f(x.float()), self.wte.t())
            return F.cross_entropy(logits.float().reshape(b * t, -1), targets.reshape(b * t))

    return Gpt


def lr_at(step):
    peak, low, warm = CONFIG["lr"], CONFIG["min_lr"], CONFIG["warmup"]
    if warm > 0 and step <= warm:
        return peak * step / warm
    progress = min(1.0, (step - warm) / max(1, SCHEDULE_STEPS - warm))
    return low + 0.5 * (peak - low) * (1 + math.cos(math.pi * progress))


def windows(torch, tokens, first, count):
    """Windows first .. first+count-1 of the fixed sequence, as (inputs, targets)."""
    context = CONFIG["context"]
    span = tokens.numel() - context - 1
    offsets = torch.tensor([(k * WINDOW_STRIDE) % span for k in range(first, first + count)], dtype=torch.long)
    w = tokens[offsets.unsqueeze(1) + torch.arange(context + 1).unsqueeze(0)]
    return w[:, :-1], w[:, 1:]


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return ""


def environment(torch, args, device, extension):
    env = {"python": platform.python_version(), "python_executable": sys.executable, "torch_version": torch.__version__,
           "host": platform.node(), "platform": platform.platform(),
           "command": " ".join(shlex.quote(a) for a in [sys.executable] + sys.argv)}
    if extension is not None:
        env[extension.__name__ + "_version"] = getattr(extension, "__version__", "unknown")
    if args.device == "cuda":
        env["device_name"] = torch.cuda.get_device_name(device)
        env["cuda_version"] = torch.version.cuda
        env["cudnn_version"] = torch.backends.cudnn.version()
        try:
            import subprocess
            env["driver"] = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                                           capture_output=True, text=True, timeout=20).stdout.split("\n")[0].strip()
        except Exception:  # noqa: BLE001 - the driver is a nicety, never a reason to fail
            pass
    elif args.device in EXTENSIONS:
        module = getattr(torch, args.device)
        try:
            env["device_name"] = module.get_device_name(device)
        except Exception:  # noqa: BLE001
            pass
        toolkit = getattr(torch.version, {"npu": "cann"}.get(args.device, args.device), None)
        if toolkit:
            env[args.device + "_toolkit_version"] = str(toolkit)
        if os.environ.get("ASCEND_TOOLKIT_HOME"):
            env["ascend_toolkit_home"] = os.environ["ASCEND_TOOLKIT_HOME"]
    else:
        env["device_name"] = cpu_model() or platform.processor() or platform.machine()
        env["cpu_threads"] = torch.get_num_threads()
    return env


def train(rank, args, torch, extension):
    world = args.devices
    dev = args.device
    if dev == "cpu":
        device = torch.device("cpu")
    else:
        device = torch.device(dev, rank)
        getattr(torch, dev).set_device(device)
    torch.set_num_threads(args.threads)
    try:
        torch.use_deterministic_algorithms(True, warn_only=True)
    except TypeError:  # torch < 1.11 has no warn_only
        pass
    if dev == "cuda":
        torch.backends.cudnn.benchmark = False
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
    if world > 1:
        torch.distributed.init_process_group(BACKENDS[dev], init_method=args.rendezvous, rank=rank, world_size=world)

    weights, _ = read_safetensors(args.weights)
    tokens, token_meta = read_safetensors(args.tokens)
    train_tokens = as_tensor(torch, tokens["train"]).long().to(device)
    eval_tokens = as_tensor(torch, tokens["validation"]).long().to(device)
    vocab = int(token_meta["vocab_size"])
    model = build_model(torch)(vocab)
    state = {name: as_tensor(torch, entry) for name, entry in weights.items()}
    model.load_state_dict(state, strict=True)
    model.to(device)
    net = model
    if world > 1:
        net = torch.nn.parallel.DistributedDataParallel(model, device_ids=None if dev == "cpu" else [rank])
    decay = [p for n, p in model.named_parameters() if p.dim() == 2]
    no_decay = [p for n, p in model.named_parameters() if p.dim() != 2]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": CONFIG["weight_decay"]},
                             {"params": no_decay, "weight_decay": 0.0}],
                            lr=args.lr, betas=(0.9, 0.95), eps=1e-8)
    bf16 = args.precision == "bf16"

    def autocast():
        return torch.autocast(device_type=dev, dtype=torch.bfloat16, enabled=bf16)

    batch, share = CONFIG["batch"], CONFIG["batch"] // world
    eval_set = [windows(torch, eval_tokens, i * batch, batch) for i in range(CONFIG["eval_batches"])]
    log = None
    if rank == 0:
        log = open(args.log, "w", encoding="utf-8", buffering=1)
        settings = dict(CONFIG, precision=args.precision, device=dev, devices=world, steps=args.steps,
                        schedule_steps=SCHEDULE_STEPS, threads=args.threads, peak_lr=args.lr,
                        tokens_per_step=batch * CONFIG["context"], weights=os.path.basename(args.weights),
                        weights_sha256=args.weights_sha256, tokens=os.path.basename(args.tokens),
                        start_time=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds"))
        header = {"event": "start", "format": "portbench-stackcheck", "run": args.run, "settings": settings,
                  "environment": environment(torch, args, device, extension)}
        log.write(json.dumps(header) + "\n")
    status, error, loss_value, eval_value = "finished", None, float("nan"), float("nan")
    started = time.time()
    try:
        for step in range(1, args.steps + 1):
            t0 = time.perf_counter()
            lr = lr_at(step) * args.lr / CONFIG["lr"]
            for g in opt.param_groups:
                g["lr"] = lr
            inputs, targets = windows(torch, train_tokens, (step - 1) * batch, batch)
            inputs, targets = inputs[rank * share:(rank + 1) * share], targets[rank * share:(rank + 1) * share]
            opt.zero_grad(set_to_none=True)
            with autocast():
                loss = net(inputs, targets)
            loss.backward()
            grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), CONFIG["clip"])
            opt.step()
            reported = loss.detach().float()
            if world > 1:
                torch.distributed.all_reduce(reported)
                reported = reported / world
            loss_value = reported.item()  # synchronises the device, so the timing is honest
            seconds = time.perf_counter() - t0
            record = {"step": step, "loss": loss_value, "learning_rate": lr, "grad_norm": grad_norm.item(),
                      "tokens_per_s": batch * CONFIG["context"] / seconds if seconds > 0 else 0.0}
            if rank == 0 and (step % CONFIG["eval_interval"] == 0 or step == args.steps):
                with torch.no_grad(), autocast():
                    eval_value = sum(model(x, y).item() for x, y in eval_set) / len(eval_set)
                record["eval_loss"] = eval_value
            if log is not None:
                record["time"] = round(time.time(), 3)
                log.write(json.dumps(record) + "\n")
    except Exception as e:  # noqa: BLE001 - reported in the log's end record and on stderr
        status, error = "failed", "%s: %s" % (type(e).__name__, str(e).split("\n")[0])
        print("stackcheck: rank %d: %s" % (rank, error), file=sys.stderr)
    if log is not None:
        summary = {"steps_done": step if status == "finished" else step - 1, "wall_s": round(time.time() - started, 3),
                   "device_used": str(device), "final_loss": loss_value, "final_eval_loss": eval_value,
                   "parameters": sum(p.numel() for p in model.parameters()), "vocab_size": vocab}
        if error:
            summary["error"] = error
        log.write(json.dumps({"event": "end", "status": status, "summary": summary}) + "\n")
        log.close()
    if world > 1:
        torch.distributed.destroy_process_group()
    if status != "finished":
        sys.exit(1)


def main():
    p = argparse.ArgumentParser(description="PortBench stack check workload (docs/stackcheck.md)")
    p.add_argument("--device", default="auto", help="auto, cuda, cpu or a --backend device")
    p.add_argument("--backend", action="append", metavar="DEVICE=MODULE:COLLECTIVE",
                   help="a device, the module that registers it and its collective (npu=torch_npu:hccl)")
    p.add_argument("--precision", default="fp32", choices=["fp32", "bf16"])
    p.add_argument("--devices", type=int, default=1, help="data-parallel processes on one node (DDP)")
    p.add_argument("--steps", type=int, default=SCHEDULE_STEPS)
    p.add_argument("--threads", type=int, default=1, help="intra-op CPU threads per process")
    p.add_argument("--lr", type=float, default=CONFIG["lr"], help="peak learning rate (changing it breaks parity)")
    p.add_argument("--weights", default=os.path.join(HERE, "init-weights.safetensors"))
    p.add_argument("--tokens", default=os.path.join(HERE, "tokens.safetensors"))
    p.add_argument("--run", default="stackcheck")
    p.add_argument("--log", required=True, help="JSON-Lines log to write")
    args = p.parse_args()
    bad = add_backends(args.backend)
    if bad:
        p.error("--backend %s: expected DEVICE=MODULE:COLLECTIVE" % bad)
    if args.device not in ["auto", "cuda", "cpu"] + list(EXTENSIONS):
        p.error("--device %s: not auto, cuda, cpu or one of %s" % (args.device, ", ".join(EXTENSIONS)))
    if not 1 <= args.steps <= SCHEDULE_STEPS:
        p.error("--steps must be 1..%d (the schedule is fixed)" % SCHEDULE_STEPS)
    if args.devices < 1 or CONFIG["batch"] % args.devices:
        p.error("--devices must divide the batch of %d" % CONFIG["batch"])
    if args.threads < 1:
        p.error("--threads must be >= 1")
    for path in (args.weights, args.tokens):
        if not os.path.isfile(path):
            p.error("%s: no such file" % path)
    try:
        import torch
    except Exception as e:  # noqa: BLE001
        print("stackcheck: torch cannot be imported by %s: %s" % (sys.executable, e), file=sys.stderr)
        sys.exit(3)
    extension = None
    if args.device == "auto":
        args.device = "cpu"
        if torch.cuda.is_available():
            args.device = "cuda"
        for dev, name in EXTENSIONS.items():
            try:
                extension = __import__(name)
                if getattr(torch, dev).is_available():
                    args.device = dev
                    break
            except Exception:  # noqa: BLE001 - absent extension: try the next
                extension = None
    elif args.device in EXTENSIONS:
        try:
            extension = __import__(EXTENSIONS[args.device])
        except Exception as e:  # noqa: BLE001
            print("stackcheck: --device %s needs %s, which %s cannot import: %s"
                  % (args.device, EXTENSIONS[args.device], sys.executable, e), file=sys.stderr)
            sys.exit(3)
    if args.device != "cpu":
        module = getattr(torch, args.device, None)
        if module is None or not module.is_available() or module.device_count() < args.devices:
            print("stackcheck: --device %s with %d device(s) is not available (torch %s sees %s)"
                  % (args.device, args.devices, torch.__version__,
                     module.device_count() if module is not None and module.is_available() else 0), file=sys.stderr)
            sys.exit(4)
    import hashlib
    with open(args.weights, "rb") as f:
        args.weights_sha256 = hashlib.sha256(f.read()).hexdigest()
    if args.devices == 1:
        train(0, args, torch, extension)
        return
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        args.rendezvous = "file://" + os.path.join(tmp, "rendezvous")
        torch.multiprocessing.spawn(_spawned, args=(args,), nprocs=args.devices, join=True)


def _spawned(rank, args):
    import torch
    add_backends(args.backend)  # a spawned process starts from the module's defaults
    extension = __import__(EXTENSIONS[args.device]) if args.device in EXTENSIONS else None
    train(rank, args, torch, extension)


if __name__ == "__main__":
    main()
