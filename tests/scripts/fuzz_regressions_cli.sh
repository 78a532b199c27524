#!/usr/bin/env bash
# Command-line inputs found by the mutation run (scripts/mutate.sh), reduced: each must be refused
# with exit code 1 and one line on stderr, never an internal error (exit 3) or a crash.
#
# usage: fuzz_regressions_cli.sh ONNX_REF PROTOC SOURCE_DIR
set -u
onnx_ref=$1; protoc=$2; source_dir=$3
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
failed=0

expect_one_line_error() {  # NAME "expected text" ARGS...
  local name=$1 want=$2; shift 2
  timeout 20 "$onnx_ref" "$@" > "$work/out" 2> "$work/err"; local rc=$?
  if [ "$rc" != 1 ] || [ -s "$work/out" ] || [ "$(wc -l < "$work/err")" != 1 ] || ! grep -qF -- "$want" "$work/err"; then
    echo "FAIL  $name: exit $rc, stderr: $(head -c 300 "$work/err")"; failed=1
  else
    echo "ok    $name"
  fi
}

# An output name that is not UTF-8 (protobuf does not check) cannot be a JSON key: `run` threw
# nlohmann's type_error, an internal error, instead of refusing.
example=$source_dir/examples/reshape_flatten
sed 's/"y"/"y\\377"/g' "$example/model.textproto" |
  "$protoc" --encode=onnx.ModelProto -I /usr/include onnx/onnx.proto > "$work/model.onnx" 2> /dev/null
expect_one_line_error "run: non-UTF-8 output name" "has a name that is not valid UTF-8, so it cannot be a JSON key" \
  run "$work/model.onnx" "$example/inputs.json"
# With --output-dir the outputs are written as they are.
timeout 20 "$onnx_ref" run --output-dir "$work/out_dir" "$work/model.onnx" "$example/inputs.json" > /dev/null ||
  { echo "FAIL  run --output-dir: non-UTF-8 output name"; failed=1; }

exit $failed
