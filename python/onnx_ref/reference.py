"""onnx_ref.ReferenceEvaluator: onnx.reference.ReferenceEvaluator's interface over onnx-ref.

    >>> from onnx_ref import ReferenceEvaluator      # instead of: from onnx.reference import ReferenceEvaluator
    >>> sess = ReferenceEvaluator(model)             # an onnx.ModelProto, a path or the model's bytes
    >>> y, = sess.run(None, {"x": x})                # a list of NumPy arrays, in output order
    >>> sess.run(None, {"x": x}, intermediate=True)  # {name: value} of every result

Sequences come back as lists of arrays, maps as dicts, empty optionals as None, as ONNX's
evaluator gives them. The differences (docs/reference-evaluator.md): onnx-ref checks the whole
model when it is constructed and refuses what the specification does not allow, raising
onnx_ref.Error with its one-line message; it runs models only (not a bare GraphProto, FunctionProto
or NodeProto), and takes no custom Python operators (new_ops) or extra functions.
"""

from __future__ import annotations

import os
from typing import Any, Dict, List, Optional

from . import _core  # noqa: F401  (the compiled module must load first)


def _load_proto(proto: Any):
    """The ModelProto of a path, bytes or ModelProto, or None when the onnx package is missing."""
    try:
        import onnx
    except ImportError:  # pragma: no cover - onnx is installed wherever ONNX's evaluator is used
        return None
    if isinstance(proto, onnx.ModelProto):
        return proto
    if isinstance(proto, (bytes, bytearray, memoryview)):
        return onnx.load_model_from_string(bytes(proto))
    return onnx.load(os.fspath(proto), load_external_data=False)


class ReferenceEvaluator:
    """ReferenceEvaluator(proto, opsets=None, functions=None, verbose=0, new_ops=None, optimized=True)

    proto: an onnx.ModelProto, a path to a model (str or os.PathLike) or the bytes of one.
    verbose: 0 prints nothing; 1 prints each node as it is listed in the graph after a run
        ("Add(x, y) -> z"); 2 and more also each result's type and shape.
    opsets: must be None (a model carries its opset imports). functions, new_ops: must be empty:
        onnx-ref runs the model's own functions and no Python operators. optimized: ignored.

    Construction loads and checks the whole model: a model the specification does not allow
    raises onnx_ref.Error there, not in run().
    """

    def __init__(self, proto: Any, opsets: Optional[Dict[str, int]] = None, functions: Optional[List[Any]] = None,
                 verbose: int = 0, new_ops: Optional[List[Any]] = None, optimized: bool = True):
        from . import Error, Session, _model_source

        kind = type(proto).__name__
        if kind in ("GraphProto", "FunctionProto", "NodeProto"):
            raise TypeError(f"onnx_ref.ReferenceEvaluator runs models only, not a {kind}; "
                            "wrap it in a ModelProto (onnx.helper.make_model) with its opset imports")
        if opsets:
            raise TypeError("onnx_ref.ReferenceEvaluator takes no opsets: a model carries its opset imports")
        if functions:
            raise TypeError("onnx_ref.ReferenceEvaluator takes no extra functions: put them in the model's functions")
        if new_ops:
            raise TypeError("onnx_ref.ReferenceEvaluator runs no custom Python operators (new_ops): "
                            "every operator is onnx-ref's own implementation of the specification")
        self._source = _model_source(proto)[0]
        self._session = Session(self._source)
        self._intermediate_session = None
        self.verbose = int(verbose)
        self.proto_ = _load_proto(proto) if self.verbose or not isinstance(proto, (str, os.PathLike, bytes)) else None
        if self.proto_ is None and type(proto).__name__ == "ModelProto":
            self.proto_ = proto
        self._error = Error

    def _proto(self):
        if self.proto_ is None:
            self.proto_ = _load_proto(self._source)
        return self.proto_

    @property
    def input_names(self) -> List[str]:
        """Every graph input, in graph order (those with an initializer too), as ONNX's evaluator."""
        return list(self._session.graph_input_names)

    @property
    def output_names(self) -> List[str]:
        return list(self._session.output_names)

    @property
    def opsets(self) -> Dict[str, int]:
        proto = self._proto()
        if proto is None:
            return {}
        return {o.domain: o.version for o in proto.opset_import}

    @property
    def has_linked_attribute(self) -> bool:
        return False

    def _log_nodes(self, results: Optional[Dict[str, Any]]) -> None:
        proto = self._proto()
        if proto is None:
            return
        for node in proto.graph.node:
            print(f"{node.op_type}({', '.join(node.input)}) -> {', '.join(node.output)}")
            if self.verbose > 1 and results is not None:
                for name in node.output:
                    value = results.get(name)
                    shape = getattr(value, "shape", None)
                    dtype = getattr(value, "dtype", type(value).__name__)
                    print(f" + {name}: {dtype}:{shape}")

    def _intermediate(self) -> Any:
        if self._intermediate_session is None:
            from . import Session
            proto = self._proto()
            if proto is None:  # pragma: no cover
                raise self._error("intermediate=True needs the onnx package to read the model's initializers")
            names = [i.name for i in proto.graph.initializer] + [i.name for i in proto.graph.input]
            self._intermediate_session = Session(self._source, extra_outputs=names, every_node_output=True)
        return self._intermediate_session

    def run(self, output_names: Optional[List[str]], feed_inputs: Dict[str, Any], attributes: Optional[Dict[str, Any]] = None,
            intermediate: bool = False):
        """run(output_names, feed_inputs, attributes=None, intermediate=False)

        Returns the values of output_names (None: every graph output) as a list, in that order; with
        intermediate=True a dict of every result instead: "" (None), the initializers, the inputs,
        then each node's outputs in node order, as ONNX's evaluator does.

        attributes must be None (they are for a FunctionProto). A missing or extra feed, a feed of
        another type than declared, or a name that is not an output raises onnx_ref.Error.
        """
        if attributes:
            raise TypeError("attributes are for evaluating a FunctionProto, which onnx_ref.ReferenceEvaluator does not take")
        if isinstance(output_names, str):
            raise TypeError("output_names must be a list of names or None, not a str")
        if intermediate:
            session = self._intermediate()
            values = session.run_dict(feed_inputs)
            proto = self._proto()
            results: Dict[str, Any] = {"": None}
            for init in proto.graph.initializer:
                results[init.name] = values[init.name]
            for name in feed_inputs:
                results[name] = values.get(name, feed_inputs[name])
            for node in proto.graph.node:
                for name in node.output:
                    if name in values:
                        results[name] = values[name]
            results.update(values)
            if self.verbose:
                self._log_nodes(results)
            return results
        names = self.output_names if output_names is None else list(output_names)
        known = set(self.output_names)
        extra = [n for n in names if n not in known]
        if extra:
            # Intermediate values by name, as ONNX's evaluator returns any result it computed.
            from . import Session
            session = Session(self._source, extra_outputs=extra)
            values = session.run_dict(feed_inputs, names)
        else:
            values = self._session.run_dict(feed_inputs, names)
        if self.verbose:
            self._log_nodes(values)
        return [values[n] for n in names]

    def __str__(self) -> str:
        return f"onnx_ref.ReferenceEvaluator(inputs={self.input_names}, outputs={self.output_names})"
