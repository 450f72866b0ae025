"""Int8 weight-only quantization of an ONNX model, by hand (onnxruntime's tool is not available).

Every float initializer with at least MIN_ELEMENTS elements becomes an int8 tensor plus
per-channel float scales, followed by a DequantizeLinear node that restores the float
weight at run time. Activations stay float, so accuracy loss is only the weights' rounding.
The channel axis is the consumer's output axis: columns for MatMul's B, rows for Gather
(embedding rows) and for Gemm with transB.
"""

import numpy as np
import onnx
from onnx import helper, numpy_helper

MIN_ELEMENTS = 4096


def consumers(graph):
    found = {}
    for node in graph.node:
        for i, name in enumerate(node.input):
            found.setdefault(name, []).append((node, i))
        for attr in node.attribute:
            if attr.type == onnx.AttributeProto.GRAPH:
                for inner_name, uses in consumers(attr.g).items():
                    found.setdefault(inner_name, []).extend(uses)
    return found


def channel_axis(uses):
    for node, index in uses:
        if node.op_type == "MatMul" and index == 1:
            return 1
        if node.op_type == "Gemm" and index == 1:
            trans_b = next((a.i for a in node.attribute if a.name == "transB"), 0)
            return 0 if trans_b else 1
    return 0


def quantize_model(model):
    graph = model.graph
    uses = consumers(graph)
    kept, added_nodes = [], []
    for init in graph.initializer:
        weight = numpy_helper.to_array(init)
        if weight.dtype != np.float32 or weight.ndim != 2 or weight.size < MIN_ELEMENTS:
            kept.append(init)
            continue
        axis = channel_axis(uses.get(init.name, []))
        reduce_axis = 1 - axis
        scale = np.abs(weight).max(axis=reduce_axis) / 127.0
        scale = np.where(scale == 0, 1.0, scale).astype(np.float32)
        shape = (1, -1) if axis == 1 else (-1, 1)
        q = np.clip(np.round(weight / scale.reshape(shape)), -127, 127).astype(np.int8)
        zero = np.zeros_like(scale, dtype=np.int8)
        kept += [
            numpy_helper.from_array(q, init.name + "_quantized"),
            numpy_helper.from_array(scale, init.name + "_scale"),
            numpy_helper.from_array(zero, init.name + "_zero_point"),
        ]
        added_nodes.append(
            helper.make_node(
                "DequantizeLinear",
                [init.name + "_quantized", init.name + "_scale", init.name + "_zero_point"],
                [init.name],
                name=init.name + "_dequantize",
                axis=axis,
            )
        )
    del graph.initializer[:]
    graph.initializer.extend(kept)
    nodes = added_nodes + list(graph.node)
    del graph.node[:]
    graph.node.extend(nodes)
    return model
