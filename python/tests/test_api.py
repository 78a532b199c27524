"""The onnx_ref Python API: model sources, feeds, every element type both ways, sequences and
optionals, errors, and concurrent use of one Session."""

import os
import pathlib
import threading

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper, numpy_helper

import onnx_ref

HERE = pathlib.Path(__file__).resolve().parent
EXAMPLE = HERE.parent.parent / "examples" / "reshape_flatten" / "model.onnx"

# Element type code -> number of bits, for making every bit pattern of the small types.
SMALL = {"bfloat16": 16, "float16": 16, "float8e4m3fn": 8, "float8e4m3fnuz": 8, "float8e5m2": 8,
         "float8e5m2fnuz": 8, "float8e8m0": 8, "float4e2m1": 4, "int4": 4, "uint4": 4, "int2": 2, "uint2": 2}


def _model(nodes, inputs, outputs, initializers=(), opset=25):
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 11
    return model


def _identity(code, opset=25, shape=None):
    return _model([helper.make_node("Identity", ["x"], ["y"])],
                  [helper.make_tensor_value_info("x", code, shape)],
                  [helper.make_tensor_value_info("y", code, shape)], opset=opset)


def _raw_tensor(name, code, dims, raw):
    # ONNX 1.12's helper.make_tensor knows codes up to 16 only.
    t = TensorProto()
    t.name, t.data_type, t.raw_data = name, code, raw
    t.dims.extend(dims)
    return t


def _all_patterns(name, code):
    """A model with no inputs whose output holds every bit pattern of a small type (a random
    sample of the wide ones), as a raw_data initializer."""
    bits = SMALL.get(name)
    rng = np.random.default_rng(code)
    if bits is None:
        width = {"float": 4, "double": 8, "complex64": 8, "complex128": 16, "int8": 1, "uint8": 1, "int16": 2,
                 "uint16": 2, "int32": 4, "uint32": 4, "int64": 8, "uint64": 8, "bool": 1}[name]
        count = 1000
        raw = rng.integers(0, 256, size=count * width, dtype=np.uint8).tobytes()
        if name == "bool":
            raw = bytes(b & 1 for b in raw)
    else:
        count = 1 << bits
        values = np.arange(count, dtype=np.uint32)
        if bits == 16:
            raw = values.astype("<u2").tobytes()
        elif bits == 8:
            raw = values.astype(np.uint8).tobytes()
        else:  # packed: element 2k in the low bits of byte k (4-bit), 4 per byte (2-bit)
            per = 8 // bits
            packed = np.zeros(count // per, dtype=np.uint8)
            for i in range(count):
                packed[i // per] |= values[i] << (bits * (i % per))
            raw = packed.tobytes()
    init = _raw_tensor("c", code, [count], raw)
    return _model([helper.make_node("Identity", ["c"], ["y"])], [],
                  [helper.make_tensor_value_info("y", code, [count])], [init])


def _same(a, b, nan_payloads=True):
    assert a.dtype == b.dtype and a.shape == b.shape
    if a.dtype == object:
        assert list(a.ravel()) == list(b.ravel())
    elif a.dtype.kind in "fc" and not nan_payloads:
        assert np.array_equal(a, b, equal_nan=True)
    else:
        assert a.tobytes() == b.tobytes()


NUMERIC = [t for t in onnx_ref.ELEMENT_TYPES if t != "string"]


@pytest.mark.parametrize("name", NUMERIC)
def test_every_type_round_trips(name):
    code, dtype = onnx_ref.ELEMENT_TYPES[name]
    values = onnx_ref.run_dict(_all_patterns(name, code), {})["y"]
    assert values.dtype == np.dtype(dtype)
    back = onnx_ref.run_dict(_identity(code), {"x": values})["y"]
    # Through float32, NaN payloads survive for bfloat16 (the top half of a float32) and the NumPy
    # types; the float8/float4 types have their NaNs decoded to float32 NaN.
    _same(back, values, nan_payloads=name not in SMALL or name in ("bfloat16", "float16"))
    if name in SMALL:  # every pattern decodes to a distinct value (NaNs and zeros aside)
        finite = values[~np.isnan(values)] if values.dtype.kind == "f" else values
        assert len(np.unique(finite)) >= len(finite) - 2


def test_small_types_follow_onnx_1_12_numpy_helper():
    # ONNX 1.12's to_array turns bfloat16 into float32; onnx-ref gives the same array.
    t = helper.make_tensor("c", TensorProto.BFLOAT16, [3], np.array([0x3f80, 0xc000, 0x7fc1], "<u2").tobytes(), raw=True)
    expected = numpy_helper.to_array(t)
    model = _model([helper.make_node("Identity", ["c"], ["y"])], [],
                   [helper.make_tensor_value_info("y", TensorProto.BFLOAT16, [3])], [t])
    _same(onnx_ref.run_dict(model, {})["y"], expected)


def test_small_float_inputs_round_as_the_command_line():
    # float32 arrays for bfloat16 inputs are rounded to nearest, ties to even: 0.1f is
    # 0x3DCCCCCD, whose low half 0xCCCD is above the halfway point 0x8000, so it rounds up to 0x3DCD;
    # 1 + 2^-8 is halfway between bfloat16 neighbours 1 and 1 + 2^-7, and goes to the even one, 1.
    y = onnx_ref.run_dict(_identity(16), {"x": np.array([1.0, 0.1, 1 + 2**-8, 1 + 3 * 2**-8], np.float32)})["y"]
    assert y.view(np.uint32).tolist() == [0x3F800000, 0x3DCD0000, 0x3F800000, 0x3F820000]
    with pytest.raises(onnx_ref.Error, match=r"input 'x' \[1\]: 3.5e\+38 is beyond the range of bfloat16"):
        onnx_ref.run_dict(_identity(16), {"x": np.array([1.0, 3.5e38], np.float64)})
    # float8e4m3fn saturates as Cast does (and as the command line reads JSON): 1000 and infinity
    # become its largest value, 448; 17 lies halfway between 16 and 18 and goes to the even
    # significand, 16. float8e5m2 keeps infinities.
    out = onnx_ref.run_dict(_identity(17), {"x": [1.0, -448.0, 0.015625, 17.0, 1000.0, -np.inf]})["y"]
    assert out.tolist() == [1.0, -448.0, 0.015625, 16.0, 448.0, -448.0] and out.dtype == np.float32
    assert onnx_ref.run_dict(_identity(19), {"x": [np.inf, 1e6]})["y"].tolist() == [np.inf, 57344.0]
    with pytest.raises(onnx_ref.Error, match="8 does not fit int4"):
        onnx_ref.run_dict(_identity(22), {"x": [1, -8, 8]})
    assert onnx_ref.run_dict(_identity(22), {"x": [1, -8, 7]})["y"].tolist() == [1, -8, 7]
    assert onnx_ref.run_dict(_identity(25), {"x": np.array([0, 3], np.uint8)})["y"].dtype == np.uint8


def test_ml_dtypes_arrays_when_installed():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    for name, ml in [("bfloat16", ml_dtypes.bfloat16), ("float8e4m3fn", ml_dtypes.float8_e4m3fn),
                     ("float8e5m2", ml_dtypes.float8_e5m2), ("int4", getattr(ml_dtypes, "int4", None))]:
        if ml is None:
            continue
        code = onnx_ref.ELEMENT_TYPES[name][0]
        a = np.array([1, -2, 3], dtype=ml)
        out = onnx_ref.run_dict(_identity(code), {"x": a})["y"]
        assert out.tolist() == [1, -2, 3]


def test_strings_str_where_utf8_bytes_otherwise():
    values = np.array(["a", "é€", b"\xff\xfe", ""], dtype=object)
    out = onnx_ref.run_dict(_identity(TensorProto.STRING), {"x": values})["y"]
    assert out.dtype == object
    assert list(out) == ["a", "é€", b"\xff\xfe", ""]
    back = onnx_ref.run_dict(_identity(TensorProto.STRING), {"x": out})["y"]
    assert list(back) == list(out)
    # NumPy's own string dtypes and plain lists are accepted too.
    assert list(onnx_ref.run_dict(_identity(TensorProto.STRING), {"x": np.array(["x", "yz"])})["y"]) == ["x", "yz"]
    assert list(onnx_ref.run_dict(_identity(TensorProto.STRING), {"x": np.array([b"x"])})["y"]) == ["x"]
    assert onnx_ref.run_dict(_identity(TensorProto.STRING), {"x": ["p", "q"]})["y"].tolist() == ["p", "q"]
    assert onnx_ref.run_dict(_identity(TensorProto.STRING, shape=[]), {"x": "s"})["y"].shape == ()
    with pytest.raises(onnx_ref.Error, match=r"\[1\]: a string tensor takes str or bytes, not int"):
        onnx_ref.run_dict(_identity(TensorProto.STRING), {"x": np.array(["a", 3], dtype=object)})


def test_model_sources():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    expected = onnx_ref.run_dict(str(EXAMPLE), {"x": x})
    assert list(expected) == ["r", "y"]
    for source in (EXAMPLE, EXAMPLE.read_bytes(), onnx.load(str(EXAMPLE))):
        got = onnx_ref.run_dict(source, {"x": x})
        assert list(got) == ["r", "y"]
        for k in got:
            _same(got[k], expected[k])
    with pytest.raises(TypeError):
        onnx_ref.Session(42)


def test_session_api():
    s = onnx_ref.Session(EXAMPLE)
    assert s.input_names == ["x"] and s.output_names == ["r", "y"]
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    assert list(s.run_dict({"x": x})) == ["r", "y"]
    assert list(s.run_dict({"x": x}, ["y"])) == ["y"]
    assert list(s.run_dict({"x": x}, ["y", "r"])) == ["y", "r"]
    # run is onnxruntime's: a list of values in the order asked, None for every output.
    d = s.run_dict({"x": x})
    r, y = s.run(None, {"x": x})
    _same(r, d["r"])
    _same(y, d["y"])
    (only_y,) = s.run(["y"], {"x": x})
    _same(only_y, d["y"])
    assert [a.shape for a in s.run(["y", "r"], {"x": x})] == [d["y"].shape, d["r"].shape]
    with pytest.raises(TypeError, match="run_dict"):
        s.run({"x": x})
    assert [(a.name, a.type) for a in s.get_outputs()] == [("r", "tensor(float)"), ("y", "tensor(float)")]
    assert [(a.name, a.type, a.shape) for a in s.get_inputs()] == [("x", "tensor(float)", [2, 3, 4])]
    with pytest.raises(onnx_ref.Error, match="'nope' is not a graph output"):
        s.run(["nope"], {"x": x})
    # Non-contiguous and big-endian arrays are taken as their values.
    xt = np.ascontiguousarray(x.transpose(2, 1, 0)).transpose(2, 1, 0)
    _same(s.run_dict({"x": xt})["y"], s.run_dict({"x": x})["y"])
    _same(s.run_dict({"x": x.astype(">f4")})["y"], s.run_dict({"x": x})["y"])


def test_intermediate_values_as_outputs():
    chain = _model([helper.make_node("Relu", ["x"], ["r"], name="relu"), helper.make_node("Neg", ["r"], ["n"], name="neg"),
                    helper.make_node("Abs", ["n"], ["y"], name="abs")],
                   [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4])],
                   [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4])])
    x = np.array([-2.5, 0.5, 1.5, 3.0], np.float32)
    s = onnx_ref.Session(chain, extra_outputs=["n", "x"])
    assert s.output_names == ["y", "n", "x"]
    y, n, fed = s.run(None, {"x": x})
    _same(n, -np.maximum(x, 0))
    _same(y, np.abs(-np.maximum(x, 0)))
    _same(fed, x)
    every = onnx_ref.Session(chain, every_node_output=True)
    assert every.output_names == ["y", "r", "n"]
    _same(every.run_dict({"x": x})["r"], np.maximum(x, 0))
    assert onnx_ref.Session(chain).output_names == ["y"]
    with pytest.raises(onnx_ref.Error, match="'nope' was asked for as an output"):
        onnx_ref.Session(chain, extra_outputs=["nope"])
    with pytest.raises(TypeError, match="list of names"):
        onnx_ref.Session(chain, extra_outputs="n")


def test_random_feeds_and_profile():
    sym = _model([helper.make_node("Relu", ["x"], ["r"], name="relu"), helper.make_node("Neg", ["r"], ["y"], name="neg")],
                 [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", 3])],
                 [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", 3])])
    s = onnx_ref.Session(sym)
    a = s.random_feeds(7, {"batch": 5})
    assert list(a) == ["x"] and a["x"].dtype == np.float32 and a["x"].shape == (5, 3)
    _same(a["x"], s.random_feeds(7, {"batch": 5})["x"])
    assert not np.array_equal(a["x"], s.random_feeds(8, {"batch": 5})["x"])
    with pytest.raises(onnx_ref.Error, match="batch"):
        s.random_feeds(7)
    outputs, rows = s.run_profile(a)
    _same(outputs["y"], -np.maximum(a["x"], 0))
    assert sorted((r["node"], r["op"], r["calls"]) for r in rows) == [
        ("node 'neg' (#1, Neg-13)", "Neg-13", 1), ("node 'relu' (#0, Relu-14)", "Relu-14", 1)]
    assert all(r["top_level"] and not r["holds_graphs"] and r["milliseconds"] >= 0 for r in rows)
    assert [r["milliseconds"] for r in rows] == sorted((r["milliseconds"] for r in rows), reverse=True)


def test_lists_and_scalars_take_the_declared_type():
    add = _model([helper.make_node("Add", ["a", "b"], ["c"])],
                 [helper.make_tensor_value_info("a", TensorProto.INT32, None),
                  helper.make_tensor_value_info("b", TensorProto.INT32, None)],
                 [helper.make_tensor_value_info("c", TensorProto.INT32, None)], opset=14)
    out = onnx_ref.run_dict(add, {"a": [[1, 2], [3, 4]], "b": 10})["c"]
    assert out.dtype == np.int32 and out.tolist() == [[11, 12], [13, 14]]
    assert onnx_ref.run_dict(add, {"a": np.int32(2), "b": 3.0})["c"].tolist() == 5
    with pytest.raises(onnx_ref.Error, match="3000000000 does not fit int32"):
        onnx_ref.run_dict(add, {"a": [3000000000], "b": 1})
    with pytest.raises(onnx_ref.Error, match="non-integral"):
        onnx_ref.run_dict(add, {"a": [1.5], "b": 1})
    with pytest.raises(onnx_ref.Error, match="input 'a' is int64"):
        onnx_ref.run_dict(add, {"a": np.array([1]), "b": 1})  # arrays keep their own dtype: strict


def test_sequences_and_optionals():
    seq = _model([helper.make_node("Identity", ["x"], ["y"])],
                 [helper.make_value_info("x", helper.make_sequence_type_proto(helper.make_tensor_type_proto(1, None)))],
                 [helper.make_value_info("y", helper.make_sequence_type_proto(helper.make_tensor_type_proto(1, None)))],
                 opset=16)
    items = [np.array([1, 2], np.float32), np.zeros((2, 2), np.float32)]
    out = onnx_ref.run_dict(seq, {"x": items})["y"]
    assert isinstance(out, list) and len(out) == 2
    _same(out[1], items[1])
    assert onnx_ref.run_dict(seq, {"x": []})["y"] == []
    opt = _model([helper.make_node("Identity", ["x"], ["y"])],
                 [helper.make_value_info("x", helper.make_optional_type_proto(helper.make_tensor_type_proto(7, None)))],
                 [helper.make_value_info("y", helper.make_optional_type_proto(helper.make_tensor_type_proto(7, None)))],
                 opset=16)
    assert onnx_ref.run_dict(opt, {"x": None})["y"] is None
    assert onnx_ref.run_dict(opt, {"x": [4, 5]})["y"].tolist() == [4, 5]


def test_maps_as_dicts():
    # x: map(string, float) -> DictVectorizer(["a", "b"]) -> [[0.5, 2.5]] -> ZipMap(["p", "q"]).
    # ONNX 1.12's helper has no make_map_type_proto.
    map_type = onnx.TypeProto()
    map_type.map_type.key_type = TensorProto.STRING
    map_type.map_type.value_type.CopyFrom(helper.make_tensor_type_proto(TensorProto.FLOAT, None))
    graph = helper.make_graph(
        [helper.make_node("DictVectorizer", ["x"], ["row"], domain="ai.onnx.ml", string_vocabulary=["a", "b"]),
         helper.make_node("ZipMap", ["row"], ["z"], domain="ai.onnx.ml", classlabels_strings=["p", "q"])],
        "g", [helper.make_value_info("x", map_type)],
        [helper.make_value_info("z", helper.make_sequence_type_proto(map_type))])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("ai.onnx.ml", 1)])
    model.ir_version = 8
    z = onnx_ref.run_dict(model, {"x": {"b": 2.5, "a": 0.5}})["z"]
    assert z == [{"p": 0.5, "q": 2.5}]
    assert onnx_ref.Session(model).get_inputs()[0].type == "map(string, float)"
    with pytest.raises(onnx_ref.Error, match="the map's key 'c' is not in the vocabulary"):
        onnx_ref.run_dict(model, {"x": {"c": 1.0}})
    with pytest.raises(onnx_ref.Error, match="feed a dict"):
        onnx_ref.run_dict(model, {"x": [1.0]})


def test_errors_are_onnx_ref_errors_with_one_line_messages():
    assert issubclass(onnx_ref.UnsupportedError, onnx_ref.Error)
    assert onnx_ref.Error.__module__ == "onnx_ref"
    with pytest.raises(onnx_ref.Error) as e:
        onnx_ref.run_dict(b"this is not a model", {})
    assert "\n" not in str(e.value)
    with pytest.raises(onnx_ref.Error, match="no such file|cannot be read|cannot be opened"):
        onnx_ref.run_dict("/nonexistent/model.onnx", {})
    with pytest.raises(onnx_ref.Error, match="input 'x' .* is not fed"):
        onnx_ref.run_dict(EXAMPLE, {})
    with pytest.raises(onnx_ref.Error, match="is double"):
        onnx_ref.run_dict(EXAMPLE, {"x": np.zeros((2, 3, 4))})
    unsupported = _model([helper.make_node("Gradient", ["x"], ["y"], domain="ai.onnx.preview.training", xs=["x"], y="x")],
                         [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])],
                         [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])], opset=20)
    unsupported.opset_import.append(helper.make_opsetid("ai.onnx.preview.training", 1))
    with pytest.raises(onnx_ref.UnsupportedError, match="Gradient"):
        onnx_ref.Session(unsupported)
    assert "Gradient" in onnx_ref.check_model(unsupported)
    assert onnx_ref.check_model(EXAMPLE) is None
    with pytest.raises(onnx_ref.Error, match="no ONNX element type"):
        onnx_ref.run_dict(_identity(1), {"x": np.array(["2020-01-01"], dtype="datetime64[D]")})


def test_help_is_useful():
    assert "output_names" in onnx_ref.run.__doc__ and "onnx.ModelProto" in onnx_ref.run.__doc__
    assert "run(output_names, feeds)" in onnx_ref.Session.run.__doc__ and "run_dict(feeds" in onnx_ref.Session.run_dict.__doc__
    assert (pathlib.Path(onnx_ref.__file__).parent / "__init__.pyi").exists()


def test_one_session_from_many_threads():
    model = _model([helper.make_node("Tile", ["x", "r"], ["t"]), helper.make_node("Mul", ["t", "t"], ["y"])],
                   [helper.make_tensor_value_info("x", TensorProto.DOUBLE, None),
                    helper.make_tensor_value_info("r", TensorProto.INT64, [2])],
                   [helper.make_tensor_value_info("y", TensorProto.DOUBLE, None)], opset=13)
    session = onnx_ref.Session(model)
    inputs = [np.random.default_rng(i).standard_normal((30, 40)) for i in range(8)]
    expected = [np.tile(x, (20, 20)) ** 2 for x in inputs]
    errors = []

    def work(k):
        try:
            for _ in range(10):
                got = session.run_dict({"x": inputs[k], "r": [20, 20]})["y"]
                if not np.array_equal(got, expected[k]):
                    errors.append(f"thread {k}: wrong result")
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(repr(e))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_readme_backend_test_snippet_runs_with_the_installed_onnx_and_numpy():
    # The README's two lines, narrowed to two node tests: ONNX's plain runner fails every test here
    # with NumPy >= 1.24 (np.object); backend_test's runner must pass them.
    import unittest

    import onnx_ref.backend

    cases = onnx_ref.backend.backend_test(__name__).include(r"^test_(relu|abs)_cpu$").test_cases
    suite = unittest.TestSuite(unittest.defaultTestLoader.loadTestsFromTestCase(c) for c in cases.values())
    result = unittest.TestResult()
    suite.run(result)
    assert result.errors == [] and result.failures == []
    assert result.testsRun - len(result.skipped) == 2


def test_load_opt_ins_sort_nodes_and_allow_deprecated(capfd):
    # IR.md: "The list of nodes defining the top-level computation graph MUST be ordered topologically".
    # y = Relu(Neg(x)) written consumer first: refused by default; sort_nodes=True sorts, runs and warns once.
    unsorted = _model([helper.make_node("Relu", ["n"], ["y"], name="relu"), helper.make_node("Neg", ["x"], ["n"], name="neg")],
                      [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
                      [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])], opset=17)
    x = np.array([1, -2, 3], dtype=np.float32)
    with pytest.raises(onnx_ref.Error, match="--sort-nodes sorts them"):
        onnx_ref.Session(unsorted)
    capfd.readouterr()
    _same(onnx_ref.Session(unsorted, sort_nodes=True).run_dict({"x": x})["y"], np.array([0, 2, 0], dtype=np.float32))
    _same(onnx_ref.run_dict(unsorted, {"x": x}, sort_nodes=True)["y"], np.array([0, 2, 0], dtype=np.float32))
    assert capfd.readouterr().err.count("not in topological order") == 2  # once per load
    # Scatter-11 is deprecated: refused naming ScatterElements; allow_deprecated=True runs it.
    scatter = _model([helper.make_node("Scatter", ["d", "i", "u"], ["y"])],
                     [helper.make_tensor_value_info("d", TensorProto.FLOAT, [3]),
                      helper.make_tensor_value_info("i", TensorProto.INT64, [1]),
                      helper.make_tensor_value_info("u", TensorProto.FLOAT, [1])],
                     [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])], opset=11)
    feeds = {"d": np.array([1, 2, 3], dtype=np.float32), "i": np.array([1], dtype=np.int64), "u": np.array([9], dtype=np.float32)}
    with pytest.raises(onnx_ref.Error, match="Scatter-11 is deprecated.*ScatterElements"):
        onnx_ref.run(scatter, feeds)
    _same(onnx_ref.run_dict(scatter, feeds, allow_deprecated=True)["y"], np.array([1, 9, 3], dtype=np.float32))
