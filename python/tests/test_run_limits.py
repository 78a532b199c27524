"""Per-run limits through Python: max_memory and timeout of Session.run, and two sessions with
different settings at once in two threads giving the bits each gives alone (issues 28 and 30)."""
import threading

import numpy as np
import pytest
from onnx import TensorProto, helper

import onnx_ref


def _model(nodes, inputs, outputs, initializers=(), opset=18):
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    return model


def _constant_of_shape(elements):
    return _model([helper.make_node("ConstantOfShape", ["s"], ["y"], name="big")], [],
                  [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
                  [helper.make_tensor("s", TensorProto.INT64, [1], [elements])])


def test_max_memory_refuses_an_output_past_the_budget_with_the_node_and_bytes():
    session = onnx_ref.Session(_constant_of_shape(1 << 20))  # float[1048576]: 4 MiB
    assert session.run_dict({}, max_memory=8)["y"].shape == (1 << 20,)
    with pytest.raises(onnx_ref.Error, match=r"node 'big' \(#0, ConstantOfShape-9\): float\[1048576\] needs 4194304 bytes"
                                             r"(, and the run holds \d+:|,) more than the limit of 2097152 bytes \(--max-memory\)"):
        session.run_dict({}, max_memory=2)
    with pytest.raises(onnx_ref.Error, match="--max-memory"):
        session.run_dict({}, max_memory="150%")
    with pytest.raises(TypeError):
        session.run_dict({}, max_memory=1.5)


def test_timeout_stops_a_long_loop_naming_the_node():
    body = helper.make_graph(
        [helper.make_node("Identity", ["c"], ["c2"]), helper.make_node("Identity", ["v"], ["v2"])], "body",
        [helper.make_tensor_value_info("i", TensorProto.INT64, []), helper.make_tensor_value_info("c", TensorProto.BOOL, []),
         helper.make_tensor_value_info("v", TensorProto.FLOAT, [1])],
        [helper.make_tensor_value_info("c2", TensorProto.BOOL, []), helper.make_tensor_value_info("v2", TensorProto.FLOAT, [1])])
    model = _model([helper.make_node("Loop", ["m", "", "x"], ["y"], name="spin", body=body)], [],
                   [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
                   [helper.make_tensor("m", TensorProto.INT64, [], [1 << 40]), helper.make_tensor("x", TensorProto.FLOAT, [1], [1.0])])
    with pytest.raises(onnx_ref.Error, match=r"node 'spin' \(#0, Loop-16\).*time limit of 0.05 s \(--timeout\)"):
        onnx_ref.Session(model).run_dict({}, timeout=0.05, max_loop_iterations=1 << 62)


def test_two_sessions_with_other_settings_at_once_give_the_bits_of_each_alone():
    def random_matmul(rows):
        return _model([helper.make_node("RandomNormal", [], ["r"], name="draw", shape=[rows, 48]),
                       helper.make_node("MatMul", ["r", "w"], ["y"])],
                      [helper.make_tensor_value_info("w", TensorProto.FLOAT, [48, 32])],
                      [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
    w = (np.arange(48 * 32) % 7 - 3).astype(np.float32).reshape(48, 32)
    a, b = onnx_ref.Session(random_matmul(256)), onnx_ref.Session(random_matmul(200))
    settings_a = dict(threads=1, seed=5, max_memory=64)
    settings_b = dict(threads=3, seed=9, max_memory=32)
    alone_a = a.run_dict({"w": w}, **settings_a)["y"]
    alone_b = b.run_dict({"w": w}, **settings_b)["y"]
    assert not np.array_equal(alone_a, a.run_dict({"w": w}, **settings_b)["y"])  # the seed matters
    results = {"a": [], "b": []}

    def work(key, session, settings):
        for _ in range(20):
            results[key].append(session.run_dict({"w": w}, **settings)["y"])
    threads = [threading.Thread(target=work, args=("a", a, settings_a)), threading.Thread(target=work, args=("b", b, settings_b))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r.tobytes() == alone_a.tobytes() for r in results["a"]) and len(results["a"]) == 20
    assert all(r.tobytes() == alone_b.tobytes() for r in results["b"]) and len(results["b"]) == 20
