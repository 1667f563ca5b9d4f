import os
import math
import time
import json
import argparse
import warnings
import torch
import torch_npu
import torch.distributed as dist
from itertools import chain
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler
from datasets import load_dataset
from transformers import (
    CONFIG_MAPPING,
    AutoConfig,
    AutoModelForCausalLM,
    AutoTokenizer,
    default_data_collator,
    get_scheduler
)


def print_rank_0(message):
    if dist.get_rank() == 0:
        print(message)


str_to_dtype = {
    "float16": torch.float16,
    "bfloat16": torch.bfloat16,
    "float32": torch.float32,
    "float64": torch.float64,
    "int8": torch.int8,
    "int16": torch.int16,
    "int32": torch.int32,
    "int64": torch.int64,
    "uint8": torch.uint8,
    "bool": torch.bool
}


def build_model(args):
    """
    Load pretrained model and tokenizer In distributed training,
    the .from_pretrained methods guarantee that only one local
    process can concurrently download model & vocab.
    """
    config = AutoConfig.from_pretrained(args.model_name_or_path, trust_remote_code=True)

    tokenizer = AutoTokenizer.from_pretrained(
        args.model_name_or_path,
        use_fast=True,
        trust_remote_code=True
    )

    def _modify_config(config):
        with open("override_config.json", "r", encoding='utf8') as fp:
            new_config = json.load(fp)

        for key, value in new_config.items():
            if not hasattr(config, key):
                print_rank_0(f"WARNING: Invalid config key: {key} and skip override it")
                continue
            old_value = getattr(config, key)
            if old_value is None:
                print_rank_0(f"WARNING: config {key} is set None and skip override it")
                continue
            if key == "torch_dtype":
                value = str_to_dtype[value]
            if type(old_value) is not type(value):
                raise TypeError(f"Type mismatch of {key}: {old_value} vs {value}")
            print_rank_0(f"modify {key}: {old_value} -> {value}")
            setattr(config, key, value)

    if os.path.exists("override_config.json"):
        _modify_config(config)

    model = AutoModelForCausalLM.from_pretrained(
        args.model_name_or_path,
        from_tf=bool(".ckpt" in args.model_name_or_path),
        config=config,
        low_cpu_mem_usage=False,
        trust_remote_code=True
    )

    embedding_size = model.get_input_embeddings().weight.shape[0]
    if len(tokenizer) > embedding_size:
        model.resize_token_embeddings(len(tokenizer))
    model.tie_weights()

    return tokenizer, model


def get_seq_len(config):
    if hasattr(config, "n_positions"):
        seq_len = config.n_positions
    elif hasattr(config, "max_position_embeddings"):
        seq_len = config.max_position_embeddings
    elif hasattr(config, "seq_length"):
        seq_len = config.seq_length
    else:
        raise RuntimeError(
            "Set the correct attribute of config to get seq_len."
        )
    print_rank_0(f"seq_len = {seq_len}")
    return seq_len


def build_datasets(args, tokenizer, phase):
    assert phase in ["train", "validation", "test"]
    # Downloading and loading a dataset from the hub.
    raw_datasets = load_dataset(
        args.dataset_name_or_path, args.dataset_config_name
    )
    if "validation" not in raw_datasets.keys():
        raw_datasets["validation"] = load_dataset(
            args.dataset_name,
            args.dataset_config_name,
            split=f"train[:{args.validation_split_percentage}%]",
        )
        raw_datasets["train"] = load_dataset(
            args.dataset_name,
            args.dataset_config_name,
            split=f"train[{args.validation_split_percentage}%:]",
        )
    # Preprocessing the datasets.
    # First we tokenize all the texts.
    column_names = raw_datasets["train"].column_names
    text_column_name = "text" if "text" in column_names else column_names[0]

    def tokenize_function(examples):
        return tokenizer(examples[text_column_name])

    preprocessing_num_workers = 16
    tokenized_datasets = raw_datasets.map(
        tokenize_function,
        batched=True,
        num_proc=preprocessing_num_workers,
        remove_columns=column_names,
        load_from_cache_file=True,
        desc="Running tokenizer on dataset",
    )
    block_size = tokenizer.model_max_length
    if block_size > 1024:
        print_rank_0(
            "WARNING: The chosen tokenizer supports a `model_max_length` that is longer than the default"
            " `block_size` value of 1024. If you would like to use a longer `block_size` up to"
            " `tokenizer.model_max_length` you can override this with `--block_size xxx`."
        )
        block_size = 1024

    def group_texts(examples):
        # Concatenate all texts.
        concatenated_examples = {k: list(chain(*examples[k])) for k in examples.keys()}
        total_length = len(concatenated_examples[list(examples.keys())[0]])
        if total_length >= block_size:
            total_length = (total_length // block_size) * block_size
        # Split by chunks of max_len.
        result = {
            k: [t[i : i + block_size] for i in range(0, total_length, block_size)]
            for k, t in concatenated_examples.items()
        }
        result["labels"] = result["input_ids"].copy()
        return result

    lm_datasets = tokenized_datasets.map(
        group_texts,
        batched=True,
        num_proc=preprocessing_num_workers,
        load_from_cache_file=True,
        desc=f"Grouping texts in chunks of {block_size}",
    )
    return lm_datasets[phase]


def record_timestamp():
    torch.npu.synchronize()
    return time.time()


if __name__ == "__main__":
    warnings.filterwarnings("ignore", message="promote has been superseded by promote_options='default'.", category=FutureWarning)
    parser = argparse.ArgumentParser(
        description="Pytorch Example of huggingface",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument(
        "--model_name_or_path",
        type=str,
        default="gpt2",
        help="Path to pretrained model or model identifier from huggingface.co/models.",
        required=False,
    )
    parser.add_argument(
        "--dataset_name_or_path",
        type=str,
        default="wikitext",
        help="The name of the dataset to use (via the datasets library).",
    )
    parser.add_argument(
        "--dataset_config_name",
        type=str,
        default="wikitext-103-raw-v1",
        help="The configuration name of the dataset to use (via the datasets library).",
    )
    parser.add_argument(
        "--batch_size",
        type=int,
        default=2,
        help="Batch size (per device) for the training dataloader.",
    )
    parser.add_argument(
        "--epochs",
        type=int,
        default=100,
        help="the number of training epoch.",
    )
    args = parser.parse_args()

    dist.init_process_group("hccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    world_size = dist.get_world_size()
    device = torch.device("npu", local_rank)
    torch.npu.set_device(local_rank)

    torch.manual_seed(123)
    torch.npu.manual_seed(123)

    tokenizer, model = build_model(args)
    print_rank_0(model)
    model = model.to(device)
    model = DDP(model, device_ids=[device], output_device=device)

    train_dataset = build_datasets(args, tokenizer, "train")
    eval_dataset = build_datasets(args, tokenizer, "test")
    train_dataloader = DataLoader(
        train_dataset,
        collate_fn=default_data_collator,
        shuffle=False,
        batch_size=args.batch_size,
        sampler=DistributedSampler(train_dataset),
    )
    eval_dataloader = DataLoader(
        eval_dataset,
        collate_fn=default_data_collator,
        shuffle=False,
        batch_size=args.batch_size,
        sampler=DistributedSampler(eval_dataset),
    )

    lr = 1e-4 * world_size
    optimizer = torch.optim.AdamW(params=model.parameters(), lr=lr, weight_decay=0.1)
    scheduler = get_scheduler(
        name="cosine",
        optimizer=optimizer,
        num_warmup_steps=100,
        num_training_steps=len(train_dataloader)
    )
    seq_len = get_seq_len(model.module.config)
    for epoch in range(args.epochs):
        train_loss = 0.
        model.train()
        start_time = record_timestamp()
        for batch_idx, batch_data in enumerate(train_dataloader):
            batch_data["input_ids"] = batch_data["input_ids"].to(device)
            batch_data["attention_mask"] = batch_data["attention_mask"].to(device)
            batch_data["labels"] = batch_data["labels"].to(device)

            outputs = model(**batch_data)
            loss = outputs.loss
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            loss.backward()
            optimizer.step()
            scheduler.step()
            end_time = record_timestamp()

            train_loss += loss
            duration = end_time - start_time
            train_tokens_throughput = args.batch_size * seq_len * world_size / duration

            if batch_idx % 10 == 0:
                print_rank_0(
                    f"epoch[{epoch}/{args.epochs-1}], "
                    f"step[{batch_idx}/{len(train_dataloader)-1}]: "
                    f"train_loss: {train_loss.item()/(batch_idx+1)}, "
                    f"train_tokens_throughput: {train_tokens_throughput} tokens/s"
                )
            start_time = record_timestamp()

        eval_loss = 0.
        model.eval()
        with torch.no_grad():
            for batch_data in eval_dataloader:
                batch_data["input_ids"] = batch_data["input_ids"].to(device)
                batch_data["attention_mask"] = batch_data["attention_mask"].to(device)
                batch_data["labels"] = batch_data["labels"].to(device)
                outputs = model(**batch_data)
                eval_loss += output.loss

        print_rank_0(
            f"validation in train epoch {epoch}: "
            f"eval_loss: {eval_loss.item()/len(eval_dataloader)}, "
            f"val_perplexity: {math.exp(eval_loss.item())}"
        )
