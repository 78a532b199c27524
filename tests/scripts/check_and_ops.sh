#!/usr/bin/env bash
# `onnx-ref check MODEL` (node by node, subgraphs included, exit 1 when anything cannot run) and the
# filters of `onnx-ref ops` (--op, --domain, --opset), on official node tests.
set -eu
onnx_ref=$1; shared=$2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A model onnx-ref runs: every node supported, exit 0.
"$onnx_ref" check "$shared/v1.12.0/test_reshape_reduced_dims/model.onnx" > "$dir/ok" || fail "check of a supported model exits $?"
grep -qx "  #0 (unnamed)  Reshape -> Reshape-14" "$dir/ok" || fail "node line: $(cat "$dir/ok")"
grep -qx "summary: 1 node, 1 supported" "$dir/ok" || fail "summary: $(cat "$dir/ok")"
grep -qx "check: the model is valid and onnx-ref can run it" "$dir/ok" || fail "verdict: $(cat "$dir/ok")"

# Subgraphs are listed under their node and attribute (If's two branches).
"$onnx_ref" check "$shared/v1.20.0/test_if/model.onnx" > "$dir/if" || fail "check of test_if exits $?"
grep -qx "  If › then_branch › #0 (unnamed)  Constant -> Constant-11" "$dir/if" || fail "then_branch: $(cat "$dir/if")"
grep -q "› else_branch › #0 " "$dir/if" || fail "else_branch: $(cat "$dir/if")"

# A model with an operator onnx-ref does not implement (ai.onnx.preview.training's Gradient): the
# node is named with the reason, the summary counts it, and the exit code is 1.
grad=$(ls -d "$shared"/*/test_gradient_of_add | head -n 1)
if "$onnx_ref" check "$grad/model.onnx" > "$dir/grad"; then fail "check of an unsupported model exits 0"; fi
grep -q "ai.onnx.preview.training:Gradient -> NOT SUPPORTED: not implemented (opset 1)" "$dir/grad" ||
  fail "unsupported node: $(cat "$dir/grad")"
grep -qx "summary: 2 nodes, 1 supported; not implemented: ai.onnx.preview.training:Gradient at opset 1 (1 node)" "$dir/grad" ||
  fail "summary: $(grep summary "$dir/grad")"

# An ai.onnx.ml model runs: its node resolves in the ml domain.
ml=$(ls -d "$shared"/*/test_ai_onnx_ml_binarizer | head -n 1)
"$onnx_ref" check "$ml/model.onnx" > "$dir/ml" || fail "check of the Binarizer model exits $?"
grep -q "Binarizer -> ai.onnx.ml:Binarizer-1" "$dir/ml" || fail "ml node: $(cat "$dir/ml")"

# Each version's accuracy contract: a line in the listing, an object in the JSON, per version where
# versions differ (Dropout-7 only passes data through; Dropout-12 draws in training).
"$onnx_ref" ops --op Add --opset 14 | grep -qx "  accuracy: correctly rounded: the exact sum rounded once; integers wrap" ||
  fail "Add-14 accuracy: $("$onnx_ref" ops --op Add --opset 14 | grep accuracy)"
"$onnx_ref" ops --op Relu | grep -c "^  accuracy: exact: " | grep -qx 4 || fail "every Relu version shows its contract"
"$onnx_ref" ops --op Dropout --opset 7 | grep -q "^  accuracy: exact: " || fail "Dropout-7 is exact"
"$onnx_ref" ops --op Dropout --opset 12 | grep -q "^  accuracy: random: " || fail "Dropout-12 is random"
"$onnx_ref" ops --json | python3 -c '
import json, sys
versions = json.load(sys.stdin)
kinds = {"exact", "correctly rounded", "rounded at named points", "random"}
bad = [v["label"] for v in versions if v["accuracy"]["kind"] not in kinds or not v["accuracy"]["summary"]]
assert not bad, bad
by_label = {v["label"]: v["accuracy"]["kind"] for v in versions}
assert by_label["LayerNormalization-17"] == "rounded at named points", by_label["LayerNormalization-17"]
assert by_label["Pow-7"] == "correctly rounded" and by_label["Pow-15"] == "rounded at named points"
' || fail "ops --json accuracy"

# ops filters: the version in effect at an opset, every version of one operator, a domain.
[ "$("$onnx_ref" ops --op Conv --opset 13 | grep -c '^Conv-')" = 1 ] || fail "--op Conv --opset 13 lists more than one version"
"$onnx_ref" ops --op Conv --opset 13 | grep -q "^Conv-11  (opsets 11-21" || fail "Conv at opset 13 is not Conv-11"
[ "$("$onnx_ref" ops --op Reshape | grep -c '^Reshape-')" = 9 ] || fail "Reshape has 9 versions (1, 5, 13, 14, 19, 21, 23, 24, 25)"
"$onnx_ref" ops --json --op Relu --opset 6 | python3 -c 'import json,sys; v=json.load(sys.stdin); assert [x["since_version"] for x in v] == [6], v'
if "$onnx_ref" ops --domain com.example > "$dir/none" 2> "$dir/none.err"; then fail "an unmatched filter exits 0"; fi
grep -qx "onnx-ref: no operator version onnx-ref implements matches --domain 'com.example'" "$dir/none.err" ||
  fail "unmatched filter: $(cat "$dir/none.err")"
echo OK
