#!/usr/bin/python3
"""One-node integer product models for the throughput figures of bench/RESULTS.md ("Integer
products"), written to OUT/:

    matmul_integer_1024.onnx   MatMulInteger, A [1024, 1024] uint8 (input, zero point 131) x
                               B [1024, 1024] int8 (weights, zero point 0): 2 * 1024^3 operations
    conv_integer_1024.onnx     ConvInteger, x [1, 64, 1024, 1024] uint8 (input, zero point 117),
                               w [64, 64, 3, 3] uint8 (zero point 126), pads 1: 2 * 64 * 576 * 1024^2

Weights come from a fixed NumPy seed. Needs the onnx and numpy Python packages.

    bench/make_int8_op_models.py OUT [--size 1024]
"""
import argparse
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def save(path, node, inputs, output, inits):
    graph = helper.make_graph([node], os.path.basename(path), inputs, [output], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 7
    onnx.checker.check_model(model)
    onnx.save(model, path)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--size", type=int, default=1024)
    args = parser.parse_args()
    rng = np.random.default_rng(2710)
    n = args.size
    os.makedirs(args.out, exist_ok=True)
    save(os.path.join(args.out, f"matmul_integer_{n}.onnx"),
         helper.make_node("MatMulInteger", ["A", "B", "a_zp", "b_zp"], ["Y"]),
         [helper.make_tensor_value_info("A", TensorProto.UINT8, [n, n])],
         helper.make_tensor_value_info("Y", TensorProto.INT32, [n, n]),
         [numpy_helper.from_array(rng.integers(-128, 128, size=(n, n)).astype(np.int8), "B"),
          numpy_helper.from_array(np.array(131, dtype=np.uint8), "a_zp"),
          numpy_helper.from_array(np.array(0, dtype=np.int8), "b_zp")])
    save(os.path.join(args.out, f"conv_integer_{n}.onnx"),
         helper.make_node("ConvInteger", ["x", "w", "x_zp", "w_zp"], ["y"], kernel_shape=[3, 3], pads=[1, 1, 1, 1]),
         [helper.make_tensor_value_info("x", TensorProto.UINT8, [1, 64, n, n])],
         helper.make_tensor_value_info("y", TensorProto.INT32, [1, 64, n, n]),
         [numpy_helper.from_array(rng.integers(80, 176, size=(64, 64, 3, 3)).astype(np.uint8), "w"),
          numpy_helper.from_array(np.array(117, dtype=np.uint8), "x_zp"),
          numpy_helper.from_array(np.array(126, dtype=np.uint8), "w_zp")])


if __name__ == "__main__":
    main()
