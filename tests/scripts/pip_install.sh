#!/usr/bin/env bash
# `pip install .` into a fresh venv, offline: pyproject.toml's in-tree backend builds the package
# (here in this CTest build tree, ONNX_REF_BUILD_DIR, so CI compiles nothing twice), pip installs the
# wheel, and the venv's python imports it from the venv, not from the system install, and runs a
# model with it. Checked: the wheel's files and metadata, and a result computed by hand.
set -eu
source_dir=$1; build_dir=$2; python=$3
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# The venv sees the interpreter's own numpy (and onnx, for the check below); without them there is
# nothing to test offline.
missing=$("$python" -c "import importlib.util as u; print(' '.join(m for m in ('numpy', 'onnx') if not u.find_spec(m)))")
if [ -n "$missing" ]; then echo "skipped: $python lacks $missing"; exit 77; fi
"$python" -m venv --system-site-packages "$dir/venv" || fail "python3 -m venv failed (python3-venv is missing?)"
# --no-index: nothing is downloaded (numpy comes from the system site, as the venv sees it);
# --no-build-isolation: the backend needs nothing installed, and runs with the venv's python.
ONNX_REF_BUILD_DIR=$build_dir "$dir/venv/bin/pip" --disable-pip-version-check -q install --no-build-isolation --no-index "$source_dir" \
  > "$dir/pip.log" 2>&1 || fail "pip install failed: $(tail -5 "$dir/pip.log")"
"$dir/venv/bin/pip" --disable-pip-version-check show -f onnx_ref > "$dir/show" || fail "pip show onnx_ref failed"
for f in onnx_ref/__init__.py onnx_ref/backend.py onnx_ref/py.typed; do
  grep -q "^  $f$" "$dir/show" || fail "the installed wheel lacks $f: $(cat "$dir/show")"
done
grep -q "^  onnx_ref/_core\..*\.so$" "$dir/show" || fail "the installed wheel lacks the compiled module"
grep -q "^Requires: numpy$" "$dir/show" || fail "metadata: $(cat "$dir/show")"
cd "$dir"
"$dir/venv/bin/python" - "$dir/venv" << 'PY'
import os, sys
import numpy as np
import onnx_ref
venv = os.path.realpath(sys.argv[1])
where = os.path.realpath(onnx_ref.__file__)
assert where.startswith(venv + os.sep), f"onnx_ref imported from {where}, not from the venv {venv}"
from onnx import helper, TensorProto
graph = helper.make_graph([helper.make_node("Add", ["a", "b"], ["y"])], "g",
                          [helper.make_tensor_value_info(n, TensorProto.FLOAT, [2]) for n in ("a", "b")],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)])
y, = onnx_ref.Session(model.SerializeToString()).run(None, {"a": np.array([1.5, 2**24], np.float32),
                                                            "b": np.array([0.25, 1], np.float32)})
# 1.5 + 0.25 is exact; 2^24 + 1 is a tie between 2^24 and 2^24 + 2, rounded to even: 2^24.
assert y.tolist() == [1.75, 2**24], y
print("ok: onnx_ref from", where)
PY
