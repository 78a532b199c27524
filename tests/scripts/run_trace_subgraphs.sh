#!/usr/bin/env bash
# `onnx-ref run --trace DIR` inside subgraphs: a Loop of 3 iterations whose body holds an If (reading
# the outer initializer 'one'), and a call to a model-local function. Every value computed inside
# them lands in DIR/subgraphs/<node>/<graph>/call_C/node_K/output_J.pb with DIR/subgraphs.json; each
# is checked against NumPy's computation of the same step, the If's branch per iteration included.
# --trace-calls caps the runs written per graph; `onnx-ref compare` still reads such a folder.
set -eu
onnx_ref=$1; python=$2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$python" - "$dir/model.onnx" << 'PY'
import sys
import numpy as np
from onnx import TensorProto, helper, numpy_helper, save
F, I, B = TensorProto.FLOAT, TensorProto.INT64, TensorProto.BOOL
then_g = helper.make_graph([helper.make_node("Neg", ["s"], ["t_then"], name="neg")], "then",
                           [], [helper.make_tensor_value_info("t_then", F, [2])])
else_g = helper.make_graph([helper.make_node("Identity", ["s"], ["t_else"], name="same")], "else",
                           [], [helper.make_tensor_value_info("t_else", F, [2])])
body = helper.make_graph([
    helper.make_node("Add", ["v", "x"], ["s"], name="add"),
    helper.make_node("Equal", ["i", "one"], ["is_one"], name="eq"),
    helper.make_node("If", ["is_one"], ["v_next"], name="branch", then_branch=then_g, else_branch=else_g),
    helper.make_node("Identity", ["c"], ["c_next"], name="keep"),
], "body", [helper.make_tensor_value_info("i", I, []), helper.make_tensor_value_info("c", B, []),
            helper.make_tensor_value_info("v", F, [2])],
   [helper.make_tensor_value_info("c_next", B, []), helper.make_tensor_value_info("v_next", F, [2])])
square = helper.make_function("local", "Square", ["a"], ["b"], [helper.make_node("Mul", ["a", "a"], ["b"], name="mul")],
                              [helper.make_opsetid("", 16)])
graph = helper.make_graph([
    helper.make_node("Identity", ["x"], ["x_copy"], name="copy"),
    helper.make_node("Loop", ["trips", "", "zero"], ["y"], name="loop", body=body),
    helper.make_node("Square", ["y"], ["y2"], name="call", domain="local"),
], "g", [helper.make_tensor_value_info("x", F, [2])], [helper.make_tensor_value_info("y2", F, [2])],
   [numpy_helper.from_array(np.array(3, np.int64), "trips"), numpy_helper.from_array(np.array(1, np.int64), "one"),
    numpy_helper.from_array(np.zeros(2, np.float32), "zero")])
m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16), helper.make_opsetid("local", 1)], functions=[square])
m.ir_version = 8
save(m, sys.argv[1])
PY
echo '{"x": [1.5, -2.25]}' > "$dir/in.json"

"$onnx_ref" run --trace "$dir/trace" "$dir/model.onnx" "$dir/in.json" > "$dir/out.json" 2> "$dir/err" ||
  fail "run --trace exits $?: $(cat "$dir/err")"
grep -qx "onnx-ref: traced 3 value(s) of 3 node(s) into $dir/trace" "$dir/err" || fail "summary: $(cat "$dir/err")"
grep -qx "onnx-ref: traced 16 value(s) inside subgraphs into $dir/trace/subgraphs" "$dir/err" || fail "subgraph summary: $(cat "$dir/err")"

"$python" - "$dir/trace" << 'PY'
import json, os, sys
import numpy as np
from onnx import TensorProto, numpy_helper
trace = sys.argv[1]
def read(path):
    t = TensorProto()
    with open(os.path.join(trace, path), "rb") as f:
        t.ParseFromString(f.read())
    return t.name, numpy_helper.to_array(t)
index = json.load(open(os.path.join(trace, "subgraphs.json")))
body = "node 'loop' (#1, Loop-16) \u203a body"
# Execution order: per iteration add, eq, the branch taken (inside the If), the If, keep; then the call.
expected_order = []
for i in range(3):
    branch = ("then_branch", "neg", "Neg-13") if i == 1 else ("else_branch", "same", "Identity-16")
    expected_order += [(body, i, "add"), (body, i, "eq"), (body + " \u203a node 'branch' (#2, If-16) \u203a " + branch[0], 0, branch[1]),
                       (body, i, "branch"), (body, i, "keep")]
expected_order.append(("function 'local:Square'", 0, "mul"))
got = [(e["graph"], e["call"], e["name"]) for e in index]
assert got == expected_order, got
x = np.array([1.5, -2.25], np.float32)
v = np.zeros(2, np.float32)
files = {}
for e in index:
    for o in e["outputs"]:
        name, value = read(o["file"])
        assert name == o["name"], (name, o)
        files[o["file"]] = value
for i in range(3):
    call = f"subgraphs/node_1/body/call_{i}/"
    s = v + x
    assert np.array_equal(files[call + "node_0/output_0.pb"], s)
    assert files[call + "node_1/output_0.pb"] == (i == 1)
    branch = "then_branch" if i == 1 else "else_branch"
    inner = files[call + f"node_2/{branch}/call_0/node_0/output_0.pb"]
    v = -s if i == 1 else s
    assert np.array_equal(inner, v) and np.array_equal(files[call + "node_2/output_0.pb"], v)
    assert files[call + "node_3/output_0.pb"] == True
assert np.array_equal(files["subgraphs/node_2/function/call_0/node_0/output_0.pb"], v * v)
print("subgraph trace: 16 values in execution order, each as NumPy computes it")
PY

# --trace-calls 2: the Loop body's third run (and the If inside it) is not written, and said so.
"$onnx_ref" run --trace "$dir/capped" --trace-calls 2 "$dir/model.onnx" "$dir/in.json" > /dev/null 2> "$dir/capped.err"
grep -qx "onnx-ref: traced 11 value(s) inside subgraphs into $dir/capped/subgraphs (1 graph run(s) past --trace-calls 2 not written)" \
  "$dir/capped.err" || fail "capped summary: $(cat "$dir/capped.err")"
[ ! -e "$dir/capped/subgraphs/node_1/body/call_2" ] || fail "call_2 written past --trace-calls 2"
[ -e "$dir/capped/subgraphs/node_1/body/call_1/node_2/then_branch/call_0/node_0/output_0.pb" ] || fail "call_1's branch missing"

# compare reads the folder: the model's graph's 3 values by name, the 16 inside subgraphs by their
# trace path.
"$onnx_ref" compare "$dir/model.onnx" "$dir/in.json" "$dir/trace" > "$dir/same" || fail "compare with its own trace exits $?: $(cat "$dir/same")"
grep -qx "19 value(s) compared, 0 beyond atol 1e-07, rtol 0.001" "$dir/same" || fail "compare summary: $(cat "$dir/same")"
echo "run --trace inside subgraphs: ok"
