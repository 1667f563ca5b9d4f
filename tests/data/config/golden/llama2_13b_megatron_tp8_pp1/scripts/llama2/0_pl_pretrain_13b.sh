#!/bin/bash
# Megatron-LM / MindSpeed launch. Run as:
#   MASTER_ADDR=<node 0> NNODES=1 NODE_RANK=<this node> sh scripts/llama2/0_pl_pretrain_13b.sh
# Run from the folder holding env_npu.sh.
# Data and tokenizer arguments (--data-path, --tokenizer-model, …) go in DATA_ARGS.
set -e
. ./env_npu.sh
DEVICES_PER_NODE=8
MASTER_ADDR=${MASTER_ADDR:-localhost}
MASTER_PORT=${MASTER_PORT:-6000}
NNODES=${NNODES:-1}
NODE_RANK=${NODE_RANK:-0}
DISTRIBUTED_ARGS="--nproc_per_node $DEVICES_PER_NODE --nnodes $NNODES --node_rank $NODE_RANK --master_addr $MASTER_ADDR --master_port $MASTER_PORT"

torchrun $DISTRIBUTED_ARGS pretrain_gpt.py \
    --tensor-model-parallel-size 8 \
    --pipeline-model-parallel-size 1 \
    --sequence-parallel \
    --use-distributed-optimizer \
    --num-layers 40 \
    --hidden-size 5120 \
    --num-attention-heads 40 \
    --seq-length 4096 \
    --max-position-embeddings 4096 \
    --micro-batch-size 1 \
    --global-batch-size 32 \
    --lr 1.25e-6 \
    --lr-decay-style cosine \
    --weight-decay 0 \
    --clip-grad 1 \
    --train-iters 5000 \
    --bf16 \
    --log-interval 1 \
    --save-interval 1000 \
    --save ./ckpt/llama2-13b \
    $DATA_ARGS
