# Bad inputs of the Reduce* operators beyond ReduceSum/ReduceProd, ArgMax/ArgMin and the Softmax
# family (sourced by tests/scripts/bad_inputs.sh; rr_* come from reduce_range.sh).

rs_x_int_empty="initializer { name: \"x\" data_type: 6 dims: 2 dims: 0 }"
rs_x_float_empty="initializer { name: \"x\" data_type: 1 dims: 2 dims: 0 }"
rs_x_bool="initializer { name: \"x\" data_type: 9 dims: 2 int32_data: [0, 1] }"
rs_node() { echo "node { name: \"n\" op_type: \"$1\" input: \"x\" ${2-} output: \"y\" ${3-} }"; }
rs_axis() { echo "attribute { name: \"axis\" i: $1 type: INT }"; }

model argmax13_axis_out_of_range 8 13 "$(rs_node ArgMax '' "$(rs_axis 2)") $rr_x $y_out"
expect_both argmax13_axis_out_of_range "node 'n' (#0, ArgMax-13): axis = 2 is out of range for rank 2 (valid: -2 to 1)"
model argmin13_empty_axis 8 13 "$(rs_node ArgMin '' "$(rs_axis 1)") $rs_x_float_empty $y_out"
expect_both argmin13_empty_axis "node 'n' (#0, ArgMin-13): axis 1 has size 0: an empty set of values has no smallest element"
model argmax12_select_last_2 8 12 "$(rs_node ArgMax '' 'attribute { name: "select_last_index" i: 2 type: INT }') $rr_x $y_out"
expect_both argmax12_select_last_2 "attribute 'select_last_index' must be 0 or 1, got 2"
model reduce_max18_axes_repeated 8 18 "$(rs_node ReduceMax 'input: "axes"') $rr_x $(rr_axes_init 0 -2) $y_out"
expect_both reduce_max18_axes_repeated "node 'n' (#0, ReduceMax-18): axes[0] and axes[1] both name axis 0; an axis may be reduced only once"
model reduce_max18_bool 8 18 "$(rs_node ReduceMax) $rs_x_bool $y_out"
expect_both reduce_max18_bool "input 0 ('data') is tensor(bool)"
model reduce_mean18_int_empty 8 18 "$(rs_node ReduceMean 'input: "axes"') $rs_x_int_empty $(rr_axes_init 1) $y_out"
expect_both reduce_mean18_int_empty "node 'n' (#0, ReduceMean-18): the mean of an empty set of integers is undefined (a reduced axis has size 0)"
model reduce_l1_13_axis_attribute 8 13 "$(rs_node ReduceL1 '' 'attribute { name: "axes" ints: [5] type: INTS }') $rr_x $y_out"
expect_both reduce_l1_13_axis_attribute "axes[0] = 5 is out of range for an input of rank 2 (valid: -2 to 1)"
model softmax13_axis_out_of_range 8 13 "$(rs_node Softmax '' "$(rs_axis -3)") $rr_x $y_out"
expect_both softmax13_axis_out_of_range "node 'n' (#0, Softmax-13): axis = -3 is out of range for rank 2 (valid: -2 to 1)"
model hardmax11_int_input 8 11 "$(rs_node Hardmax) initializer { name: \"x\" data_type: 6 dims: 1 int32_data: [1] } $y_out"
expect_both hardmax11_int_input "input 0 ('input') is tensor(int32)"
