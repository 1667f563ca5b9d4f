"""Launcher for the tiny Trainer: `torchrun --nproc_per_node=8 launch_tiny_trainer.py --max-steps 100`."""
import argparse
import os

from tiny_trainer.trainer import TinyLM, Trainer, TrainingArguments, random_batches

if __name__ == "__main__":
    os.environ.setdefault("CUDA_VISIBLE_DEVICES", "0")
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-steps", type=int, default=2)
    args = parser.parse_args()
    trainer = Trainer(TinyLM(), TrainingArguments(max_steps=args.max_steps))
    trainer.train(random_batches(args.max_steps))
