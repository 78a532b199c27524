#!/usr/bin/env bash
# Builds everything (the command, the unit tests, the Python package: scripts/build.sh all) and
# runs the whole test suite under CTest: the doctest unit tests, the conformance runs over
# ../shared/onnx-node-tests and Debian's libonnx-testdata, and the command-line, install and
# documentation checks. The build treats every compiler warning as an error (ONNX_REF_WERROR).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phase.sh
scripts/build.sh all -DONNX_REF_WERROR=ON "$@"
phase_start "tests (ctest)"
ctest --test-dir build --output-on-failure -j"$(nproc)"
phase_end
