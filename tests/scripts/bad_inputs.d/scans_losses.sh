# Bad inputs of TopK, CumSum, CumProd, ReduceLogSum, Dropout, GroupNormalization, LRN and the
# losses (sourced by tests/scripts/bad_inputs.sh; rr_* come from reduce_range.sh, nm_* from
# normalization.sh).

sl_i64() { local name=$1; shift; local IFS=,; echo "initializer { name: \"$name\" data_type: 7 dims: $# int64_data: [$*] }"; }
sl_scalar_i64() { echo "initializer { name: \"$1\" data_type: 7 int64_data: [$2] }"; }

model topk11_k_too_large 8 11 "node { name: \"n\" op_type: \"TopK\" input: [\"x\", \"k\"] output: [\"y\", \"i\"] } $rr_x $(sl_i64 k 5) $y_out output { name: \"i\" }"
expect_both topk11_k_too_large "node 'n' (#0, TopK-11): k = 5 is out of range: it must lie in [0, 3] (the length of axis 1)"
model topk10_k_scalar 8 10 "node { name: \"n\" op_type: \"TopK\" input: [\"x\", \"k\"] output: [\"y\", \"i\"] } $rr_x $(sl_scalar_i64 k 1) $y_out output { name: \"i\" }"
expect_both topk10_k_scalar "node 'n' (#0, TopK-10): input K must be a 1-D tensor of one element, but it is int64[]"
model cumsum14_axis_out_of_range 8 14 "node { name: \"n\" op_type: \"CumSum\" input: [\"x\", \"a\"] output: \"y\" } $rr_x $(sl_scalar_i64 a -3) $y_out"
expect_both cumsum14_axis_out_of_range "node 'n' (#0, CumSum-14): axis = -3 is out of range for rank 2 (valid: -2 to 1)"
model cumprod26_reverse_2 8 26 "node { name: \"n\" op_type: \"CumProd\" input: [\"x\", \"a\"] output: \"y\" attribute { name: \"reverse\" i: 2 type: INT } } $rr_x $(sl_scalar_i64 a 0) $y_out"
expect_both cumprod26_reverse_2 "attribute 'reverse' must be 0 or 1, got 2"
model reduce_log_sum18_int_zero 8 18 "node { name: \"n\" op_type: \"ReduceLogSum\" input: \"x\" output: \"y\" } initializer { name: \"x\" data_type: 6 dims: 2 int32_data: [3, -3] } $y_out"
expect_both reduce_log_sum18_int_zero "node 'n' (#0, ReduceLogSum-18): the log of an integer sum <= 0 (-inf or NaN) has no integer value (a reduced run sums to 0 or less)"
model dropout12_ratio_one 8 12 "node { name: \"n\" op_type: \"Dropout\" input: [\"x\", \"r\"] output: \"y\" } $rr_x initializer { name: \"r\" data_type: 1 float_data: [1] } $y_out"
expect_both dropout12_ratio_one "node 'n' (#0, Dropout-12): input ratio must lie in [0, 1) (a drop probability; 1 would divide by zero), got 1.000000"
model groupnorm21_groups 8 21 "node { name: \"n\" op_type: \"GroupNormalization\" input: [\"x\", \"s\", \"b\"] output: \"y\" attribute { name: \"num_groups\" i: 3 type: INT } } $nm_x $nm_two $y_out"
expect_both groupnorm21_groups "node 'n' (#0, GroupNormalization-21): num_groups = 3 must be at least 1 and divide the channel count 2"
model lrn13_size_0 8 13 "node { name: \"n\" op_type: \"LRN\" input: \"x\" output: \"y\" attribute { name: \"size\" i: 0 type: INT } } $nm_x $y_out"
expect_both lrn13_size_0 "attribute size = 0 must be at least 1 (the channels summed over)"
model nll13_target_out_of_range 8 13 "node { name: \"n\" op_type: \"NegativeLogLikelihoodLoss\" input: [\"x\", \"t\"] output: \"y\" } $rr_x $(sl_i64 t 0 3) $y_out"
expect_both nll13_target_out_of_range "node 'n' (#0, NegativeLogLikelihoodLoss-13): target[1] = 3 is out of range: a class index must lie in [0, 2]"
model sce13_reduction 8 13 "node { name: \"n\" op_type: \"SoftmaxCrossEntropyLoss\" input: [\"x\", \"t\"] output: \"y\" attribute { name: \"reduction\" s: \"avg\" type: STRING } } $rr_x $(sl_i64 t 0 1) $y_out"
expect_both sce13_reduction "attribute reduction = 'avg' is not one of 'none', 'sum', 'mean'"
