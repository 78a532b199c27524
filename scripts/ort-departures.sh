#!/usr/bin/env bash
# The onnxruntime departure matrix: generates a gen-suite (or takes one), runs it through
# onnxruntime-node and writes OUT/ort-departures.html (per operator version: tests within the
# tolerance the manifest records for a float32 backend, departing beyond it, refused, and models
# onnxruntime runs that a strict backend refuses) and OUT/ort-departures.json.
# onnxruntime-node is fetched with npm into CACHE_DIR once (nothing is committed); without the npm
# registry the script exits 77 with the reason.
# Usage: scripts/ort-departures.sh ONNX_REF CACHE_DIR OUT [gen-suite options, e.g. --op Add]
set -euo pipefail
onnx_ref=$(realpath "$1")
cache=$(mkdir -p "$2" && realpath "$2")
out=$(mkdir -p "$3" && realpath "$3")
shift 3
repo=$(cd "$(dirname "$0")/.." && pwd)
ort_version=${ORT_VERSION:-1.30.0}

node_dir=$cache/node
if [ "$(node -p "require('$node_dir/node_modules/onnxruntime-node/package.json').version" 2> /dev/null)" != "$ort_version" ]; then
  if ! command -v npm > /dev/null || ! timeout 60 npm view "onnxruntime-node@$ort_version" version > /dev/null 2>&1; then
    echo "skipped: the npm registry cannot be reached (or npm is missing), so onnxruntime-node cannot be fetched"
    exit 77
  fi
  mkdir -p "$node_dir" && echo '{"private": true}' > "$node_dir/package.json"
  (cd "$node_dir" && timeout 600 npm install --silent --ignore-scripts --no-audit --no-fund "onnxruntime-node@$ort_version") ||
    { echo "npm install onnxruntime-node@$ort_version failed"; exit 1; }
fi
export NODE_PATH=$node_dir/node_modules

suite=$out/suite
if [ ! -f "$suite/manifest.json" ] || [ $# -gt 0 ]; then
  "$onnx_ref" gen-suite "$suite" -j "$(nproc)" "$@"
fi
node "$repo/bench/ort_departures.js" "$suite" "$out/ort-departures.html" "$out/ort-departures.json"
echo "wrote $out/ort-departures.html"
