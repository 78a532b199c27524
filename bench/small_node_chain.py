"""Writes a model of N chained small Conv or Gemm nodes (each a few dozen multiply-adds), where a
kernel's fixed cost per call, attribute reading included, is most of its time: the benchmark of
attributes parsed once at load (ops/registry.h, OpVersion::set_kernel).

usage: /usr/bin/python3 bench/small_node_chain.py OUT_DIR {conv|gemm} [N=20000]
Writes OUT_DIR/model.onnx and OUT_DIR/inputs.json.
  conv: x [1, 1, 4, 4], each node a 3x3 Conv with pads 1 and explicit strides, dilations,
        kernel_shape and group (output [1, 1, 4, 4]).
  gemm: x [4, 4], each node Gemm(x, w, c) with alpha, beta, transA and transB set.
"""
import json
import os
import sys

import onnx
from onnx import TensorProto, helper


def main():
    out, kind = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
    nodes, prev = [], "x"
    for i in range(n):
        name = "y" if i == n - 1 else f"t{i}"
        if kind == "conv":
            nodes.append(helper.make_node("Conv", [prev, "w"], [name], kernel_shape=[3, 3], pads=[1, 1, 1, 1],
                                          strides=[1, 1], dilations=[1, 1], group=1))
        else:
            nodes.append(helper.make_node("Gemm", [prev, "w", "c"], [name], alpha=0.5, beta=0.25, transA=0, transB=1))
        prev = name
    if kind == "conv":
        shape = [1, 1, 4, 4]
        inits = [helper.make_tensor("w", TensorProto.FLOAT, [1, 1, 3, 3], [0.125] * 9)]
    else:
        shape = [4, 4]
        inits = [helper.make_tensor("w", TensorProto.FLOAT, [4, 4], [0.25] * 16),
                 helper.make_tensor("c", TensorProto.FLOAT, [4], [1.0] * 4)]
    graph = helper.make_graph(nodes, "small_node_chain", [helper.make_tensor_value_info("x", TensorProto.FLOAT, shape)],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, shape)], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 22)])
    model.ir_version = 10
    os.makedirs(out, exist_ok=True)
    onnx.save(model, os.path.join(out, "model.onnx"))
    count = 1
    for d in shape:
        count *= d
    with open(os.path.join(out, "inputs.json"), "w") as f:
        json.dump({"x": {"dtype": "float", "shape": shape, "data": [1.0] * count}}, f)


if __name__ == "__main__":
    main()
