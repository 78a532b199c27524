# Bad inputs of the element-wise math operators (ops/math/): integer division by zero, broadcasting
# mismatches, misused legacy broadcasting (versions 1 and 6), types a version does not allow, and a
# broadcast output too large to allocate. Sourced by tests/scripts/bad_inputs.sh.

# math_init NAME CODE DIMS VALUES: an initializer (VALUES is the text of its data field).
math_init() { echo "initializer { name: \"$1\" data_type: $2 $3 $4 }"; }
math_binary() { echo "node { name: \"m\" op_type: \"$1\" input: \"x\" input: \"z\" output: \"y\" ${2:-} }"; }
math_attr() { echo "attribute { name: \"$1\" type: INT i: $2 }"; }

# Integer division by zero: an error naming the node and the flat output index.
model math_div_int32_by_zero 8 14 "$(math_binary Div) $(declared x 6 2 2) $(math_init z 6 'dims: 2' 'int32_data: [5, 0]') $y_out"
input math_div_int32_by_zero 'name: "x" data_type: 6 dims: 2 dims: 2 int32_data: [1, 2, 3, 4]'
expect_both math_div_int32_by_zero "node 'm' (#0, Div-14): integer division by zero at output index 1 (A is 2, B is 0)"
model math_div_uint64_scalar_zero 8 7 "$(math_binary Div) $(declared x 13 3) $(math_init z 13 '' 'uint64_data: [0]') $y_out"
input math_div_uint64_scalar_zero 'name: "x" data_type: 13 dims: 3 uint64_data: [18446744073709551615, 1, 2]'
expect_both math_div_uint64_scalar_zero "node 'm' (#0, Div-7): integer division by zero at output index 0 (A is 18446744073709551615, B is 0)"
model math_div6_int64_zero_last 8 6 "$(math_binary Div) $(declared x 7 2) $(math_init z 7 'dims: 2' 'int64_data: [-1, 0]') $y_out"
input math_div6_int64_zero_last 'name: "x" data_type: 7 dims: 2 int64_data: [-9223372036854775808, -9223372036854775808]'
expect_both math_div6_int64_zero_last "node 'm' (#0, Div-6): integer division by zero at output index 1 (A is -9223372036854775808, B is 0)"

# Multidirectional broadcasting mismatches name both shapes.
model math_add_broadcast_mismatch 8 14 "$(math_binary Add) $x_float_2x6 $(math_init z 1 'dims: 4' 'float_data: [1, 2, 3, 4]') $y_out"
input math_add_broadcast_mismatch "$good_x"
expect_both math_add_broadcast_mismatch "node 'm' (#0, Add-14): shapes [2, 6] and [4] cannot be broadcast (dimension 6 vs 4)"
model math_equal_broadcast_mismatch 8 19 "$(math_binary Equal) $x_float_2x6 $(math_init z 1 'dims: 3 dims: 1 dims: 4' "$floats12") $y_out"
input math_equal_broadcast_mismatch "$good_x"
expect_both math_equal_broadcast_mismatch "node 'm' (#0, Equal-19): shapes [2, 6] and [3, 1, 4] cannot be broadcast (dimension 6 vs 4)"
model math_max_third_input_mismatch 8 13 "node { name: \"m\" op_type: \"Max\" input: \"x\" input: \"x\" input: \"z\" output: \"y\" }
  $x_float_2x6 $(math_init z 1 'dims: 3' 'float_data: [1, 2, 3]') $y_out"
input math_max_third_input_mismatch "$good_x"
expect_both math_max_third_input_mismatch "node 'm' (#0, Max-13): shapes [2, 6] and [3] cannot be broadcast (dimension 6 vs 3)"
model math_min6_unequal_shapes 8 6 "node { name: \"m\" op_type: \"Min\" input: \"x\" input: \"z\" output: \"y\" }
  $x_float_2x6 $(math_init z 1 'dims: 6' 'float_data: [1, 2, 3, 4, 5, 6]') $y_out"
input math_min6_unequal_shapes "$good_x"
expect_both math_min6_unequal_shapes "node 'm' (#0, Min-6): input 1 has shape [6] but input 0 has [2, 6]; this version does not broadcast, the shapes must be equal"

# Legacy broadcasting misuse (versions 1 and 6).
model math_add6_without_broadcast 8 6 "$(math_binary Add) $x_float_2x6 $(math_init z 1 'dims: 6' 'float_data: [1, 2, 3, 4, 5, 6]') $y_out"
input math_add6_without_broadcast "$good_x"
expect_both math_add6_without_broadcast "node 'm' (#0, Add-6): shapes [2, 6] and [6] differ and attribute 'broadcast' is 0"
model math_sub6_broadcast_2 8 6 "$(math_binary Sub "$(math_attr broadcast 2)") $x_float_2x6 $(math_init z 1 'dims: 6' 'float_data: [1, 2, 3, 4, 5, 6]') $y_out"
input math_sub6_broadcast_2 "$good_x"
expect_both math_sub6_broadcast_2 "attribute 'broadcast' must be 0 or 1, got 2"
model math_mul1_axis_without_broadcast 8 1 "$(math_binary Mul "$(math_attr axis 0)") $x_float_2x6 $(math_init z 1 'dims: 2 dims: 6' "$floats12") $y_out"
input math_mul1_axis_without_broadcast "$good_x"
expect_both math_mul1_axis_without_broadcast "attribute 'axis' = 0 is set but 'broadcast' is 0; axis only applies with broadcast = 1"
model math_add6_axis_out_of_range 8 6 "$(math_binary Add "$(math_attr broadcast 1) $(math_attr axis 2)") $x_float_2x6 $(math_init z 1 'dims: 6' 'float_data: [1, 2, 3, 4, 5, 6]') $y_out"
input math_add6_axis_out_of_range "$good_x"
expect_both math_add6_axis_out_of_range "node 'm' (#0, Add-6): attribute 'axis' = 2 does not place B [6] inside A [2, 6] (valid: 0 to 1, or -2 to -1 counting from the back)"
model math_div6_axis_int64_min 8 6 "$(math_binary Div "$(math_attr broadcast 1) $(math_attr axis -9223372036854775808)") $x_float_2x6 $(math_init z 1 'dims: 2' 'float_data: [1, 2]') $y_out"
input math_div6_axis_int64_min "$good_x"
expect_both math_div6_axis_int64_min "attribute 'axis' = -9223372036854775808 does not place B [2] inside A [2, 6]"
model math_add6_axis_int64_max 8 6 "$(math_binary Add "$(math_attr broadcast 1) $(math_attr axis 9223372036854775807)") $x_float_2x6 $(math_init z 1 'dims: 2' 'float_data: [1, 2]') $y_out"
input math_add6_axis_int64_max "$good_x"
expect_both math_add6_axis_int64_max "attribute 'axis' = 9223372036854775807 does not place B [2] inside A [2, 6]"
model math_mul6_b_wrong_dims 8 6 "$(math_binary Mul "$(math_attr broadcast 1)") $x_float_2x6 $(math_init z 1 'dims: 2' 'float_data: [1, 2]') $y_out"
input math_mul6_b_wrong_dims "$good_x"
expect_both math_mul6_b_wrong_dims "node 'm' (#0, Mul-6): B [2] does not match A [2, 6] from axis 1 (dimension 6 vs 2)"
model math_add1_b_higher_rank 8 1 "$(math_binary Add "$(math_attr broadcast 1)") $x_float_2x6 $(math_init z 1 'dims: 1 dims: 2 dims: 6' "$floats12") $y_out"
input math_add1_b_higher_rank "$good_x"
expect_both math_add1_b_higher_rank "node 'm' (#0, Add-1): B [1, 2, 6] has a higher rank than A [2, 6]; legacy broadcasting (broadcast = 1) stretches B to A's shape only"
model math_less1_a_not_stretched 8 1 "$(math_binary Less "$(math_attr broadcast 1)") $(declared x 1 2 1) $(math_init z 1 'dims: 2 dims: 6' "$floats12") $y_out"
input math_less1_a_not_stretched 'name: "x" data_type: 1 dims: 2 dims: 1 float_data: [1, 2]'
expect_both math_less1_a_not_stretched "node 'm' (#0, Less-1): B [2, 6] does not match A [2, 1] from axis 0 (dimension 1 vs 6)"
model math_add7_legacy_attribute 8 7 "$(math_binary Add "$(math_attr broadcast 1)") $x_float_2x6 $(math_init z 1 'dims: 6' 'float_data: [1, 2, 3, 4, 5, 6]') $y_out"
input math_add7_legacy_attribute "$good_x"
expect_both math_add7_legacy_attribute "'broadcast' is not an attribute of Add-7"

# Types a version does not allow.
model math_add13_int8 8 13 "$(math_binary Add) $(declared x 3 2) $(math_init z 3 'dims: 2' 'int32_data: [1, 2]') $y_out"
input math_add13_int8 'name: "x" data_type: 3 dims: 2 int32_data: [1, 2]'
expect_both math_add13_int8 "Add-13 does not allow"
model math_equal13_string 8 13 "$(math_binary Equal) $(declared x 8 1) $(math_init z 8 'dims: 1' 'string_data: "a"') $y_out"
input math_equal13_string 'name: "x" data_type: 8 dims: 1 string_data: ["a"]'
expect_both math_equal13_string "Equal-13 does not allow"
model math_neg13_uint8 8 13 "node { name: \"m\" op_type: \"Neg\" input: \"x\" output: \"y\" } $(declared x 2 1) $y_out"
input math_neg13_uint8 'name: "x" data_type: 2 dims: 1 int32_data: [1]'
expect_both math_neg13_uint8 "Neg-13 does not allow"
model math_not_float 8 13 "node { name: \"m\" op_type: \"Not\" input: \"x\" output: \"y\" } $(declared x 1 1) $y_out"
input math_not_float 'name: "x" data_type: 1 dims: 1 float_data: [1]'
expect_both math_not_float "Not-1 does not allow"

# A broadcast output of 2^34 int64 elements (128 GiB) from two 1 MiB inputs: refused before any
# allocation.
rss_limit_kb=204800
math_zeros=$(python3 -c "print(', '.join(['0'] * 131072))")
model math_add_output_too_large 8 14 "$(math_binary Add) $(declared x 7 131072 1) $(math_init z 7 'dims: 1 dims: 131072' "int64_data: [$math_zeros]") $y_out"
input math_add_output_too_large "name: \"x\" data_type: 7 dims: 131072 dims: 1 int64_data: [$math_zeros]"
expect_both math_add_output_too_large "node 'm' (#0, Add-14): int64[131072, 131072] needs 137438953472 bytes"
rss_limit_kb=""
