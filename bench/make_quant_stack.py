#!/usr/bin/python3
"""Writes a dynamically quantized convolution stack, the stand-in for dynamically quantized image
models (issue 27): each layer is written the way dynamic quantization tools write a quantized Conv,

    x (float) -> DynamicQuantizeLinear -> ConvInteger(x_q, w_q, x_zp, w_zp) -> Cast(float)
      -> Mul(x_scale * w_scale) -> Add(bias) -> Relu  [-> Add(layer input) when the shapes agree]

3x3 kernels, 32 then 64 channels, a stride-2 layer every third layer while the image is larger
than 128, on a [1, 3, SIZE, SIZE] float input. Weights alternate between uint8 with a per-tensor
zero point near 128 and int8 with zero point 0 (per tensor: onnxruntime's ConvInteger refuses
per-channel zero points), drawn from a fixed seed, so the model is the same on every run. Needs only the onnx and numpy
Python packages (Debian: python3-onnx, python3-numpy).

    bench/make_quant_stack.py OUT.onnx [--size 1024] [--layers 12] [--seed 27]
"""
import argparse

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def build(size, layers, seed):
    rng = np.random.default_rng(seed)
    nodes, inits = [], []
    channels, spatial, current = 3, size, "input"
    for i in range(layers):
        out_channels = 32 if i < 2 else 64
        stride = 2 if i % 3 == 2 and spatial > 128 else 1
        p = f"l{i}_"
        fan_in = channels * 9
        if i % 2 == 0:  # uint8 weights around a zero point near 128
            w_zp = np.array(128 + int(rng.integers(-8, 9)), dtype=np.uint8)
            w = np.clip(int(w_zp) + rng.integers(-40, 41, size=(out_channels, channels, 3, 3)), 0, 255).astype(np.uint8)
        else:  # int8 weights, symmetric
            w_zp = np.array(0, dtype=np.int8)
            w = rng.integers(-60, 61, size=(out_channels, channels, 3, 3)).astype(np.int8)
        w_scale = np.float32(2.0 / (40 * np.sqrt(fan_in)))
        bias = (rng.standard_normal(out_channels) * 0.05).astype(np.float32).reshape(1, out_channels, 1, 1)
        inits += [numpy_helper.from_array(w, p + "w"), numpy_helper.from_array(w_zp, p + "w_zp"),
                  numpy_helper.from_array(np.array(w_scale, dtype=np.float32), p + "w_scale"),
                  numpy_helper.from_array(bias, p + "bias")]
        nodes += [
            helper.make_node("DynamicQuantizeLinear", [current], [p + "xq", p + "xs", p + "xzp"], name=p + "quantize"),
            helper.make_node("ConvInteger", [p + "xq", p + "w", p + "xzp", p + "w_zp"], [p + "acc"], name=p + "conv",
                             kernel_shape=[3, 3], pads=[1, 1, 1, 1], strides=[stride, stride]),
            helper.make_node("Cast", [p + "acc"], [p + "accf"], to=TensorProto.FLOAT, name=p + "cast"),
            helper.make_node("Mul", [p + "xs", p + "w_scale"], [p + "scale"], name=p + "scale_product"),
            helper.make_node("Mul", [p + "accf", p + "scale"], [p + "y"], name=p + "rescale"),
            helper.make_node("Add", [p + "y", p + "bias"], [p + "yb"], name=p + "bias_add"),
            helper.make_node("Relu", [p + "yb"], [p + "r"], name=p + "relu"),
        ]
        out = p + "r"
        if stride == 1 and out_channels == channels:
            nodes.append(helper.make_node("Add", [out, current], [p + "res"], name=p + "residual"))
            out = p + "res"
        channels, current = out_channels, out
        spatial = (spatial + 2 - 3) // stride + 1
    graph = helper.make_graph(
        nodes, "quant_stack",
        [helper.make_tensor_value_info("input", TensorProto.FLOAT, [1, 3, size, size])],
        [helper.make_tensor_value_info(current, TensorProto.FLOAT, [1, channels, spatial, spatial])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], producer_name="make_quant_stack")
    model.ir_version = 7
    onnx.checker.check_model(model)
    return model


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--size", type=int, default=1024)
    parser.add_argument("--layers", type=int, default=12)
    parser.add_argument("--seed", type=int, default=27)
    args = parser.parse_args()
    onnx.save(build(args.size, args.layers, args.seed), args.out)


if __name__ == "__main__":
    main()
