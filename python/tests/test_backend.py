"""ONNX's own backend tests (onnx.backend.test.BackendTest) over onnx_ref.backend, and the same
backend over the test folders in ../shared/onnx-node-tests.

Whether a test runs is decided by onnx_ref.backend.is_compatible: a model using an operator version
onnx-ref does not implement is skipped with the reason, everything else must pass. So the test stays
green while operators are added, and every new operator version is run as soon as it exists.

Environment: ONNX_REF_SHARED_TESTS overrides the folder of the second part (default
<source>/../shared/onnx-node-tests).
"""

import glob
import os
import re

import numpy as np
import onnx
import onnx.backend.test
import pytest

import onnx_ref
import onnx_ref._backend_review as review
import onnx_ref.backend as backend

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("ONNX_REF_SHARED_TESTS", os.path.join(HERE, "..", "..", "..", "shared", "onnx-node-tests"))


# Official tests whose data contradicts their own model (conformance/official_defects.expect
# lists the same ones for `onnx-ref test`): onnx-ref refuses them with these messages. Keys are the
# test name, or release/test for the folders of ../shared/onnx-node-tests.
DATA_DEFECTS = {
    **{f"v1.1.2/test_cast_{pair}": "attribute 'to' must be of type int, got string"
       for pair in ("DOUBLE_to_FLOAT", "DOUBLE_to_FLOAT16", "FLOAT16_to_DOUBLE", "FLOAT16_to_FLOAT", "FLOAT_to_DOUBLE",
                    "FLOAT_to_FLOAT16")},
    **{f"v1.1.2/test_hardmax_{axis}": "graph output 'y' is declared tensor(double) but is tensor(float)"
       for axis in ("axis_0", "axis_1", "axis_2", "default_axis")},
    "pytorch-operator/test_operator_equal": "graph output '2' is declared tensor(int8) but is tensor(bool)",
    **{f"pytorch-operator/test_operator_{name}": "output 0 ('output') would be tensor(int64), which Constant-1 does not allow"
       for name in ("lstm", "rnn", "rnn_single_layer")},
    # PyTorch 0.3 exported Split at opset 6 with axis = -1; negative axes arrived with Split-11.
    "pytorch-converted/test_GLU": "(Split-2): axis = -1 is out of range for rank 2",
    **{f"{where}test_castlike_{pair}{suffix}": "input 'like' is"
       for where in ("v1.12.0/", "v1.14.0/") for pair in ("BFLOAT16_to_FLOAT", "FLOAT_to_BFLOAT16")
       for suffix in ("", "_expanded")},
    # ThresholdedRelu was experimental before opset 10; ONNX 1.22.0 defines it from version 10 only.
    **{f"{where}/test_thresholdedrelu{suffix}": "ThresholdedRelu is not defined at opset"
       for where in ("v1.1.2", "v1.2.1", "v1.3.0", "v1.4.1") for suffix in ("", "_default", "_example")},
    # TopK-1's Values has the input's type; ONNX 1.1.2's model declares it int64.
    "v1.1.2/test_top_k": "graph output 'values' is declared tensor(int64) but is tensor(float)",
    # MeanVarianceNormalization was experimental before opset 9; ONNX 1.22.0 defines it from 9.
    "v1.3.0/test_mvn": "MeanVarianceNormalization is not defined at opset",
    # Resize-13 removed tf_half_pixel_for_nn; ONNX 1.9's copy of this test still uses it at opset 13.
    "v1.9.0/test_resize_downsample_sizes_nearest_tf_half_pixel_for_nn":
        "got 'tf_half_pixel_for_nn'",
    # ONNX 1.19's caches have rotary_embedding_dim columns; RotaryEmbedding-23 reads half as many.
    **{f"v1.19.0/test_rotary_embedding_{name}": "(RotaryEmbedding-23): cos_cache is float["
       for name in ("no_position_ids_rotary_dim", "with_interleaved_rotary_dim", "with_rotary_dim")},
    # GroupNormalization-18 is deprecated (ONNX's checker refuses it); it runs with allow_deprecated.
    **{f"v1.14.0/test_group_normalization_{name}": "GroupNormalization-18 is deprecated"
       for name in ("epsilon", "example")},
    # ONNX 1.6's CumSum tests give axis as a [1] tensor; CumSum-11 says "A 0-D tensor".
    **{f"v1.6.0/test_cumsum_{name}": "must be a 0-D tensor"
       for name in ("1d", "1d_exclusive", "1d_reverse", "1d_reverse_exclusive", "2d_axis_0", "2d_axis_1",
                    "2d_negative_axis")},
}

# Official tests whose published outputs contradict the text: skipped with the reason.
PUBLISHED_WRONG = {
    "v1.20.0/test_l2normalization_axis_0":
        "the published output is NaN where the L2 norm is zero; LpNormalization says the output is zero there",
}

# Official tests whose expected outputs were made by truncating float32 to bfloat16 (ONNX's test
# generator before 1.19); Cast and CastLike round to nearest even at every version, as the spec's
# text, ONNX 1.22's reference and onnxruntime do (official_defects.expect lists the same ones).
# The published output of ONNX 1.16's copy divides the ceil-mode edge window by taps outside the
# padded input; ONNX 1.20's copy of the same test does not (official_defects.expect lists it): ours
# must differ from it.
# ONNX 1.6's copies of three nearest-mode Resize tests set no nearest_mode on the node (so
# round_prefer_floor) but computed the data with the mode the test is named after. ONNX 1.9's
# ConvTranspose SAME_UPPER test puts the odd padding at the beginning, against the spec's text and
# ONNX 1.16's copy of the same test. ONNX 1.20's int8 QLinearMatMul tests wrap results modulo 256
# where the spec saturates. ONNX 1.6's Unique test with sorted = 0 publishes an ascending Y beside
# first-occurrence indices. ONNX 1.20's DFT inverse tests hold numpy's float32 noise (1.9e-7) where
# the exact value is 0, beyond the tolerance. ONNX's test_adam_multiple computed its data with
# epsilon = 0.01 but its node sets no epsilon, so Adam-1 runs with the default 1e-6 (official_defects.expect
# lists them too; ONNX 1.12's runner copy is on onnx_ref._backend_review's list).
WRONG_EXPECTED = {"v1.16.0/test_averagepool_3d_dilations_large_count_include_pad_is_1_ceil_mode_is_True",
                  "v1.20.0/test_dft_inverse", "v1.20.0/test_dft_inverse_opset19",
                  "v1.9.0/test_convtranspose_autopad_same",
                  "v1.6.0/test_unique_not_sorted_without_axis", "v1.20.0/test_adam_multiple",
                  *(f"v1.20.0/test_qlinearmatmul_{shape}_int8_{scale}" for shape in ("2D", "3D")
                    for scale in ("float16", "float32")),
                  *(f"v1.6.0/test_resize_upsample_sizes_nearest_{name}"
                    for name in ("ceil_half_pixel", "floor_align_corners", "round_prefer_ceil_asymmetric"))}

# Training-mode Dropout with ratio > 0 is random: ONNX's expected outputs come from numpy's
# Mersenne Twister seeded with 0, onnx-ref draws from its documented Philox stream
# (ops/normalization/dropout.cpp), so no backend other than numpy itself can reproduce them
# (official_defects.expect lists the same ones). Their outputs are not compared.
TRAINING_DROPOUT = {name for name in review.SKIPPED if name.startswith("test_training_dropout")}
TRAINING_DROPOUT_SHARED = {f"{where}/{name}" for where in ("v1.9.0", "v1.16.0", "v1.20.0") for name in TRAINING_DROPOUT}

# ONNX 1.18 to 1.20's Attention data that ONNX 1.22.0 changed or fixed: 3-D inputs reshaped without
# the transpose (1.18), key/value heads tiled instead of repeated per group (1.18, 1.19), mode 1 of
# qk_matmul_output including the mask, and softcap applied after the mask (1.19, 1.20). The list is
# official_defects.expect's own attention entries, so the two cannot disagree; ours must differ.
with open(os.path.join(HERE, "..", "..", "conformance", "official_defects.expect")) as _defects:
    ATTENTION_CHANGED = {line.split()[1] for line in _defects if line.startswith("failed") and "/test_attention_" in line}
WRONG_EXPECTED |= ATTENTION_CHANGED

TRUNCATED_BFLOAT16 = {
    *(f"{where}/test_cast_FLOAT_to_BFLOAT16" for where in ("v1.9.0", "v1.12.0", "v1.14.0", "v1.16.0", "v1.18.0")),
    *(f"{where}/test_castlike_FLOAT_to_BFLOAT16{suffix}" for where in ("v1.16.0", "v1.18.0")
      for suffix in ("", "_expanded")),
}

# ONNX 1.12's runner, with the reviewed list of onnx_ref.backend.backend_test (the README's snippet):
# skips for the 'real' suite, random training-mode Dropout, bfloat16 data read as uint16, data that
# contradicts its model and models that break the spec, each with its reason; random operators
# compared by type, shape and support.
_backend_test = backend.backend_test(__name__)
globals().update(_backend_test.test_cases)


# ../shared/onnx-node-tests through ONNX's own loader: onnx.load for model.onnx, and
# numpy_helper.to_array / to_list / to_optional for the .pb files.

def _shared_tests():
    if not os.path.isdir(SHARED):
        return []
    found = []
    for root, dirs, files in os.walk(SHARED):
        dirs.sort()
        if "model.onnx" in files or "node.pb" in files:
            found.append(root)
            dirs[:] = []
    return sorted(found)


_load_value = review.load_value
_numbered = review.numbered
_random_supports = review.random_supports
_assert_random = review.assert_random


def _assert_same(expected, actual, rtol=1e-3, atol=1e-7):
    if isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected)
        for e, a in zip(expected, actual):
            _assert_same(e, a, rtol, atol)
        return
    if expected is None:
        assert actual is None
        return
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    if expected.dtype == object or expected.dtype.kind in "biu":
        np.testing.assert_array_equal(actual, expected)
    else:
        np.testing.assert_allclose(actual, expected, rtol=rtol, atol=atol)


@pytest.mark.parametrize("folder", _shared_tests(), ids=lambda p: os.path.relpath(p, SHARED))
def test_shared(folder):
    if os.path.exists(os.path.join(folder, "node.pb")):
        pytest.skip("ONNX 1.1 node.pb layout: ONNX 1.12's runner has no loader for it (onnx-ref test runs it)")
    model_path = os.path.join(folder, "model.onnx")
    try:
        model = onnx.load(model_path)
    except Exception as e:  # noqa: BLE001 - the reason is reported
        pytest.skip(f"ONNX {onnx.__version__} cannot load the model: {type(e).__name__}: {e}")
    reason = backend.unsupported_reason(model)
    if reason is not None:
        pytest.skip("not implemented by onnx-ref: " + reason)
    graph_inputs = {i.name: i.type for i in model.graph.input}
    graph_outputs = [o for o in model.graph.output]
    key = os.path.relpath(folder, SHARED)
    if key in TRAINING_DROPOUT_SHARED:
        pytest.skip("training-mode Dropout is random: the expected outputs are numpy's draws, onnx-ref's stream is Philox")
    if key in PUBLISHED_WRONG:
        pytest.skip(PUBLISHED_WRONG[key])
    if key in DATA_DEFECTS:
        with pytest.raises(onnx_ref.Error, match=re.escape(DATA_DEFECTS[key])):
            for data_set in sorted(glob.glob(os.path.join(folder, "test_data_set_*"))):
                feeds = {}
                for i, path in enumerate(_numbered(data_set, "input_")):
                    declared = model.graph.input[i]
                    feeds[declared.name] = _load_value(path, declared.type)
                backend.prepare(model).session.run_dict(feeds)
        return
    rep = backend.prepare(model)
    sets = sorted(glob.glob(os.path.join(folder, "test_data_set_*")))
    assert sets, "no test_data_set_N folder"
    for data_set in sets:
        feeds, expected = {}, []
        try:
            for path in _numbered(data_set, "input_"):
                index = int(os.path.basename(path)[6:-3])
                tensor_name = None
                with open(path, "rb") as f:
                    raw = f.read()
                probe = onnx.TensorProto()
                try:
                    probe.ParseFromString(raw)
                    tensor_name = probe.name or None
                except Exception:  # noqa: BLE001 - a sequence or optional, named by position
                    pass
                name = tensor_name if tensor_name in graph_inputs else rep.session.input_names[index]
                feeds[name] = _load_value(path, graph_inputs[name])
            for i, path in enumerate(_numbered(data_set, "output_")):
                expected.append(_load_value(path, graph_outputs[i].type))
        except (KeyError, ValueError, TypeError) as e:
            pytest.skip(f"ONNX {onnx.__version__}'s numpy_helper cannot read {os.path.relpath(path, folder)}: "
                        f"{type(e).__name__}: {e}")
        outputs = rep.session.run_dict(feeds)
        actual = list(outputs.values())
        assert len(actual) == len(expected)
        if key in TRUNCATED_BFLOAT16 or key in WRONG_EXPECTED:
            # The published output is the truncation (or the wrong divisor); ours must differ.
            assert any(not np.array_equal(e, a, equal_nan=True) for e, a in zip(expected, actual))
            continue
        supports = _random_supports(model)
        for o, e, a in zip(graph_outputs, expected, actual):
            if o.name in supports:
                _assert_random(e, a, supports[o.name])
            else:
                _assert_same(e, a)


def test_backend_entry_points():
    add = onnx.helper.make_node("Add", ["a", "b"], ["c"])
    out = backend.run_node(add, [np.ones(3, np.float32), np.full(3, 2, np.float32)])
    np.testing.assert_array_equal(out[0], np.full(3, 3, np.float32))
    assert backend.supports_device("CPU") and not backend.supports_device("CUDA")
    gradient = onnx.helper.make_model(onnx.helper.make_graph(  # an operator onnx-ref does not implement
        [onnx.helper.make_node("Gradient", ["x"], ["y"], domain="ai.onnx.preview.training", xs=["x"], y="x")], "g",
        [onnx.helper.make_tensor_value_info("x", 1, [2, 2])], [onnx.helper.make_tensor_value_info("y", 1, [2, 2])]),
        opset_imports=[onnx.helper.make_opsetid("", 17), onnx.helper.make_opsetid("ai.onnx.preview.training", 1)])
    assert not backend.is_compatible(gradient) and "Gradient" in backend.unsupported_reason(gradient)
    model = onnx.helper.make_model(onnx.helper.make_graph(
        [add], "g", [onnx.helper.make_tensor_value_info(n, 7, [2]) for n in "ab"],
        [onnx.helper.make_tensor_value_info("c", 7, [2])]), opset_imports=[onnx.helper.make_opsetid("", 14)])
    assert backend.is_compatible(model)
    assert backend.run_model(model, [np.array([1, 2]), np.array([3, 4])]).c.tolist() == [4, 6]
