"""Export a checkpoint to the transformers.js "bart" folder layout, with a KV cache.

  onnx/encoder_model.onnx          input_ids, attention_mask -> last_hidden_state
  onnx/decoder_model_merged.onnx   encoder_attention_mask, input_ids, encoder_hidden_states,
                                   past_key_values.N.{decoder,encoder}.{key,value}, use_cache_branch
                                   -> logits, present.N.{decoder,encoder}.{key,value}

The merged decoder is assembled by hand: the decoder body takes the cross-attention keys and
values as inputs, and an If node on use_cache_branch supplies them either from the cache
(past_key_values.N.encoder.*) or by projecting encoder_hidden_states (first step). Weights are
then quantized to int8 (quantize.py). Reference inputs and PyTorch outputs are written for
check-onnx.ts, which compares them with onnxruntime's.

Usage: python3 export.py WORK_DIR OUT_DIR [--checkpoint CKPT] [--trace]
"""

import argparse
import json
import os
import sys

import onnx
import torch
from onnx import TensorProto, helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checkpoints  # noqa: E402
from model import Seq2Seq  # noqa: E402
from quantize import quantize_model  # noqa: E402

OPSET = 14


class Encoder(torch.nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids, attention_mask):
        return self.model.encode(input_ids, attention_mask)


class CrossProjector(torch.nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, encoder_hidden_states):
        return tuple(t for kv in self.model.cross_kv(encoder_hidden_states) for t in kv)


class DecoderBody(torch.nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model
        self.layers = len(model.decoder_layers)

    def forward(self, encoder_attention_mask, input_ids, *caches):
        n = self.layers
        cross = [(caches[2 * i], caches[2 * i + 1]) for i in range(n)]
        past = [(caches[2 * n + 2 * i], caches[2 * n + 2 * i + 1]) for i in range(n)]
        logits, present = self.model.decode(input_ids, encoder_attention_mask, past, cross)
        return (logits,) + tuple(t for kv in present for t in kv)


def export(module, args, path, inputs, outputs, axes):
    torch.onnx.export(
        module, args, path, input_names=inputs, output_names=outputs, dynamic_axes=axes, opset_version=OPSET, do_constant_folding=True
    )
    return onnx.load(path)


def prefixed(graph, prefix, keep):
    """Rename every value and node of a graph except the names in `keep`."""
    rename = lambda name: name if (name in keep or name == "") else prefix + name  # noqa: E731
    for node in graph.node:
        node.name = prefix + node.name
        node.input[:] = [rename(n) for n in node.input]
        node.output[:] = [rename(n) for n in node.output]
    for init in graph.initializer:
        init.name = rename(init.name)
    for value in list(graph.output) + list(graph.value_info):
        value.name = rename(value.name)


def kv_type(name, heads, head_dim, length_axis):
    return helper.make_tensor_value_info(name, TensorProto.FLOAT, ["batch_size", heads, length_axis, head_dim])


def merge_decoder(body, projector, layers, heads, head_dim):
    """body: decoder with cross.N.* inputs; projector: encoder_hidden_states -> cross.N.*."""
    graph = body.graph
    cross_names = [f"cross.{i}.{kind}" for i in range(layers) for kind in ("key", "value")]
    # Else branch: the projector's nodes, its weights moved to the outer graph.
    prefixed(projector.graph, "proj/", keep={"encoder_hidden_states"})
    else_outputs = [kv_type(o.name, heads, head_dim, "encoder_sequence_length_out") for o in projector.graph.output]
    else_branch = helper.make_graph(list(projector.graph.node), "project_cross", [], else_outputs)
    then_nodes = [
        helper.make_node("Identity", [f"past_key_values.{i}.encoder.{kind}"], [f"cached.{i}.{kind}"])
        for i in range(layers)
        for kind in ("key", "value")
    ]
    then_outputs = [
        kv_type(f"cached.{i}.{kind}", heads, head_dim, "encoder_sequence_length_out") for i in range(layers) for kind in ("key", "value")
    ]
    then_branch = helper.make_graph(then_nodes, "reuse_cross", [], then_outputs)
    if_node = helper.make_node(
        "If", ["use_cache_branch"], cross_names, name="cross_cache", then_branch=then_branch, else_branch=else_branch
    )
    present_nodes = [
        helper.make_node("Identity", [f"cross.{i}.{kind}"], [f"present.{i}.encoder.{kind}"])
        for i in range(layers)
        for kind in ("key", "value")
    ]

    inputs = [i for i in graph.input if i.name not in cross_names]
    new_inputs = [
        inputs[0],
        inputs[1],
        helper.make_tensor_value_info(
            "encoder_hidden_states", TensorProto.FLOAT, ["batch_size", "encoder_sequence_length", projector_width(projector)]
        ),
    ]
    for i in range(layers):
        for kind in ("key", "value"):
            new_inputs.append(next(x for x in inputs if x.name == f"past_key_values.{i}.decoder.{kind}"))
        for kind in ("key", "value"):
            new_inputs.append(kv_type(f"past_key_values.{i}.encoder.{kind}", heads, head_dim, "encoder_sequence_length_out"))
    new_inputs.append(helper.make_tensor_value_info("use_cache_branch", TensorProto.BOOL, [1]))

    outputs = [graph.output[0]]
    by_name = {o.name: o for o in graph.output}
    for i in range(layers):
        outputs += [by_name[f"present.{i}.decoder.key"], by_name[f"present.{i}.decoder.value"]]
        outputs += [kv_type(f"present.{i}.encoder.{kind}", heads, head_dim, "encoder_sequence_length_out") for kind in ("key", "value")]
    merged = helper.make_graph(
        [if_node] + list(graph.node) + present_nodes,
        "decoder_model_merged",
        new_inputs,
        outputs,
        initializer=list(graph.initializer) + list(projector.graph.initializer),
    )
    model = helper.make_model(merged, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="deepdebug")
    model.ir_version = body.ir_version
    onnx.checker.check_model(model)
    return model


def projector_width(projector):
    for value in projector.graph.input:
        if value.name == "encoder_hidden_states":
            return value.type.tensor_type.shape.dim[2].dim_value
    raise ValueError("projector has no encoder_hidden_states input")


def write_configs(out_dir, config, use_trace):
    heads = config["attention_heads"]
    hf = {
        "model_type": "bart",
        "architectures": ["BartForConditionalGeneration"],
        "vocab_size": config["vocab_size"],
        "d_model": config["d_model"],
        "encoder_layers": config["encoder_layers"],
        "decoder_layers": config["decoder_layers"],
        "encoder_attention_heads": heads,
        "decoder_attention_heads": heads,
        "encoder_ffn_dim": config["ffn_dim"],
        "decoder_ffn_dim": config["ffn_dim"],
        "max_position_embeddings": config["max_source_positions"],
        "pad_token_id": config["pad_token_id"],
        "bos_token_id": config["bos_token_id"],
        "eos_token_id": config["eos_token_id"],
        "decoder_start_token_id": config["bos_token_id"],
        "forced_eos_token_id": config["eos_token_id"],
        "is_encoder_decoder": True,
        "use_cache": True,
        # Read by DeepDebug's loader (src/core/model): how inputs and outputs are written.
        "deepdebug": {
            "output": "line-edit",
            "useTrace": use_trace,
            "maxSourceTokens": config["max_source_positions"],
            "maxTargetTokens": config["max_target_positions"],
            # The longest focal function training covered (format.ts maxFunctionLines).
            "maxFunctionLines": config.get("max_function_lines", 63),
        },
    }
    with open(os.path.join(out_dir, "config.json"), "w") as f:
        json.dump(hf, f, indent=1)
    generation = {
        "decoder_start_token_id": config["bos_token_id"],
        "bos_token_id": config["bos_token_id"],
        "eos_token_id": config["eos_token_id"],
        "pad_token_id": config["pad_token_id"],
        "forced_eos_token_id": config["eos_token_id"],
        "max_length": config["max_target_positions"],
    }
    with open(os.path.join(out_dir, "generation_config.json"), "w") as f:
        json.dump(generation, f, indent=1)


def reference(model, out_path):
    """Fixed inputs and PyTorch outputs for check-onnx.ts: a first step and a cached step."""
    torch.manual_seed(1)
    c = model.config
    src = torch.randint(4, c["vocab_size"], (2, 11))
    mask = torch.ones_like(src)
    mask[1, 8:] = 0
    dec = torch.tensor([[c["bos_token_id"], 7, 9], [c["bos_token_id"], 5, 6]])
    with torch.no_grad():
        memory = model.encode(src, mask)
        cross = model.cross_kv(memory)
        full, _ = model.decode(dec, mask, model.empty_past(2), cross)
        _, past = model.decode(dec[:, :2], mask, model.empty_past(2), cross)
        step, _ = model.decode(dec[:, 2:], mask, past, cross)
    ref = {
        "input_ids": src.tolist(),
        "attention_mask": mask.tolist(),
        "decoder_input_ids": dec.tolist(),
        "last_hidden_state": memory.flatten().tolist(),
        "full_logits": full.flatten().tolist(),
        "step_logits": step.flatten().tolist(),
    }
    with open(out_path, "w") as f:
        json.dump(ref, f)
    heads = c["attention_heads"]
    with open(os.path.join(os.path.dirname(out_path), "config-check.json"), "w") as f:
        json.dump({"layers": c["decoder_layers"], "heads": heads, "headDim": c["d_model"] // heads}, f)


def fp32_graphs(model, tmp_dir):
    """The float32 encoder and merged decoder of a model (also saved in tmp_dir)."""
    config = model.config
    os.makedirs(tmp_dir, exist_ok=True)
    layers, heads = config["decoder_layers"], config["attention_heads"]
    head_dim = config["d_model"] // heads

    src = torch.randint(4, 100, (2, 9))
    mask = torch.ones_like(src)
    encoder = export(
        Encoder(model),
        (src, mask),
        os.path.join(tmp_dir, "encoder_model.onnx"),
        ["input_ids", "attention_mask"],
        ["last_hidden_state"],
        {
            "input_ids": {0: "batch_size", 1: "encoder_sequence_length"},
            "attention_mask": {0: "batch_size", 1: "encoder_sequence_length"},
            "last_hidden_state": {0: "batch_size", 1: "encoder_sequence_length"},
        },
    )
    with torch.no_grad():
        memory = model.encode(src, mask)
        cross = model.cross_kv(memory)
    cross_names = [f"cross.{i}.{k}" for i in range(layers) for k in ("key", "value")]
    projector = export(
        CrossProjector(model),
        (memory,),
        os.path.join(tmp_dir, "projector.onnx"),
        ["encoder_hidden_states"],
        [f"proj.{n}" for n in cross_names],
        {
            "encoder_hidden_states": {0: "batch_size", 1: "encoder_sequence_length"},
            **{f"proj.{n}": {0: "batch_size", 2: "encoder_sequence_length_out"} for n in cross_names},
        },
    )
    past = [torch.zeros(2, heads, 3, head_dim) for _ in range(2 * layers)]
    past_names = [f"past_key_values.{i}.decoder.{k}" for i in range(layers) for k in ("key", "value")]
    present_names = [f"present.{i}.decoder.{k}" for i in range(layers) for k in ("key", "value")]
    body = export(
        DecoderBody(model),
        (mask, src[:, :1], *[t for kv in cross for t in kv], *past),
        os.path.join(tmp_dir, "decoder_body.onnx"),
        ["encoder_attention_mask", "input_ids", *cross_names, *past_names],
        ["logits", *present_names],
        {
            "encoder_attention_mask": {0: "batch_size", 1: "encoder_sequence_length"},
            "input_ids": {0: "batch_size", 1: "decoder_sequence_length"},
            "logits": {0: "batch_size", 1: "decoder_sequence_length"},
            **{n: {0: "batch_size", 2: "encoder_sequence_length_out"} for n in cross_names},
            **{n: {0: "batch_size", 2: "past_decoder_sequence_length"} for n in past_names},
            **{n: {0: "batch_size", 2: "past_decoder_sequence_length + 1"} for n in present_names},
        },
    )
    # The projector's outputs must carry the names the If node's else branch produces.
    for output in projector.graph.output:
        old = output.name
        new = old[len("proj.") :]
        for node in projector.graph.node:
            node.output[:] = ["else." + new if o == old else o for o in node.output]
        output.name = "else." + new
    merged = merge_decoder(body, projector, layers, heads, head_dim)
    onnx.save(merged, os.path.join(tmp_dir, "decoder_model_merged.onnx"))
    return encoder, merged


def main():
    parser = argparse.ArgumentParser(description="Export a checkpoint to ONNX (int8) in the transformers.js layout.")
    parser.add_argument("work_dir")
    parser.add_argument("out_dir")
    parser.add_argument("--checkpoint", help="default WORK_DIR/checkpoint.pt")
    parser.add_argument("--trace", action="store_true", help="the model was trained with traces after the skeleton")
    args = parser.parse_args()
    work_dir, out_dir = args.work_dir, args.out_dir
    checkpoint = checkpoints.load(args.checkpoint or os.path.join(work_dir, "checkpoint.pt"))
    config = checkpoint["config"]
    model = Seq2Seq(config)
    model.load_state_dict(checkpoint["state_dict"])
    model.eval()
    onnx_dir = os.path.join(out_dir, "onnx")
    tmp_dir = os.path.join(work_dir, "onnx-fp32")
    os.makedirs(onnx_dir, exist_ok=True)
    encoder, merged = fp32_graphs(model, tmp_dir)
    onnx.save(quantize_model(encoder), os.path.join(onnx_dir, "encoder_model.onnx"))
    onnx.save(quantize_model(merged), os.path.join(onnx_dir, "decoder_model_merged.onnx"))
    write_configs(out_dir, config, args.trace)
    reference(model, os.path.join(work_dir, "reference.json"))
    print("exported", out_dir)


if __name__ == "__main__":
    main()
