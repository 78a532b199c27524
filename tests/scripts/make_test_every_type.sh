#!/usr/bin/env bash
# For each of the 26 element types: a Reshape-25 -> Flatten-25 model taking that type, turned into
# a golden test case by `make-test --random-inputs` (two seeds), then run by `onnx-ref test`.
# Every case must pass, and the written outputs must carry the model's element type.
set -eu
onnx_ref=$1; protoc=$2; out=${3:-}
dir=${out:-$(mktemp -d)}
[ -n "$out" ] || trap 'rm -rf "$dir"' EXIT
types="float:1 uint8:2 int8:3 uint16:4 int16:5 int32:6 int64:7 string:8 bool:9 float16:10 double:11 uint32:12
uint64:13 complex64:14 complex128:15 bfloat16:16 float8e4m3fn:17 float8e4m3fnuz:18 float8e5m2:19
float8e5m2fnuz:20 uint4:21 int4:22 float4e2m1:23 float8e8m0:24 uint2:25 int2:26"
count=0
for entry in $types; do
  name=${entry%%:*}; code=${entry##*:}
  case_dir="$dir/test_every_type_$name"
  mkdir -p "$case_dir"
  "$protoc" --encode=onnx.ModelProto -I /usr/include onnx/onnx.proto > "$dir/$name.onnx" <<PROTO
ir_version: 11
opset_import { domain: "" version: 25 }
graph {
  name: "every_type_$name"
  node { input: "x" input: "shape" output: "r" op_type: "Reshape" }
  node { input: "r" output: "y" op_type: "Flatten" attribute { name: "axis" i: 1 type: INT } }
  initializer { name: "shape" data_type: 7 dims: 3 int64_data: [0, -1, 3] }
  input { name: "x" type { tensor_type { elem_type: $code shape { dim { dim_value: 2 } dim { dim_value: 3 } dim { dim_param: "N" } } } } }
  output { name: "y" type { tensor_type { elem_type: $code } } }
}
PROTO
  "$onnx_ref" make-test --random-inputs --seed 1 --dim N=5 "$dir/$name.onnx" "$case_dir" > /dev/null
  "$onnx_ref" make-test --random-inputs --seed 2 --dim N=5 "$dir/$name.onnx" "$case_dir" > /dev/null
  got=$("$onnx_ref" run "$dir/$name.onnx" "$case_dir/test_data_set_1" | grep -o '"dtype": "[a-z0-9]*"' | head -1)
  [ "$got" = "\"dtype\": \"$name\"" ] || { echo "FAIL: $name output has $got"; exit 1; }
  count=$((count + 1))
done
"$onnx_ref" test "$dir" | tee "$dir/summary.txt"
grep -qx "$count passed, 0 failed, 0 skipped" "$dir/summary.txt" || { echo "FAIL: expected $count passed"; exit 1; }
echo "OK: $count element types"
