#!/usr/bin/env bash
# Two runs, and two Sessions, with different threads, seeds, budgets and time limits at once in two
# threads, under ThreadSanitizer over the whole interpreter: builds the library (runtime, numeric,
# gemm, ops, interpreter) with -fsanitize=thread in $TSAN_BUILD (default build-tsan), and only it and
# the test target tsan_run_isolation (tests/interpreter/run_isolation_test.cpp and
# two_sessions_test.cpp), then runs that. Exit 1 on a race report or a failed check.
# scripts/sanitize.sh calls it. With ccache (scripts/install-deps.sh installs it) the library's
# objects come from the cache once any clone has built them with these flags.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phase.sh
build=${TSAN_BUILD:-build-tsan}
# -O1: ThreadSanitizer's recommended level; a tenth of -O2's compile time saved is not worth a run
# of the whole library at -O0 speed. No debug information beyond line tables: reports name the
# file and line of each access, and the objects stay small in the cache.
phase_start "ThreadSanitizer build (library and run-isolation test)"
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only" \
  -DONNX_REF_TSAN=ON -DONNX_REF_PYTHON=OFF -DONNX_REF_UNITY_BUILD=OFF > /dev/null
cmake --build "$build" -j2 --target tsan_run_isolation 2>&1 | build_progress "$build/tsan-build.log" || { tail -50 "$build/tsan-build.log"; exit 1; }
phase_end
phase_start "run isolation under ThreadSanitizer"
# halt_on_error: the first race fails the run; second_deadlock_stack names both lock orders.
TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1" "$build/tests/tsan_run_isolation"
phase_end
