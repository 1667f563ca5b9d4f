import torch


def setup_device(name):
    # a helper module, not an entry point: it calls torch.cuda, so it needs the device import too
    if name.startswith("cuda"):
        torch.cuda.set_device(0)
    return torch.device(name)
