#!/usr/bin/env bash
# `onnx-ref test --html`: renders the report of a run in headless Chromium and checks the rendered
# matrix against the JSON report of the same run: every cell's passed/failed/skipped/expected-failure
# counts (the run uses the official defects manifest), the summary, the row of the operator that is
# not implemented, the run's details, that the page's script ran (it pins the cell named in
# the address and lists the failure message), that nothing is fetched from the network, and that a
# screenshot can be taken. Chromium missing is a failure: scripts/install-deps.sh installs it.
# Usage: html_report.sh ONNX_REF CHROMIUM PYTHON NODE_TESTS_DIR MANIFEST
set -eu
onnx_ref=$1; chromium=$2; python=$3; node_tests=$4; manifest=$5
if ! command -v "$chromium" > /dev/null 2>&1; then
  echo "FAIL: chromium ($chromium) is not installed; scripts/install-deps.sh installs it" >&2
  exit 1
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# A suite of three beside the official tests: one passing, one failing (another test's expected
# output), one of an operator onnx-ref does not implement (skipped, scored under that operator).
suite=$work/extra-suite
mkdir -p "$suite"
cp -r "$node_tests/v1.12.0/test_reshape_reduced_dims" "$suite/test_pass"
cp -r "$node_tests/v1.12.0/test_reshape_reduced_dims" "$suite/test_fail"
cp "$node_tests/v1.12.0/test_reshape_extended_dims/test_data_set_0/output_0.pb" "$suite/test_fail/test_data_set_0/output_0.pb"
mkdir -p "$suite/test_skip/test_data_set_0"
"$python" - "$suite/test_skip" << 'PY'
import sys
import numpy as np
import onnx
from onnx import helper, numpy_helper
node = helper.make_node("NoSuchOp", ["x"], ["y"], domain="com.example")
graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", 1, [2])], [helper.make_tensor_value_info("y", 1, [2])])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13), helper.make_opsetid("com.example", 1)])
onnx.save(model, sys.argv[1] + "/model.onnx")
for name in ("input_0", "output_0"):
    with open(f"{sys.argv[1]}/test_data_set_0/{name}.pb", "wb") as f:
        f.write(numpy_helper.from_array(np.zeros(2, np.float32)).SerializeToString())
PY

status=0
"$onnx_ref" test -j 2 "$node_tests" "$suite" --expect "$manifest" --html "$work/report.html" --report "$work/report.json" \
  --junit "$work/report.xml" > "$work/run.log" || status=$?
[ "$status" = 1 ] || { echo "FAIL: expected exit code 1 (one unexpected failure), got $status" >&2; cat "$work/run.log"; exit 1; }

if grep -Eqi '<link|src=|https?://|@import|url\(' "$work/report.html"; then
  echo "FAIL: the report refers to an outside resource" >&2; exit 1
fi

chrome() {
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --user-data-dir="$work/profile-$1" "${@:2}" 2> "$work/chromium-$1.log"
}
cell=$("$python" -c 'import urllib.parse; print(urllib.parse.quote("Reshape-14|extra-suite"))')
chrome dom --dump-dom "file://$work/report.html#cell=$cell" > "$work/dom.html" || { cat "$work/chromium-dom.log" >&2; exit 1; }
chrome shot --window-size=1200,800 --screenshot="$work/shot.png" "file://$work/report.html" > /dev/null ||
  { cat "$work/chromium-shot.log" >&2; exit 1; }
[ -s "$work/shot.png" ] || { echo "FAIL: no screenshot" >&2; exit 1; }

"$python" - "$work/dom.html" "$work/report.json" "$work/report.xml" << 'PY'
import collections, json, os, sys
from html.parser import HTMLParser

import xml.etree.ElementTree as ET
dom_path, json_path, junit_path = sys.argv[1:]
missing_row = "com.example:NoSuchOp at opset 1 (not implemented)"

class Cells(HTMLParser):
    def __init__(self):
        super().__init__()
        self.cells, self.summary, self.ready, self.rows = {}, None, False, []
        self.in_panel, self.panel_text = False, []
        self.in_run, self.run_text = False, []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "body" and a.get("data-ready") == "1":
            self.ready = True
        if tag == "td" and "data-row" in a:
            key = (a["data-row"], a["data-col"])
            assert key not in self.cells, f"cell {key} twice"
            self.cells[key] = (int(a["data-p"]), int(a["data-f"]), int(a["data-s"]), int(a["data-x"]))
        if tag == "td" and a.get("class") == "op":
            self.rows.append(None)
        if a.get("id") == "summary":
            self.summary = (int(a["data-passed"]), int(a["data-failed"]), int(a["data-skipped"]), int(a["data-expected"]))
        if a.get("id") == "panel":
            self.in_panel = True
        if a.get("id") == "run":
            self.in_run = True
    def handle_endtag(self, tag):
        if tag == "aside":
            self.in_panel = False
        if tag == "div":
            self.in_run = False
    def handle_data(self, data):
        if self.in_panel:
            self.panel_text.append(data)
        if self.in_run:
            self.run_text.append(data)

with open(dom_path, encoding="utf-8") as f:
    page = Cells()
    page.feed(f.read())
with open(json_path, encoding="utf-8") as f:
    report = json.load(f)

expected = collections.defaultdict(lambda: [0, 0, 0, 0])
index = {"passed": 0, "failed": 1, "skipped": 2, "expected failure": 3}
for t in report["tests"]:
    source = os.path.basename(os.path.dirname(t["path"]))
    for label in t["kernels"] or ["(no operator resolved)"]:
        expected[(label, source)][index[t["status"]]] += 1
expected = {k: tuple(v) for k, v in expected.items()}

errors = []
if not page.ready:
    errors.append("the page's script did not run (no data-ready on <body>)")
s = report["summary"]
if page.summary != (s["passed"], s["failed"], s["skipped"], s["expected_failures"]):
    errors.append(f"summary {page.summary} != JSON {s}")
if page.cells != expected:
    missing = sorted(set(expected) - set(page.cells))[:5]
    extra = sorted(set(page.cells) - set(expected))[:5]
    wrong = [(k, page.cells[k], expected[k]) for k in sorted(set(page.cells) & set(expected)) if page.cells[k] != expected[k]][:5]
    errors.append(f"cells differ: missing {missing}, extra {extra}, wrong {wrong}")
if page.cells.get((missing_row, "extra-suite")) != (0, 0, 1, 0):
    errors.append(f"no '{missing_row}' cell for the skipped test of the extra suite")
# The manifest's failures are expected failures everywhere: JSON (with the reason), page, JUnit.
xfails = [t for t in report["tests"] if t["status"] == "expected failure"]
if not xfails or not all(t.get("expected_reason") for t in xfails):
    errors.append(f"{len(xfails)} expected failures in the JSON report, each needs its manifest reason")
if s["failed"] != 1 or s["expected_failures"] != len(xfails):
    errors.append(f"the JSON summary {s} should count the one unexpected failure apart from {len(xfails)} expected ones")
suite = ET.parse(junit_path).getroot()
junit_failures = [c for c in suite.iter("testcase") if c.find("failure") is not None]
junit_xfails = [c for c in suite.iter("testcase") if (c.find("skipped") is not None and
                c.find("skipped").get("message", "").startswith("expected failure ("))]
if len(junit_failures) != 1 or len(junit_xfails) != len(xfails) or suite.get("failures") != "1":
    errors.append(f"JUnit: {len(junit_failures)} failures and {len(junit_xfails)} expected failures, want 1 and {len(xfails)}")
run_text = "".join(page.run_text)
if "onnx-ref 0.1.0" not in run_text or "--expect" not in run_text or "UTC" not in run_text or "rtol 0.001" not in run_text:
    errors.append(f"the run's details are missing from the page: {run_text!r}")
if page.cells.get(("Reshape-14", "extra-suite")) != (1, 1, 0, 0):
    errors.append(f"Reshape-14 x extra-suite is {page.cells.get(('Reshape-14', 'extra-suite'))}, expected 1 passed, 1 failed")
panel = "".join(page.panel_text)
# The extra suite's own failure: the official tests hold failures too (their data defects), and
# where they sort before it depends on where ../shared lives.
failure = next(t["message"] for t in report["tests"]
               if t["status"] == "failed" and t["path"].rstrip("/").endswith("extra-suite/test_fail"))
if "test_fail" not in panel or failure not in panel:
    errors.append(f"the pinned cell's panel does not list the failure: {panel[:300]!r}")
sources = len({k[1] for k in expected})
print(f"{len(page.cells)} cells over {len(page.rows)} operator versions and {sources} sources match the JSON report")
if errors:
    print("FAIL: " + "\n".join(errors), file=sys.stderr)
    sys.exit(1)
PY
