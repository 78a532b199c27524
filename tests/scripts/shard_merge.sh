#!/usr/bin/env bash
# `onnx-ref test --shard K/N` and `onnx-ref report merge`: three shards of a folder of official node
# tests hold every test exactly once, and their merged JSON, JUnit and HTML reports equal the
# unsharded run's, apart from timings and the date.
# Usage: shard_merge.sh ONNX_REF NODE_TESTS_DIR
set -eu
onnx_ref=$1; node_tests=$2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
suite=$node_tests/v1.12.0
filter='^test_(add|reshape|relu|cast|gather|concat)'

"$onnx_ref" test "$suite" --filter "$filter" --no-scoreboard --report "$work/all.json" --junit "$work/all.xml" \
  --html "$work/all.html" > /dev/null || true
for k in 1 2 3; do
  "$onnx_ref" test "$suite" --filter "$filter" --no-scoreboard --shard "$k/3" --report "$work/s$k.json" > /dev/null || true
done
"$onnx_ref" report merge "$work/s1.json" "$work/s2.json" "$work/s3.json" --json "$work/merged.json" \
  --junit "$work/merged.xml" --html "$work/merged.html" > /dev/null || true

# Each test in exactly one shard, and the shards not lopsided.
count() { grep -c '"name":' "$1" || true; }
total=$(count "$work/all.json")
[ "$total" -gt 20 ] || { echo "FAIL: only $total tests selected" >&2; exit 1; }
sum=0
for k in 1 2 3; do
  n=$(count "$work/s$k.json")
  [ "$n" -gt 0 ] || { echo "FAIL: shard $k/3 is empty" >&2; exit 1; }
  sum=$((sum + n))
done
[ "$sum" -eq "$total" ] || { echo "FAIL: the shards hold $sum tests, the unsharded run $total" >&2; exit 1; }
# The same shard twice is the same list.
"$onnx_ref" test "$suite" --filter "$filter" --no-scoreboard --shard 2/3 --report "$work/again.json" > /dev/null || true
normalize() { sed -E -e 's/"seconds": [-0-9.e+]+/"seconds": 0/' -e 's/"date": "[^"]*"/"date": ""/' \
  -e 's/time="[^"]*"/time=""/g' -e 's/timestamp="[^"]*"/timestamp=""/' -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:]{8} UTC//g' "$1"; }
cmp <(normalize "$work/s2.json") <(normalize "$work/again.json") || { echo "FAIL: shard 2/3 differs between two runs" >&2; exit 1; }
for ext in json xml html; do
  if ! cmp -s <(normalize "$work/all.$ext") <(normalize "$work/merged.$ext"); then
    echo "FAIL: the merged $ext report differs from the unsharded run's:" >&2
    diff <(normalize "$work/all.$ext") <(normalize "$work/merged.$ext") | head -20 >&2
    exit 1
  fi
done
# A bad shard and a report that is not one are one-line errors.
if "$onnx_ref" test "$suite" --shard 4/3 > "$work/out" 2>&1; then echo "FAIL: --shard 4/3 accepted" >&2; exit 1; fi
grep -q 'K/N needs 1 <= K <= N' "$work/out" || { echo "FAIL: --shard 4/3: $(cat "$work/out")" >&2; exit 1; }
echo '{}' > "$work/bad.json"
if "$onnx_ref" report merge "$work/bad.json" > "$work/out" 2>&1; then echo "FAIL: a bad report merged" >&2; exit 1; fi
grep -q 'not an onnx-ref test --report file' "$work/out" || { echo "FAIL: bad report: $(cat "$work/out")" >&2; exit 1; }
if "$onnx_ref" report merge "$work/s1.json" "$work/s1.json" > "$work/out" 2>&1; then echo "FAIL: a report merged twice" >&2; exit 1; fi
grep -q 'more than one report' "$work/out" || { echo "FAIL: duplicate: $(cat "$work/out")" >&2; exit 1; }
echo "shard_merge: $total tests in 3 shards; merged reports equal the unsharded run's"
