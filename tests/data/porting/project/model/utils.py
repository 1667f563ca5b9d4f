import torch


def setup_device(name):
    # a helper module: not an entry point, so no device import is added here
    if name.startswith("cuda"):
        torch.cuda.set_device(0)
    return torch.device(name)
