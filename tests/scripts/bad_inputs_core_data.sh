# The bad inputs that belong to no operator family, second half: shapes, data, external data,
# resources and the command line (the first, bad_inputs_core.sh: files, graphs and types). Sourced
# by tests/scripts/bad_inputs.sh after its control, whose generators it uses.
echo "== shapes"
# reshape_case NAME ALLOWZERO "expected text" X_INITIALIZER SHAPE...: Reshape-14 of X to SHAPE.
reshape_case() {
  local name=$1 allowzero=$2 want=$3 x=$4; shift 4
  model "$name" 8 14 "node { name: \"r\" op_type: \"Reshape\" input: \"x\" input: \"shape\" output: \"y\"
    attribute { name: \"allowzero\" i: $allowzero type: INT } } $x $(shape_init "$@") $y_out"
  expect_both "$name" "model.onnx: node 'r' (#0, Reshape-14): $want"
}
x_empty_0x3='initializer { name: "x" data_type: 1 dims: 0 dims: 3 }'
x_empty_0='initializer { name: "x" data_type: 1 dims: 0 }'
x_init_12="initializer { name: \"x\" data_type: 1 dims: 12 $floats12 }"
reshape_case shape_two_minus_one 0 "shape holds -1 at indices 0 and 2; at most one dimension may be -1" "$x_init_2x6" -1 2 -1
reshape_case shape_below_minus_one 0 "shape[1] = -2 is below -1" "$x_init_2x6" 3 -2
reshape_case shape_int64_min 0 "shape[0] = -9223372036854775808 is below -1" "$x_init_2x6" -9223372036854775808 1
reshape_case shape_minus_one_not_dividing 0 "-1 at index 1 cannot be inferred: the input's 12 elements do not divide by 5, the product of the other dimensions" "$x_init_2x6" 5 -1
reshape_case shape_minus_one_over_zero 0 "-1 at index 1 cannot be inferred: the other dimensions of [0, -1] multiply to 0" "$x_empty_0x3" 0 -1
reshape_case shape_minus_one_over_literal_zero 1 "shape holds both 0 (at index 1) and -1 (at index 0), which is invalid when a 0 is taken literally (allowzero = 1)" "$x_empty_0x3" -1 0
reshape_case shape_zero_past_rank 0 "shape[1] = 0 copies input dimension 1, but the input has rank 1" "$x_init_12" 12 0
reshape_case shape_count_differs 0 "shape [5, 2] holds 10 elements but the input [2, 6] holds 12" "$x_init_2x6" 5 2
reshape_case shape_count_differs_allowzero 1 "shape [2, 0] holds 0 elements but the input [2, 6] holds 12" "$x_init_2x6" 2 0
reshape_case shape_overflow 0 "the product of shape [4294967296, 4294967296, 4] overflows int64" "$x_init_2x6" 4294967296 4294967296 4
reshape_case shape_overflow_wraps_to_zero 1 "the product of shape [4294967296, 4294967296] overflows int64" "$x_empty_0" 4294967296 4294967296
reshape_case shape_overflow_wraps_to_count 0 "the product of shape [4611686018427387907, 4] overflows int64" "$x_init_2x6" 4611686018427387907 4
reshape_case shape_overflow_beside_minus_one 0 "the product of shape [4611686018427387907, 4, -1] overflows int64" "$x_init_2x6" 4611686018427387907 4 -1
model shape_not_1d 8 14 "$reshape_node initializer { name: \"shape\" data_type: 7 dims: 1 dims: 2 int64_data: [3, 4] } $x_init_2x6 $y_out"
expect_both shape_not_1d "model.onnx: node 'r' (#0, Reshape-14): the shape input must be 1-D, but it is int64[1, 2]"
model shape_scalar 8 14 "$reshape_node initializer { name: \"shape\" data_type: 7 int64_data: [12] } $x_init_2x6 $y_out"
expect_both shape_scalar "model.onnx: node 'r' (#0, Reshape-14): the shape input must be 1-D, but it is int64[]"
model shape_attribute_two_minus_one 3 1 "node { name: \"r\" op_type: \"Reshape\" input: \"x\" output: \"y\"
  attribute { name: \"shape\" ints: [-1, -1] type: INTS } } $x_init_2x6 $y_out"
expect_both shape_attribute_two_minus_one "model.onnx: node 'r' (#0, Reshape-1): shape holds -1 at indices 0 and 1; at most one dimension may be -1"
new_case shape_openvino_beyond_int64
encode ModelProto "$cases/shape_openvino_beyond_int64/model.onnx" <<EOF
ir_version: 8
opset_import { domain: "org.openvinotoolkit" version: 1 }
graph { name: "g" node { name: "o" domain: "org.openvinotoolkit" op_type: "Reshape" input: "x" input: "shape" output: "y"
  attribute { name: "special_zero" i: 0 type: INT } }
  initializer { name: "shape" data_type: 13 dims: 2 uint64_data: [18446744073709551615, 12] } $x_init_2x6 $y_out }
EOF
expect_both shape_openvino_beyond_int64 "model.onnx: node 'o' (#0, org.openvinotoolkit:Reshape-1): shape[0] = 18446744073709551615 does not fit int64"
model shape_negative_dim_initializer 8 14 "$reshape_node $(shape_init -1) initializer { name: \"x\" data_type: 1 dims: -2 dims: 6 } $y_out"
expect_both shape_negative_dim_initializer "model.onnx: initializer 'x': tensor 'x': dims[0] is -2; dimensions must be non-negative"
model shape_negative_dim_declared 8 14 "$reshape_node $(shape_init -1) $(declared x 1 2 -6) $y_out"
expect_both shape_negative_dim_declared "model.onnx: graph input 'x' declares a negative dimension -6"
model shape_dims_overflow_initializer 8 14 "$reshape_node $(shape_init -1) initializer { name: \"x\" data_type: 1 dims: 4294967296 dims: 4294967296 } $y_out"
expect_both shape_dims_overflow_initializer "model.onnx: initializer 'x': tensor 'x': dims [4294967296, 4294967296] have an element count that overflows int64"

# flatten_case NAME OPSET AXIS "expected text": Flatten of a [2, 6] tensor.
flatten_case() {
  local ir=8; [ "$2" -ge 5 ] || ir=3
  model "$1" $ir "$2" "node { name: \"f\" op_type: \"Flatten\" input: \"x\" output: \"y\" attribute { name: \"axis\" i: $3 type: INT } } $x_init_2x6 $y_out"
  expect_both "$1" "model.onnx: node 'f' (#0, $4"
}
flatten_case shape_flatten13_axis_3 13 3 "Flatten-13): axis 3 is outside the range [-2, 2] for an input of rank 2"
flatten_case shape_flatten13_axis_minus_3 13 -3 "Flatten-13): axis -3 is outside the range [-2, 2] for an input of rank 2"
flatten_case shape_flatten1_axis_3 1 3 "Flatten-1): axis 3 is outside the range [0, 2] for an input of rank 2"
flatten_case shape_flatten9_axis_minus_1 9 -1 "Flatten-9): axis -1 is outside the range [0, 2] for an input of rank 2; negative axes are allowed from Flatten-11 on"
flatten_case shape_flatten1_axis_minus_1 1 -1 "Flatten-1): axis -1 is outside the range [0, 2] for an input of rank 2; negative axes are allowed from Flatten-11 on"
flatten_case shape_flatten11_axis_int64_min 11 -9223372036854775808 "Flatten-11): axis -9223372036854775808 is outside the range [-2, 2] for an input of rank 2"

echo "== data"
# data_case NAME "expected text" TENSOR_FIELDS: the initializer x of a Flatten-25 node holds TENSOR_FIELDS.
data_case() {
  model "$1" 10 25 "$flatten_node initializer { name: \"x\" $3 } $y_out"
  expect_both "$1" "model.onnx: initializer 'x': tensor 'x': $2"
}
data_case data_raw_too_few "float[2, 6] needs 48 bytes in raw_data, found 8" 'data_type: 1 dims: 2 dims: 6 raw_data: "abcdefgh"'
data_case data_raw_too_many "float[2] needs 8 bytes in raw_data, found 9" 'data_type: 1 dims: 2 raw_data: "abcdefghi"'
data_case data_raw_empty "float[2] needs 8 bytes in raw_data, found 0" 'data_type: 1 dims: 2 raw_data: ""'
data_case data_float_data_too_few "float[2, 6] needs 12 values in float_data, found 3" 'data_type: 1 dims: 2 dims: 6 float_data: [1, 2, 3]'
data_case data_float_data_too_many "float[2] needs 2 values in float_data, found 3" 'data_type: 1 dims: 2 float_data: [1, 2, 3]'
data_case data_int64_data_too_few "int64[3] needs 3 values in int64_data, found 1" 'data_type: 7 dims: 3 int64_data: [1]'
data_case data_int32_data_too_many "int8[1] needs 1 values in int32_data, found 2" 'data_type: 3 dims: 1 int32_data: [1, 2]'
data_case data_complex_odd_count "complex64[2] needs 4 values (real, imaginary pairs) in float_data, found 3" 'data_type: 14 dims: 2 float_data: [1, 2, 3]'
data_case data_string_data_too_few "string[3] needs 3 values in string_data, found 2" 'data_type: 8 dims: 3 string_data: ["a", "b"]'
data_case data_no_data "float[2, 6] has no data (it needs 12 elements)" 'data_type: 1 dims: 2 dims: 6'
data_case data_strings_for_float "string_data holds strings but the element type is float" 'data_type: 1 dims: 1 string_data: ["1.5"]'
data_case data_raw_for_string "string tensors cannot use raw_data; strings are stored in string_data" 'data_type: 8 dims: 1 raw_data: "abc"'
data_case data_float_data_for_string "float_data cannot hold string elements (string uses string_data)" 'data_type: 8 dims: 1 float_data: [1]'
data_case data_int64_data_for_float "int64_data cannot hold float elements (float uses float_data or raw_data)" 'data_type: 1 dims: 1 int64_data: [1]'
data_case data_two_sources "has both raw_data and float_data; exactly one data source may be used" 'data_type: 1 dims: 1 raw_data: "abcd" float_data: [1]'
data_case data_int32_out_of_range "int32_data[1] = 300 does not fit int8 (-128 to 127)" 'data_type: 3 dims: 2 int32_data: [1, 300]'
data_case data_bool_byte_2 "raw_data byte 1 is 2; a bool is 0 or 1" 'data_type: 9 dims: 2 raw_data: "\001\002"'
data_case data_int4_raw_short "int4[5] needs 3 bytes in raw_data, found 2" 'data_type: 22 dims: 5 raw_data: "\021\021"'
data_case data_uint4_raw_long "uint4[4] needs 2 bytes in raw_data, found 3" 'data_type: 21 dims: 4 raw_data: "\021\021\021"'
data_case data_int4_int32_unpacked "int4[5] needs 3 packed bytes in int32_data, found 5" 'data_type: 22 dims: 5 int32_data: [1, 1, 1, 1, 1]'
data_case data_uint4_int32_short "uint4[4] needs 2 packed bytes in int32_data, found 1" 'data_type: 21 dims: 4 int32_data: [17]'
data_case data_int2_raw_long "int2[5] needs 2 bytes in raw_data, found 3" 'data_type: 26 dims: 5 raw_data: "\001\001\001"'
data_case data_uint2_raw_short "uint2[6] needs 2 bytes in raw_data, found 1" 'data_type: 25 dims: 6 raw_data: "\001"'
data_case data_int2_int32_unpacked "int2[6] needs 2 packed bytes in int32_data, found 6" 'data_type: 26 dims: 6 int32_data: [1, 1, 1, 1, 1, 1]'
data_case data_uint2_int32_long "uint2[4] needs 1 packed bytes in int32_data, found 2" 'data_type: 25 dims: 4 int32_data: [0, 0]'
data_case data_int4_high_bits "the unused high bits of the last byte of raw_data are not zero (0x11; int4[5] uses only its low 4 bits)" 'data_type: 22 dims: 5 raw_data: "\021\021\021"'
data_case data_int4_packed_byte_range "int32_data[0] = 256 is not a packed byte of int4 elements (-128 to 255)" 'data_type: 22 dims: 2 int32_data: [256]'
data_case data_uint32_in_uint64_data "uint64_data[0] = 4294967296 does not fit uint32 (0 to 4294967295)" 'data_type: 12 dims: 1 uint64_data: [4294967296]'
# The same rules for a tensor read from an input file.
model data_input_pb_raw_long 8 14 "$reshape_node $(shape_init 3 4) $x_float_2x6 $y_out"
input data_input_pb_raw_long 'name: "x" data_type: 1 dims: 2 dims: 6 raw_data: "0123456789abcdef0123456789abcdef0123456789abcdefXYZ"'
expect_both data_input_pb_raw_long "input_0.pb: tensor 'x': float[2, 6] needs 48 bytes in raw_data, found 51"
model data_input_pb_strings_for_float 8 14 "$reshape_node $(shape_init 3 4) $x_float_2x6 $y_out"
input data_input_pb_strings_for_float 'name: "x" data_type: 1 dims: 2 dims: 6 string_data: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]'
expect_both data_input_pb_strings_for_float "input_0.pb: tensor 'x': string_data holds strings but the element type is float"

echo "== external data"
# A FIFO and a regular file outside every case folder: a refused location must never be opened.
outside=$work/outside
mkfifo "$outside/fifo"
printf '0123456789abcdef0123456789abcdef0123456789abcdef' > "$outside/secret.bin"
kv() { printf 'external_data { key: "%s" value: "%s" } ' "$1" "$2"; }
# ext_model NAME ENTRIES: the initializer x (float[2, 6], 48 bytes) of a Flatten-13 node is external
# data described by ENTRIES; the case folder holds the 48-byte data.bin.
ext_model() {
  model "$1" 8 13 "$flatten_node initializer { name: \"x\" data_type: 1 dims: 2 dims: 6 data_location: EXTERNAL $2 } $y_out"
  printf '0123456789abcdef0123456789abcdef0123456789abcdef' > "$cases/$1/data.bin"
}
# ext_check NAME "expected text": both commands refuse the external data of case NAME.
ext_check() { expect_both "$1" "model.onnx: initializer 'x': tensor 'x': external data $2"; }
# ext_case NAME "expected text" ENTRIES
ext_case() { ext_model "$1" "$3"; ext_check "$1" "$2"; }
# The control: with a valid location the model runs (then the folder leaves the case tree).
ext_model ext_control "$(kv location data.bin)$(kv offset 0)$(kv length 48)"
rm -rf "$work/run/ext_control" && mv "$cases/ext_control" "$work/run/"
if "$onnx_ref" run "$work/run/ext_control/model.onnx" | grep -q '"shape": \[2, 6\]'; then pass "control external data"
else fail "control external data" "the model with valid external data does not run"; fi
ext_case ext_absolute_fifo "'$outside/fifo' is an absolute path; it must be relative to the folder" "$(kv location "$outside/fifo")"
ext_case ext_absolute_file "'$outside/secret.bin' is an absolute path" "$(kv location "$outside/secret.bin")"
ext_case ext_dotdot_fifo "'../../outside/fifo' has a '..' component; it must stay inside the folder" "$(kv location ../../outside/fifo)"
ext_case ext_dotdot_inside "'sub/../data.bin' has a '..' component" "$(kv location sub/../data.bin)"
ext_model ext_symlink_to_outside_fifo "$(kv location link)"
ln -s "$outside/fifo" "$cases/ext_symlink_to_outside_fifo/link"
ext_check ext_symlink_to_outside_fifo "'link' is a symbolic link; symbolic links are refused"
ext_model ext_symlink_to_outside_file "$(kv location link.bin)"
ln -s "$outside/secret.bin" "$cases/ext_symlink_to_outside_file/link.bin"
ext_check ext_symlink_to_outside_file "'link.bin' is a symbolic link; symbolic links are refused"
ext_model ext_symlinked_folder "$(kv location sub/fifo)"
ln -s "$outside" "$cases/ext_symlinked_folder/sub"
ext_check ext_symlinked_folder "'sub/fifo' resolves to '$outside/fifo', outside the folder"
ext_model ext_fifo_inside "$(kv location pipe)"
mkfifo "$cases/ext_fifo_inside/pipe"
ext_check ext_fifo_inside "'pipe' is not a regular file"
ext_model ext_hard_link "$(kv location linked.bin)"
ln "$outside/secret.bin" "$cases/ext_hard_link/linked.bin"
ext_check ext_hard_link "'linked.bin' has 2 hard links; files with more than one are refused"
ext_case ext_missing_file "'nope.bin' does not exist in the folder" "$(kv location nope.bin)"
ext_case ext_empty_location "location is empty" "$(kv location '')"
# Offsets and lengths: decimal digits only. Each name says what the value is.
bad_counts=(abc letters -1 negative 0x10 hex +4 plus_sign " 4" leading_space "4 " trailing_space 1e3 exponent
            18446744073709551616 beyond_2_64)
for ((k = 0; k < ${#bad_counts[@]}; k += 2)); do
  v=${bad_counts[k]}
  ext_case "ext_offset_${bad_counts[k + 1]}" \
    "'data.bin': offset '$v' is not a plain decimal number (digits only, no sign, no spaces, at most 2^64 - 1)" \
    "$(kv location data.bin)$(kv offset "$v")"
  ext_case "ext_length_${bad_counts[k + 1]}" "'data.bin': length '$v' is not a plain decimal number" \
    "$(kv location data.bin)$(kv length "$v")"
done
ext_case ext_offset_past_end "'data.bin' at offset 100: the offset is past the end of the file (the file has 48 bytes)" \
  "$(kv location data.bin)$(kv offset 100)"
ext_case ext_length_past_end "'data.bin' at offset 8: length 48 from the offset passes the end of the file (the file has 48 bytes)" \
  "$(kv location data.bin)$(kv offset 8)$(kv length 48)"
ext_case ext_offset_max "'data.bin' at offset 18446744073709551615: the offset is past the end of the file (the file has 48 bytes)" \
  "$(kv location data.bin)$(kv offset 18446744073709551615)"
ext_case ext_length_mismatch "'data.bin' at offset 0: length 16 does not match the 48 bytes float[2, 6] needs" \
  "$(kv location data.bin)$(kv length 16)"
ext_case ext_rest_of_file_mismatch "'data.bin' at offset 4: the 44 bytes from the offset to the end of the file do not match the 48 bytes float[2, 6] needs" \
  "$(kv location data.bin)$(kv offset 4)"
ext_case ext_no_location "has no 'location' entry" "$(kv offset 0)"
ext_case ext_unknown_key "has an unknown key 'path' (known keys: location, offset, length, checksum)" "$(kv location data.bin)$(kv path x)"
ext_case ext_key_twice "key 'location' is given twice" "$(kv location data.bin)$(kv location data.bin)"
# A FIFO inside the folder with a wrong length too: refused from its metadata, never opened.
ext_model ext_length_mismatch_fifo "$(kv location pipe)$(kv length 16)"
mkfifo "$cases/ext_length_mismatch_fifo/pipe"
ext_check ext_length_mismatch_fifo "'pipe' is not a regular file"
model ext_entries_without_external 8 13 "$flatten_node initializer { name: \"x\" data_type: 1 dims: 2 dims: 6 $floats12 $(kv location data.bin) } $y_out"
expect_both ext_entries_without_external "model.onnx: initializer 'x': tensor 'x': has external_data entries but data_location is not EXTERNAL"
# An input file's external data is read relative to the input file's folder, under the same rules.
model ext_input_pb_dotdot_fifo 8 14 "$reshape_node $(shape_init 3 4) $x_float_2x6 $y_out"
input ext_input_pb_dotdot_fifo "name: \"x\" data_type: 1 dims: 2 dims: 6 data_location: EXTERNAL $(kv location ../../../outside/fifo)"
expect_both ext_input_pb_dotdot_fifo "input_0.pb: tensor 'x': external data '../../../outside/fifo' has a '..' component"
model ext_input_pb_absolute_fifo 8 14 "$reshape_node $(shape_init 3 4) $x_float_2x6 $y_out"
input ext_input_pb_absolute_fifo "name: \"x\" data_type: 1 dims: 2 dims: 6 data_location: EXTERNAL $(kv location "$outside/fifo")"
expect_both ext_input_pb_absolute_fifo "input_0.pb: tensor 'x': external data '$outside/fifo' is an absolute path"

echo "== resources"
# Absurd declared sizes are refused from the declaration, before anything is allocated: fast (the
# timeout) and small (peak RSS under 200 MB where /usr/bin/time exists).
rss_limit_kb=204800
[ -x /usr/bin/time ] || echo "note: /usr/bin/time is missing (apt-get install time): peak RSS is not checked"
huge='dims: 1000000 dims: 1000000 dims: 1000000'
huge_text='[1000000, 1000000, 1000000]'
data_case res_initializer_no_data "float$huge_text has no data (it needs 1000000000000000000 elements)" "data_type: 1 $huge"
data_case res_initializer_raw_data "float$huge_text needs 4000000000000000000 bytes in raw_data, found 4" "data_type: 1 $huge raw_data: \"abcd\""
data_case res_initializer_float_data "float$huge_text needs 1000000000000000000 values in float_data, found 1" "data_type: 1 $huge float_data: [1]"
data_case res_initializer_int32_data "int8$huge_text needs 1000000000000000000 values in int32_data, found 1" "data_type: 3 $huge int32_data: [1]"
data_case res_initializer_strings "string$huge_text needs 1000000000000000000 values in string_data, found 1" "data_type: 8 $huge string_data: [\"a\"]"
data_case res_initializer_int4 "int4$huge_text needs 500000000000000000 bytes in raw_data, found 1" "data_type: 22 $huge raw_data: \"a\""
data_case res_initializer_complex128_bytes "complex128[1000000000000, 1000000] needs more bytes than memory can address" \
  "data_type: 15 dims: 1000000000000 dims: 1000000 raw_data: \"a\""
model res_external_data 8 13 "$flatten_node initializer { name: \"x\" data_type: 1 $huge data_location: EXTERNAL $(kv location data.bin) } $y_out"
printf '0123456789abcdef0123456789abcdef0123456789abcdef' > "$cases/res_external_data/data.bin"
expect_both res_external_data "initializer 'x': tensor 'x': external data 'data.bin' at offset 0: the 48 bytes from the offset to the end of the file do not match the 4000000000000000000 bytes float$huge_text needs"
model res_input_pb 8 14 "$reshape_node $(shape_init 3 4) $x_float_2x6 $y_out"
input res_input_pb "name: \"x\" data_type: 1 $huge"
expect_both res_input_pb "input_0.pb: tensor 'x': float$huge_text has no data (it needs 1000000000000000000 elements)"
printf '{"x": {"dtype": "float", "shape": %s, "data": []}}\n' "$huge_text" > "$j/huge.json"
expect_run_error "run  res_json_shape" "huge.json: input 'x': data has 0 values where the shape $huge_text needs 1000000000000000000" "$good" "$j/huge.json"
printf '{"x": {"dtype": "float", "shape": %s, "data": [[[1]]]}}\n' "$huge_text" > "$j/huge_nested.json"
expect_run_error "run  res_json_shape_nested" "huge_nested.json: input 'x': data has 1 entries where the shape $huge_text needs 1000000" "$good" "$j/huge_nested.json"
npy "$j/huge.npy" "{'descr': '<f4', 'fortran_order': False, 'shape': (1000000, 1000000, 1000000), }" 48
npy_case huge "huge.npy: the data is truncated: '<f4' (1000000, 1000000, 1000000) needs 4000000000000000000 bytes, 48 follow the header"
# make-test --random-inputs makes tensors of the declared size: a declaration too large for this
# machine is refused before allocating.
random_case() {  # random_case NAME CODE "expected text" [--dim ...]
  local name=$1 code=$2 want=$3; shift 3
  encode ModelProto "$work/run/$name.onnx" <<EOF
ir_version: 10
opset_import { domain: "" version: 25 }
graph { name: "g" $flatten_node input { name: "x" type { tensor_type { elem_type: $code shape { dim { dim_value: 1048576 } dim { dim_param: "N" } } } } } $y_out }
EOF
  expect_cli_error "make-test $name" "$want" make-test --random-inputs "$@" "$work/run/$name.onnx" "$work/run/$name.out"
  [ ! -e "$work/run/$name.out" ] || fail "make-test $name" "the output folder was created for a refused input"
}
random_case res_random_float 1 "res_random_float.onnx: input 'x': float[1048576, 1048576] needs 4398046511104 bytes, more than this machine's" --dim N=1048576
random_case res_random_int4 22 "res_random_int4.onnx: input 'x': int4[1048576, 1048576] needs 549755813888 bytes, more than this machine's" --dim N=1048576
random_case res_random_string 8 "res_random_string.onnx: input 'x': string[1048576, 1048576] needs 35184372088832 bytes, more than this machine's" --dim N=1048576
# 2^20 x 2^42 floats are 2^64 bytes: a byte count that wraps around to 0.
random_case res_random_bytes_wrap 1 "input 'x': float[1048576, 4398046511104] needs more bytes than memory can address" --dim N=4398046511104
random_case res_random_overflow 1 "input 'x': shape [1048576, 9223372036854775807] has an element count that overflows int64" --dim N=9223372036854775807
random_case res_random_no_dim 1 "res_random_no_dim.onnx: input 'x' dimension 1 is 'N'; fix it with --dim NAME=VALUE"
# The declaration of the issue: a fixed [1000000, 1000000] float input.
encode ModelProto "$work/run/res_random_1e6.onnx" <<EOF
ir_version: 10
opset_import { domain: "" version: 25 }
graph { name: "g" $flatten_node $(declared x 1 1000000 1000000) $y_out }
EOF
expect_cli_error "make-test res_random_1e6" "res_random_1e6.onnx: input 'x': float[1000000, 1000000] needs 4000000000000 bytes, more than this machine's" \
  make-test --random-inputs "$work/run/res_random_1e6.onnx" "$work/run/res_random_1e6.out"
rss_limit_kb=""

echo "== the test harness and the command line"
# What only `onnx-ref test` reads: the layout of a test folder and the expected outputs.
new_case harness_no_data_set && rmdir "$cases/harness_no_data_set/test_data_set_0" && cp "$good" "$cases/harness_no_data_set/model.onnx"
expect_test_failure "test harness_no_data_set" "harness_no_data_set: no test_data_set_N folder" "$cases/harness_no_data_set"
for c in output_not_protobuf output_wrong_values output_wrong_type output_missing; do
  new_case "harness_$c"; cp "$good" "$cases/harness_$c/model.onnx"; cp "$work/good_x.pb" "$cases/harness_$c/test_data_set_0/input_0.pb"
done
printf 'garbage' > "$cases/harness_output_not_protobuf/test_data_set_0/output_0.pb"
expect_test_failure "test harness_output_not_protobuf" "output_0.pb: not a TensorProto" "$cases/harness_output_not_protobuf"
tensor "$cases/harness_output_wrong_values/test_data_set_0/output_0.pb" <<< "name: \"y\" data_type: 1 dims: 3 dims: 4 float_data: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 99]"
expect_test_failure "test harness_output_wrong_values" "test_data_set_0: output 'y'" "$cases/harness_output_wrong_values"
tensor "$cases/harness_output_wrong_type/test_data_set_0/output_0.pb" <<< "name: \"y\" data_type: 11 dims: 3 dims: 4 double_data: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]"
expect_test_failure "test harness_output_wrong_type" "test_data_set_0: output 'y'" "$cases/harness_output_wrong_type"
expect_test_failure "test harness_output_missing" "test_data_set_0: the model has 1 output(s), the test expects 0" "$cases/harness_output_missing"
expect_cli_error "test harness_no_such_path" "$work/no-such-folder: no such folder" test "$work/no-such-folder"
expect_cli_error "test harness_bad_filter" "--filter '(' is not a valid regular expression" test --filter '(' "$work/good"
printf 'maybe  test_x  why\n' > "$work/run/bad.expect"
expect_cli_error "test harness_bad_manifest" "bad.expect:1" test --expect "$work/run/bad.expect" "$work/good"
# Command-line options of `run`.
: > "$work/run/a-file"
expect_run_error "run  output_dir_is_a_file" "a-file: cannot create the folder" --output-dir "$work/run/a-file" "$good" "$work/good/test_data_set_0"
expect_run_error "run  too_many_elements_for_json" "output 'y' brings the outputs to more than 5 elements, too many to print as JSON" \
  --max-json-elements 5 "$good" "$work/good/test_data_set_0"
# Usage errors are one line and exit 1 like every other error; --help and --version exit 0.
expect_cli_error "cli  unknown_option" "The following argument was not expected: --bogus (see onnx-ref run --help)" run --bogus "$good"
expect_cli_error "cli  missing_model" "model is required (see onnx-ref run --help)" run
expect_cli_error "cli  no_subcommand" "A subcommand is required (see onnx-ref --help)"
expect_cli_error "cli  bad_option_value" "--threads" run --threads many "$good"
for help in "--help" "--version" "run --help"; do
  # shellcheck disable=SC2086
  if "$onnx_ref" $help > /dev/null 2>&1; then pass "cli  $help exits 0"; else fail "cli  $help" "exit code $?"; fi
done
# Options of the whole program may follow the subcommand.
expect_cli_error "cli  max_tensor_mib_after_subcommand" "needs 4194304 bytes, more than the limit of 1048576 bytes" \
  make-test --random-inputs --max-tensor-mib 1 --dim N=1 "$work/run/res_random_float.onnx" "$work/run/limit.out"
expect_cli_error "make-test into_a_file" "a-file' exists and is not a folder" make-test "$good" "$work/good_set" "$work/run/a-file"
mkdir -p "$work/run/empty-folder"
expect_run_error "run  inputs_folder_empty" "empty-folder: holds no input_0.pb" "$good" "$work/run/empty-folder"
json_case duplicate_key "duplicate_key.json: the key 'x' appears twice in one object" '{"x": [1], "x": [2]}'
json_case nested_duplicate_key "nested_duplicate_key.json: the key 'shape' appears twice in one object" '{"x": {"shape": [12], "shape": [2, 6], "data": [1]}}'
json_case beyond_float "beyond_float.json: input 'x' [11]: 3.5e+38 is beyond the range of float (write \"inf\" or \"-inf\" for an infinity)" \
  '{"x": {"shape": [2, 6], "data": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 3.5e38]}}'
json_case beyond_float_integer "input 'x' [0]: 3.402823669209385e+38 is beyond the range of float" \
  '{"x": {"shape": [2, 6], "data": [340282366920938463463374607431768211455, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]}}'
# Python's json.dump writes NaN and Infinity bare: they read as "nan" and "inf".
printf '{"x": {"shape": [2, 6], "data": [NaN, Infinity, -Infinity, 3, 4, 5, 6, 7, 8, 9, 10, "NaN is text here"]}}\n' > "$j/python_nonfinite.json"
expect_run_error "run  file_json_python_nonfinite_in_strings_stay_text" "python_nonfinite.json: input 'x' [11]: \"NaN is text here\" is not a number" \
  "$good" "$j/python_nonfinite.json"
printf '{"x": {"shape": [2, 6], "data": [NaN, Infinity, -Infinity, 3, 4, 5, 6, 7, 8, 9, 10, 11]}}\n' > "$j/python_nonfinite.json"
if "$onnx_ref" run "$good" "$j/python_nonfinite.json" 2>&1 | grep -qF '"data": ["nan", "inf", "-inf", 3.0'; then
  pass "run  file_json_python_nonfinite"
else
  fail "run  file_json_python_nonfinite" "$("$onnx_ref" run "$good" "$j/python_nonfinite.json" 2>&1 | head -c 300)"
fi
expect_cli_error "test harness_negative_rtol" "--rtol -1 is not a finite number >= 0" test --rtol -1 "$work/good"
expect_cli_error "test harness_nan_atol" "--atol nan is not a finite number >= 0" test --atol nan "$work/good"
expect_cli_error "test harness_filter_matches_nothing" "--filter 'no_such_test' matches none of the 1 tests found below the given paths" \
  test --filter no_such_test "$work/good"
# A model other than the one the folder holds (made here, outside the case folders).
encode ModelProto "$work/other/model.onnx" <<EOF
ir_version: 8
opset_import { domain: "" version: 14 }
graph { name: "other" $flatten_node $x_float_2x6 $y_out }
EOF
expect_cli_error "make-test different_model_in_folder" "model.onnx holds a different model" make-test "$work/other/model.onnx" "$work/good_set" "$work/good"
