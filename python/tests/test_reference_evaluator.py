"""onnx_ref.ReferenceEvaluator: onnx.reference.ReferenceEvaluator's interface (docs/reference-evaluator.md).

The comparison: 50 official node-test models (ONNX 1.20.0's folders of the exact families below, one
more of each family per round until 50) run through onnx_ref.ReferenceEvaluator and through ONNX's
ReferenceEvaluator when the installed onnx has one (onnx >= 1.13; Debian 12's 1.12 has none), else
against the outputs ONNX's reference wrote into the test folders. The families are data movement,
integer arithmetic, comparisons, logic and IEEE operations (Add, Sub, Mul, Div, Neg, Abs, Relu, Max,
Min, Floor, Ceil, Sqrt), whose results are exact in both implementations: they must agree bit for bit
(a NaN matches any NaN).
"""

import glob
import io
import os
import re
import contextlib

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper, numpy_helper

import onnx_ref
from onnx_ref import ReferenceEvaluator

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("ONNX_REF_SHARED_TESTS", os.path.join(HERE, "..", "..", "..", "shared", "onnx-node-tests"))
RELEASE = os.path.join(SHARED, "v1.20.0")

EXACT_FAMILIES = re.compile(
    r"^test_(reshape|transpose|concat|gather|slice|squeeze|unsqueeze|identity|where|equal|less|greater|and|or|xor|not|"
    r"flatten|tile|expand|shape|size|depthtospace|spacetodepth|relu|max|min|abs|neg|add|sub|mul|div|floor|ceil|sqrt|"
    r"compress|nonzero|onehot|trilu|bitwise)")

try:  # onnx >= 1.13
    from onnx.reference import ReferenceEvaluator as OnnxEvaluator
except ImportError:
    OnnxEvaluator = None


def _official_models():
    names = sorted(os.path.basename(d) for d in glob.glob(os.path.join(RELEASE, "test_*")))
    by_family = {}
    for n in names:
        m = EXACT_FAMILIES.match(n)
        if m and not n.endswith("_expanded"):
            by_family.setdefault(m.group(1), []).append(n)
    # Round by round, one more model of each family, so the 50 spread over the families.
    picked = []
    for round_ in range(max(len(v) for v in by_family.values())):
        for family in sorted(by_family):
            if round_ < len(by_family[family]) and len(picked) < 50:
                picked.append(by_family[family][round_])
    return sorted(picked)


MODELS = _official_models() if os.path.isdir(RELEASE) else []


def _read(path):
    t = TensorProto()
    with open(path, "rb") as f:
        t.ParseFromString(f.read())
    return numpy_helper.to_array(t)


def _bits_equal(a, b):
    a, b = np.asarray(a), np.asarray(b)
    assert a.dtype == b.dtype and a.shape == b.shape, (a.dtype, a.shape, b.dtype, b.shape)
    if a.dtype.kind in "fc":
        nan = np.isnan(a)
        assert np.array_equal(nan, np.isnan(b))
        assert a[~nan].tobytes() == b[~nan].tobytes()
    elif a.dtype == object:
        assert list(a.ravel()) == list(b.ravel())
    else:
        assert a.tobytes() == b.tobytes()


def test_fifty_official_models_chosen():
    if not os.path.isdir(RELEASE):
        pytest.skip(f"no official node tests at {RELEASE}")
    assert len(MODELS) == 50


@pytest.mark.parametrize("name", MODELS)
def test_official_model_bit_for_bit(name):
    folder = os.path.join(RELEASE, name)
    model = onnx.load(os.path.join(folder, "model.onnx"))
    inputs = [_read(p) for p in sorted(glob.glob(os.path.join(folder, "test_data_set_0", "input_*.pb")))]
    feeds = {i.name: v for i, v in zip([i for i in model.graph.input if i.name not in
                                        {t.name for t in model.graph.initializer}], inputs)}
    ours = ReferenceEvaluator(model).run(None, feeds)
    if OnnxEvaluator is not None:
        theirs = OnnxEvaluator(model).run(None, feeds)
    else:
        theirs = [_read(p) for p in sorted(glob.glob(os.path.join(folder, "test_data_set_0", "output_*.pb")))]
    assert isinstance(ours, list) and len(ours) == len(theirs)
    for a, b in zip(ours, theirs):
        assert isinstance(a, np.ndarray)
        _bits_equal(a, b)


def _add_model():
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])
    z = helper.make_tensor_value_info("z", TensorProto.FLOAT, [2])
    c = numpy_helper.from_array(np.array([1, 2], np.float32), "c")
    nodes = [helper.make_node("Add", ["x", "c"], ["t"]), helper.make_node("Mul", ["t", "y"], ["z"])]
    graph = helper.make_graph(nodes, "g", [x, y], [z], [c])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)], ir_version=8)


FEEDS = {"x": np.array([1.5, -2], np.float32), "y": np.array([2, 3], np.float32)}


def test_constructor_takes_proto_path_and_bytes(tmp_path):
    model = _add_model()
    path = tmp_path / "m.onnx"
    onnx.save(model, str(path))
    expected = [np.array([5, 0], np.float32)]
    for source in (model, str(path), path, model.SerializeToString()):
        result = ReferenceEvaluator(source).run(None, FEEDS)
        assert isinstance(result, list)
        _bits_equal(result[0], expected[0])


def test_run_names_and_intermediate():
    sess = ReferenceEvaluator(_add_model())
    assert sess.input_names == ["x", "y"] and sess.output_names == ["z"]
    assert sess.opsets == {"": 14}
    z, = sess.run(["z"], FEEDS)
    _bits_equal(z, np.array([5, 0], np.float32))
    # Any computed value by name, as ONNX's evaluator returns it.
    t, z2 = sess.run(["t", "z"], FEEDS)
    _bits_equal(t, np.array([2.5, 0], np.float32))
    _bits_equal(z2, z)
    every = sess.run(None, FEEDS, intermediate=True)
    assert list(every) == ["", "c", "x", "y", "t", "z"]
    assert every[""] is None
    _bits_equal(every["c"], np.array([1, 2], np.float32))
    _bits_equal(every["t"], np.array([2.5, 0], np.float32))


def test_sequences_and_maps_come_back_as_lists_and_dicts():
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])
    s = helper.make_tensor_sequence_value_info("s", TensorProto.FLOAT, None)
    graph = helper.make_graph([helper.make_node("SequenceConstruct", ["x", "x"], ["s"])], "g", [x], [s])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)], ir_version=8)
    seq, = ReferenceEvaluator(model).run(None, {"x": np.array([1, 2], np.float32)})
    assert isinstance(seq, list) and len(seq) == 2
    _bits_equal(seq[1], np.array([1, 2], np.float32))

    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2])
    seq_of_maps = onnx.TypeProto()
    seq_of_maps.sequence_type.elem_type.map_type.key_type = TensorProto.STRING
    seq_of_maps.sequence_type.elem_type.map_type.value_type.tensor_type.elem_type = TensorProto.FLOAT
    out = helper.make_value_info("m", seq_of_maps)
    node = helper.make_node("ZipMap", ["x"], ["m"], domain="ai.onnx.ml", classlabels_strings=["a", "b"])
    graph = helper.make_graph([node], "g", [x], [out])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("ai.onnx.ml", 1), helper.make_opsetid("", 13)], ir_version=8)
    maps, = ReferenceEvaluator(model).run(None, {"x": np.array([[0.25, 0.75]], np.float32)})
    assert maps == [{"a": 0.25, "b": 0.75}]


def test_refusals_are_one_line_errors():
    sess = ReferenceEvaluator(_add_model())
    with pytest.raises(onnx_ref.Error) as missing:
        sess.run(None, {"x": FEEDS["x"]})
    assert "\n" not in str(missing.value) and "'y'" in str(missing.value)
    with pytest.raises(onnx_ref.Error):
        sess.run(None, {"x": FEEDS["x"], "y": np.array([1, 2], np.int64)})
    # A model the specification does not allow is refused when it is constructed.
    bad = _add_model()
    bad.graph.node[0].op_type = "Addd"
    with pytest.raises(onnx_ref.Error) as refused:
        ReferenceEvaluator(bad)
    assert "Addd" in str(refused.value) and "\n" not in str(refused.value)


def test_what_it_does_not_take():
    model = _add_model()
    with pytest.raises(TypeError, match="custom Python operators"):
        ReferenceEvaluator(model, new_ops=[object])
    with pytest.raises(TypeError, match="models only"):
        ReferenceEvaluator(model.graph)
    with pytest.raises(TypeError, match="FunctionProto"):
        ReferenceEvaluator(model).run(None, FEEDS, attributes={"a": 1})


def test_verbose_prints_the_nodes():
    sess = ReferenceEvaluator(_add_model(), verbose=1)
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        sess.run(None, FEEDS)
    assert buffer.getvalue().splitlines() == ["Add(x, c) -> t", "Mul(t, y) -> z"]


# ---- ONNX 1.12's own node tests (the Python backend suite's data), called the evaluator's way ----

# Cases whose published outputs onnx-ref does not reproduce, each for a stated reason.
BACKEND_SUITE_DIFFERENCES = {
    "test_cast_FLOAT_to_BFLOAT16": "ONNX 1.12 made the expected output by truncating; Cast rounds to nearest even "
                                   "(conformance/official_defects.expect)",
    "test_adam_multiple": "the expected outputs use epsilon 0.01, the node sets none (conformance/official_defects.expect)",
}


def _backend_suite_cases():
    try:
        import onnx.backend.test
        from onnx.backend.test.loader import load_model_tests
    except ImportError:
        return []
    data = os.path.join(os.path.dirname(onnx.backend.test.__file__), "data")
    return sorted((c for c in load_model_tests(data_dir=data, kind="node")), key=lambda c: c.name)


BACKEND_CASES = _backend_suite_cases()


def _numbered(folder, prefix):
    files = glob.glob(os.path.join(folder, prefix + "*.pb"))
    return sorted(files, key=lambda p: int(p.rsplit("_", 1)[1][:-3]))


@pytest.mark.parametrize("case", BACKEND_CASES, ids=[c.name for c in BACKEND_CASES])
def test_onnx_backend_suite_through_reference_evaluator(case):
    """ReferenceEvaluator(model).run(None, feeds) on each node test of ONNX's backend suite, compared
    with its expected outputs as ONNX's runner compares them (the case's rtol and atol)."""
    if case.name in BACKEND_SUITE_DIFFERENCES:
        pytest.skip(BACKEND_SUITE_DIFFERENCES[case.name])
    if re.search(r"bernoulli|training_dropout", case.name):
        pytest.skip("random: onnx-ref draws from its Philox streams, ONNX from NumPy's; run --seed documents them")
    model = onnx.load(os.path.join(case.model_dir, "model.onnx"))
    if any(not v.type.HasField("tensor_type") for v in list(model.graph.input) + list(model.graph.output)):
        pytest.skip("sequence or optional values: ONNX 1.12's numpy_helper reads tensors only")
    if any(v.type.tensor_type.elem_type == TensorProto.BFLOAT16 for v in model.graph.input):
        pytest.skip("ONNX 1.12's files hold bfloat16 inputs as uint16 bits; onnx_ref takes bfloat16 values as float32")
    try:
        sess = ReferenceEvaluator(model)
    except onnx_ref.UnsupportedError as e:
        pytest.skip(str(e))
    initialized = {t.name for t in model.graph.initializer}
    names = [i.name for i in model.graph.input if i.name not in initialized]
    for folder in sorted(glob.glob(os.path.join(case.model_dir, "test_data_set_*"))):
        feeds = {n: _read(f) for n, f in zip(names, _numbered(folder, "input_"))}
        got = sess.run(None, feeds)
        expected = [_read(f) for f in _numbered(folder, "output_")]
        assert len(got) == len(expected)
        for a, e in zip(got, expected):
            if e.dtype == object:
                assert list(a.ravel()) == list(e.ravel())
            else:
                np.testing.assert_allclose(a, e, rtol=case.rtol, atol=case.atol)
