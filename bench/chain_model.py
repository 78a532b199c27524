"""Writes a model of N chained Adds on a float tensor of SIZE elements (y = x + x + ... ), the
long chain whose peak memory bench/RESULTS.md records: with values freed after their last reader
only a few intermediates are alive at once, without it all N are.

usage: /usr/bin/python3 bench/chain_model.py OUT_DIR [N=10000] [SIZE=1024]
Writes OUT_DIR/model.onnx and OUT_DIR/inputs.json.
"""
import json
import os
import sys

import onnx
from onnx import TensorProto, helper


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 1024
    nodes = []
    prev = "x"
    for i in range(n):
        name = "y" if i == n - 1 else f"t{i}"
        nodes.append(helper.make_node("Add", [prev, "one"], [name]))
        prev = name
    graph = helper.make_graph(
        nodes, "chain",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [size])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [size])],
        [helper.make_tensor("one", TensorProto.FLOAT, [1], [1.0])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)])
    model.ir_version = 8
    os.makedirs(out, exist_ok=True)
    onnx.save(model, os.path.join(out, "model.onnx"))
    with open(os.path.join(out, "inputs.json"), "w") as f:
        json.dump({"x": {"dtype": "float", "shape": [size], "data": [0.0] * size}}, f)


if __name__ == "__main__":
    main()
