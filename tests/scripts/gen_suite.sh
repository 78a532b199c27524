#!/usr/bin/env bash
# `onnx-ref gen-suite` on a sample of families (element-wise, reduction, data movement, ai.onnx.ml,
# a correctly rounded function, Scatter with its deprecated version 11): the same seed gives the same bytes, a different seed other
# values; `onnx-ref test` passes every test it wrote (refusal tests included); the manifest lists
# every folder with its version, contract and tolerance; ONNX's Python loader reads the suite.
# Usage: gen_suite.sh ONNX_REF NODE_TESTS_DIR PYTHON
set -eu
onnx_ref=$1; node_tests=$2; python=$3
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
ops=(--op Add --op ReduceSum --op Transpose --op Tanh --op Binarizer --op Where --op Cast --op Scatter)

"$onnx_ref" gen-suite "$work/a" "${ops[@]}" --seeds "$node_tests" --seed 7 -j 2 > "$work/log"
"$onnx_ref" gen-suite "$work/b" "${ops[@]}" --seeds "$node_tests" --seed 7 > /dev/null
"$onnx_ref" gen-suite "$work/c" "${ops[@]}" --seeds "$node_tests" --seed 8 > /dev/null
diff -r "$work/a" "$work/b" > /dev/null || { echo "FAIL: the same seed gave different bytes" >&2; exit 1; }
if diff -r "$work/a" "$work/c" > /dev/null; then echo "FAIL: seeds 7 and 8 gave the same suite" >&2; exit 1; fi

tests=$(ls "$work/a/node" | wc -l)
refusals=$(ls "$work/a/node-errors" | wc -l)
[ "$tests" -ge 200 ] || { echo "FAIL: only $tests tests: $(cat "$work/log")" >&2; exit 1; }
[ "$refusals" -ge 5 ] || { echo "FAIL: only $refusals refusal tests" >&2; exit 1; }
# Every version of the sampled operators has tests (the log lists those that have none).
if grep -q 'no test for' "$work/log"; then echo "FAIL: $(cat "$work/log")" >&2; exit 1; fi
ls "$work/a/node" | grep -q '^test_ai.onnx.ml.Binarizer_v1_' || { echo "FAIL: no ai.onnx.ml test name" >&2; exit 1; }
# A deprecated version's cases are refusal tests naming the replacement (ONNX's checker refuses it).
ls "$work/a/node" | grep -q '^test_Scatter_v11_' && { echo "FAIL: Scatter-11 (deprecated) has golden tests" >&2; exit 1; }
deprecated=$(ls "$work/a/node-errors" | grep '^test_Scatter_v11_' | head -1)
[ -n "$deprecated" ] || { echo "FAIL: no refusal test for Scatter-11" >&2; exit 1; }
grep -q 'Scatter-11 is deprecated.*use ScatterElements' "$work/a/node-errors/$deprecated/expected_error.txt" ||
  { cat "$work/a/node-errors/$deprecated/expected_error.txt" >&2; echo "FAIL: Scatter-11's refusal names no replacement" >&2; exit 1; }

"$onnx_ref" test "$work/a" --no-scoreboard --exact -j 2 > "$work/test.log" || { tail -5 "$work/test.log" >&2; echo "FAIL: onnx-ref test" >&2; exit 1; }
grep -q "^$((tests + refusals)) passed, 0 failed, 0 skipped" "$work/test.log" || { tail -3 "$work/test.log" >&2; exit 1; }
# A refusal test fails once its model runs: swap in a model onnx-ref accepts.
victim=$(ls "$work/a/node-errors" | head -1)
seedling=$(ls "$work/a/node" | grep '^test_Add_v14_' | head -1)
cp "$work/a/node/$seedling/model.onnx" "$work/a/node-errors/$victim/model.onnx"
cp "$work/a/node/$seedling/test_data_set_0/"input_*.pb "$work/a/node-errors/$victim/test_data_set_0/"
if "$onnx_ref" test "$work/a/node-errors/$victim" > "$work/out" 2>&1; then echo "FAIL: a refusal test passed while its model ran" >&2; exit 1; fi
grep -q 'a strict implementation refuses it' "$work/out" || { cat "$work/out" >&2; exit 1; }

"$python" - "$work/b" "$tests" "$refusals" << 'PY'
import json, os, sys
out, tests, refusals = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
manifest = json.load(open(os.path.join(out, "manifest.json")))
entries = manifest["tests"]
names = {e["kind"] + "/" + e["name"] for e in entries}
on_disk = {k + "/" + n for k in ("node", "node-errors") for n in os.listdir(os.path.join(out, k))}
assert names == on_disk, sorted(names ^ on_disk)[:5]
for e in entries:
    assert e["contract"] in ("exact", "correctly rounded", "rounded at named points", "random"), e
    assert ("tolerance" in e) == (e["kind"] == "node") and ("rule" in e) == (e["kind"] == "node-errors"), e
    if e["op"] == "Transpose" and e["kind"] == "node":
        assert e["tolerance"] == {"rule": "exact"}, e
    if e["op"] == "Tanh" and e["kind"] == "node":
        assert e["tolerance"]["rule"] == "ulp", e
versions = {(e["op"], e["version"]) for e in entries if e["kind"] == "node"}
assert ("Add", 14) in versions and ("Add", 1) in versions and ("ReduceSum", 1) in versions, versions
try:
    from onnx.backend.test.loader import load_model_tests
except ImportError:
    print("python onnx missing: loader not checked")
    sys.exit(0)
cases = load_model_tests(data_dir=out, kind="node")
assert len(cases) == tests, (len(cases), tests)
import onnx
from onnx import numpy_helper
for case in cases[:: max(1, len(cases) // 40)]:
    onnx.load(os.path.join(case.model_dir, "model.onnx"))
    for f in sorted(os.listdir(os.path.join(case.model_dir, "test_data_set_0"))):
        t = onnx.TensorProto()
        t.ParseFromString(open(os.path.join(case.model_dir, "test_data_set_0", f), "rb").read())
PY
echo "gen_suite: $tests tests and $refusals refusal tests, deterministic, all passed"
