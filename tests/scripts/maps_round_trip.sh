#!/usr/bin/env bash
# Maps end to end through the command line: a model whose inputs are maps and whose output is a
# sequence of maps (DictVectorizer -> ZipMap, and CastMap) runs from JSON, prints its maps as JSON
# that reads back, and `make-test` writes MapProto / SequenceProto files that `onnx-ref test` reads
# back and passes. Expected values are worked out by hand in the comments.
set -eu
onnx_ref=$1; protoc=$2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

map_type() { echo "type { map_type { key_type: $1 value_type { tensor_type { elem_type: $2 } } } }"; }
"$protoc" --encode=onnx.ModelProto -I /usr/include onnx/onnx.proto > "$dir/model.onnx" <<EOF
ir_version: 8
opset_import { domain: "" version: 17 }
opset_import { domain: "ai.onnx.ml" version: 1 }
graph {
  name: "maps"
  node { name: "dv" op_type: "DictVectorizer" domain: "ai.onnx.ml" input: "x1" output: "row"
         attribute { name: "string_vocabulary" type: STRINGS strings: ["a", "b"] } }
  node { name: "zm" op_type: "ZipMap" domain: "ai.onnx.ml" input: "row" output: "z"
         attribute { name: "classlabels_strings" type: STRINGS strings: ["p", "q"] } }
  node { name: "cm" op_type: "CastMap" domain: "ai.onnx.ml" input: "x2" output: "c"
         attribute { name: "cast_to" type: STRING s: "TO_FLOAT" } }
  input { name: "x1" $(map_type 8 1) }
  input { name: "x2" $(map_type 7 8) }
  output { name: "z" }
  output { name: "c" }
}
EOF
# x1 = {"b": 2.5, "a": 0.5} -> DictVectorizer row [[0.5, 2.5]] -> ZipMap [{"p": 0.5, "q": 2.5}];
# x2 = {2: "1e3", 0: "-7"} -> CastMap in key order ["-7", "1e3"] -> [-7, 1000].
cat > "$dir/inputs.json" <<'EOF'
{"x1": {"map": {"keys": ["b", "a"], "values": [2.5, 0.5]}},
 "x2": {"map": {"keys": [2, 0], "values": ["1e3", "-7"]}}}
EOF
"$onnx_ref" run "$dir/model.onnx" "$dir/inputs.json" > "$dir/run.out"
grep -qF '"z": {"key_type": "string", "value_type": "float", "sequence": [{"map": {"keys": ["p", "q"], "values": [0.5, 2.5]}}]}' "$dir/run.out" ||
  fail "run: $(cat "$dir/run.out")"
grep -qF '"c": {"dtype": "float", "shape": [2], "data": [-7.0, 1000.0]}' "$dir/run.out" || fail "run: $(cat "$dir/run.out")"

# Golden files and back.
"$onnx_ref" make-test "$dir/model.onnx" "$dir/inputs.json" "$dir/case" > /dev/null
"$onnx_ref" run "$dir/model.onnx" "$dir/case/test_data_set_0" > "$dir/run_pb.out"
cmp -s "$dir/run.out" "$dir/run_pb.out" || fail "inputs from MapProto files give other outputs: $(cat "$dir/run_pb.out")"
"$onnx_ref" test "$dir/case" > "$dir/test.out" || fail "test: $(cat "$dir/test.out")"
grep -qx "1 passed, 0 failed, 0 skipped" "$dir/test.out" || fail "test: $(cat "$dir/test.out")"

# A changed value in the golden map is caught.
"$onnx_ref" run "$dir/model.onnx" "$dir/inputs.json" --output-dir "$dir/out" > /dev/null
[ -s "$dir/out/output_0.pb" ] || fail "--output-dir wrote no output_0.pb"
python3 - "$dir/case/test_data_set_0/output_0.pb" <<'PY'
import sys
path = sys.argv[1]
data = open(path, "rb").read()
# 0.5f is 00 00 00 3f in float_data or raw_data; make it 0.75f (00 00 40 3f).
i = data.find(b"\x00\x00\x00\x3f")
assert i >= 0, "0.5f not found"
open(path, "wb").write(data[:i] + b"\x00\x00\x40\x3f" + data[i + 4:])
PY
if "$onnx_ref" test "$dir/case" > "$dir/test2.out"; then fail "a changed map value passed: $(cat "$dir/test2.out")"; fi
grep -qx "0 passed, 1 failed, 0 skipped" "$dir/test2.out" || fail "changed value: $(cat "$dir/test2.out")"
echo OK
