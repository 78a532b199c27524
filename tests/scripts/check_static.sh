#!/usr/bin/env bash
# `onnx-ref check` performs every check that needs no input values: a model that `run` refuses
# whatever its inputs is refused by `check` with the same message (node, version, rule), through
# subgraphs; what cannot be decided before running is listed with the reason; --json for check and
# info. The oracle is `run` itself on random inputs of the declared shapes.
. "$(dirname "$0")/cli_test_prelude.sh"

"$python" - "$dir" << 'PY'
import sys
from onnx import TensorProto, helper, save
d = sys.argv[1]
F = TensorProto.FLOAT
def model(name, nodes, inputs, outputs, inits=(), opset=17):
    g = helper.make_graph(nodes, name, inputs, outputs, initializer=list(inits))
    save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), f"{d}/{name}.onnx")
vi = helper.make_tensor_value_info
# Softmax-13 with axis = 5 on a 2-D input.
model("softmax_axis", [helper.make_node("Softmax", ["x"], ["y"], name="sm", axis=5)], [vi("x", F, [2, 3])], [vi("y", F, [2, 3])])
# A declared output shape of [3] where the model computes [2].
model("output_shape", [helper.make_node("Relu", ["x"], ["y"], name="relu")], [vi("x", F, [2])], [vi("y", F, [3])])
# Shapes through Shape, Gather and Concat to a Reshape of the wrong size: only initializers and the
# declared input shape are known.
idx = helper.make_tensor("idx", TensorProto.INT64, [1], [0])
seven = helper.make_tensor("seven", TensorProto.INT64, [1], [7])
model("reshape_chain", [helper.make_node("Shape", ["x"], ["s"]), helper.make_node("Gather", ["s", "idx"], ["first"]),
                        helper.make_node("Concat", ["first", "seven"], ["target"], axis=0),
                        helper.make_node("Reshape", ["x", "target"], ["y"], name="reshape")],
      [vi("x", F, [2, 6])], [vi("y", F, None)], inits=[idx, seven])
# MatMul with mismatched inner dimensions, inside If's then_branch, reading the outer x.
then_g = helper.make_graph([helper.make_node("MatMul", ["x", "x"], ["t"], name="mm")], "then", [], [vi("t", F, None)])
else_g = helper.make_graph([helper.make_node("Identity", ["x"], ["e"])], "else", [], [vi("e", F, None)])
model("if_branch", [helper.make_node("If", ["c"], ["y"], name="if", then_branch=then_g, else_branch=else_g)],
      [vi("c", TensorProto.BOOL, []), vi("x", F, [2, 3])], [vi("y", F, None)])
open(f"{d}/if_branch.json", "w").write('{"c": true, "x": [[1, 2, 3], [4, 5, 6]]}')
# A valid model with a symbolic dimension and a NonZero: what cannot be decided is listed.
model("undecided", [helper.make_node("Relu", ["x"], ["r"], name="relu"), helper.make_node("NonZero", ["r"], ["nz"], name="nz"),
                    helper.make_node("Softmax", ["v"], ["w"], name="sm", axis=-1)],
      [vi("x", F, ["N", 3]), vi("v", F, [2, 3])], [vi("nz", TensorProto.INT64, None), vi("w", F, [2, 3])])
PY

# Each invalid model: check exits 1 with exactly run's message.
for name in softmax_axis output_shape reshape_chain if_branch; do
  # run takes the If's then_branch with c = true; random inputs elsewhere.
  inputs=(--random-inputs --seed 1); [ -e "$dir/$name.json" ] && inputs=("$dir/$name.json")
  if "$onnx_ref" run "$dir/$name.onnx" "${inputs[@]}" > /dev/null 2> "$dir/$name.run"; then fail "$name: run accepts it"; fi
  if "$onnx_ref" check "$dir/$name.onnx" > "$dir/$name.check"; then fail "$name: check exits 0: $(cat "$dir/$name.check")"; fi
  expected="check: $(sed 's/^onnx-ref: //' "$dir/$name.run")"
  grep -qxF "$expected" "$dir/$name.check" || fail "$name: check says $(tail -1 "$dir/$name.check"), run says $(cat "$dir/$name.run")"
done
grep -qF "Softmax-13): axis = 5 is out of range for rank 2" "$dir/softmax_axis.check" || fail "softmax message: $(tail -1 "$dir/softmax_axis.check")"
grep -qF "graph output 'y' is float[2] but the model declares tensor(float)[3]" "$dir/output_shape.check" ||
  fail "output shape message: $(tail -1 "$dir/output_shape.check")"
grep -qF "node 'if' (#0, If-16) › then_branch › node 'mm' (#0, MatMul-13)" "$dir/if_branch.check" ||
  fail "subgraph path: $(tail -1 "$dir/if_branch.check")"

# A valid model: exit 0, with the nodes that need input values named and why.
"$onnx_ref" check "$dir/undecided.onnx" > "$dir/undecided.check" || fail "undecided: check exits $?: $(cat "$dir/undecided.check")"
grep -qx "static: 1 of 3 nodes checked with the types and shapes known before running; not decided before running (they need input values):" \
  "$dir/undecided.check" || fail "static line: $(cat "$dir/undecided.check")"
grep -qx "  node 'relu' (#0, Relu-14): input 0 ('x') has no shape known before running" "$dir/undecided.check" ||
  fail "symbolic dimension: $(cat "$dir/undecided.check")"
grep -qx "  node 'nz' (#1, NonZero-13): input 0 ('r') has no shape known before running" "$dir/undecided.check" ||
  fail "downstream node: $(cat "$dir/undecided.check")"
grep -qx "check: the model is valid and onnx-ref can run it" "$dir/undecided.check" || fail "verdict: $(cat "$dir/undecided.check")"

# --json: the same facts, for check and info.
"$onnx_ref" check --json "$dir/undecided.onnx" > "$dir/check.json" || fail "check --json exits $?"
if "$onnx_ref" info --json "$dir/softmax_axis.onnx" > "$dir/info.json"; then fail "info --json of an invalid model exits 0"; fi
"$python" - "$dir" << 'PY' || fail "--json: $(cat "$dir/check.json" "$dir/info.json")"
import json, sys
d = sys.argv[1]
c = json.load(open(f"{d}/check.json"))
assert c["check"]["ok"] is True, c
assert c["summary"] == {"nodes": 3, "supported": 3, "not_implemented": {}}, c["summary"]
assert [n["op"] for n in c["nodes"]] == ["Relu", "NonZero", "Softmax"], c["nodes"]
assert c["nodes"][2]["resolves_to"] == "Softmax-13" and c["nodes"][2]["status"] == "supported"
s = c["check"]["static"]
assert (s["nodes"], s["decided"], s["error"]) == (3, 1, None), s
assert [u["node"] for u in s["undecided"]] == ["node 'relu' (#0, Relu-14)", "node 'nz' (#1, NonZero-13)"], s
i = json.load(open(f"{d}/info.json"))
assert i["opset_imports"] == {"ai.onnx": 17} and i["inputs"][0]["type"] == "tensor(float)[2, 3]", i
assert i["check"]["ok"] is False and "Softmax-13): axis" in i["check"]["message"], i["check"]
PY
echo ok
