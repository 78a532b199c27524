# Bad inputs of the normalizations: BatchNormalization, InstanceNormalization, LayerNormalization
# (sourced by tests/scripts/bad_inputs.sh).

nm_x="initializer { name: \"x\" data_type: 1 dims: 1 dims: 2 dims: 2 float_data: [1, 2, 3, 4] }"
nm_p() { echo "initializer { name: \"$1\" data_type: 1 dims: $2 float_data: [$3] }"; }
nm_two="$(nm_p s 2 '1, 1') $(nm_p b 2 '0, 0') $(nm_p m 2 '0, 0') $(nm_p v 2 '1, 1')"
nm_bn() { echo "node { name: \"n\" op_type: \"BatchNormalization\" input: [\"x\", \"$1\", \"b\", \"m\", \"v\"] output: [${2-\"y\"}] ${3-} }"; }

model batchnorm15_scale_shape 8 15 "$(nm_bn s3) $nm_x $nm_two $(nm_p s3 3 '1, 1, 1') $y_out"
expect_both batchnorm15_scale_shape "node 'n' (#0, BatchNormalization-15): input scale must have shape [2], but it is float[3]"
model batchnorm15_extra_outputs 8 15 "$(nm_bn s '"y", "rm"') $nm_x $nm_two $y_out"
expect_both batchnorm15_extra_outputs "node 'n' (#0, BatchNormalization-15): training_mode = 0 has only the output Y, but the node asks for 2"
model batchnorm15_training_mode_2 8 15 "$(nm_bn s '"y"' 'attribute { name: "training_mode" i: 2 type: INT }') $nm_x $nm_two $y_out"
expect_both batchnorm15_training_mode_2 "attribute 'training_mode' must be 0 or 1, got 2"
model instancenorm6_rank2 8 6 "node { name: \"n\" op_type: \"InstanceNormalization\" input: [\"x2\", \"s\", \"b\"] output: \"y\" } initializer { name: \"x2\" data_type: 1 dims: 2 dims: 2 float_data: [1, 2, 3, 4] } $nm_two $y_out"
expect_both instancenorm6_rank2 "node 'n' (#0, InstanceNormalization-6): input must have rank 3 or more [N, C, D1, ...], but it is float[2, 2]"
model layernorm17_axis 8 17 "node { name: \"n\" op_type: \"LayerNormalization\" input: [\"x\", \"s\"] output: \"y\" attribute { name: \"axis\" i: 3 type: INT } } $nm_x $nm_two $y_out"
expect_both layernorm17_axis "node 'n' (#0, LayerNormalization-17): axis = 3 is out of range for rank 3 (valid: -3 to 2)"
model layernorm17_stash_type 8 17 "node { name: \"n\" op_type: \"LayerNormalization\" input: [\"x\", \"s\"] output: \"y\" attribute { name: \"stash_type\" i: 11 type: INT } } $nm_x $nm_two $y_out"
expect_both layernorm17_stash_type "stash_type = 11 is not a type U allows (1: float, 16: bfloat16)"
model layernorm17_scale_broadcast 8 17 "node { name: \"n\" op_type: \"LayerNormalization\" input: [\"x\", \"s3\"] output: \"y\" } $nm_x $nm_two $(nm_p s3 3 '1, 1, 1') $y_out"
expect_both layernorm17_scale_broadcast "node 'n' (#0, LayerNormalization-17): shapes [1, 2, 2] and [3] cannot be broadcast"
