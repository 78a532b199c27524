#!/usr/bin/env bash
# Builds onnx-ref and runs the whole test suite under CTest: the doctest unit tests, the conformance
# runs over ../shared/onnx-node-tests and Debian's libonnx-testdata, and the command-line checks.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
