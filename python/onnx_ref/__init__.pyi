import os
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

__version__: str

ModelLike = Union[str, os.PathLike[str], bytes, bytearray, memoryview, Any]  # Any: onnx.ModelProto
Feed = Union[np.ndarray, np.generic, int, float, complex, bool, str, bytes, Sequence[Any], None]
Result = Union[np.ndarray, List[np.ndarray], None]

ELEMENT_TYPES: Dict[str, Tuple[int, str]]

class Error(Exception):
    """A model or input onnx-ref refuses; str(e) is onnx-ref's one-line diagnostic."""

class UnsupportedError(Error):
    """The model is valid but uses something onnx-ref does not implement."""

class NodeArg:
    name: str
    type: str
    shape: Optional[List[Union[int, str, None]]]

class Session:
    def __init__(self, model: ModelLike, *, extra_outputs: Optional[Iterable[str]] = ..., every_node_output: bool = ...,
                 sort_nodes: bool = ..., allow_deprecated: bool = ...) -> None: ...
    @property
    def input_names(self) -> List[str]: ...
    @property
    def output_names(self) -> List[str]: ...
    @property
    def graph_input_names(self) -> List[str]: ...
    @property
    def inputs(self) -> List[Dict[str, Any]]: ...
    @property
    def outputs(self) -> List[Dict[str, Any]]: ...
    @property
    def kernels(self) -> List[str]: ...
    def get_inputs(self) -> List[NodeArg]: ...
    def get_outputs(self) -> List[NodeArg]: ...
    def run(self, output_names: Optional[Iterable[str]], feeds: Mapping[str, Feed], *, threads: int = ..., seed: int = ...,
            max_loop_iterations: int = ..., max_memory: Union[int, str, None] = ..., timeout: float = ...) -> List[Result]:
        """run(output_names, feeds) -> [value, ...], as onnxruntime's InferenceSession.run."""
    def run_dict(self, feeds: Mapping[str, Feed], output_names: Optional[Iterable[str]] = ..., *, threads: int = ...,
                 seed: int = ..., max_loop_iterations: int = ..., max_memory: Union[int, str, None] = ...,
                 timeout: float = ...) -> Dict[str, Result]: ...
    def random_feeds(self, seed: int = ..., dims: Optional[Mapping[str, int]] = ...) -> Dict[str, Result]: ...
    def run_profile(self, feeds: Mapping[str, Feed], *, threads: int = ..., seed: int = ...,
                    max_loop_iterations: int = ..., max_memory: Union[int, str, None] = ...,
                    timeout: float = ...) -> Tuple[Dict[str, Result], List[Dict[str, Any]]]: ...

def run(model: ModelLike, feeds: Mapping[str, Feed], output_names: Optional[Iterable[str]] = ..., *, sort_nodes: bool = ...,
        allow_deprecated: bool = ..., **run_options: Any) -> List[Result]: ...
def run_dict(model: ModelLike, feeds: Mapping[str, Feed], output_names: Optional[Iterable[str]] = ..., *, sort_nodes: bool = ...,
             allow_deprecated: bool = ..., **run_options: Any) -> Dict[str, Result]: ...
def check_model(model: ModelLike) -> Optional[str]: ...

class ReferenceEvaluator:
    """onnx.reference.ReferenceEvaluator's interface over onnx-ref (docs/reference-evaluator.md)."""
    verbose: int
    def __init__(self, proto: ModelLike, opsets: Optional[Dict[str, int]] = ..., functions: Optional[List[Any]] = ...,
                 verbose: int = ..., new_ops: Optional[List[Any]] = ..., optimized: bool = ...) -> None: ...
    @property
    def input_names(self) -> List[str]: ...
    @property
    def output_names(self) -> List[str]: ...
    @property
    def opsets(self) -> Dict[str, int]: ...
    @property
    def has_linked_attribute(self) -> bool: ...
    def run(self, output_names: Optional[Iterable[str]], feed_inputs: Mapping[str, Any],
            attributes: Optional[Mapping[str, Any]] = ..., intermediate: bool = ...) -> Union[List[Any], Dict[str, Any]]: ...
