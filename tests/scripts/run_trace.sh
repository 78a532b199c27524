#!/usr/bin/env bash
# `onnx-ref run --trace DIR`, `--outputs NAME,...`, `--random-inputs` and `onnx-ref compare` end to end on an official
# test of six nodes (Softmax written out: Constant, ReduceMax, Sub, Exp, ReduceSum, Div). The traced
# values are read back with ONNX's numpy_helper and checked against NumPy's own computation of each
# step and against the test's published output.
set -eu
onnx_ref=$1; python=$2; shared=$3
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
test_dir=$shared/v1.20.0/test_softmax_axis_0_expanded
model=$test_dir/model.onnx

"$onnx_ref" run --trace "$dir/trace" "$model" "$test_dir/test_data_set_0" > "$dir/out.json" 2> "$dir/err" ||
  fail "run --trace exits $?: $(cat "$dir/err")"
grep -qx "onnx-ref: traced 6 value(s) of 6 node(s) into $dir/trace" "$dir/err" || fail "trace summary: $(cat "$dir/err")"
# What is printed stays the graph's one output.
[ "$(grep -c '"dtype"' "$dir/out.json")" = 1 ] || fail "run --trace printed more than the graph output"
"$python" - "$dir/trace" "$test_dir" << 'PY'
import json, os, sys
import numpy as np
from onnx import TensorProto, numpy_helper
trace, test = sys.argv[1:]
def read(path):
    t = TensorProto()
    with open(path, "rb") as f:
        t.ParseFromString(f.read())
    return t.name, numpy_helper.to_array(t)
index = json.load(open(os.path.join(trace, "index.json")))
assert [n["op_type"] for n in index] == ["Constant", "ReduceMax", "Sub", "Exp", "ReduceSum", "Div"], index
assert [n["version"] for n in index] == ["Constant-13", "ReduceMax-13", "Sub-13", "Exp-13", "ReduceSum-13", "Div-13"], index
values = {}
for n in index:
    assert len(n["outputs"]) == 1 and n["outputs"][0]["file"] == f"node_{n['node']}/output_0.pb", n
    name, value = read(os.path.join(trace, n["outputs"][0]["file"]))
    assert name == n["outputs"][0]["name"], (name, n)
    values[n["op_type"]] = value
_, x = read(os.path.join(test, "test_data_set_0", "input_0.pb"))
_, y = read(os.path.join(test, "test_data_set_0", "output_0.pb"))
# Each step against NumPy on the traced inputs of that step (exact steps compare exactly).
assert np.array_equal(values["ReduceMax"], x.max(axis=0, keepdims=True))
assert np.array_equal(values["Sub"], x - values["ReduceMax"])
np.testing.assert_allclose(values["Exp"], np.exp(values["Sub"]), rtol=1e-6)
np.testing.assert_allclose(values["ReduceSum"], values["Exp"].sum(axis=0, keepdims=True), rtol=1e-6)
np.testing.assert_allclose(values["Div"], y, rtol=1e-5)
print("trace: 6 nodes, every step agrees with NumPy")
PY

# --outputs adds the named values after the graph's outputs, in the order given.
exp_name=Softmax_test_softmax_axis_0_expanded_function_X_Exp
max_name=Softmax_test_softmax_axis_0_expanded_function_X_ReduceMax
"$onnx_ref" run --outputs "$exp_name,$max_name" "$model" "$test_dir/test_data_set_0" > "$dir/outputs.json"
"$python" -c 'import json,sys; o=list(json.load(open(sys.argv[1]))["outputs"]); assert o == ["y", sys.argv[2], sys.argv[3]], o' \
  "$dir/outputs.json" "$exp_name" "$max_name" || fail "--outputs order"
if "$onnx_ref" run --outputs nope "$model" "$test_dir/test_data_set_0" > /dev/null 2> "$dir/nope"; then fail "--outputs nope exits 0"; fi
grep -q "^onnx-ref: .*'nope' was asked for as an output (--outputs, extra_outputs), but the model's graph has no value of this name" "$dir/nope" || fail "--outputs nope: $(cat "$dir/nope")"

# --random-inputs: the same seed gives the same run, another seed another; not with INPUTS.
"$onnx_ref" run --random-inputs --seed 7 "$model" > "$dir/r7a"
"$onnx_ref" run --random-inputs --seed 7 "$model" > "$dir/r7b"
"$onnx_ref" run --random-inputs --seed 8 "$model" > "$dir/r8"
cmp -s "$dir/r7a" "$dir/r7b" || fail "--random-inputs with one seed differs between runs"
if cmp -s "$dir/r7a" "$dir/r8"; then fail "--random-inputs ignores --seed"; fi
if "$onnx_ref" run --random-inputs "$model" "$test_dir/test_data_set_0" > /dev/null 2> "$dir/both"; then fail "INPUTS and --random-inputs accepted"; fi
grep -qx "onnx-ref: run takes INPUTS or --random-inputs, not both" "$dir/both" || fail "both: $(cat "$dir/both")"
# compare: against its own trace nothing departs; with the Exp value of the reference moved by 1%
# (as another runtime might), node #3 is named as the first departure and the exit code is 1.
"$onnx_ref" compare "$model" "$test_dir/test_data_set_0" "$dir/trace" > "$dir/same" || fail "compare with its own trace exits $?"
grep -qx "6 value(s) compared, 0 beyond atol 1e-07, rtol 0.001" "$dir/same" || fail "compare summary: $(cat "$dir/same")"
"$python" - "$dir/trace/node_3/output_0.pb" << 'PY'
import sys
from onnx import TensorProto, numpy_helper
t = TensorProto()
t.ParseFromString(open(sys.argv[1], "rb").read())
a = numpy_helper.to_array(t).copy()
a[0, 0, 0] *= 1.01
open(sys.argv[1], "wb").write(numpy_helper.from_array(a, t.name).SerializeToString())
PY
if "$onnx_ref" compare "$model" "$test_dir/test_data_set_0" "$dir/trace" > "$dir/moved"; then fail "compare of a moved value exits 0"; fi
grep -q "^#3  *Exp-13  *'$exp_name'  .*  DEPARTS$" "$dir/moved" || fail "the Exp line: $(cat "$dir/moved")"
[ "$(grep -c "DEPARTS$" "$dir/moved")" = 1 ] || fail "more than one node departs: $(cat "$dir/moved")"
grep -q "^first departure: node #3 (Exp-13) output '$exp_name': 1 of 60 elements differ" "$dir/moved" ||
  fail "first departure: $(grep first "$dir/moved")"
# Reference values may also be NAME.npy files.
mkdir -p "$dir/npy"
"$python" -c 'import numpy as np, sys; np.save(sys.argv[1], np.zeros((3, 4, 5), np.float32))' "$dir/npy/y.npy"
if "$onnx_ref" compare "$model" "$test_dir/test_data_set_0" "$dir/npy" > "$dir/npy.out"; then fail "compare with zeros exits 0"; fi
grep -q "^#5  *Div-13  *'y'  .*  DEPARTS$" "$dir/npy.out" || fail "npy reference: $(cat "$dir/npy.out")"
mkdir -p "$dir/empty"
if "$onnx_ref" compare "$model" "$test_dir/test_data_set_0" "$dir/empty" > /dev/null 2> "$dir/none"; then fail "compare with no values exits 0"; fi
grep -qx "onnx-ref: '$dir/empty' holds no value named like a node output of the model's graph" "$dir/none" || fail "no values: $(cat "$dir/none")"
echo OK
