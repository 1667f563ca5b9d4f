"""LLaMA fine-tuning with flash-attn, bitsandbytes 8-bit AdamW, xformers and apex AMP.

Modelled on the QLoRA / Alpaca-style training scripts that reach for every CUDA-only library.
"""
import math

import bitsandbytes as bnb
import torch
import torch_npu
import torch.nn as nn
import xformers.ops as xops
from apex import amp
from flash_attn import flash_attn_func
from flash_attn.bert_padding import pad_input, unpad_input
from transformers import AutoModelForCausalLM, BitsAndBytesConfig

DEVICE = 'npu:0'
PROMPT = '''### Instruction (this text mentions cuda and nccl but is data, kept as is):
{instruction}
### Response:'''
MAGIC = b"cuda"  # bytes literals that are not device names stay


class FlashSelfAttention(nn.Module):
    def __init__(self, dim, heads, causal=True):
        super().__init__()
        self.heads = heads
        self.causal = causal
        self.qkv = nn.Linear(dim, 3 * dim, bias=False)

    def forward(self, x, attention_mask=None):
        b, s, d = x.shape
        q, k, v = self.qkv(x).view(b, s, 3, self.heads, d // self.heads).unbind(dim=2)
        if attention_mask is not None:
            q_unpad, indices, cu_seqlens, max_s = unpad_input(q, attention_mask)
        out = flash_attn_func(q, k, v, dropout_p=0.0, causal=self.causal)
        return out.reshape(b, s, d)


def memory_efficient(q, k, v):
    return xops.memory_efficient_attention(q, k, v, attn_bias=xops.LowerTriangularMask())


def load_model(name):
    quant = BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_compute_dtype=torch.bfloat16)
    model = AutoModelForCausalLM.from_pretrained(name, quantization_config=quant,
                                                 attn_implementation="flash_attention_2")
    return model.to(memory_format=torch.channels_last)


def main():
    model = load_model("huggyllama/llama-7b")
    model = model.to(DEVICE)
    optimizer = bnb.optim.AdamW8bit(model.parameters(), lr=2e-4)
    model, optimizer = amp.initialize(model, optimizer, opt_level="O2")
    stats = torch.zeros(4, dtype=torch.float64, device=DEVICE)
    for step in range(10):
        batch = torch.randint(0, 32000, (4, 512)).npu()
        with torch.amp.autocast("npu", dtype=torch.bfloat16):
            loss = model(batch, labels=batch).loss
        with amp.scale_loss(loss, optimizer) as scaled_loss:
            scaled_loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        stats += torch.tensor([loss.item(), math.exp(loss.item()), step, 0], device=DEVICE).double()
    print(stats.cpu(), batch.is_npu)


if __name__ == "__main__":
    main()
