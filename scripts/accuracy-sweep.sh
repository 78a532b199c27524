#!/usr/bin/env bash
# The heavy accuracy checks of numeric/elementary.h, outside CTest (figures in numeric/ACCURACY.md):
# every float16 and bfloat16 input of every function, and SWEEP_SAMPLES (default 1,000,000) random
# float32 bit patterns per function, each against the MPFR oracle of tests/mpfr_oracle.h.
# Usage: bash scripts/accuracy-sweep.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
"$build/tests/unit_tests" --no-skip -tc='elementary: every float16 and bfloat16 input of every function*'
"$build/tests/unit_tests" --no-skip -tc='elementary: sampled float32 against MPFR*'
