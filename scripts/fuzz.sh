#!/usr/bin/env bash
# Builds the libFuzzer targets with clang into ./build-fuzz, replays the inputs of past findings
# (fuzz/regressions/<target>/), seeds the corpora from the node tests and runs each target for
# SECONDS_PER_TARGET seconds (default 20), or for RUNS_PER_TARGET executions from the fixed seed
# FUZZ_SEED (default 1). Exits non-zero on any crash, leak, timeout or sanitizer report.
#
# CI uses RUNS_PER_TARGET: the amount of fuzzing does not depend on the machine's speed, and a run
# repeats exactly where the folder and environment are the same (a timed run stops wherever the
# clock says, and a random seed explores differently each time). A finding prints its stack and its
# input in base64, so it can be replayed from the CI output alone.
#
#   RUNS_PER_TARGET=200000 bash scripts/fuzz.sh             # as in CI
#   SECONDS_PER_TARGET=600 bash scripts/fuzz.sh             # longer runs, random seed
#   FUZZ_TARGETS="fuzz_json" bash scripts/fuzz.sh            # some targets only
#   FUZZ_ARGS="-runs=10000000 -max_len=65536" bash scripts/fuzz.sh   # more libFuzzer flags
#   FUZZ_BUILD=build-asan bash scripts/fuzz.sh               # in scripts/sanitize.sh's build
#
# The corpora of timed runs, build-fuzz/corpus/<target>, grow from run to run; findings go to
# build-fuzz/findings/<target>/ (crash-*, leak-*, timeout-*, oom-*) with the log beside them.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phase.sh
seconds=${SECONDS_PER_TARGET:-20}
targets=${FUZZ_TARGETS:-fuzz_model fuzz_tensor_proto fuzz_json fuzz_ops}
# FUZZ_BUILD=build-asan reuses scripts/sanitize.sh's build, which holds these targets too.
build=${FUZZ_BUILD:-build-fuzz}
shared_tests=../shared/onnx-node-tests
debian_tests=/usr/share/libonnx-testdata/data/node

# libFuzzer and the sanitizer runtimes come with Debian's clang 14.
if ! command -v clang++ > /dev/null || ! dpkg -s libclang-rt-14-dev > /dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q && apt-get install -y -q --no-install-recommends clang libclang-rt-14-dev
fi

phase_start "fuzz targets build"
CC=clang CXX=clang++ cmake -S . -B "$build" -DONNX_REF_FUZZ=ON -DONNX_REF_PYTHON=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null
# shellcheck disable=SC2086
cmake --build "$build" -j2 --target $targets 2>&1 | build_progress "$build/fuzz-build.log" || { cat "$build/fuzz-build.log"; exit 1; }
phase_end

# Seeds are named by their content (fuzz/seed_corpus.py), so seeding again adds nothing twice.

make_corpus() {  # make_corpus TARGET FOLDER: seeds FOLDER unless it holds files already
  local corpus=$2
  mkdir -p "$corpus"
  [ -z "$(ls -A "$corpus")" ] || return 0
  case $1 in
    fuzz_model)
      find "$shared_tests" "$debian_tests" -name model.onnx -print0 | python3 fuzz/seed_corpus.py "$corpus" ;;
    fuzz_tensor_proto)
      find "$shared_tests" "$debian_tests" \( -name 'input_*.pb' -o -name 'output_*.pb' \) -size -64k -print0 |
        python3 fuzz/seed_corpus.py "$corpus" ;;
    fuzz_ops)
      # Any bytes make a node; a few fixed ones start the corpus, one per operator version's index.
      for i in $(seq 0 255); do printf "\\x$(printf %02x "$i")" > "$corpus/.seed"; mv "$corpus/.seed" "$corpus/op$i"; done ;;
    fuzz_json)
      # The first byte picks the declared element type: none, float, int64, string, bool,
      # float16, complex64, float8e4m3fn and int4.
      printf '%s\0' fuzz/json_seeds/*.json | python3 fuzz/seed_corpus.py "$corpus" --prefixes 0 1 7 8 9 10 14 17 22 ;;
  esac
}

# A fixed budget repeats itself only if nothing else varies: the corpus starts from the seeds alone,
# in one order (libFuzzer sorts by size, and files of equal size come in the order given), it is
# not reloaded on a timer, and addresses, which libFuzzer picks up from comparisons, are not
# randomized where the machine lets setarch turn that off. Measured: a second run in the same
# folder repeats the first exactly; a copy in another folder (other paths and environment, so
# other stack addresses) took other inputs. Hence a finding prints its input, for replay anywhere.
launcher=()
if [ -n "${RUNS_PER_TARGET:-}" ]; then
  budget=(-runs="$RUNS_PER_TARGET" -seed="${FUZZ_SEED:-1}" -reload=0)
  budget_text="$RUNS_PER_TARGET runs from seed ${FUZZ_SEED:-1}"
  if setarch "$(uname -m)" -R true 2> /dev/null; then
    launcher=(setarch "$(uname -m)" -R)
  else
    budget_text="$budget_text (address randomization stays on here, so runs may differ slightly)"
  fi
else
  budget=(-max_total_time="$seconds")
  budget_text="${seconds}s"
fi

status=0
for target in $targets; do
  phase_start "fuzz $target"
  # Every input that once made a finding runs first; it must pass before anything new is tried.
  regressions=(fuzz/regressions/"$target"/*)
  if [ -e "${regressions[0]}" ]; then
    if ! "$build/fuzz/$target" -rss_limit_mb=2048 -timeout=10 -error_exitcode=77 -timeout_exitcode=78 \
        "${regressions[@]}" > "$build/$target-regressions.log" 2>&1; then
      echo "FAILED: $target on a past finding (log: $build/$target-regressions.log)"
      grep -E "ERROR|SUMMARY|FINDING|Running:" "$build/$target-regressions.log" | tail -5 || true
      status=1
      continue
    fi
    echo "== $target: ${#regressions[@]} past findings replayed, clean"
  fi
  corpus=$build/corpus/$target
  seeded=$corpus
  seeds=()
  if [ -n "${RUNS_PER_TARGET:-}" ]; then
    # The seeds alone, listed in name order; what the run adds goes to a folder emptied first.
    seeded=$build/seeds/$target
    rm -rf "$seeded" "$build/fixed-corpus/$target"
    make_corpus "$target" "$seeded"
    find "$seeded" -type f | LC_ALL=C sort | paste -sd, > "$seeded.list"
    corpus=$build/fixed-corpus/$target
    mkdir -p "$corpus"
    seeds=(-seed_inputs="@$seeded.list")
  else
    make_corpus "$target" "$corpus"
  fi
  count=$(find "$seeded" -type f | wc -l)
  findings=$build/findings/$target
  mkdir -p "$findings"
  dict=()
  case $target in
    fuzz_json) dict=(-dict=fuzz/json.dict) ;;
    # Nested functions, huge declared dimensions, image headers: each run's budget (256 MiB, set
    # by the target) is far below the default and below -rss_limit_mb, so a bomb must end in an
    # error; exceeding the RSS limit is a finding.
    fuzz_model|fuzz_ops) dict=(-dict=fuzz/resource_bombs.dict) ;;
  esac
  log=$findings/last-run.log
  echo "== $target: $budget_text, corpus $count files"
  # -error_exitcode and -timeout_exitcode make every kind of finding a non-zero exit; leaks are
  # reported because the targets are built with AddressSanitizer (LeakSanitizer included).
  # fuzz_tensor_proto makes a scratch folder in $TMPDIR; libFuzzer's exit skips its cleanup.
  export TMPDIR=$PWD/$build/tmp
  rm -rf "$TMPDIR" && mkdir -p "$TMPDIR"
  # shellcheck disable=SC2086
  if ! "${launcher[@]}" "$build/fuzz/$target" "${dict[@]}" "${budget[@]}" "${seeds[@]}" -rss_limit_mb=2048 -timeout=10 \
      -error_exitcode=77 -timeout_exitcode=78 -print_final_stats=1 -artifact_prefix="$findings/" \
      ${FUZZ_ARGS:-} "$corpus" > "$log" 2>&1; then
    echo "FAILED: $target (log: $log)"
    grep -E "ERROR|SUMMARY|FINDING|Test unit written|what\(\)" "$log" | head -20 || true
    # Enough to replay the finding from this output alone: where it happened, and the input.
    grep -E "^ +#[0-9]+ .* in onnx_ref::" "$log" | head -8 | cut -c1-240 || true
    grep -E "^Base64: " "$log" | head -1 | cut -c1-4000 || true
    echo "replay: decode the Base64 line into a file F, then $build/fuzz/$target F"
    status=1
    continue
  fi
  # A clean exit with a sanitizer report in the log would still be a finding.
  if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|libFuzzer)|runtime error:|FUZZ FINDING" "$log"; then
    echo "FAILED: $target reported a problem (log: $log)"
    status=1
    continue
  fi
  grep -E "^#[0-9]+[[:space:]]+DONE" "$log" | tail -1
  phase_end
done
exit $status
