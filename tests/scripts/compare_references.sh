#!/usr/bin/env bash
# `onnx-ref compare` with the folders onnx-ref itself writes as the reference: `run --format npy
# --output-dir` (output_K.npy, matched by position), `run --trace` (values inside If branches and
# Loop bodies compared by their trace path); a dtype or shape difference said in the verdict; the
# table's columns aligned; numbers in one (shortest) format.
. "$(dirname "$0")/cli_test_prelude.sh"

"$python" - "$dir" << 'PY'
import json, sys
from onnx import TensorProto, helper, save
d = sys.argv[1]
F = TensorProto.FLOAT
vi = helper.make_tensor_value_info
# y = If(c) then x * x else -x, then z = y + 1; the branches read the outer x.
then_g = helper.make_graph([helper.make_node("Mul", ["x", "x"], ["sq"], name="square")], "then", [], [vi("sq", F, [3])])
else_g = helper.make_graph([helper.make_node("Neg", ["x"], ["ng"], name="negate")], "else", [], [vi("ng", F, [3])])
one = helper.make_tensor("one", F, [1], [1.0])
g = helper.make_graph([helper.make_node("If", ["c"], ["y"], name="choose", then_branch=then_g, else_branch=else_g),
                       helper.make_node("Add", ["y", "one"], ["z"], name="plus_one")],
                      "g", [vi("c", TensorProto.BOOL, []), vi("x", F, [3])], [vi("y", F, [3]), vi("z", F, [3])], initializer=[one])
save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)]), f"{d}/model.onnx")
json.dump({"c": True, "x": [1.0, 2.0, 3.0]}, open(f"{d}/in.json", "w"))
PY
model=$dir/model.onnx; inputs=$dir/in.json

# run --format npy --output-dir: output_0.npy is y, output_1.npy is z.
"$onnx_ref" run --format npy --output-dir "$dir/out" "$model" "$inputs" > /dev/null
"$onnx_ref" compare "$model" "$inputs" "$dir/out" > "$dir/npy" || fail "compare with run's .npy outputs: $(cat "$dir/npy")"
grep -qx "2 value(s) compared, 0 beyond atol 1e-07, rtol 0.001" "$dir/npy" || fail "npy outputs: $(cat "$dir/npy")"

# A dtype difference: the verdict says it, no zero errors are shown.
"$python" -c 'import numpy as np, sys; np.save(sys.argv[1], np.array([2, 5, 10], np.float64))' "$dir/out/output_1.npy"
if "$onnx_ref" compare "$model" "$inputs" "$dir/out" > "$dir/dtype"; then fail "a double reference for a float value passed"; fi
grep -q "^#1 'plus_one'  *Add-14  *'z'  *-  *-  *-  *DEPARTS: got float\[3\], expected double\[3\]$" "$dir/dtype" ||
  fail "dtype row: $(cat "$dir/dtype")"

# Every row's columns start where the header's do.
"$python" - "$dir/dtype" << 'PY' || fail "columns not aligned: $(cat "$dir/dtype")"
import sys
lines = open(sys.argv[1]).read().splitlines()
table = [l for l in lines if l.startswith(("node", "#"))]
start = table[0].index("verdict")
assert all(len(l) > start and l[start - 2:start] == "  " and l[start] != " " for l in table), table
PY

# run --trace: the values inside the taken branch are compared by their path; moving one of them
# names it as the first departure, before the graph's own values.
"$onnx_ref" run --trace "$dir/trace" "$model" "$inputs" > /dev/null 2>&1
"$onnx_ref" compare "$model" "$inputs" "$dir/trace" > "$dir/same" || fail "compare with its own trace: $(cat "$dir/same")"
grep -qx "3 value(s) compared, 0 beyond atol 1e-07, rtol 0.001" "$dir/same" || fail "trace summary: $(cat "$dir/same")"
grep -q "^node 'choose' (#0, If-16) › then_branch › call 0 › #0 'square'  *Mul-14  *'sq'  .*  ok$" "$dir/same" ||
  fail "subgraph row: $(cat "$dir/same")"
sq=$dir/trace/subgraphs/node_0/then_branch/call_0/node_0/output_0.pb
[ -f "$sq" ] || fail "no trace file $sq"
"$python" - "$sq" << 'PY'
import sys
from onnx import numpy_helper, TensorProto
t = TensorProto(); t.ParseFromString(open(sys.argv[1], "rb").read())
a = numpy_helper.to_array(t).copy(); a[1] = 4.5
open(sys.argv[1], "wb").write(numpy_helper.from_array(a, t.name).SerializeToString())
PY
if "$onnx_ref" compare "$model" "$inputs" "$dir/trace" > "$dir/moved"; then fail "a moved subgraph value passed"; fi
grep -qx "first departure: node 'choose' (#0, If-16) › then_branch › call 0 › #0 'square' (Mul-14) output 'sq': 1 of 3 elements differ (atol 1e-07, rtol 0.001); first at \[1\]: got 4, expected 4.5; max abs error 0.5, max rel error 0.1111111111111111, max 1048576 ulp" \
  "$dir/moved" || fail "first departure: $(cat "$dir/moved")"
echo ok
