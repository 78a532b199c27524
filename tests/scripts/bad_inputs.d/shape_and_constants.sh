# Bad inputs of Identity, Shape, Size, Squeeze, Unsqueeze, Constant, ConstantOfShape and EyeLike.
# Sourced by tests/scripts/bad_inputs.sh, whose generators (model, expect_both, ...) it uses.

# i64_init NAME V...: a 1-D int64 initializer.
i64_init() { local name=$1 IFS=,; shift; echo "initializer { name: \"$name\" data_type: 7 dims: $# int64_data: [$*] }"; }
x_1x1='initializer { name: "x" data_type: 1 dims: 1 dims: 1 float_data: [5] }'
x_6='initializer { name: "x" data_type: 1 dims: 6 float_data: [0, 1, 2, 3, 4, 5] }'
# node_case NAME IR OPSET NODE_TEXT OTHER_GRAPH_TEXT "expected text": one node named 'n'.
node_case() {
  model "$1" "$2" "$3" "node { name: \"n\" $4 } $5 $y_out"
  expect_both "$1" "$6"
}

# Squeeze: the dimension must be 1; axes in range, once each; non-negative before 11.
sq='op_type: "Squeeze" input: "x" input: "axes" output: "y"'
node_case squeeze_dim_not_one 8 13 "$sq" "$x_init_2x6 $(i64_init axes 1)" \
  "node 'n' (#0, Squeeze-13): cannot squeeze axis 1 (axes[0] = 1) of shape [2, 6]: its size is 6, not 1"
node_case squeeze_axis_int64_min 8 13 "$sq" "$x_init_2x6 $(i64_init axes -9223372036854775808)" \
  "node 'n' (#0, Squeeze-13): axes[0] = -9223372036854775808 is out of range for the input rank 2 (valid: -2 to 1)"
node_case squeeze_axis_int64_max 10 21 "$sq" "$x_1x1 $(i64_init axes 9223372036854775807)" \
  "node 'n' (#0, Squeeze-21): axes[0] = 9223372036854775807 is out of range for the input rank 2 (valid: -2 to 1)"
node_case squeeze_axis_twice 8 13 "$sq" "$x_1x1 $(i64_init axes 0 -2)" \
  "node 'n' (#0, Squeeze-13): axes[1] = -2 names axis 0 again (axes[0] = 0); each axis may appear once"
node_case squeeze_axes_not_1d 8 13 "$sq" "$x_1x1 initializer { name: \"axes\" data_type: 7 dims: 1 dims: 1 int64_data: [0] }" \
  "node 'n' (#0, Squeeze-13): the axes input must be 1-D, but it is int64[1, 1]"
node_case squeeze1_negative_axis 3 1 'op_type: "Squeeze" input: "x" output: "y" attribute { name: "axes" ints: [-1] type: INTS }' "$x_1x1" \
  "node 'n' (#0, Squeeze-1): axes[0] = -1 is out of range for the input rank 2 (valid: 0 to 1) (negative axes are allowed from version 11 on)"

# Unsqueeze: axes refer to the output rank.
unsq='op_type: "Unsqueeze" input: "x" input: "axes" output: "y"'
node_case unsqueeze_axis_past_output_rank 8 13 "$unsq" "$x_init_2x6 $(i64_init axes 3)" \
  "node 'n' (#0, Unsqueeze-13): axes[0] = 3 is out of range for the output rank 3 (valid: -3 to 2)"
node_case unsqueeze_axis_int64_min 13 25 "$unsq" "$x_6 $(i64_init axes -9223372036854775808)" \
  "node 'n' (#0, Unsqueeze-25): axes[0] = -9223372036854775808 is out of range for the output rank 2 (valid: -2 to 1)"
node_case unsqueeze_axis_twice 8 13 "$unsq" "$x_6 $(i64_init axes 2 -1)" \
  "node 'n' (#0, Unsqueeze-13): axes[1] = -1 names axis 2 again (axes[0] = 2); each axis may appear once"
node_case unsqueeze1_no_axes 3 1 'op_type: "Unsqueeze" input: "x" output: "y"' "$x_6" \
  "node 'n' (#0, Unsqueeze-1): required attribute 'axes' is not set"
node_case unsqueeze13_axes_missing 8 13 'op_type: "Unsqueeze" input: "x" output: "y"' "$x_6" \
  "node 'n' (#0, Unsqueeze-13): required input 1 ('axes') is missing"

# Shape: start/end only from 15. Size: int2 only from 25. Identity: sequences only from 14.
node_case shape13_start_attribute 7 13 'op_type: "Shape" input: "x" output: "y" attribute { name: "start" i: 1 type: INT }' "$x_6" \
  "node 'n' (#0, Shape-13): attribute 'start' is not an attribute of Shape-13 (it has: none)"
node_case size24_int2 12 24 'op_type: "Size" input: "x" output: "y"' 'initializer { name: "x" data_type: 26 dims: 3 raw_data: "\x01" }' \
  "node 'n' (#0, Size-24): input 0 ('data') is tensor(int2), which Size-24 does not allow for T"
model identity13_sequence 8 13 "node { name: \"n\" op_type: \"Identity\" input: \"x\" output: \"y\" } input { name: \"x\" type { sequence_type { elem_type { tensor_type { elem_type: 1 } } } } } $y_out"
expect_run_error "run  identity13_sequence" "node 'n' (#0, Identity-13): input 0 ('input') is seq(tensor(float)), which Identity-13 does not allow for T" "$cases/identity13_sequence/model.onnx"
expect_test_failure "test identity13_sequence" "input 0 ('input') is seq(tensor(float)), which Identity-13 does not allow for T" "$cases/identity13_sequence"

# Constant: exactly one value attribute, of a type the version allows, each attribute of its type.
const='op_type: "Constant" output: "y"'
node_case constant12_no_value 7 12 "$const" "" \
  "node 'n' (#0, Constant-12): exactly one of the attributes sparse_value, value, value_float, value_floats, value_int, value_ints, value_string, value_strings must be set, but none is"
node_case constant13_two_values 7 13 "$const attribute { name: \"value_int\" i: 1 type: INT } attribute { name: \"value_float\" f: 1 type: FLOAT }" "" \
  "node 'n' (#0, Constant-13): exactly one of the attributes sparse_value, value, value_float, value_floats, value_int, value_ints, value_string, value_strings must be set, but 2 are: value_float, value_int"
node_case constant1_int32_value 3 1 "$const attribute { name: \"value\" t { data_type: 6 dims: 1 int32_data: [1] } type: TENSOR }" "" \
  "node 'n' (#0, Constant-1): output 0 ('output') would be tensor(int32), which Constant-1 does not allow for T"
node_case constant13_float8_value 7 13 "$const attribute { name: \"value\" t { data_type: 17 dims: 1 raw_data: \"\\x38\" } type: TENSOR }" "" \
  "node 'n' (#0, Constant-13): output 0 ('output') would be tensor(float8e4m3fn), which Constant-13 does not allow for T"
node_case constant12_value_int_as_float 7 12 "$const attribute { name: \"value_int\" f: 1 type: FLOAT }" "" \
  "node 'n' (#0, Constant-12): attribute 'value_int' must be of type int, got float"
node_case constant11_sparse_index_out_of_range 6 11 "$const attribute { name: \"sparse_value\" type: SPARSE_TENSOR sparse_tensor { values { data_type: 1 dims: 1 float_data: [1] } indices { data_type: 7 dims: 1 int64_data: [6] } dims: 2 dims: 3 } }" "" \
  "node 'n' (#0, Constant-11): attribute 'sparse_value': sparse index 0 = 6 is out of range for 6 elements"
node_case constant11_sparse_index_int64_min 6 11 "$const attribute { name: \"sparse_value\" type: SPARSE_TENSOR sparse_tensor { values { data_type: 1 dims: 1 float_data: [1] } indices { data_type: 7 dims: 1 int64_data: [-9223372036854775808] } dims: 2 dims: 3 } }" "" \
  "node 'n' (#0, Constant-11): attribute 'sparse_value': sparse index 0 = -9223372036854775808 is out of range for 6 elements"
node_case constant9_sparse_value 4 9 "$const attribute { name: \"sparse_value\" type: SPARSE_TENSOR sparse_tensor { values { data_type: 1 dims: 1 float_data: [1] } indices { data_type: 7 dims: 1 int64_data: [0] } dims: 1 } }" "" \
  "node 'n' (#0, Constant-9): attribute 'sparse_value' is not an attribute of Constant-9 (it has: value)"

# ConstantOfShape: non-negative dimensions, no overflow, a one-element value of an allowed type.
cos='op_type: "ConstantOfShape" input: "s" output: "y"'
node_case cos_negative_dim 4 9 "$cos" "$(i64_init s 2 -1)" \
  "node 'n' (#0, ConstantOfShape-9): shape[1] = -1 is negative; dimensions must be non-negative"
node_case cos_int64_min 4 9 "$cos" "$(i64_init s -9223372036854775808)" \
  "node 'n' (#0, ConstantOfShape-9): shape[0] = -9223372036854775808 is negative; dimensions must be non-negative"
node_case cos_overflow 4 9 "$cos" "$(i64_init s 4294967296 4294967296 4)" \
  "node 'n' (#0, ConstantOfShape-9): the product of shape [4294967296, 4294967296, 4] overflows int64"
node_case cos_value_two_elements 4 9 "$cos attribute { name: \"value\" t { data_type: 1 dims: 2 float_data: [1, 2] } type: TENSOR }" "$(i64_init s 2)" \
  "node 'n' (#0, ConstantOfShape-9): attribute 'value' must hold exactly one element, but it is float[2]"
node_case cos9_bfloat16_value 4 9 "$cos attribute { name: \"value\" t { data_type: 16 dims: 1 raw_data: \"\\x80\\x3f\" } type: TENSOR }" "$(i64_init s 2)" \
  "node 'n' (#0, ConstantOfShape-9): output 0 ('output') would be tensor(bfloat16), which ConstantOfShape-9 does not allow for T2"
node_case cos_shape_not_1d 4 9 "$cos" 'initializer { name: "s" data_type: 7 int64_data: [3] }' \
  "node 'n' (#0, ConstantOfShape-9): the shape input must be 1-D, but it is int64[]"
# Terabytes are refused before any allocation: fast and small.
rss_limit_kb=204800
node_case cos_terabytes 4 9 "$cos" "$(i64_init s 1000000 1000000 1000000)" \
  "node 'n' (#0, ConstantOfShape-9): float[1000000, 1000000, 1000000] needs 4000000000000000000 bytes"
rss_limit_kb=""

# EyeLike: a 2-D input, a defined dtype the version allows.
eye='op_type: "EyeLike" input: "x" output: "y"'
node_case eyelike_1d_input 4 9 "$eye" "$x_6" "node 'n' (#0, EyeLike-9): the input must be 2-D, but it is float[6]"
node_case eyelike_dtype_undefined 4 9 "$eye attribute { name: \"dtype\" i: 99 type: INT }" "$x_init_2x6" \
  "node 'n' (#0, EyeLike-9): attribute 'dtype' = 99 is not a defined element type"
node_case eyelike_dtype_int64_min 10 22 "$eye attribute { name: \"dtype\" i: -9223372036854775808 type: INT }" "$x_init_2x6" \
  "node 'n' (#0, EyeLike-22): attribute 'dtype' = -9223372036854775808 is not a defined element type"
node_case eyelike22_dtype_string 10 22 "$eye attribute { name: \"dtype\" i: 8 type: INT }" "$x_init_2x6" \
  "node 'n' (#0, EyeLike-22): output 0 ('output') would be tensor(string), which EyeLike-22 does not allow for T2"
node_case eyelike9_dtype_bfloat16 4 9 "$eye attribute { name: \"dtype\" i: 16 type: INT }" "$x_init_2x6" \
  "node 'n' (#0, EyeLike-9): output 0 ('output') would be tensor(bfloat16), which EyeLike-9 does not allow for T2"
