"""Under CTest, ONNX_REF_PYTHON_DIR names the build tree's package folder: the tests must import
that module, never an older installed copy."""
import os

import onnx_ref

_expected = os.environ.get("ONNX_REF_PYTHON_DIR")
if _expected:
    _actual = os.path.dirname(os.path.realpath(onnx_ref.__file__))
    assert _actual == os.path.realpath(os.path.join(_expected, "onnx_ref")), (
        f"imported onnx_ref from {_actual}, expected the build tree's {_expected}")
