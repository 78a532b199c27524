#!/usr/bin/env bash
# Two runs with different threads, seeds and budgets at once, under ThreadSanitizer: builds
# tests/tsan/two_runs.cpp with the runtime sources it uses (per-run state lives there: run_limits,
# run_context, parallel_for, tensor allocation) and runs it. Exit 1 on a race or a differing result.
# The whole interpreter under TSan would be a second full build (about 330 files); this one is five.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${TSAN_BUILD:-build-tsan}
mkdir -p "$out"
g++ -std=c++20 -O1 -g -fsanitize=thread -I. -DONNX_ML=1 -DONNX_NAMESPACE=onnx \
  tests/tsan/two_runs.cpp runtime/run_limits.cpp runtime/run_context.cpp runtime/parallel_for.cpp runtime/tensor.cpp \
  runtime/element_type.cpp -o "$out/two_runs" -pthread
TSAN_OPTIONS="halt_on_error=1 exitcode=1" "$out/two_runs"
