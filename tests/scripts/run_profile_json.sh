#!/usr/bin/env bash
# `onnx-ref run --profile-json FILE` on the official Loop-11 test (trip count 5): one complete event
# ("ph": "X") of the Chrome trace event format per kernel call, so the Loop node has one and each of
# its body's nine nodes five, every body call lying within the Loop's call; the printed outputs are
# those of a run without it.
set -eu
onnx_ref=$1; python=$2; shared=$3
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
test_dir=$shared/v1.20.0/test_loop11
"$onnx_ref" run "$test_dir/model.onnx" "$test_dir/test_data_set_0" > "$dir/plain.json" || fail "run exits $?"
"$onnx_ref" run --profile-json "$dir/trace.json" "$test_dir/model.onnx" "$test_dir/test_data_set_0" > "$dir/out.json" 2> "$dir/err" ||
  fail "run --profile-json exits $?: $(cat "$dir/err")"
cmp -s "$dir/plain.json" "$dir/out.json" || fail "--profile-json changed the printed outputs"
[ ! -s "$dir/err" ] || fail "--profile-json printed on stderr: $(cat "$dir/err")"
"$python" - "$dir/trace.json" << 'PY' || fail "trace events: $(head -c 2000 "$dir/trace.json")"
import collections, json, sys
trace = json.load(open(sys.argv[1]))
calls = [e for e in trace["traceEvents"] if e["ph"] == "X"]
assert all(e["dur"] >= 0 and e["ts"] >= 0 and e["pid"] == 1 and e["tid"] == 1 for e in calls), calls
count = collections.Counter(e["name"] for e in calls)
loop = [e for e in calls if e["name"] == "node #0 (Loop-11)"]
assert len(loop) == 1 and loop[0]["cat"] == "Loop-11" and loop[0]["args"]["holds_graphs"], loop
body = [e for e in calls if e["name"].startswith("node #0 (Loop-11) \u203a body \u203a node #")]
assert len(body) == 45, len(body)
assert len({e["name"] for e in body}) == 9 and all(count[e["name"]] == 5 for e in body), count
assert all(not e["args"]["top_level"] for e in body)
start, end = loop[0]["ts"], loop[0]["ts"] + loop[0]["dur"]
# Times are printed in microseconds with nanosecond fractions; allow one nanosecond of rounding.
assert all(start - 1e-3 <= e["ts"] and e["ts"] + e["dur"] <= end + 1e-3 for e in body), (loop, body)
adds = [e for e in body if e["cat"] == "Add-7"]
assert len(adds) == 10, len(adds)
PY
echo ok
