"""Recover PyTorch weights from an exported model's int8 ONNX files (export.py's layout).

The shipped model's training folder was lost, and with it its PyTorch checkpoint; its ONNX
export holds every weight (int8 per channel, DequantizeLinear; small ones float32). This
exports a model of the same config with distinct random weights through export.py's own code,
finds which initializer each parameter became (value for value, transposed or not), and reads
the shipped initializers of the same names back, dequantized. The result differs from the lost
checkpoint by the int8 rounding only (check it with export.py's reference + check-onnx.ts).

Usage: python3 onnx_to_checkpoint.py MODEL_DIR OUT.pt [--max-function-lines 32]
"""

import argparse
import json
import os
import sys
import tempfile

import numpy as np
import onnx
import torch
from onnx import numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checkpoints  # noqa: E402
import export  # noqa: E402
from model import Seq2Seq  # noqa: E402


def graphs(graph):
    yield graph
    for node in graph.node:
        for attr in node.attribute:
            if attr.type == onnx.AttributeProto.GRAPH:
                yield from graphs(attr.g)


def float_initializers(model):
    """{name: float array} with DequantizeLinear'd int8 weights restored."""
    raw, axes = {}, {}
    for graph in graphs(model.graph):
        for init in graph.initializer:
            raw[init.name] = numpy_helper.to_array(init)
        for node in graph.node:
            if node.op_type == "DequantizeLinear":
                axes[node.output[0]] = (node.input[0], node.input[1], next((a.i for a in node.attribute if a.name == "axis"), 1))
    out = {name: value for name, value in raw.items() if value.dtype == np.float32}
    for name, (q, scale, axis) in axes.items():
        shape = (1, -1) if axis == 1 else (-1, 1)
        out[name] = raw[q].astype(np.float32) * raw[scale].reshape(shape)
    return out


def config_of(model_dir, max_function_lines):
    with open(os.path.join(model_dir, "config.json")) as f:
        hf = json.load(f)
    return {
        "vocab_size": hf["vocab_size"],
        "d_model": hf["d_model"],
        "encoder_layers": hf["encoder_layers"],
        "decoder_layers": hf["decoder_layers"],
        "attention_heads": hf["decoder_attention_heads"],
        "ffn_dim": hf["decoder_ffn_dim"],
        "max_source_positions": hf["max_position_embeddings"],
        "max_target_positions": hf["deepdebug"]["maxTargetTokens"],
        "dropout": 0.0,
        "previous_token": True,
        "pad_token_id": hf["pad_token_id"],
        "bos_token_id": hf["bos_token_id"],
        "eos_token_id": hf["eos_token_id"],
        "max_function_lines": max_function_lines,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("model_dir")
    parser.add_argument("out")
    parser.add_argument("--max-function-lines", type=int, default=32)
    args = parser.parse_args()
    config = config_of(args.model_dir, args.max_function_lines)
    probe = Seq2Seq(config)
    generator = torch.Generator().manual_seed(7)
    with torch.no_grad():
        for p in probe.parameters():
            p.copy_(torch.randn(p.shape, generator=generator))
    probe.eval()
    with tempfile.TemporaryDirectory() as tmp:
        encoder, merged = export.fp32_graphs(probe, tmp)
    probe_values = {**float_initializers(encoder), **float_initializers(merged)}
    shipped = {}
    for name in ("encoder_model", "decoder_model_merged"):
        shipped.update(float_initializers(onnx.load(os.path.join(args.model_dir, "onnx", f"{name}.onnx"))))
    state = {}
    for pname, param in probe.state_dict().items():
        target = param.numpy()
        found = None
        for iname, value in probe_values.items():
            for transposed in (False, True):
                candidate = value.T if transposed else value
                if candidate.shape == target.shape and np.array_equal(candidate, target):
                    found = (iname, transposed)
                    break
            if found:
                break
        if found is None or found[0] not in shipped:
            sys.exit(f"no initializer holds {pname} {tuple(target.shape)} (found {found})")
        value = shipped[found[0]]
        state[pname] = torch.from_numpy(np.ascontiguousarray(value.T if found[1] else value)).float()
    model = Seq2Seq(config)
    model.load_state_dict(state)
    checkpoints.save_small(
        model.state_dict(),
        config,
        args.out,
        total={"step": 0, "seen": 0, "cpu_s": 0.0},
        source=f"recovered from {args.model_dir}/onnx (int8 weights dequantized)",
    )
    print(json.dumps({"parameters": sum(p.numel() for p in model.parameters()), "tensors": len(state), "bytes": os.path.getsize(args.out)}))


if __name__ == "__main__":
    main()
