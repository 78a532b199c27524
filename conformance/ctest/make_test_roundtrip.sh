#!/usr/bin/env bash
# make-test on the bundled example (given inputs, then two random seeds) writes a folder that
# `onnx-ref test` passes, with three test_data_set_N folders.
set -eu
onnx_ref=$1; examples=$2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
"$onnx_ref" make-test "$examples/reshape_flatten/model.onnx" "$examples/reshape_flatten/inputs.json" "$dir/case"
"$onnx_ref" make-test --random-inputs --seed 1 "$examples/reshape_flatten/model.onnx" "$dir/case"
"$onnx_ref" make-test --random-inputs --seed 2 "$examples/reshape_flatten/model.onnx" "$dir/case"
[ -f "$dir/case/test_data_set_2/output_1.pb" ] || { echo "FAIL: test_data_set_2 missing"; exit 1; }
! cmp -s "$dir/case/test_data_set_1/input_0.pb" "$dir/case/test_data_set_2/input_0.pb" || { echo "FAIL: seeds gave equal inputs"; exit 1; }
"$onnx_ref" test "$dir/case" | tee "$dir/out"
grep -qx "1 passed, 0 failed, 0 skipped" "$dir/out"
