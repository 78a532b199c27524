#!/usr/bin/env bash
# Builds everything (the command, the unit tests, the Python package: scripts/build.sh all) and
# runs the whole test suite under CTest: the doctest unit tests, the conformance runs over
# ../shared/onnx-node-tests and Debian's libonnx-testdata, and the command-line, install and
# documentation checks.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh all "$@"
ctest --test-dir build --output-on-failure -j"$(nproc)"
