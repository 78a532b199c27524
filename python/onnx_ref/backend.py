"""onnx-ref as an ONNX backend (onnx.backend.base.Backend), for onnx.backend.test.BackendTest.

    import onnx_ref.backend as backend
    rep = backend.prepare(model)          # model: an onnx.ModelProto
    outputs = rep.run([x, y])             # inputs in graph-input order, or {name: array}

is_compatible(model) is False when the model uses an operator version (or a type) onnx-ref does not
implement, so ONNX's test runner skips such tests instead of failing them. Only the CPU device
exists.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Tuple

import numpy as np
import onnx
from onnx import helper, mapping
from onnx.backend.base import Backend, BackendRep, Device, DeviceType, namedtupledict

from . import Error, Session, UnsupportedError, check_model


def _check_device(device: str) -> None:
    if Device(device).type != DeviceType.CPU:
        raise Error(f"onnx-ref runs on the CPU only, not {device}")


class OnnxRefRep(BackendRep):
    """A prepared model: run(inputs) with a list (graph-input order) or a dict of arrays."""

    def __init__(self, session: Session):
        self.session = session

    def run(self, inputs: Any, **kwargs: Any) -> Tuple[Any, ...]:
        if isinstance(inputs, dict):
            feeds = dict(inputs)
        else:
            if isinstance(inputs, np.ndarray):
                inputs = [inputs]
            # Positional inputs follow the graph inputs, initialized ones included (old models list
            # their weights as graph inputs, and test data feeds them); the first inputs not given
            # keep their initializer.
            names = self.session.graph_input_names
            if len(inputs) > len(names):
                raise Error(f"{len(inputs)} inputs given, the graph has {len(names)}")
            feeds = dict(zip(names, inputs))
        outputs = self.session.run_dict(feeds)
        names = list(outputs.keys())
        return namedtupledict("Outputs", names)(*[outputs[n] for n in names])


class OnnxRefBackend(Backend):
    """onnx-ref behind ONNX's backend interface."""

    @classmethod
    def is_compatible(cls, model: onnx.ModelProto, device: str = "CPU", **kwargs: Any) -> bool:
        """False when onnx-ref does not implement something the model uses (an operator version,
        a type); True otherwise, invalid models included (running them reports the error)."""
        if not cls.supports_device(device):
            return False
        try:
            return check_model(model) is None
        except Error:
            return True

    @classmethod
    def unsupported_reason(cls, model: onnx.ModelProto) -> Optional[str]:
        """The UnsupportedError message for `model`, or None."""
        try:
            return check_model(model)
        except Error:
            return None

    @classmethod
    def prepare(cls, model: onnx.ModelProto, device: str = "CPU", **kwargs: Any) -> OnnxRefRep:
        """Loads and checks `model` (an onnx.ModelProto, bytes or a path)."""
        _check_device(device)
        return OnnxRefRep(Session(model))

    @classmethod
    def run_model(cls, model: onnx.ModelProto, inputs: Any, device: str = "CPU", **kwargs: Any) -> Tuple[Any, ...]:
        """prepare(model).run(inputs)."""
        return cls.prepare(model, device, **kwargs).run(inputs)

    @classmethod
    def run_node(cls, node: onnx.NodeProto, inputs: Any, device: str = "CPU",
                 outputs_info: Optional[Sequence[Tuple[np.dtype, Tuple[int, ...]]]] = None,
                 **kwargs: Any) -> Tuple[Any, ...]:
        """Runs one node on `inputs` (a list in the node's input order, or a dict by name) as a
        one-node model at opset `opset_version` (default: the installed ONNX's latest)."""
        _check_device(device)
        if isinstance(inputs, dict):
            values = [inputs.get(name) for name in node.input]
        else:
            values = list(inputs)
        graph_inputs, feeds = [], {}
        for name, value in zip(node.input, values):
            if not name or value is None:
                continue
            a = np.asarray(value)
            elem = onnx.TensorProto.STRING if a.dtype.kind in "OUS" else mapping.NP_TYPE_TO_TENSOR_TYPE[a.dtype]
            graph_inputs.append(helper.make_tensor_value_info(name, elem, a.shape))
            feeds[name] = a
        outputs = [helper.make_empty_tensor_value_info(name) for name in node.output if name]
        graph = helper.make_graph([node], "run_node", graph_inputs, outputs)
        opset = kwargs.get("opset_version", onnx.defs.onnx_opset_version())
        domain = node.domain if node.domain not in ("", "ai.onnx") else ""
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid(domain, opset)])
        rep = cls.prepare(model, device)
        return rep.run(feeds)

    @classmethod
    def supports_device(cls, device: str) -> bool:
        """Only "CPU"."""
        try:
            return Device(device).type == DeviceType.CPU
        except Exception:
            return False


def _assert_similar_outputs(ref_outputs: Sequence[Any], outputs: Sequence[Any], rtol: float, atol: float) -> None:
    np.testing.assert_equal(len(outputs), len(ref_outputs))
    for i in range(len(outputs)):
        if isinstance(outputs[i], (list, tuple)):
            # Sequence outputs: compare item by item (ONNX 1.12 recurses with bare arrays and fails
            # on len() of an array).
            np.testing.assert_equal(len(outputs[i]), len(ref_outputs[i]))
            for j in range(len(outputs[i])):
                _assert_similar_outputs([ref_outputs[i][j]], [outputs[i][j]], rtol, atol)
        else:
            np.testing.assert_equal(outputs[i].dtype, ref_outputs[i].dtype)
            if ref_outputs[i].dtype == object:
                np.testing.assert_array_equal(outputs[i], ref_outputs[i])
            else:
                np.testing.assert_allclose(outputs[i], ref_outputs[i], rtol=rtol, atol=atol)


def backend_test(module_name: str) -> "onnx.backend.test.BackendTest":
    """ONNX's backend test runner over onnx-ref, working with the installed ONNX and NumPy:

        globals().update(onnx_ref.backend.backend_test(__name__).test_cases)

    Under pytest or unittest every test passes or is skipped with its reason:

    - ONNX 1.12's runner (Debian 12's) compares outputs against `np.object`, which NumPy 1.24
      removed, so every test would fail with an AttributeError; this runner compares with `object`
      and compares sequence outputs item by item.
    - the "real" suite downloads models from the network; those tests are skipped with that reason.
    - a test of something onnx-ref does not implement is skipped with onnx-ref's reason (the
      runner's own skip says only "Not compatible with backend").
    - the tests on the reviewed list (onnx_ref._backend_review: random training-mode Dropout,
      bfloat16 data read as uint16, data that contradicts its model, models that break the spec)
      are skipped with the list's reason; conformance/official_defects.expect lists the same for
      `onnx-ref test`.
    - random operators (Bernoulli, RandomUniformLike, ...) draw from onnx-ref's streams, not
      numpy's: their outputs are compared by type, shape and the support of the draw.
    - the runner makes a _cpu and a _cuda test of everything; the _cuda ones are skipped by the
      runner itself because supports_device("CUDA") is False."""
    import os
    import unittest

    import onnx.backend.test

    from . import _backend_review as review

    class _OnnxRefBackendTest(onnx.backend.test.BackendTest):
        @classmethod
        def assert_similar_outputs(cls, ref_outputs, outputs, rtol, atol):  # type: ignore[override]
            _assert_similar_outputs(ref_outputs, outputs, rtol, atol)

        def _add_model_test(self, model_test, kind):  # type: ignore[override]
            if kind == "Real":
                def skipped(test_self, device):
                    raise unittest.SkipTest(review.REAL_SUITE_REASON)
                self._add_test(kind + "Model", model_test.name, skipped, [None])
                return
            super()._add_model_test(model_test, kind)
            model_dir = model_test.model_dir
            for device in ("cpu", "cuda"):
                item = self._test_items[kind + "Model"][f"{model_test.name}_{device}"]
                inner = item.func

                def wrapped(*args, _inner=inner, _dir=model_dir, _name=model_test.name, **kwargs):
                    if _dir is not None and supports_device("CPU"):
                        model = onnx.load(os.path.join(_dir, "model.onnx"))
                        reason = unsupported_reason(model)
                        if reason is not None:
                            raise unittest.SkipTest("not implemented by onnx-ref: " + reason)
                        review.skip_if_reviewed(_name, model)
                        supports = review.random_supports(model)
                        if supports:
                            return review.run_random_model(model, _dir, supports)
                    return _inner(*args, **kwargs)

                for attr in ("__unittest_skip__", "__unittest_skip_why__", "__name__", "__qualname__", "__doc__"):
                    if hasattr(inner, attr):
                        setattr(wrapped, attr, getattr(inner, attr))
                item.func = wrapped

    return _OnnxRefBackendTest(OnnxRefBackend, module_name)


prepare = OnnxRefBackend.prepare
run_model = OnnxRefBackend.run_model
run_node = OnnxRefBackend.run_node
supports_device = OnnxRefBackend.supports_device
is_compatible = OnnxRefBackend.is_compatible
unsupported_reason = OnnxRefBackend.unsupported_reason

__all__ = ["OnnxRefBackend", "OnnxRefRep", "prepare", "run_model", "run_node", "supports_device",
           "is_compatible", "unsupported_reason", "UnsupportedError", "backend_test"]
