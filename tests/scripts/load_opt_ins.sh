#!/usr/bin/env bash
# The loader's two opt-ins end to end on `run`, `make-test`, `test` and `compare`:
#  --sort-nodes: a model written with its nodes out of topological order (a consumer before its
#   producer, as float16 converters write their Casts last) is refused by default (IR.md: "The list
#   of nodes ... MUST be ordered topologically"); with the flag it runs, warning once on stderr.
#  --allow-deprecated: Scatter-11 (deprecated) is refused by default naming ScatterElements; with
#   the flag it runs.
# Expected values are worked out by hand in the comments.
set -eu
onnx_ref=$1; protoc=$2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

tensor() { echo "type { tensor_type { elem_type: 1 shape { dim { dim_value: 3 } } } }"; }
# y = Relu(Neg(x) + x2), written Add, Relu, Neg: Add reads Neg's output before Neg comes.
"$protoc" --encode=onnx.ModelProto -I /usr/include onnx/onnx.proto > "$dir/unsorted.onnx" <<MODEL
ir_version: 8
opset_import { domain: "" version: 17 }
graph {
  name: "unsorted"
  node { name: "add" op_type: "Add" input: ["n", "x2"] output: "s" }
  node { name: "relu" op_type: "Relu" input: "s" output: "y" }
  node { name: "neg" op_type: "Neg" input: "x" output: "n" }
  input { name: "x" $(tensor) }
  input { name: "x2" $(tensor) }
  output { name: "y" $(tensor) }
}
MODEL
cat > "$dir/inputs.json" <<'JSON'
{"x": {"dtype": "float", "shape": [3], "data": [1, -2, 3]},
 "x2": {"dtype": "float", "shape": [3], "data": [0, 0, 5]}}
JSON
# Refused by default, with a one-line error that names the opt-in.
if "$onnx_ref" run "$dir/unsorted.onnx" "$dir/inputs.json" > "$dir/out" 2> "$dir/err"; then fail "run accepted an unsorted graph"; fi
grep -q "only produced by a later node.*--sort-nodes sorts them" "$dir/err" || fail "run error: $(cat "$dir/err")"
[ "$(wc -l < "$dir/err")" -eq 1 ] || fail "run error is not one line: $(cat "$dir/err")"
# relu(-1 + 0) = 0, relu(2 + 0) = 2, relu(-3 + 5) = 2; one warning.
"$onnx_ref" run --sort-nodes "$dir/unsorted.onnx" "$dir/inputs.json" > "$dir/out" 2> "$dir/err" || fail "run --sort-nodes: $(cat "$dir/err")"
grep -qF '"y": {"dtype": "float", "shape": [3], "data": [0.0, 2.0, 2.0]}' "$dir/out" || fail "run --sort-nodes: $(cat "$dir/out")"
[ "$(grep -c "warning: .*not in topological order" "$dir/err")" -eq 1 ] || fail "run --sort-nodes warning: $(cat "$dir/err")"

# make-test --sort-nodes writes the sorted model, so the case passes without the opt-in.
if "$onnx_ref" make-test "$dir/unsorted.onnx" "$dir/inputs.json" "$dir/case_refused" 2> "$dir/err"; then fail "make-test accepted an unsorted graph"; fi
"$onnx_ref" make-test --sort-nodes "$dir/unsorted.onnx" "$dir/inputs.json" "$dir/cases/test_sorted" 2> "$dir/err" ||
  fail "make-test --sort-nodes: $(cat "$dir/err")"
"$onnx_ref" test "$dir/cases" > "$dir/out" 2>&1 || fail "test of the sorted case: $(cat "$dir/out")"
# The same case with the unsorted model: refused by `test`, passed by `test --sort-nodes`.
mkdir -p "$dir/unsorted_cases"
cp -r "$dir/cases/test_sorted" "$dir/unsorted_cases/test_unsorted"
cp "$dir/unsorted.onnx" "$dir/unsorted_cases/test_unsorted/model.onnx"
if "$onnx_ref" test "$dir/unsorted_cases" > "$dir/out" 2>&1; then fail "test passed an unsorted graph without --sort-nodes"; fi
"$onnx_ref" test --sort-nodes "$dir/unsorted_cases" > "$dir/out" 2>&1 || fail "test --sort-nodes: $(cat "$dir/out")"

# compare --sort-nodes: the node outputs against the values make-test wrote (y).
mkdir -p "$dir/reference"
cp "$dir/cases/test_sorted/test_data_set_0/output_0.pb" "$dir/reference/y.pb"
if "$onnx_ref" compare "$dir/unsorted.onnx" "$dir/inputs.json" "$dir/reference" > "$dir/out" 2>&1; then fail "compare accepted an unsorted graph"; fi
"$onnx_ref" compare --sort-nodes "$dir/unsorted.onnx" "$dir/inputs.json" "$dir/reference" > "$dir/out" 2>&1 ||
  fail "compare --sort-nodes: $(cat "$dir/out")"

# Scatter-11 is deprecated: refused naming ScatterElements; with --allow-deprecated, data [1, 2, 3]
# with index 1 set to 9 gives [1, 9, 3].
"$protoc" --encode=onnx.ModelProto -I /usr/include onnx/onnx.proto > "$dir/scatter.onnx" <<MODEL
ir_version: 8
opset_import { domain: "" version: 11 }
graph {
  name: "scatter"
  node { name: "s" op_type: "Scatter" input: ["data", "indices", "updates"] output: "y" }
  input { name: "data" $(tensor) }
  input { name: "indices" type { tensor_type { elem_type: 7 shape { dim { dim_value: 1 } } } } }
  input { name: "updates" type { tensor_type { elem_type: 1 shape { dim { dim_value: 1 } } } } }
  output { name: "y" $(tensor) }
}
MODEL
cat > "$dir/scatter.json" <<'JSON'
{"data": {"dtype": "float", "shape": [3], "data": [1, 2, 3]},
 "indices": {"dtype": "int64", "shape": [1], "data": [1]},
 "updates": {"dtype": "float", "shape": [1], "data": [9]}}
JSON
if "$onnx_ref" run "$dir/scatter.onnx" "$dir/scatter.json" > "$dir/out" 2> "$dir/err"; then fail "run accepted Scatter-11"; fi
grep -q "Scatter-11 is deprecated.*use ScatterElements" "$dir/err" || fail "Scatter-11 error: $(cat "$dir/err")"
"$onnx_ref" run --allow-deprecated "$dir/scatter.onnx" "$dir/scatter.json" > "$dir/out" || fail "run --allow-deprecated"
grep -qF '"y": {"dtype": "float", "shape": [3], "data": [1.0, 9.0, 3.0]}' "$dir/out" || fail "run --allow-deprecated: $(cat "$dir/out")"
if "$onnx_ref" make-test "$dir/scatter.onnx" "$dir/scatter.json" "$dir/scatter_case" 2> /dev/null; then fail "make-test accepted Scatter-11"; fi
"$onnx_ref" make-test --allow-deprecated "$dir/scatter.onnx" "$dir/scatter.json" "$dir/deprecated/test_scatter" || fail "make-test --allow-deprecated"
if "$onnx_ref" test "$dir/deprecated" > "$dir/out" 2>&1; then fail "test passed Scatter-11 without --allow-deprecated"; fi
"$onnx_ref" test --allow-deprecated "$dir/deprecated" > "$dir/out" 2>&1 || fail "test --allow-deprecated: $(cat "$dir/out")"
echo "load opt-ins: ok"
