#!/usr/bin/env bash
# Every class of bad input, through `onnx-ref run` and `onnx-ref test`, with the error text asserted.
#
# usage: bad_inputs.sh ONNX_REF PROTOC [PART [WORK_DIR]]
#   PART: all (the default), core (bad_inputs_core.sh), core_data (bad_inputs_core_data.sh),
#   families (bad_inputs.d/*.sh) or families:A-Z (those of its files whose names start with a letter
#   from A to Z), so that CTest runs the parts side by side. A family file may use what an earlier
#   one in name order defines (scans_losses.sh uses reduce_range.sh's rr_x): a range keeps such files
#   together.
#
# Each bad file is generated here (protoc text protos, printf/head for corrupt bytes, python3 for
# .npy bytes). A refused input must give, under `run` (and `make-test`): exit code 1, nothing on
# stdout, exactly one line on stderr starting with "onnx-ref: " that holds the expected text, and no
# "internal error" (that would be an exception other than onnx_ref::Error escaping). Under `test`
# the broken test must be one `failed` line holding the expected text (or a `skipped` line for what
# onnx-ref does not implement), the summary must count it, and the run must go on: at the end every
# case folder is run together with a good one, which must still pass.
#
# Refused external-data paths point at FIFOs: opening a FIFO for reading blocks until a writer
# comes, so if onnx-ref opened one the command would hang; every command runs under `timeout`, and
# a timeout (exit 124) is a failure. Absurd declared sizes must fail fast and, where /usr/bin/time
# exists, with a small peak RSS.
set -u
onnx_ref=$1; protoc=$2; part=${3:-all}; out=${4:-}
case $part in
  all|core|core_data|families) ;;
  families:[a-z]-[a-z]) ;;
  *) echo "PART must be all, core, core_data, families or families:A-Z (letters), got '$part'"; exit 2 ;;
esac
work=${out:-$(mktemp -d)}
[ -n "$out" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work/cases" "$work/run" "$work/outside"
cases=$work/cases  # one backend-test folder per case run through both commands
passed=0; failed=0; test_failures=0; test_skips=0
rss_limit_kb=""    # set for one check: the peak RSS it may reach

pass() { passed=$((passed + 1)); echo "ok    $1"; }
fail() { failed=$((failed + 1)); echo "FAIL  $1: $2"; }

# ---------------------------------------------------------------------------------------------
# Checks

# expect_cli_error NAME "expected text" ARGS...: `onnx-ref ARGS...` refuses with one line.
expect_cli_error() {
  local name=$1 want=$2; shift 2
  local o=$work/last.out e=$work/last.err t=$work/last.rss rc
  local timer=()
  if [ -n "$rss_limit_kb" ] && [ -x /usr/bin/time ]; then timer=(/usr/bin/time -q -f %M -o "$t"); fi
  timeout 10 "${timer[@]}" "$onnx_ref" "$@" > "$o" 2> "$e" < /dev/null; rc=$?
  local first; first=$(head -n 1 "$e")
  if [ "$rc" = 124 ]; then fail "$name" "timed out (the command hung)"; return; fi
  if grep -q "internal error" "$o" "$e"; then fail "$name" "internal error: $first"; return; fi
  if [ "$rc" != 1 ]; then fail "$name" "exit code $rc, expected 1 (stderr: $first)"; return; fi
  if [ -s "$o" ]; then fail "$name" "stdout is not empty: $(head -c 200 "$o")"; return; fi
  if [ "$(wc -l < "$e")" != 1 ] || [ -n "$(tail -c 1 "$e")" ]; then
    fail "$name" "stderr is not exactly one line: $(head -c 300 "$e" | tr '\n' '|')"; return
  fi
  case "$first" in "onnx-ref: "*) ;; *) fail "$name" "stderr does not start with 'onnx-ref: ': $first"; return ;; esac
  if ! grep -qF -- "$want" "$e"; then fail "$name" "stderr lacks '$want': $first"; return; fi
  if [ ${#timer[@]} -gt 0 ]; then
    local kb; kb=$(tail -n 1 "$t")
    if [ "$kb" -gt "$rss_limit_kb" ]; then fail "$name" "peak RSS ${kb} kB, limit ${rss_limit_kb} kB"; return; fi
  fi
  pass "$name"
}

expect_run_error() { local name=$1 want=$2; shift 2; expect_cli_error "$name" "$want" run "$@"; }

# run_test NAME DIR: `onnx-ref test -v DIR`; sets rc and leaves the output in last.out/last.err.
run_test() {
  timeout 60 "$onnx_ref" test -v "$2" > "$work/last.out" 2> "$work/last.err" < /dev/null; rc=$?
}

# expect_test_result NAME STATUS "expected text" DIR EXIT "summary"
expect_test_result() {
  local name=$1 status=$2 want=$3 dir=$4 want_rc=$5 summary=$6 rc
  run_test "$name" "$dir"
  local o=$work/last.out e=$work/last.err
  if [ "$rc" = 124 ]; then fail "$name" "timed out (the harness hung)"; return; fi
  if grep -q "internal error" "$o" "$e"; then fail "$name" "internal error: $(grep -h "internal error" "$o" "$e" | head -n 1)"; return; fi
  if [ "$rc" != "$want_rc" ]; then fail "$name" "exit code $rc, expected $want_rc ($(head -n 1 "$o"))"; return; fi
  if [ -s "$e" ]; then fail "$name" "stderr is not empty: $(head -c 200 "$e")"; return; fi
  local line; line=$(grep -E "^$status  " "$o")
  if [ "$(printf '%s' "$line" | grep -c '')" != 1 ]; then fail "$name" "expected one '$status' line, got: $(head -n 1 "$o")"; return; fi
  if ! printf '%s' "$line" | grep -qF -- "$want"; then fail "$name" "the $status line lacks '$want': $line"; return; fi
  if ! grep -qx "$summary" "$o"; then fail "$name" "summary is not '$summary': $(tail -n 1 "$o")"; return; fi
  pass "$name"
}

# expect_test_failure NAME "expected text" DIR: the test in DIR fails with that text.
expect_test_failure() {
  test_failures=$((test_failures + 1))
  expect_test_result "$1" failed "$2" "$3" 1 "0 passed, 1 failed, 0 skipped"
}

# expect_test_skip NAME "expected text" DIR: the test in DIR is skipped with that reason.
expect_test_skip() {
  test_skips=$((test_skips + 1))
  expect_test_result "$1" skipped "$2" "$3" 0 "0 passed, 0 failed, 1 skipped"
}

# expect_both NAME "expected text": the case folder $cases/NAME fails the same way under `run`
# (its model with its test_data_set_0) and under `test`.
expect_both() {
  expect_run_error "run  $1" "$2" "$cases/$1/model.onnx" "$cases/$1/test_data_set_0"
  expect_test_failure "test $1" "$2" "$cases/$1"
}

# ---------------------------------------------------------------------------------------------
# Generators

# encode MESSAGE FILE < text proto
encode() {
  mkdir -p "$(dirname "$2")"
  if ! "$protoc" --encode="onnx.$1" -I /usr/include onnx/onnx.proto > "$2"; then
    echo "FAIL  the script's own text proto for $2 does not encode"; exit 2
  fi
}

# new_case NAME: an empty case folder with an empty test_data_set_0; prints nothing.
new_case() { rm -rf "${cases:?}/$1"; mkdir -p "$cases/$1/test_data_set_0"; }

# model NAME IR OPSET GRAPH_BODY: $cases/NAME/model.onnx importing ai.onnx at OPSET.
model() {
  new_case "$1"
  encode ModelProto "$cases/$1/model.onnx" <<EOF
ir_version: $2
opset_import { domain: "" version: $3 }
graph { name: "g" $4 }
EOF
}

# tensor FILE < TensorProto text
tensor() { encode TensorProto "$1"; }

# input NAME TENSOR_TEXT: $cases/NAME/test_data_set_0/input_0.pb
input() { tensor "$cases/$1/test_data_set_0/input_0.pb" <<< "$2"; }

# npy FILE HEADER_DICT DATA_BYTES: a version 1.0 .npy file with that header and that many zero bytes.
npy() {
  python3 - "$@" <<'PY'
import sys
path, header, nbytes = sys.argv[1], sys.argv[2].encode(), int(sys.argv[3])
header += b" " * ((64 - (10 + len(header) + 1) % 64) % 64) + b"\n"
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header + bytes(nbytes))
PY
}

# Pieces of graphs.
floats12='float_data: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]'
x_float_2x6="input { name: \"x\" type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 } dim { dim_value: 6 } } } } }"
x_init_2x6="initializer { name: \"x\" data_type: 1 dims: 2 dims: 6 $floats12 }"
y_out='output { name: "y" }'
reshape_node='node { name: "r" op_type: "Reshape" input: "x" input: "shape" output: "y" }'
flatten_node='node { name: "f" op_type: "Flatten" input: "x" output: "y" }'
good_x="name: \"x\" data_type: 1 dims: 2 dims: 6 $floats12"
# shape_init V...: the int64 initializer 'shape' holding V...
shape_init() { local IFS=,; echo "initializer { name: \"shape\" data_type: 7 dims: $# int64_data: [$*] }"; }
# declared NAME CODE DIMS...: a graph input of element type CODE and static DIMS
declared() {
  local name=$1 code=$2 dims="" d; shift 2
  for d in "$@"; do dims="$dims dim { dim_value: $d }"; done
  echo "input { name: \"$name\" type { tensor_type { elem_type: $code shape {$dims } } } }"
}

# ---------------------------------------------------------------------------------------------
# A good model and test case: the control, and the source of real files to damage.
good=$work/good/model.onnx
encode ModelProto "$good" <<EOF
ir_version: 8
opset_import { domain: "" version: 14 }
graph { name: "good" $reshape_node $(shape_init 3 4) $x_float_2x6 $y_out }
EOF
tensor "$work/good_x.pb" <<< "$good_x"
mkdir -p "$work/good_set" && cp "$work/good_x.pb" "$work/good_set/input_0.pb"
if "$onnx_ref" make-test "$good" "$work/good_set" "$work/good" > /dev/null &&
   "$onnx_ref" run "$good" "$work/good/test_data_set_0" | grep -q '"shape": \[3, 4\]'; then
  pass "control: the good model runs and makes a test case"
else
  fail "control" "the good model does not run"; echo "$passed passed, $failed failed"; exit 1
fi
model_bytes=$(wc -c < "$good")

# The cases that belong to no operator family (bad_inputs_core.sh), then each family's
# (bad_inputs.d/*.sh, in name order: a family may use what an earlier one defined). PART picks
# one of the two halves, so that CTest can run them side by side.
# JSON inputs and the .npy files they name (`run` only: the harness reads input_K.pb files).
j=$work/run/json
mkdir -p "$j"
json_case() {  # json_case NAME "expected text" JSON_TEXT
  printf '%s\n' "$3" > "$j/$1.json"
  expect_run_error "run  file_json_$1" "$2" "$good" "$j/$1.json"
}
npy_case() {  # npy_case NAME "expected text"; $j/NAME.npy is made by the caller
  printf '{"x": {"file": "%s.npy"}}\n' "$1" > "$j/npy_$1.json"
  expect_run_error "run  file_npy_$1" "$2" "$good" "$j/npy_$1.json"
}

if [ "$part" = all ] || [ "$part" = core ]; then
  # shellcheck source=/dev/null
  . "$(dirname "$0")/bad_inputs_core.sh"
fi
if [ "$part" = all ] || [ "$part" = core_data ]; then
  # shellcheck source=/dev/null
  . "$(dirname "$0")/bad_inputs_core_data.sh"
fi
if [ "$part" = all ] || [[ $part == families* ]]; then
  letters=a-z
  [[ $part != families:* ]] || letters=${part#families:}
  for family in "$(dirname "$0")"/bad_inputs.d/[$letters]*.sh; do
    [ -e "$family" ] || continue
    echo "== $(basename "$family" .sh)"
    # shellcheck source=/dev/null
    . "$family"
  done
fi

# ---------------------------------------------------------------------------------------------
# The harness never dies: every case folder at once, beside the good test, in two workers.
echo "== all case folders in one run"
timeout 300 "$onnx_ref" test -j 2 "$cases" "$work/good" > "$work/all.out" 2> "$work/all.err"; rc=$?
want="1 passed, $test_failures failed, $test_skips skipped"
if [ "$rc" = 1 ] && grep -qx "$want" "$work/all.out" && [ ! -s "$work/all.err" ] && ! grep -q "internal error" "$work/all.out"; then
  pass "all case folders: $want"
else
  fail "all case folders" "exit $rc, summary '$(tail -n 1 "$work/all.out")', expected '$want'; stderr: $(head -c 200 "$work/all.err")"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
