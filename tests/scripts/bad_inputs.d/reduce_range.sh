# Bad inputs of ReduceSum, ReduceProd and Range (sourced by tests/scripts/bad_inputs.sh).

# rr_axes_init V...: the int64 initializer 'axes' holding V...; rr_x: a float [2, 3] initializer 'x'.
rr_axes_init() { local IFS=,; echo "initializer { name: \"axes\" data_type: 7 dims: $# int64_data: [$*] }"; }
rr_x="initializer { name: \"x\" data_type: 1 dims: 2 dims: 3 float_data: [1, 2, 3, 4, 5, 6] }"
rr_sum13='node { name: "s" op_type: "ReduceSum" input: "x" input: "axes" output: "y" }'

model reduce_sum13_axis_out_of_range 8 13 "$rr_sum13 $rr_x $(rr_axes_init 2) $y_out"
expect_both reduce_sum13_axis_out_of_range "node 's' (#0, ReduceSum-13): axes[0] = 2 is out of range for an input of rank 2 (valid: -2 to 1)"
model reduce_sum13_axis_int64_min 8 13 "$rr_sum13 $rr_x $(rr_axes_init -9223372036854775808) $y_out"
expect_both reduce_sum13_axis_int64_min "axes[0] = -9223372036854775808 is out of range for an input of rank 2 (valid: -2 to 1)"
model reduce_sum13_axis_int64_max 8 13 "$rr_sum13 $rr_x $(rr_axes_init 0 9223372036854775807) $y_out"
expect_both reduce_sum13_axis_int64_max "axes[1] = 9223372036854775807 is out of range for an input of rank 2 (valid: -2 to 1)"
model reduce_sum13_axis_repeated 8 13 "$rr_sum13 $rr_x $(rr_axes_init 1 -1) $y_out"
expect_both reduce_sum13_axis_repeated "axes[0] and axes[1] both name axis 1; an axis may be reduced only once"
model reduce_sum13_axes_2d 8 13 "$rr_sum13 $rr_x initializer { name: \"axes\" data_type: 7 dims: 1 dims: 1 int64_data: [0] } $y_out"
expect_both reduce_sum13_axes_2d "the axes input must be 1-D, but it is int64[1, 1]"
model reduce_sum11_axis_attribute 8 11 "node { name: \"s\" op_type: \"ReduceSum\" input: \"x\" output: \"y\"
  attribute { name: \"axes\" ints: [0, -3] type: INTS } } $rr_x $y_out"
expect_both reduce_sum11_axis_attribute "node 's' (#0, ReduceSum-11): axes[1] = -3 is out of range for an input of rank 2 (valid: -2 to 1)"
model reduce_prod18_keepdims_2 8 18 "node { name: \"p\" op_type: \"ReduceProd\" input: \"x\" output: \"y\"
  attribute { name: \"keepdims\" i: 2 type: INT } } $rr_x $y_out"
expect_both reduce_prod18_keepdims_2 "node 'p' (#0, ReduceProd-18): attribute 'keepdims' must be 0 or 1, got 2"
model reduce_prod18_noop_minus_1 8 18 "node { name: \"p\" op_type: \"ReduceProd\" input: \"x\" output: \"y\"
  attribute { name: \"noop_with_empty_axes\" i: -1 type: INT } } $rr_x $y_out"
expect_both reduce_prod18_noop_minus_1 "attribute 'noop_with_empty_axes' must be 0 or 1, got -1"
model reduce_prod13_axes_input 8 13 "node { name: \"p\" op_type: \"ReduceProd\" input: \"x\" input: \"axes\" output: \"y\" } $rr_x $(rr_axes_init 0) $y_out"
expect_both reduce_prod13_axes_input "ReduceProd-13 takes at most 1 inputs, the node has 2"

# Range: scalars start, limit, delta as initializers of element type CODE (int64_data or double_data ...).
rr_range='node { name: "r" op_type: "Range" input: "start" input: "limit" input: "delta" output: "y" }'
rr_i64() { echo "initializer { name: \"start\" data_type: 7 int64_data: [$1] } initializer { name: \"limit\" data_type: 7 int64_data: [$2] } initializer { name: \"delta\" data_type: 7 int64_data: [$3] }"; }
rr_f64() { echo "initializer { name: \"start\" data_type: 11 double_data: [$1] } initializer { name: \"limit\" data_type: 11 double_data: [$2] } initializer { name: \"delta\" data_type: 11 double_data: [$3] }"; }
model range_delta_zero 8 11 "$rr_range $(rr_i64 0 10 0) $y_out"
expect_both range_delta_zero "node 'r' (#0, Range-11): Range's delta is 0: the element count max(ceil((limit - start) / delta), 0) is undefined"
model range_float_delta_zero 8 11 "$rr_range $(rr_f64 0 10 -0.0) $y_out"
expect_both range_float_delta_zero "Range's delta is 0"
model range_int64_count_overflow 8 11 "$rr_range $(rr_i64 -9223372036854775808 9223372036854775807 1) $y_out"
expect_both range_int64_count_overflow "Range(start = -9223372036854775808, limit = 9223372036854775807, delta = 1) would hold 18446744073709551615 elements, more than int64 can count"
model range_int64_terabytes 8 11 "$rr_range $(rr_i64 0 9223372036854775807 2) $y_out"
expect_both range_int64_terabytes "Range-11): int64[4611686018427387904] needs more bytes than memory can address"
model range_double_too_many 8 11 "$rr_range $(rr_f64 0 1e300 1e-300) $y_out"
expect_both range_double_too_many "would hold about inf elements, more than can ever be allocated"
model range_double_infinite_limit 8 11 "$rr_range $(rr_f64 0 inf 1) $y_out"
expect_both range_double_infinite_limit "Range needs finite start, limit and delta; got start = 0, limit = inf, delta = 1"
model range_double_nan_start 8 11 "$rr_range $(rr_f64 nan 1 1) $y_out"
expect_both range_double_nan_start "Range needs finite start, limit and delta; got start = nan"
model range_start_not_scalar 8 11 "$rr_range initializer { name: \"start\" data_type: 7 dims: 2 int64_data: [0, 1] }
  initializer { name: \"limit\" data_type: 7 int64_data: [3] } initializer { name: \"delta\" data_type: 7 int64_data: [1] } $y_out"
expect_both range_start_not_scalar "Range's start must be a scalar, but it is int64[2]"
model range_mixed_types 8 11 "$rr_range initializer { name: \"start\" data_type: 6 int32_data: [0] }
  initializer { name: \"limit\" data_type: 7 int64_data: [3] } initializer { name: \"delta\" data_type: 7 int64_data: [1] } $y_out"
expect_both range_mixed_types "input 1 ('limit') is tensor(int64) but T is already tensor(int32) from input 0"
model range27_stash_type_bad 13 27 "node { name: \"r\" op_type: \"Range\" input: \"start\" input: \"limit\" input: \"delta\" output: \"y\"
  attribute { name: \"stash_type\" i: 10 type: INT } }
  initializer { name: \"start\" data_type: 10 int32_data: [0] } initializer { name: \"limit\" data_type: 10 int32_data: [15360] }
  initializer { name: \"delta\" data_type: 10 int32_data: [14336] } $y_out"
expect_both range27_stash_type_bad "node 'r' (#0, Range-27): attribute 'stash_type' = 10 is neither 1 (float) nor 11 (double)"
