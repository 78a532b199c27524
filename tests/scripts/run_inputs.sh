#!/usr/bin/env bash
# Where `onnx-ref run` takes its inputs from: a JSON file, standard input ("-"), a pipe named on the
# command line (bash's <(...)), and a test_data_set folder; all give the same outputs.
set -eu
onnx_ref=$1; examples=$2
model=$examples/reshape_flatten/model.onnx
inputs=$examples/reshape_flatten/inputs.json
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$onnx_ref" run "$model" "$inputs" > "$dir/file.out"
grep -q '"r": {"dtype": "float", "shape": \[2, 6, 2\]' "$dir/file.out" || fail "file: $(head -c 200 "$dir/file.out")"
"$onnx_ref" run "$model" - < "$inputs" > "$dir/stdin.out"
cmp -s "$dir/file.out" "$dir/stdin.out" || fail "stdin differs"
"$onnx_ref" run "$model" <(cat "$inputs") > "$dir/pipe.out"
cmp -s "$dir/file.out" "$dir/pipe.out" || fail "<(...) differs"
# Errors from standard input name it.
if echo '{"x": [1]}' | "$onnx_ref" run "$model" - > "$dir/bad.out" 2> "$dir/bad.err"; then fail "a bad feed from stdin passed"; fi
[ ! -s "$dir/bad.out" ] || fail "stdout not empty"
[ "$(wc -l < "$dir/bad.err")" = 1 ] || fail "error spans lines"
grep -q "input 'x' is float\[1\] but the model declares" "$dir/bad.err" || fail "stdin error: $(cat "$dir/bad.err")"
if echo 'not json' | "$onnx_ref" run "$model" - 2> "$dir/nj.err"; then fail "bad JSON from stdin passed"; fi
grep -q "^onnx-ref: <stdin>: not valid JSON" "$dir/nj.err" || fail "stdin JSON error: $(cat "$dir/nj.err")"
echo OK
