#!/usr/bin/env bash
# Builds onnx-ref with AddressSanitizer + UndefinedBehaviorSanitizer (clang) into ./build-asan and
# runs the whole CTest suite under them: the unit tests, the command-line checks and the conformance
# runs over ../shared/onnx-node-tests and Debian's libonnx-testdata. Fails on any test failure and
# on any sanitizer report, leaks included. Then the run-isolation tests under ThreadSanitizer, over
# the whole library built again with it (scripts/tsan-two-runs.sh, in ./build-tsan).
#
# The same build holds the libFuzzer targets (ONNX_REF_FUZZ: the library also gets the fuzzer's
# coverage instrumentation, which changes no behaviour), so that CI compiles the instrumented
# library once: `FUZZ_BUILD=build-asan scripts/fuzz.sh` then reuses it.
set -euo pipefail
cd "$(dirname "$0")/.."
# Unity batches halve a cold build, but their generated sources name this checkout's absolute paths,
# so no other clone can reuse them: with ccache (scripts/install-deps.sh installs it) every source is
# compiled on its own, and a clone or a rebuild takes what any clone compiled before.
unity=$(command -v ccache > /dev/null && echo OFF || echo ON)
source scripts/phase.sh
build=build-asan
# libFuzzer and the sanitizer runtimes come with Debian's clang 14.
if ! command -v clang++ > /dev/null || ! dpkg -s libclang-rt-14-dev > /dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q && apt-get install -y -q --no-install-recommends clang libclang-rt-14-dev
fi
# The Python package is left out: an instrumented extension cannot load into an uninstrumented
# interpreter (its tests run in the normal build).
phase_start "sanitizer build (configure)"
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DONNX_REF_SANITIZE=ON -DONNX_REF_FUZZ=ON \
  -DONNX_REF_UNITY_BUILD="$unity" -DONNX_REF_PYTHON=OFF > /dev/null
phase_end
phase_start "sanitizer build"
cmake --build "$build" -j2 2>&1 | build_progress "$build/sanitize-build.log" || { tail -50 "$build/sanitize-build.log"; exit 1; }
phase_end

# Every report aborts the process that made it (so the test fails) and is also written to a file
# in $logs, so a report cannot go unnoticed even where a caller ignores an exit status.
logs=$PWD/$build/sanitizer-logs
rm -rf "$logs" && mkdir -p "$logs"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:log_path=$logs/asan"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$logs/ubsan"
export LSAN_OPTIONS="log_path=$logs/lsan"

status=0
phase_start "tests under the sanitizers"
# install.consumer_project builds a project against the installed, instrumented library; it links
# only if the project is built with the same compiler and sanitizers, which CMake takes from these
# variables when it configures it.
CC=clang CXX=clang++ CXXFLAGS="-fsanitize=address,undefined" LDFLAGS="-fsanitize=address,undefined" \
  ctest --test-dir "$build" --output-on-failure -j2 || status=1
"$build/onnx-ref" run examples/reshape_flatten/model.onnx examples/reshape_flatten/inputs.json > /dev/null || status=1

phase_end
# ThreadSanitizer over the whole interpreter: two runs and two Sessions at once (its own build of the
# library and of that one test; scripts/tsan-two-runs.sh).
bash scripts/tsan-two-runs.sh || status=1
if [ -n "$(ls -A "$logs")" ]; then
  echo "sanitizer reports:"
  cat "$logs"/*
  status=1
fi
[ "$status" = 0 ] && echo "sanitize: clean (ASan + UBSan + LSan, TSan)" || echo "sanitize: FAILED"
exit $status
