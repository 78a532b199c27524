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

class Session:
    def __init__(self, model: ModelLike) -> None: ...
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
    def run(self, *args: Any) -> Dict[str, Result]:
        """run(feeds) or run(output_names, feeds)."""

def run(model: ModelLike, feeds: Mapping[str, Feed], output_names: Optional[Iterable[str]] = ...) -> Dict[str, Result]: ...
def check_model(model: ModelLike) -> Optional[str]: ...
