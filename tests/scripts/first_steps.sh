#!/usr/bin/env bash
# What a new user meets first: one .npy or .pb file as INPUTS, `test --filter --expect` noting only
# the entries its filter selects, `ops --op` in any case with the outputs listed, and `check`'s
# labels for a misspelled attribute and a too-new opset.
set -eu
onnx_ref=$1; python=$2; source_dir=$3; shared=$4
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
example=$source_dir/examples/reshape_flatten

"$python" - "$dir" << 'PY'
import sys
import numpy as np
from onnx import TensorProto, helper, numpy_helper, save
d = sys.argv[1]
x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
np.save(f"{d}/x.npy", x)
open(f"{d}/x.pb", "wb").write(numpy_helper.from_array(x, "x").SerializeToString())
vi = helper.make_tensor_value_info
def model(name, node, inputs, opset):
    g = helper.make_graph([node], "g", inputs, [vi("y", TensorProto.FLOAT, None)])
    save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), f"{d}/{name}.onnx")
model("two_inputs", helper.make_node("Add", ["a", "b"], ["y"]), [vi("a", TensorProto.FLOAT, [2]), vi("b", TensorProto.FLOAT, [2])], 14)
model("misspelled", helper.make_node("Flatten", ["x"], ["y"], name="f", axsi=1), [vi("x", TensorProto.FLOAT, [2, 3])], 13)
model("opset28", helper.make_node("Relu", ["x"], ["y"], name="r"), [vi("x", TensorProto.FLOAT, [2])], 28)
PY

# INPUTS as one value file: the same outputs as the JSON inputs, for a one-input model.
"$onnx_ref" run "$example/model.onnx" "$example/inputs.json" > "$dir/json.out"
for f in x.npy x.pb; do
  "$onnx_ref" run "$example/model.onnx" "$dir/$f" > "$dir/$f.out" 2> "$dir/$f.err" || fail "run with $f: $(cat "$dir/$f.err")"
done
"$python" - "$dir" "$example/inputs.json" << 'PY' || fail "outputs from x.npy / x.pb"
import json, sys
d = sys.argv[1]
want = [float(v) for v in range(24)]
for f in ("x.npy", "x.pb"):
    out = json.load(open(f"{d}/{f}.out"))["outputs"]
    assert out["y"]["shape"] == [12, 2] and out["y"]["data"] == want, (f, out["y"])
PY
# With two inputs, one file cannot say which it is: the error points at the JSON {"file": ...} form.
if "$onnx_ref" run "$dir/two_inputs.onnx" "$dir/x.npy" > /dev/null 2> "$dir/two.err"; then fail "a .npy for two inputs was accepted"; fi
grep -qxF "onnx-ref: $dir/x.npy: one value file feeds a model with one input, and this model takes 2; name each in a JSON file: {\"a\": {\"file\": \"x.npy\"}, ...}" \
  "$dir/two.err" || fail "two inputs: $(cat "$dir/two.err")"

# --filter with --expect: no note for the manifest's entries the filter leaves out; a stale entry
# the filter selects is still noted.
"$onnx_ref" test "$shared" --filter '^test_relu$' --expect "$source_dir/conformance/official_defects.expect" > "$dir/filtered" ||
  fail "filtered run: $(tail -3 "$dir/filtered")"
if grep -q "matches no test" "$dir/filtered"; then fail "notes for entries outside the filter: $(grep -c 'matches no test' "$dir/filtered")"; fi
printf 'failed test_relu_stale_entry a stale entry\n' > "$dir/stale.expect"
"$onnx_ref" test "$shared" --filter '^test_relu' --expect "$dir/stale.expect" > "$dir/stale" || true
grep -qxF "note: $dir/stale.expect:1: 'test_relu_stale_entry' matches no test" "$dir/stale" || fail "stale entry: $(cat "$dir/stale")"

# ops: --op in any case; the text lists the outputs.
"$onnx_ref" ops --op conv --opset 13 > "$dir/conv" || fail "ops --op conv exits $?"
head -1 "$dir/conv" | grep -q "^Conv-11 " || fail "ops --op conv: $(cat "$dir/conv")"
grep -qxF "  outputs: Y: T" "$dir/conv" || fail "ops lists no outputs: $(cat "$dir/conv")"

# check: a misspelled attribute is invalid, with the near name; a too-new opset is not "supported".
if "$onnx_ref" check "$dir/misspelled.onnx" > "$dir/misspelled"; then fail "misspelled attribute accepted"; fi
grep -qF "  #0 'f'  Flatten -> INVALID: Flatten-13, error: attribute 'axsi' is not an attribute of Flatten-13 (did you mean 'axis'?)" \
  "$dir/misspelled" || fail "misspelled: $(cat "$dir/misspelled")"
if "$onnx_ref" check "$dir/opset28.onnx" > "$dir/opset28"; then fail "opset 28 accepted"; fi
grep -qxF "summary: 1 node, 0 supported" "$dir/opset28" || fail "opset 28 summary: $(cat "$dir/opset28")"
grep -qF "Relu -> INVALID: error: opset 28 is newer than any onnx-ref knows (27)" "$dir/opset28" || fail "opset 28 node: $(cat "$dir/opset28")"
echo ok
