#!/usr/bin/env python
# Fine-tune a causal LM with the Hugging Face Trainer (CUDA version).
# Run with: torchrun --nproc_per_node 8 hf_trainer_finetune.py --model_name_or_path ...
"""Supervised fine-tuning with transformers.Trainer.

Written for CUDA GPUs: needs torch.cuda and NCCL. This docstring says "cuda" on purpose:
porting must leave it alone.
"""
import logging
import os
import sys
from dataclasses import dataclass, field
from typing import Optional

import torch
import torch_musa
import transformers
from datasets import load_dataset
from transformers import (
    AutoModelForCausalLM,
    AutoTokenizer,
    DataCollatorForLanguageModeling,
    HfArgumentParser,
    Trainer,
    TrainingArguments,
    set_seed,
)

logger = logging.getLogger(__name__)


@dataclass
class ModelArguments:
    model_name_or_path: str = field(metadata={"help": "Path to pretrained model or model identifier"})
    torch_dtype: Optional[str] = field(default="bfloat16", metadata={"help": "float16, bfloat16 or float32"})
    attn_implementation: str = field(default="flash_attention_2", metadata={"help": "eager, sdpa or flash_attention_2"})


@dataclass
class DataArguments:
    dataset_name: str = field(default="tatsu-lab/alpaca")
    block_size: int = field(default=1024)


def my_cuda_helper():
    """Report the CUDA memory use; the identifier keeps its name."""
    if not torch.musa.is_available():
        return "no cuda"
    free, total = torch.musa.mem_get_info()
    return f"cuda:{torch.musa.current_device()} free={free / 2**30:.1f}GiB of {total / 2**30:.1f}GiB"


def main():
    parser = HfArgumentParser((ModelArguments, DataArguments, TrainingArguments))
    model_args, data_args, training_args = parser.parse_args_into_dataclasses()

    logging.basicConfig(format="%(asctime)s - %(levelname)s - %(name)s - %(message)s", handlers=[logging.StreamHandler(sys.stdout)])
    logger.setLevel(logging.INFO if training_args.local_rank in (-1, 0) else logging.WARN)
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    os.environ.setdefault("MUSA_VISIBLE_DEVICES", "0,1,2,3,4,5,6,7")
    torch.backends.mudnn.allow_tf32 = True  # TF32 matmuls on Ampere and newer (cuda only)
    torch.backends.cudnn.benchmark = True

    set_seed(training_args.seed)
    torch.musa.manual_seed_all(training_args.seed)

    tokenizer = AutoTokenizer.from_pretrained(model_args.model_name_or_path, use_fast=True)
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    model = AutoModelForCausalLM.from_pretrained(
        model_args.model_name_or_path,
        torch_dtype=getattr(torch, model_args.torch_dtype),
        attn_implementation=model_args.attn_implementation,
        device_map={"": f"musa:{local_rank}"},
    )
    if training_args.gradient_checkpointing:
        model.gradient_checkpointing_enable()

    raw = load_dataset(data_args.dataset_name, split="train")

    def tokenize(batch):
        return tokenizer(batch["instruction"], truncation=True, max_length=data_args.block_size)

    train_dataset = raw.map(tokenize, batched=True, remove_columns=raw.column_names)

    trainer = Trainer(
        model=model,
        args=training_args,
        train_dataset=train_dataset,
        tokenizer=tokenizer,
        data_collator=DataCollatorForLanguageModeling(tokenizer, mlm=False),
    )
    if training_args.device.type == "cuda":
        logger.info("training on %s: %s", torch.musa.get_device_name(), my_cuda_helper())
    train_result = trainer.train(resume_from_checkpoint=training_args.resume_from_checkpoint)
    trainer.save_model()
    metrics = train_result.metrics
    metrics["peak_memory_gb"] = torch.musa.max_memory_allocated() / 2**30
    trainer.log_metrics("train", metrics)
    trainer.save_metrics("train", metrics)
    torch.musa.empty_cache()


if __name__ == "__main__":
    main()
