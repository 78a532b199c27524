#!/usr/bin/env bash
# `onnx-ref run --profile` on the official Loop-11 test: its trip count input is 5, so each of the
# body's nine nodes is called five times and the Loop node once; the operator table sums its nodes'
# calls (two Adds: 10) and leaves the Loop out; the printed outputs are those of a run without it.
set -eu
onnx_ref=$1; shared=$2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
test_dir=$shared/v1.20.0/test_loop11
"$onnx_ref" run "$test_dir/model.onnx" "$test_dir/test_data_set_0" > "$dir/plain.json" || fail "run exits $?"
"$onnx_ref" run --profile "$test_dir/model.onnx" "$test_dir/test_data_set_0" > "$dir/out.json" 2> "$dir/err" ||
  fail "run --profile exits $?: $(cat "$dir/err")"
cmp -s "$dir/plain.json" "$dir/out.json" || fail "--profile changed the printed outputs"
grep -Eq '^onnx-ref: profile: load [0-9.]+ ms, run [0-9.]+ ms, of which kernels [0-9.]+ ms$' "$dir/err" ||
  fail "summary line: $(head -1 "$dir/err")"
row() {  # the calls column of the row whose last field is $1
  awk -v what="$1" 'substr($0, index($0, $4)) == what { print $3 }' "$dir/err" | head -1
}
[ "$(row "node #0 (Loop-11)")" = 1 ] || fail "Loop row: $(cat "$dir/err")"
for body_node in "node #0 (Identity-1)" "node #3 (Add-7)" "node #6 (Slice-11)" "node #8 (Identity-1)"; do
  [ "$(row "node #0 (Loop-11) › body › $body_node")" = 5 ] || fail "body row $body_node: $(cat "$dir/err")"
done
[ "$(grep -c '(Loop-11) › body › node #' "$dir/err")" = 9 ] || fail "not 9 body rows: $(cat "$dir/err")"
[ "$(row "Add-7")" = 10 ] || fail "Add-7 operator row: $(cat "$dir/err")"
[ "$(row "Slice-11")" = 5 ] || fail "Slice-11 operator row: $(cat "$dir/err")"
if grep -Eq ' Loop-11$' "$dir/err"; then fail "the operator table counts the Loop, whose time holds its body's"; fi
# Rows are sorted by time, largest first.
awk '/^ +[0-9.]+ +[0-9.]+% / && !done { if (prev != "" && $1 + 0 > prev + 0) bad = 1; prev = $1 } /operator version/ { done = 1 } END { exit bad }' "$dir/err" ||
  fail "node rows not sorted by time: $(cat "$dir/err")"
echo "ok"
