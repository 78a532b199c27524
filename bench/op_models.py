"""One-node models for `scripts/bench-compare.sh --ops`: the operator speed targets of the issues,
each written as a backend-test case (model.onnx, test_data_set_0/input_K.pb) under OUT/<name>.

    /usr/bin/python3 bench/op_models.py OUT

Inputs come from a fixed NumPy seed; each case's name says what it measures and its target ratio
to onnxruntime (the `target` file beside model.onnx)."""
import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper, save

rng = np.random.default_rng(2026)
F = TensorProto.FLOAT


def case(out, name, target, nodes, inputs, opset=22, initializers=(), domain_opsets=()):
    folder = os.path.join(out, name)
    os.makedirs(os.path.join(folder, "test_data_set_0"), exist_ok=True)
    graph_inputs = [helper.make_tensor_value_info(n, F, a.shape) for n, a in inputs]
    outputs = [helper.make_tensor_value_info(o, F, None) for o in nodes[-1].output if o]
    graph = helper.make_graph(nodes, name, graph_inputs, outputs, list(initializers))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset), *domain_opsets])
    model.ir_version = 10
    save(model, os.path.join(folder, "model.onnx"))
    for k, (n, a) in enumerate(inputs):
        with open(os.path.join(folder, "test_data_set_0", f"input_{k}.pb"), "wb") as f:
            f.write(numpy_helper.from_array(a, n).SerializeToString())
    with open(os.path.join(folder, "target"), "w") as f:
        f.write(target + "\n")


def floats(*shape, low=-1.0, high=1.0):
    return rng.uniform(low, high, shape).astype(np.float32)


def init(name, array):
    return numpy_helper.from_array(array, name)


def main(out):
    big = (4096, 4096)
    # Issue 14: correctly rounded functions on 16M floats (<= 4x), Add and Mul at memory speed.
    for op, low, high in [("Exp", -10, 10), ("Log", 1e-3, 1e3), ("Tanh", -5, 5), ("Sigmoid", -10, 10), ("Erf", -3, 3)]:
        case(out, f"{op}_16M", "4", [helper.make_node(op, ["x"], ["y"])], [("x", floats(*big, low=low, high=high))])
    case(out, "Gelu_16M", "4", [helper.make_node("Gelu", ["x"], ["y"])], [("x", floats(*big, low=-5, high=5))], opset=20)
    for op in ("Add", "Mul"):
        case(out, f"{op}_16M", "-", [helper.make_node(op, ["a", "b"], ["y"])], [("a", floats(*big)), ("b", floats(*big))])
    # Issue 15: ReduceMean over the last axis, Softmax, LayerNormalization on 4096 x 4096 (<= 3x).
    case(out, "ReduceMean_4096x4096_last", "3", [helper.make_node("ReduceMean", ["x", "axes"], ["y"])],
         [("x", floats(*big))], opset=18, initializers=[init("axes", np.array([-1], np.int64))])
    case(out, "Softmax_4096x4096", "3", [helper.make_node("Softmax", ["x"], ["y"], axis=-1)], [("x", floats(*big, low=-8, high=8))])
    case(out, "LayerNormalization_4096x4096", "3",
         [helper.make_node("LayerNormalization", ["x", "scale", "bias"], ["y"], axis=-1)], [("x", floats(*big))], opset=17,
         initializers=[init("scale", floats(4096)), init("bias", floats(4096))])
    # Issue 16: the GEMM engine (<= 5x).
    case(out, "MatMul_1024", "5", [helper.make_node("MatMul", ["a", "b"], ["y"])], [("a", floats(1024, 1024)), ("b", floats(1024, 1024))])
    conv = lambda name, w, **attrs: case(out, name, "5", [helper.make_node("Conv", ["x", "w"], ["y"], **attrs)],
                                         [("x", floats(1, 64, 112, 112))], initializers=[init("w", w)])
    conv("Conv3x3_64to64_112", floats(64, 64, 3, 3), pads=[1, 1, 1, 1])
    conv("Conv1x1_64to64_112", floats(64, 64, 1, 1))
    conv("ConvDepthwise3x3_64_112", floats(64, 1, 3, 3), pads=[1, 1, 1, 1], group=64)
    # Issue 17: LSTM, Resize, Attention (<= 5x).
    hidden, size, steps = 128, 128, 100
    case(out, "LSTM_h128_100steps", "5", [helper.make_node("LSTM", ["x", "w", "r", "b"], ["y", "y_h", "y_c"], hidden_size=hidden)],
         [("x", floats(steps, 1, size))], initializers=[init("w", floats(1, 4 * hidden, size, low=-0.1, high=0.1)),
                                                        init("r", floats(1, 4 * hidden, hidden, low=-0.1, high=0.1)),
                                                        init("b", floats(1, 8 * hidden, low=-0.1, high=0.1))])
    case(out, "Resize_linear_1x64x160x160_x2", "5", [helper.make_node("Resize", ["x", "", "scales"], ["y"], mode="linear")],
         [("x", floats(1, 64, 160, 160))], opset=19, initializers=[init("scales", np.array([1, 1, 2, 2], np.float32))])
    heads, seq, head_size = 8, 256, 64
    case(out, "Attention_seq256_8x64", "5", [helper.make_node("Attention", ["q", "k", "v"], ["y"])],
         [(n, floats(1, heads, seq, head_size)) for n in ("q", "k", "v")], opset=23)


if __name__ == "__main__":
    main(sys.argv[1])
