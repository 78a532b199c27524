#!/usr/bin/env bash
# Golden test cases for every element type (make-test, see tests/scripts/make_test_every_type.sh),
# run by onnx-ref and by onnxruntime-node. onnxruntime-node is installed by scripts/bench-compare.sh
# into build-bench/bench-node; run that first.
set -euo pipefail
cd "$(dirname "$0")/.."
node_modules=build-bench/bench-node/node_modules
[ -d "$node_modules/onnxruntime-node" ] || { echo "run scripts/bench-compare.sh first (it installs onnxruntime-node)" >&2; exit 1; }
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
tests/scripts/make_test_every_type.sh build/onnx-ref "$(command -v protoc)" "$dir" | tail -n 1
NODE_PATH=$node_modules node bench/ort_runner.js "$dir" || true
