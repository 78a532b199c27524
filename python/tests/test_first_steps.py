"""What a new user of the package meets first: onnx_ref.run returns a list in graph order (as
Session.run and onnxruntime do) and run_dict the {name: value} form; errors about an in-memory
onnx.ModelProto name its graph."""

import pathlib

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper

import onnx_ref

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent.parent / "examples" / "reshape_flatten" / "model.onnx"


def test_run_returns_a_list_in_graph_order_and_run_dict_a_dict():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    r, y = onnx_ref.run(str(EXAMPLE), {"x": x})
    # The example reshapes to [2, 6, 2] and flattens that at axis 2 to [12, 2]; no element moves.
    assert r.shape == (2, 6, 2) and y.shape == (12, 2)
    assert y.ravel().tolist() == list(range(24)) and r.ravel().tolist() == list(range(24))
    (only_y,) = onnx_ref.run(str(EXAMPLE), {"x": x}, ["y"])
    assert only_y.shape == (12, 2)
    as_dict = onnx_ref.run_dict(str(EXAMPLE), {"x": x})
    assert list(as_dict) == ["r", "y"] and as_dict["y"].shape == (12, 2)
    assert [v.shape for v in onnx_ref.run(str(EXAMPLE), {"x": x})] == [v.shape for v in as_dict.values()]


def test_indexing_run_by_name_points_at_run_dict():
    out = onnx_ref.run(str(EXAMPLE), {"x": np.zeros((2, 3, 4), np.float32)})
    with pytest.raises(TypeError, match=r"onnx_ref.run_dict\(model, feeds\) gives \{name: value\}"):
        out["y"]


def test_errors_about_a_model_proto_name_its_graph():
    graph = helper.make_graph([helper.make_node("Relu", ["x"], ["y"], name="r")], "my_graph",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)])
    with pytest.raises(onnx_ref.Error) as refused:
        onnx_ref.Session(model).run(None, {"x": np.zeros(3, np.float32)})
    assert str(refused.value).startswith("<ModelProto, graph 'my_graph'>: input 'x' "), str(refused.value)
    # Bytes have no graph name to show.
    with pytest.raises(onnx_ref.Error, match=r"^<model bytes>: "):
        onnx_ref.Session(model.SerializeToString()).run(None, {"x": np.zeros(3, np.float32)})
    assert isinstance(onnx.load(str(EXAMPLE)), onnx.ModelProto)
