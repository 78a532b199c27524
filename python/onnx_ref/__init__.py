"""onnx-ref from Python: run ONNX models exactly as the specification says.

    >>> import numpy as np, onnx_ref
    >>> y, = onnx_ref.run("model.onnx", {"x": np.ones((2, 3), np.float32)})   # a list, in graph order
    >>> onnx_ref.run_dict("model.onnx", {"x": np.ones((2, 3), np.float32)})["y"]   # {name: value}

    >>> s = onnx_ref.Session("model.onnx")    # load and check once, run many times
    >>> s.input_names, s.output_names
    >>> y, r = s.run(None, {"x": x})           # every output, a list in graph order (as onnxruntime)
    >>> s.run(["y"], {"x": x})                 # only "y", as a one-item list
    >>> s.run_dict({"x": x})                   # {output name: value}

A model is a path (str or os.PathLike), the bytes of a ModelProto, or an onnx.ModelProto.
Feeds map input names to NumPy arrays, NumPy or Python scalars, or (nested) lists; scalars and
lists take the element type the model declares for the input. A sequence input takes a list of
arrays, an optional input takes None or its value.

Results map output names to NumPy arrays; a sequence output is a list of arrays, an optional
output is None or its value.

Element types come back as:
  bool, int8..uint64, float16, float32, float64, complex64, complex128: that NumPy dtype;
  string: an object array of str (bytes for an element that is not valid UTF-8);
  bfloat16, float8e4m3fn, float8e4m3fnuz, float8e5m2, float8e5m2fnuz, float8e8m0, float4e2m1:
      float32 holding the exact value (as ONNX 1.12's numpy_helper.to_array does for bfloat16);
  int4, int2: int8; uint4, uint2: uint8 (one element per byte).
Inputs of those types take the same arrays, or arrays of the ml_dtypes package's types when
ml_dtypes is installed. Float arrays are rounded as the command line rounds JSON numbers: to
nearest, ties to even; float8 and float4 saturate as Cast does; a finite value that would round to
an infinity is refused. Integer arrays for int4/uint4/int2/uint2 must fit.

Every refusal raises onnx_ref.Error with onnx-ref's one-line message; a model that uses an
operator version onnx-ref does not implement raises onnx_ref.UnsupportedError (a subclass).

The GIL is released while a graph runs, and a Session may be used from several threads at once:
running never changes the session.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

import sys

try:
    import numpy as np
except ImportError:  # the package imports without numpy; running a model needs it

    class _NumpyMissing:
        def __getattr__(self, name: str) -> Any:
            raise ImportError(f"onnx_ref needs numpy to run a model, and {sys.executable} has none "
                              f"({sys.executable} -m pip install numpy)")

    np = _NumpyMissing()  # type: ignore[assignment]

from . import _core

__all__ = ["Error", "UnsupportedError", "Session", "NodeArg", "ReferenceEvaluator", "run", "run_dict", "check_model",
           "ELEMENT_TYPES", "__version__"]
__version__ = "0.1.0"

Error = _core.Error
UnsupportedError = _core.UnsupportedError

#: ONNX element type name -> (TensorProto code, NumPy dtype name its values come back as).
ELEMENT_TYPES: Dict[str, tuple] = dict(_core.element_types())

# ml_dtypes' names for the types NumPy lacks, and the onnx-ref type each one is.
_ML_DTYPES = {
    "bfloat16": "bfloat16",
    "float8_e4m3fn": "float8e4m3fn",
    "float8_e4m3fnuz": "float8e4m3fnuz",
    "float8_e5m2": "float8e5m2",
    "float8_e5m2fnuz": "float8e5m2fnuz",
    "float8_e8m0fnu": "float8e8m0",
    "float4_e2m1fn": "float4e2m1",
    "int4": "int4",
    "uint4": "uint4",
    "int2": "int2",
    "uint2": "uint2",
}
try:  # optional: arrays of ml_dtypes' types are accepted as inputs when it is installed
    import ml_dtypes as _ml_dtypes  # type: ignore
except ImportError:  # pragma: no cover - depends on the machine
    _ml_dtypes = None

ModelLike = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, Any]


def _memory_text(max_memory: Union[int, str, None]) -> str:
    if max_memory is None:
        return ""
    if isinstance(max_memory, bool) or not isinstance(max_memory, (int, str)):
        raise TypeError("max_memory must be MiB (an int), a percentage such as \"25%\", or None")
    return str(max_memory)


def _model_source(model: ModelLike):
    """(what _core.load takes, base_dir for external data, the name errors start with)."""
    if isinstance(model, (bytes, bytearray, memoryview)):
        return bytes(model), "", ""
    if isinstance(model, (str, os.PathLike)):
        return os.fspath(model), "", ""
    serialize = getattr(model, "SerializeToString", None)
    if callable(serialize):
        # Errors name the model by its graph, since an in-memory model has no file name.
        graph = getattr(getattr(model, "graph", None), "name", "")
        return serialize(), "", f"<ModelProto, graph {graph!r}>" if graph else "<ModelProto>"
    raise TypeError(
        "model must be a path (str or os.PathLike), bytes or an onnx.ModelProto, not " + type(model).__name__)


def _is_ml_dtype(dtype: np.dtype) -> bool:
    return _ml_dtypes is not None and dtype.type.__module__.startswith("ml_dtypes") and dtype.name in _ML_DTYPES


def _from_ml_dtypes(a: np.ndarray, elem: Optional[str], what: str) -> np.ndarray:
    onnx_name = _ML_DTYPES[a.dtype.name]
    if elem is not None and elem != onnx_name:
        raise Error(f"{what} is an ml_dtypes {a.dtype.name} array but the model declares tensor({elem})")
    if onnx_name in ("int4", "int2"):
        return a.astype(np.int8)
    if onnx_name in ("uint4", "uint2"):
        return a.astype(np.uint8)
    return a.astype(np.float32)  # exact for every one of these types


def _map_arrays(value: Any, info: dict, what: str) -> tuple:
    """A dict feed as the (keys, values) pair of 1-D arrays of the declared key and value types."""
    if not isinstance(value, Mapping):
        raise Error(f"{what} is {info['type']}: feed a dict")
    keys = _array(list(value.keys()), {"elem_type": info["key_type"], "numpy_dtype": info["key_numpy_dtype"]}, what + " keys")
    values = _array(list(value.values()), info, what + " values")
    return (keys.reshape(len(value)), values.reshape(len(value)))


def _array(value: Any, info: Optional[dict], what: str) -> np.ndarray:
    """A NumPy array for one tensor feed; lists and scalars take the declared element type."""
    elem = info["elem_type"] if info else None
    if isinstance(value, np.ndarray):
        return _from_ml_dtypes(value, elem, what) if _is_ml_dtype(value.dtype) else value
    if isinstance(value, np.generic):
        a = np.asarray(value)
        return _from_ml_dtypes(a, elem, what) if _is_ml_dtype(a.dtype) else a
    if elem is None:
        a = np.asarray(value)
        if a.dtype.kind == "U":
            a = a.astype(object)
        return a
    target = np.dtype(info["numpy_dtype"])
    if elem == "string":
        a = np.empty(np.shape(value) if not isinstance(value, (str, bytes)) else (), dtype=object)
        a[...] = value if isinstance(value, (str, bytes)) else np.asarray(value, dtype=object)
        return a
    a = np.asarray(value)
    if a.dtype == object or a.dtype.kind not in "biufc":
        raise Error(f"{what}: cannot make a tensor({elem}) of {type(value).__name__} values")
    narrow_int = elem in ("int4", "int2", "uint4", "uint2")
    small_float = target.kind == "f" and elem not in ("float16", "float", "double")
    if small_float:
        # The core checks that every value is exact in the type.
        if a.dtype.kind == "c":
            raise Error(f"{what}: complex values for tensor({elem})")
        return a if a.dtype.kind == "f" else a.astype(np.float64)
    if target.kind in "iu":
        if a.dtype.kind == "f":
            if not np.all(np.isfinite(a)) or not np.all(a == np.round(a)):
                raise Error(f"{what}: non-integral values for tensor({elem})")
        elif a.dtype.kind == "c":
            raise Error(f"{what}: complex values for tensor({elem})")
        if a.size and not narrow_int:
            info_ = np.iinfo(target)
            lo, hi = int(a.min()), int(a.max())
            if lo < info_.min or hi > info_.max:
                bad = lo if lo < info_.min else hi
                raise Error(f"{what}: {bad} does not fit {elem}")
        # int4/uint4/int2/uint2 travel as int64; the core checks that every value fits.
        return a.astype(np.int64) if narrow_int else a.astype(target)
    if target.kind == "b":
        if a.dtype.kind == "b":
            return a
        if a.dtype.kind in "iu" and np.all((a == 0) | (a == 1)):
            return a.astype(bool)
        raise Error(f"{what}: tensor(bool) takes True/False (or 0 and 1)")
    if target.kind == "f" and a.dtype.kind == "c":
        raise Error(f"{what}: complex values for tensor({elem})")
    return a.astype(target)


class NodeArg:
    """A declared input or output: name, type ("tensor(float)", "seq(tensor(int64))") and shape
    (a list of ints, with a str for a named symbolic dimension and None for an unknown one; None
    when the rank is unknown), as onnxruntime's NodeArg."""

    def __init__(self, info: dict):
        self.name = info["name"]
        self.type = info["type"].split("[")[0]  # the type without the shape onnx-ref's own text appends
        self.shape = None if info.get("shape") is None else list(info["shape"])

    def __repr__(self) -> str:
        return f"NodeArg(name={self.name!r}, type={self.type!r}, shape={self.shape!r})"


class Session:
    """A loaded, checked model, ready to run any number of times.

    Session(model) loads `model` (a path, bytes or an onnx.ModelProto) and checks every node,
    attribute and type; a refusal raises onnx_ref.Error (onnx_ref.UnsupportedError for an operator
    version onnx-ref does not implement).

    Intermediate values: extra_outputs=["name", ...] returns those values of the model's graph
    (node outputs, inputs, initializers) after its outputs, as `onnx-ref run --outputs` does;
    every_node_output=True adds every node's outputs (as `onnx-ref run --trace`, for the model's
    graph). They are outputs like the others: in output_names, run(None, ...) and run_dict.

    Opt-ins for models the ONNX text does not allow as written (the command's --sort-nodes and
    --allow-deprecated): sort_nodes=True sorts a graph whose nodes are not in topological order
    (IR.md requires the order; refused by default) and warns once on stderr; allow_deprecated=True
    runs Upsample-10, Scatter-11, GroupNormalization-18, TreeEnsembleClassifier-5 and
    TreeEnsembleRegressor-5 (refused by default, naming the replacement).

    A Session may be used from several threads at once; the GIL is released while a graph runs.
    """

    def __init__(self, model: ModelLike, *, extra_outputs: Optional[Iterable[str]] = None, every_node_output: bool = False,
                 sort_nodes: bool = False, allow_deprecated: bool = False):
        if isinstance(extra_outputs, str):
            raise TypeError("extra_outputs must be a list of names, not a str")
        source, base_dir, origin = _model_source(model)
        self._core = _core.load(source, base_dir, list(extra_outputs or []), bool(every_node_output),
                                bool(sort_nodes), bool(allow_deprecated), origin)
        self._info = {i["name"]: i for i in self._core.inputs + self._core.optional_inputs}

    @property
    def input_names(self) -> List[str]:
        """Inputs that must be fed (graph inputs without an initializer), in graph order."""
        return list(self._core.input_names)

    @property
    def output_names(self) -> List[str]:
        """Graph outputs, in graph order."""
        return list(self._core.output_names)

    @property
    def graph_input_names(self) -> List[str]:
        """Every graph input in graph order, those with an initializer (a default) too."""
        return list(self._core.graph_input_names)

    @property
    def inputs(self) -> List[dict]:
        """Declared inputs that must be fed: dicts of name, type, kind, elem_type, numpy_dtype, shape."""
        return list(self._core.inputs)

    @property
    def outputs(self) -> List[dict]:
        """Declared outputs: dicts of name, type, kind, elem_type, numpy_dtype, shape."""
        return list(self._core.outputs)

    @property
    def kernels(self) -> List[str]:
        """Operator versions the nodes resolve to, in order of first use ("Reshape-14")."""
        return list(self._core.kernels)

    def _feeds(self, feeds: Mapping) -> dict:
        if not isinstance(feeds, Mapping):
            raise TypeError("feeds must map input names to values, not " + type(feeds).__name__)
        converted = {}
        for name, value in feeds.items():
            if not isinstance(name, str):
                raise TypeError("feed names must be str, not " + type(name).__name__)
            info = self._info.get(name)
            what = f"input '{name}'"
            kind = info["kind"] if info else ""
            if value is None:
                converted[name] = None
            elif kind == "map":
                converted[name] = _map_arrays(value, info, what)
            elif kind == "map_sequence":
                if not isinstance(value, (list, tuple)):
                    raise Error(f"{what} is {info['type']}: feed a list of dicts")
                converted[name] = [_map_arrays(item, info, f"{what} item {i}") for i, item in enumerate(value)]
            elif kind in ("sequence", "optional_sequence"):
                if not isinstance(value, (list, tuple)):
                    raise Error(f"{what} is {info['type']}: feed a list of arrays")
                converted[name] = [_array(item, info, f"{what} item {i}") for i, item in enumerate(value)]
            else:
                converted[name] = _array(value, info, what)
        return converted

    def get_inputs(self) -> List["NodeArg"]:
        """The inputs to feed, as onnxruntime's InferenceSession.get_inputs gives them: objects with
        name, type ("tensor(float)") and shape (ints, and str or None for symbolic dimensions)."""
        return [NodeArg(i) for i in self._core.inputs]

    def get_outputs(self) -> List["NodeArg"]:
        """The graph outputs, as onnxruntime's InferenceSession.get_outputs gives them."""
        return [NodeArg(o) for o in self._core.outputs]

    def run(self, output_names: Optional[Iterable[str]], feeds: Mapping = None, *, threads: int = 1, seed: int = 0,
            max_loop_iterations: int = 10_000_000, max_memory: Union[int, str, None] = None,
            timeout: float = 0) -> List[Any]:
        """run(output_names, feeds) -> [value, ...], as onnxruntime's InferenceSession.run: the
        values of output_names (None for every graph output, in graph order), in that order.
        `y, = s.run(None, feeds)` unpacks the one output. run_dict(feeds) gives {name: value}."""
        if feeds is None and isinstance(output_names, Mapping):
            raise TypeError("run takes (output_names, feeds) as onnxruntime does: run(None, feeds) for every output, "
                            "or run_dict(feeds) for {name: value}")
        result = self.run_dict(feeds, output_names, threads=threads, seed=seed, max_loop_iterations=max_loop_iterations,
                               max_memory=max_memory, timeout=timeout)
        return list(result.values())

    def run_dict(self, feeds: Mapping, output_names: Optional[Iterable[str]] = None, *, threads: int = 1, seed: int = 0,
                 max_loop_iterations: int = 10_000_000, max_memory: Union[int, str, None] = None,
                 timeout: float = 0) -> Dict[str, Any]:
        """run_dict(feeds, output_names=None) -> {output name: value}

        feeds maps input names to NumPy arrays, scalars or lists (lists and scalars take the
        declared element type; a sequence input takes a list of arrays, an optional input None or
        its value). output_names (a list, or None for all) picks the outputs returned, in that
        order; by default every graph output in graph order.

        Values come back as NumPy arrays (bfloat16, float8 and float4 as float32, int4/int2 as
        int8, uint4/uint2 as uint8, strings as object arrays of str, or bytes where not UTF-8),
        sequences as lists of arrays, optionals as None or their value.

        threads: worker threads the kernels may use; every result bit is the same for any count.
        seed: seed of the run's random streams (operators without a seed attribute).
        max_loop_iterations: Loop iterations allowed in the run, over every Loop node; a Loop
        that would go on raises onnx_ref.Error instead of hanging.
        max_memory: bytes the run may hold at once over every tensor, sequence and kernel buffer,
        in MiB (an int) or as a percentage ("25%") of what the process may still take; None for
        that whole amount (the cgroup limit, MemAvailable and ulimit -v bound it).
        timeout: seconds the run may take (0: no limit); past it, onnx_ref.Error names the node.

        Raises onnx_ref.Error with onnx-ref's one-line message when a feed or a node is refused.
        """
        if isinstance(output_names, str):
            raise TypeError("output_names must be a list of names, not a str")
        names = None if output_names is None else list(output_names)
        return dict(self._core.run(self._feeds(feeds), names, threads, seed, max_loop_iterations,
                                   _memory_text(max_memory), timeout))

    def random_feeds(self, seed: int = 0, dims: Optional[Mapping[str, int]] = None) -> Dict[str, Any]:
        """Random values for every input to feed, made from the declared types and shapes as
        `onnx-ref run --random-inputs` makes them (the same seed gives the same values); dims fixes
        symbolic dimensions by name."""
        return dict(self._core.random_feeds(seed, dict(dims or {})))

    def run_profile(self, feeds: Mapping, *, threads: int = 1, seed: int = 0,
                    max_loop_iterations: int = 10_000_000, max_memory: Union[int, str, None] = None,
                    timeout: float = 0) -> Tuple[Dict[str, Any], List[dict]]:
        """run_profile(feeds) -> ({output name: value}, rows), as `onnx-ref run --profile`: one row
        per node, sorted by time (largest first), each a dict of node ("node 'conv1' (#3, Conv-11)",
        led by the graph path inside a subgraph), op ("Conv-11"), calls, milliseconds (calls
        summed), holds_graphs (an If, Loop, Scan or function call: its time includes its graphs'
        nodes) and top_level (a node of the model's graph)."""
        outputs, rows = self._core.run_profile(self._feeds(feeds), threads, seed, max_loop_iterations,
                                               _memory_text(max_memory), timeout)
        rows = sorted(rows, key=lambda r: r["milliseconds"], reverse=True)
        return dict(outputs), rows

    def __repr__(self) -> str:
        return f"onnx_ref.Session(inputs={self.input_names}, outputs={self.output_names})"


class _Outputs(list):
    """run()'s list of outputs; indexing it by name says where the dict form is (run used to return it)."""

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, str):
            raise TypeError(f"onnx_ref.run returns a list in graph order, as Session.run does; "
                            f"onnx_ref.run_dict(model, feeds) gives {{name: value}} (asked for {index!r})")
        return super().__getitem__(index)


def run(model: ModelLike, feeds: Mapping, output_names: Optional[Iterable[str]] = None, *, sort_nodes: bool = False,
        allow_deprecated: bool = False, **run_options: Any) -> List[Any]:
    """Loads `model`, runs it once on `feeds` and returns the outputs as a list: those named by
    output_names in that order, or every graph output in graph order (as Session.run and
    onnxruntime's InferenceSession.run). run_dict returns {output name: value} instead.

    model: a path (str or os.PathLike), the bytes of a ModelProto, or an onnx.ModelProto.
    feeds: {input name: NumPy array, NumPy/Python scalar or (nested) list}; scalars and lists take
        the element type the model declares. A sequence input takes a list of arrays; an optional
        input takes None or its value.
    output_names: the outputs to return (default: all, in graph order).
    sort_nodes, allow_deprecated: the loader's opt-ins, as Session takes them.
    run_options: threads, seed, max_loop_iterations, max_memory, timeout, as Session.run takes them.

    Element types come back as their NumPy dtype; bfloat16/float8/float4 as float32 (exact);
    int4/int2 as int8 and uint4/uint2 as uint8; strings as object arrays of str (bytes where an
    element is not valid UTF-8). Sequences come back as lists of arrays, optionals as None or
    their value.

    Raises onnx_ref.Error (one line, as the onnx-ref command prints it) when the model or a feed is
    refused, and onnx_ref.UnsupportedError when the model uses an operator version onnx-ref does
    not implement. Use Session to load once and run many times.
    """
    return _Outputs(run_dict(model, feeds, output_names, sort_nodes=sort_nodes, allow_deprecated=allow_deprecated,
                             **run_options).values())


def run_dict(model: ModelLike, feeds: Mapping, output_names: Optional[Iterable[str]] = None, *, sort_nodes: bool = False,
             allow_deprecated: bool = False, **run_options: Any) -> Dict[str, Any]:
    """As run, but returns {output name: value} in the same order."""
    session = Session(model, sort_nodes=sort_nodes, allow_deprecated=allow_deprecated)
    if output_names is None:
        return session.run_dict(feeds, **run_options)
    return session.run_dict(feeds, list(output_names), **run_options)


def check_model(model: ModelLike) -> Optional[str]:
    """None when onnx-ref implements everything `model` uses; otherwise the reason it does not.

    A model that is invalid for another reason raises onnx_ref.Error.
    """
    source, base_dir, origin = _model_source(model)
    return _core.check(source, base_dir, origin)


# onnx.reference.ReferenceEvaluator's interface (python/onnx_ref/reference.py).
from .reference import ReferenceEvaluator  # noqa: E402
