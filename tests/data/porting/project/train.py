import argparse

import torch
from model.utils import setup_device


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", default="cuda")
    args = parser.parse_args()
    device = setup_device(args.device)
    x = torch.ones(2, 2).cuda()
    print(device, x.sum().item())


if __name__ == "__main__":
    main()
