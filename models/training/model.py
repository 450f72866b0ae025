"""A small BART-style encoder-decoder, written out so its ONNX export is fully under control.

Pre-layer-norm transformer, learned positions, tied input/output embeddings. The decoder's
forward takes the cross-attention keys/values as inputs (computed once per input by
`cross_kv`) so the exported decoder can reuse them from the KV cache at every step.
"""

import math

import torch
from torch import nn
from torch.nn import functional as F

DEFAULT_CONFIG = {
    "vocab_size": 8000,
    "d_model": 256,
    "encoder_layers": 4,
    "decoder_layers": 3,
    "attention_heads": 4,
    "ffn_dim": 1024,
    "max_source_positions": 512,
    "max_target_positions": 256,
    "dropout": 0.1,
    "pad_token_id": 1,
    "bos_token_id": 0,
    "eos_token_id": 2,
    "previous_token": False,
}


def split_heads(x, heads):
    b, t, d = x.shape
    return x.view(b, t, heads, d // heads).transpose(1, 2)


def merge_heads(x):
    b, h, t, hd = x.shape
    return x.transpose(1, 2).reshape(b, t, h * hd)


def attend(q, k, v, bias, dropout, training):
    scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(q.shape[-1])
    scores = scores + bias
    weights = F.softmax(scores, dim=-1)
    weights = F.dropout(weights, dropout, training)
    return torch.matmul(weights, v)


class FeedForward(nn.Module):
    def __init__(self, d, ffn, dropout):
        super().__init__()
        self.fc1 = nn.Linear(d, ffn)
        self.fc2 = nn.Linear(ffn, d)
        self.dropout = dropout

    def forward(self, x):
        return self.fc2(F.dropout(F.gelu(self.fc1(x)), self.dropout, self.training))


class EncoderLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        d = c["d_model"]
        self.heads = c["attention_heads"]
        self.dropout = c["dropout"]
        self.norm1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.norm2 = nn.LayerNorm(d)
        self.ffn = FeedForward(d, c["ffn_dim"], c["dropout"])

    def forward(self, x, bias):
        q, k, v = self.qkv(self.norm1(x)).chunk(3, dim=-1)
        h = attend(split_heads(q, self.heads), split_heads(k, self.heads), split_heads(v, self.heads), bias, self.dropout, self.training)
        x = x + F.dropout(self.out(merge_heads(h)), self.dropout, self.training)
        return x + F.dropout(self.ffn(self.norm2(x)), self.dropout, self.training)


class DecoderLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        d = c["d_model"]
        self.heads = c["attention_heads"]
        self.dropout = c["dropout"]
        self.norm1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.norm2 = nn.LayerNorm(d)
        self.cross_q = nn.Linear(d, d)
        self.cross_kv = nn.Linear(d, 2 * d)
        self.cross_out = nn.Linear(d, d)
        self.norm3 = nn.LayerNorm(d)
        self.ffn = FeedForward(d, c["ffn_dim"], c["dropout"])

    def project_cross(self, memory):
        k, v = self.cross_kv(memory).chunk(2, dim=-1)
        return split_heads(k, self.heads), split_heads(v, self.heads)

    def forward(self, x, self_bias, past_k, past_v, cross_k, cross_v, cross_bias):
        q, k, v = self.qkv(self.norm1(x)).chunk(3, dim=-1)
        k = torch.cat([past_k, split_heads(k, self.heads)], dim=2)
        v = torch.cat([past_v, split_heads(v, self.heads)], dim=2)
        h = attend(split_heads(q, self.heads), k, v, self_bias, self.dropout, self.training)
        x = x + F.dropout(self.out(merge_heads(h)), self.dropout, self.training)
        q = split_heads(self.cross_q(self.norm2(x)), self.heads)
        h = attend(q, cross_k, cross_v, cross_bias, self.dropout, self.training)
        x = x + F.dropout(self.cross_out(merge_heads(h)), self.dropout, self.training)
        x = x + F.dropout(self.ffn(self.norm3(x)), self.dropout, self.training)
        return x, k, v


NEG = -1e4  # large enough to zero a softmax weight, small enough for bf16/fp16


class Seq2Seq(nn.Module):
    def __init__(self, config):
        super().__init__()
        c = dict(DEFAULT_CONFIG, **config)
        self.config = c
        d = c["d_model"]
        self.embed = nn.Embedding(c["vocab_size"], d)
        self.enc_pos = nn.Embedding(c["max_source_positions"], d)
        self.dec_pos = nn.Embedding(c["max_target_positions"], d)
        self.encoder_layers = nn.ModuleList(EncoderLayer(c) for _ in range(c["encoder_layers"]))
        self.decoder_layers = nn.ModuleList(DecoderLayer(c) for _ in range(c["decoder_layers"]))
        self.enc_norm = nn.LayerNorm(d)
        self.dec_norm = nn.LayerNorm(d)
        self.scale = math.sqrt(d)
        # previous_token: each encoder position also sees the token before it ("smeared keys").
        # A fix mostly copies the buggy line; with this, one cross-attention head can copy by
        # finding the source position whose previous token is the one just written, instead of
        # first having to learn a previous-token head from absolute positions. Zero-initialized,
        # so a model without it starts out unchanged when continued with it.
        self.prev_proj = nn.Linear(d, d, bias=False) if c["previous_token"] else None
        if self.prev_proj is not None:
            nn.init.zeros_(self.prev_proj.weight)
        nn.init.normal_(self.embed.weight, std=d**-0.5)
        nn.init.normal_(self.enc_pos.weight, std=0.02)
        nn.init.normal_(self.dec_pos.weight, std=0.02)

    def encode(self, input_ids, attention_mask):
        t = input_ids.shape[1]
        positions = torch.arange(t, device=input_ids.device).unsqueeze(0)
        tokens = self.embed(input_ids)
        x = tokens * self.scale + self.enc_pos(positions)
        if self.prev_proj is not None:
            previous = F.pad(tokens, (0, 0, 1, 0))[:, :-1]
            x = x + self.prev_proj(previous) * self.scale
        x = F.dropout(x, self.config["dropout"], self.training)
        bias = (1.0 - attention_mask[:, None, None, :].to(x.dtype)) * NEG
        for layer in self.encoder_layers:
            x = layer(x, bias)
        return self.enc_norm(x)

    def cross_kv(self, memory):
        """[(k, v)] per decoder layer, each (batch, heads, source_len, head_dim)."""
        return [layer.project_cross(memory) for layer in self.decoder_layers]

    def decode(self, input_ids, encoder_attention_mask, past, cross):
        """past: [(k, v)] per layer with (batch, heads, past_len, head_dim); returns logits, new past."""
        t = input_ids.shape[1]
        past_len = past[0][0].shape[2]
        positions = torch.arange(t, device=input_ids.device) + past_len
        x = self.embed(input_ids) * self.scale + self.dec_pos(positions).unsqueeze(0)
        x = F.dropout(x, self.config["dropout"], self.training)
        # Causal mask over past + current positions: query i sees keys 0..past_len+i.
        key_pos = torch.arange(past_len + t, device=input_ids.device)
        allowed = key_pos.unsqueeze(0) <= positions.unsqueeze(1)
        self_bias = (1.0 - allowed.to(x.dtype))[None, None, :, :] * NEG
        cross_bias = (1.0 - encoder_attention_mask[:, None, None, :].to(x.dtype)) * NEG
        present = []
        for layer, (pk, pv), (ck, cv) in zip(self.decoder_layers, past, cross):
            x, k, v = layer(x, self_bias, pk, pv, ck, cv, cross_bias)
            present.append((k, v))
        x = self.dec_norm(x)
        logits = F.linear(x, self.embed.weight)
        return logits, present

    def empty_past(self, batch, dtype=torch.float32):
        c = self.config
        h = c["attention_heads"]
        shape = (batch, h, 0, c["d_model"] // h)
        return [(torch.zeros(shape, dtype=dtype), torch.zeros(shape, dtype=dtype)) for _ in self.decoder_layers]

    def forward(self, input_ids, attention_mask, decoder_input_ids):
        memory = self.encode(input_ids, attention_mask)
        logits, _ = self.decode(decoder_input_ids, attention_mask, self.empty_past(input_ids.shape[0], memory.dtype), self.cross_kv(memory))
        return logits
