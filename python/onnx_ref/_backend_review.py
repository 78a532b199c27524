"""The reviewed list of ONNX backend tests (ONNX 1.12's runner, Debian 12's) that onnx-ref cannot
pass as published, each with its reason, and the comparison of random outputs. backend_test()
applies them, so that the README's snippet and python/tests/test_backend.py skip the same tests for
the same reasons (conformance/official_defects.expect lists the same defects for `onnx-ref test`).
"""

from __future__ import annotations

import glob
import os
import unittest
from typing import Any, Dict, Optional

import numpy as np
import onnx
from onnx import numpy_helper

# Tests skipped whatever onnx-ref does, with the reason.
SKIPPED: Dict[str, str] = {
    # Training-mode Dropout with ratio > 0 is random: ONNX's expected outputs are numpy's Mersenne
    # Twister draws with seed 0; onnx-ref draws from its documented Philox stream.
    **{f"test_training_dropout{suffix}":
       "training-mode Dropout is random: the expected outputs are numpy's Mersenne Twister draws, "
       "onnx-ref's stream is Philox (ops/normalization/dropout.cpp)"
       for suffix in ("", "_default", "_default_mask", "_mask")},
    # ONNX's data holds bfloat16 as uint16 bit patterns, and ONNX 1.12's runner compares them as
    # uint16 with a backend that follows ONNX 1.12's numpy mapping (bfloat16 as float32).
    **{name: "ONNX's data holds bfloat16 as uint16 bit patterns, which ONNX 1.12's runner compares as uint16; "
             "the expected Cast output also truncates to bfloat16 where Cast rounds to nearest even"
       for name in ("test_cast_BFLOAT16_to_FLOAT", "test_cast_FLOAT_to_BFLOAT16")},
    "test_adam_multiple": "the expected outputs were computed with epsilon = 0.01, but the node sets no epsilon "
                          "(Adam-1's default is 1e-6)",
}

# Tests whose data contradicts their own model: skipped when onnx-ref refuses the data with this
# message part (the refusal comes when the data is fed).
DATA_DEFECTS: Dict[str, str] = {
    # PyTorch 0.3 exported Split at opset 6 with axis = -1; negative axes arrived with Split-11.
    "test_GLU": "(Split-2): axis = -1 is out of range for rank 2",
    # The `like` input is [1] where the model declares [3, 4].
    **{f"test_castlike_{pair}{suffix}": "input 'like' is"
       for pair in ("BFLOAT16_to_FLOAT", "FLOAT_to_BFLOAT16") for suffix in ("", "_expanded")},
}

# Tests whose model breaks the ONNX specification: skipped only when onnx-ref refuses the model
# with exactly this message part; a listed model that loads fails, so that the entry is removed.
SPEC_VIOLATIONS: Dict[str, str] = {
    # PyTorch 0.3 exported int64 Constant nodes at opset 6, but Constant-1 takes float, float16 and
    # double only (int64 arrived with Constant-9).
    "test_PixelShuffle": "(Constant-1): output 0 ('output') would be tensor(int64), which Constant-1 does not allow",
    "test_operator_repeat": "(Constant-1): output 0 ('output') would be tensor(int64), which Constant-1 does not allow",
    "test_operator_repeat_dim_overflow":
        "(Constant-1): output 0 ('output') would be tensor(int64), which Constant-1 does not allow",
}

REAL_SUITE_REASON = "the 'real' suite downloads models from the network; not run"


def skip_if_reviewed(name: str, model: Optional[onnx.ModelProto]) -> None:
    """Raises unittest.SkipTest with the reason when the reviewed list covers test `name`."""
    from . import Error, Session, UnsupportedError

    if name in SKIPPED:
        raise unittest.SkipTest(SKIPPED[name])
    if name in DATA_DEFECTS:
        raise unittest.SkipTest("the test's data contradicts its model (" + DATA_DEFECTS[name] + " ...); "
                                "onnx-ref refuses it")
    expected = SPEC_VIOLATIONS.get(name)
    if expected is None or model is None:
        return
    try:
        Session(model)
    except UnsupportedError:
        raise
    except Error as e:
        if expected in str(e):
            raise unittest.SkipTest("the model breaks the ONNX spec; onnx-ref refuses it: " + str(e))
        raise AssertionError(f"{name}: refused, but not as the reviewed list says ({expected!r}): {e}")
    raise AssertionError(f"{name} is on the reviewed list of spec violations but onnx-ref loads it; remove the entry")


# Random operators draw from onnx-ref's own streams (ops/random/random_rules.h), not numpy's, so their
# outputs cannot equal the published ones: such outputs are compared by dtype, shape and the support
# of the draw, the analysis of conformance/random_outputs.h (`onnx-ref test` does the same).
RANDOM_OPS = {"RandomUniform", "RandomNormal", "RandomUniformLike", "RandomNormalLike", "Bernoulli", "Multinomial"}
_BOOLEAN_OPS = {"Less", "Greater", "Equal", "LessOrEqual", "GreaterOrEqual", "Not", "And", "Or", "Xor", "IsNaN", "IsInf"}
_PASS_OPS = {"Cast", "CastLike", "Identity"}


def random_supports(model: onnx.ModelProto) -> Dict[str, Any]:
    """Graph outputs that depend on random draws: name -> (low, high, integral), or None (unknown)."""
    supports: Dict[str, Any] = {}
    for node in model.graph.node:
        default_domain = node.domain in ("", "ai.onnx")
        attrs = {a.name: onnx.helper.get_attribute_value(a) for a in node.attribute}
        if default_domain and node.op_type in RANDOM_OPS:
            if node.op_type.startswith("RandomUniform"):
                low, high = attrs.get("low", 0.0), attrs.get("high", 1.0)
                support = (min(low, high), max(low, high), False)
            elif node.op_type.startswith("RandomNormal"):
                big = float(np.finfo(np.float64).max)
                support = (-big, big, False)
            elif node.op_type == "Bernoulli":
                support = (0, 1, True)
            else:
                support = (0, np.inf, True)
        elif any(name in supports for name in node.input if name):
            if default_domain and node.op_type in _BOOLEAN_OPS:
                support = (0, 1, True)
            elif default_domain and node.op_type in _PASS_OPS and node.input and node.input[0] in supports:
                support = supports[node.input[0]]
            else:
                support = None
        else:
            continue
        for name in node.output:
            if name:
                supports[name] = support
    return {o.name: supports[o.name] for o in model.graph.output if o.name in supports}


def assert_random(expected: np.ndarray, actual: np.ndarray, support: Any) -> None:
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    if support is None:
        return
    low, high, integral = support
    values = actual.astype(np.float64)
    assert np.all((values >= low) & (values <= high)), "a value outside the support of the random draw"
    if integral:
        assert np.all(values == np.floor(values)), "a fractional value from an integral random draw"


def load_value(path: str, type_proto: onnx.TypeProto) -> Any:
    """A test-data .pb file as ONNX's numpy_helper reads it (bfloat16 stored as uint16 bit
    patterns comes back as float32 values)."""
    with open(path, "rb") as f:
        data = f.read()
    if type_proto.HasField("sequence_type"):
        seq = onnx.SequenceProto()
        seq.ParseFromString(data)
        return numpy_helper.to_list(seq)
    if type_proto.HasField("optional_type"):
        opt = onnx.OptionalProto()
        opt.ParseFromString(data)
        return numpy_helper.to_optional(opt)
    tensor = onnx.TensorProto()
    tensor.ParseFromString(data)
    if type_proto.tensor_type.elem_type == onnx.TensorProto.BFLOAT16 and tensor.data_type == onnx.TensorProto.UINT16:
        bits = numpy_helper.to_array(tensor).astype(np.uint32) << 16
        return bits.view(np.float32)
    return numpy_helper.to_array(tensor)


def numbered(folder: str, prefix: str) -> list:
    files = glob.glob(os.path.join(folder, prefix + "*.pb"))
    return sorted(files, key=lambda p: int(os.path.basename(p)[len(prefix):-3]))


def run_random_model(model: onnx.ModelProto, model_dir: str, supports: Dict[str, Any]) -> None:
    """A backend test of a model with random outputs: those compared by assert_random, the others
    exactly as ONNX's runner would (within its tolerances)."""
    from . import Session

    session = Session(model)
    initialized = {i.name for i in model.graph.initializer}
    graph_inputs = [i for i in model.graph.input if i.name not in initialized]
    for data_set in sorted(glob.glob(os.path.join(model_dir, "test_data_set_*"))):
        feeds = {graph_inputs[i].name: load_value(path, graph_inputs[i].type)
                 for i, path in enumerate(numbered(data_set, "input_"))}
        outputs = session.run_dict(feeds)
        for o, path in zip(model.graph.output, numbered(data_set, "output_")):
            expected = load_value(path, o.type)
            if o.name in supports:
                assert_random(expected, outputs[o.name], supports[o.name])
            else:
                assert outputs[o.name].dtype == expected.dtype, (outputs[o.name].dtype, expected.dtype)
                np.testing.assert_allclose(outputs[o.name], expected, rtol=1e-3, atol=1e-7)
