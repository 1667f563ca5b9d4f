"""Runs a training script (or a launcher) until its first optimizer step, then exits 0.

usage: python3 run_one_step.py SCRIPT [ARGS...]

The script runs as `__main__` with its own folder on sys.path, exactly as `python3 SCRIPT` would,
but the first `optimizer.step()` that completes ends the run with the line
"portbench-run: one optimizer step on <devices>" so that endless training loops stop
after one step. A script that finishes without stepping exits 4.
"""

import os
import runpy
import sys

import torch



class OneStep(SystemExit):
    pass


def stop_after(real_step):
    def step_once(self, *args, **kwargs):
        real_step(self, *args, **kwargs)
        devices = sorted({str(p.device) for group in self.param_groups for p in group["params"]})
        print(f"portbench-run: one optimizer step on {','.join(devices)}", flush=True)
        raise OneStep(0)

    return step_once


# Every optimizer class defines its own step(), so each one is wrapped.
for optimizer in vars(torch.optim).values():
    if isinstance(optimizer, type) and issubclass(optimizer, torch.optim.Optimizer) and "step" in vars(optimizer):
        optimizer.step = stop_after(optimizer.step)
# MASTER_PORT=auto: a free port for a one-process group (tests run in parallel).
if os.environ.get("MASTER_PORT") == "auto":
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        os.environ["MASTER_PORT"] = str(s.getsockname()[1])
script = os.path.abspath(sys.argv[1])
sys.argv = sys.argv[1:]
sys.path.insert(0, os.path.dirname(script))
try:
    runpy.run_path(script, run_name="__main__")
except OneStep:
    sys.exit(0)
print("portbench-run: the script ended without an optimizer step", flush=True)
sys.exit(4)
