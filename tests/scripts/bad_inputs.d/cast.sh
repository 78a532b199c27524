# Cast and CastLike: `to` naming no type or a type the version does not allow, bad `saturate` and
# `round_mode`, complex types, and elements with no value in the target type (a string that is not a
# number, NaN or an out-of-range value to an integer type).

# cast_node TO_ATTRIBUTE_TEXT [MORE_ATTRIBUTES]: a Cast node x -> y.
cast_node() { echo "node { name: \"c\" op_type: \"Cast\" input: \"x\" output: \"y\" attribute { $1 } ${2:-} }"; }

model cast_to_not_a_type 8 13 "$(cast_node 'name: "to" type: INT i: 99') $(declared x 1 2) $y_out"
input cast_to_not_a_type 'name: "x" data_type: 1 dims: 2 float_data: [1, 2]'
expect_both cast_to_not_a_type "node 'c' (#0, Cast-13): attribute 'to' = 99 is not a TensorProto.DataType code (1 to 26)"

model cast_to_int64_min 8 13 "$(cast_node 'name: "to" type: INT i: -9223372036854775808') $(declared x 1 2) $y_out"
input cast_to_int64_min 'name: "x" data_type: 1 dims: 2 float_data: [1, 2]'
expect_both cast_to_int64_min "attribute 'to' = -9223372036854775808 is not a TensorProto.DataType code (1 to 26)"

model cast_to_not_in_version 8 13 "$(cast_node 'name: "to" type: INT i: 17') $(declared x 1 2) $y_out"
input cast_to_not_in_version 'name: "x" data_type: 1 dims: 2 float_data: [1, 2]'
expect_both cast_to_not_in_version "would be tensor(float8e4m3fn), which Cast-13 does not allow for T2"

model cast_to_complex 8 25 "$(cast_node 'name: "to" type: INT i: 14') $(declared x 1 2) $y_out"
input cast_to_complex 'name: "x" data_type: 1 dims: 2 float_data: [1, 2]'
expect_both cast_to_complex "would be tensor(complex64), which Cast-25 does not allow for T2"

model cast1_to_lower_case 3 1 "$(cast_node 'name: "to" type: STRING s: "float"') $(declared x 11 2) $y_out"
input cast1_to_lower_case 'name: "x" data_type: 11 dims: 2 double_data: [1, 2]'
expect_both cast1_to_lower_case "attribute 'to' = \"float\" is not a TensorProto.DataType name (FLOAT, INT64, FLOAT16, ...)"

model cast1_to_string 3 1 "$(cast_node 'name: "to" type: STRING s: "STRING"') $(declared x 11 2) $y_out"
input cast1_to_string 'name: "x" data_type: 11 dims: 2 double_data: [1, 2]'
expect_both cast1_to_string "would be tensor(string), which Cast-1 does not allow for T2"

model cast6_to_as_string 8 6 "$(cast_node 'name: "to" type: STRING s: "FLOAT"') $(declared x 11 2) $y_out"
input cast6_to_as_string 'name: "x" data_type: 11 dims: 2 double_data: [1, 2]'
expect_both cast6_to_as_string "attribute 'to' must be of type int, got string"

model cast_saturate_2 8 19 "$(cast_node 'name: "to" type: INT i: 17' 'attribute { name: "saturate" type: INT i: 2 }') $(declared x 1 2) $y_out"
input cast_saturate_2 'name: "x" data_type: 1 dims: 2 float_data: [1, 2]'
expect_both cast_saturate_2 "attribute 'saturate' must be 0 or 1, got 2"

model cast_round_mode_bad 10 24 "$(cast_node 'name: "to" type: INT i: 24' 'attribute { name: "round_mode" type: STRING s: "zero" }') $(declared x 1 2) $y_out"
input cast_round_mode_bad 'name: "x" data_type: 1 dims: 2 float_data: [1, 2]'
expect_both cast_round_mode_bad "attribute 'round_mode' must be \"up\", \"down\" or \"nearest\", got \"zero\""

model cast_complex_input 8 13 "$(cast_node 'name: "to" type: INT i: 1') $(declared x 14 1) $y_out"
input cast_complex_input 'name: "x" data_type: 14 dims: 1 float_data: [1, 2]'
expect_both cast_complex_input "input 0 ('input') is tensor(complex64)"

model cast_string_not_a_number 8 13 "$(cast_node 'name: "to" type: INT i: 1') $(declared x 8 3) $y_out"
input cast_string_not_a_number 'name: "x" data_type: 8 dims: 3 string_data: ["1.5", "-INF", "Hello World!"]'
expect_both cast_string_not_a_number "node 'c' (#0, Cast-13): element 2 is the string 'Hello World!', which is not a number"

model cast_string_beyond_uint64 8 13 "$(cast_node 'name: "to" type: INT i: 13') $(declared x 8 1) $y_out"
input cast_string_beyond_uint64 'name: "x" data_type: 8 dims: 1 string_data: ["18446744073709551616"]'
expect_both cast_string_beyond_uint64 "element 0 is the string '18446744073709551616', which has no uint64 value"

model cast_nan_to_int32 8 13 "$(cast_node 'name: "to" type: INT i: 6') $(declared x 1 2) $y_out"
input cast_nan_to_int32 'name: "x" data_type: 1 dims: 2 float_data: [1, nan]'
expect_both cast_nan_to_int32 "element 1 = NaN has no int32 value"

model cast_huge_to_int64 8 13 "$(cast_node 'name: "to" type: INT i: 7') $(declared x 11 1) $y_out"
input cast_huge_to_int64 'name: "x" data_type: 11 dims: 1 double_data: [1e300]'
expect_both cast_huge_to_int64 "element 0 = 1e+300 has no int64 value"

model castlike_complex_target 8 15 "node { name: \"c\" op_type: \"CastLike\" input: \"x\" input: \"like\" output: \"y\" } $(declared x 1 1) $(declared like 15 1) $y_out"
input castlike_complex_target 'name: "x" data_type: 1 dims: 1 float_data: [1]'
tensor "$cases/castlike_complex_target/test_data_set_0/input_1.pb" <<< 'name: "like" data_type: 15 dims: 1 double_data: [0, 0]'
expect_both castlike_complex_target "input 1 ('target_type') is tensor(complex128)"
