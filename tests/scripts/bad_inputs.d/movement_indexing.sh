# Bad inputs of Concat, Split, Slice, Pad, Gather, GatherElements, GatherND, ScatterND,
# ScatterElements, Trilu, OneHot, DepthToSpace and SpaceToDepth. Every case's data are initializers.

# mi_case NAME OPSET "expected text" GRAPH_BODY: the node is named 'n'; the text follows
# "model.onnx: node 'n' (#0, ".
mi_case() {
  local ir=8; [ "$2" -ge 9 ] || ir=3
  model "$1" $ir "$2" "$4 $y_out"
  expect_both "$1" "model.onnx: node 'n' (#0, $3"
}
x23="initializer { name: \"x\" data_type: 1 dims: 2 dims: 3 float_data: [0, 1, 2, 3, 4, 5] }"
i64() { local name=$1; shift; local IFS=,; echo "initializer { name: \"$name\" data_type: 7 dims: $# int64_data: [$*] }"; }
node() { local op=$1 ins=$2 attrs=${3:-}; local s="node { name: \"n\" op_type: \"$op\""; local i
  for i in $ins; do s="$s input: \"$i\""; done; echo "$s output: \"y\" $attrs }"; }
int_attr() { echo "attribute { name: \"$1\" i: $2 type: INT }"; }

mi_case concat_dims_differ 13 "Concat-13): input 1 is [3, 2] and input 0 is [2, 3]: they differ in dimension 1, which is not the axis 0" \
  "$(node Concat "x z" "$(int_attr axis 0)") $x23 initializer { name: \"z\" data_type: 1 dims: 3 dims: 2 float_data: [0, 1, 2, 3, 4, 5] }"
mi_case concat_axis_int64_max 13 "Concat-13): axis = 9223372036854775807 is out of range for rank 2 (valid: -2 to 1)" "$(node Concat "x x" "$(int_attr axis 9223372036854775807)") $x23"
mi_case concat_negative_axis_v4 4 "Concat-4): axis = -1 is out of range for rank 2 (valid: 0 to 1)" "$(node Concat "x x" "$(int_attr axis -1)") $x23"
mi_case split_sizes_do_not_add_up 13 "Split-13): the split sizes add up to 4 but the axis has 3 elements" \
  "node { name: \"n\" op_type: \"Split\" input: \"x\" input: \"s\" output: \"y\" output: \"z\" $(int_attr axis 1) } $x23 $(i64 s 2 2)"
mi_case split_not_divisible 13 "Split-13): an axis of 3 elements cannot be cut into 2 equal parts (give \`split\`)" \
  "node { name: \"n\" op_type: \"Split\" input: \"x\" output: \"y\" output: \"z\" $(int_attr axis 1) } $x23"
mi_case split_negative 13 "Split-13): split[0] = -1 is negative" \
  "node { name: \"n\" op_type: \"Split\" input: \"x\" input: \"s\" output: \"y\" output: \"z\" $(int_attr axis 1) } $x23 $(i64 s -1 4)"
mi_case slice_step_zero 13 "Slice-13): steps[0] is 0" "$(node Slice "x s e a t") $x23 $(i64 s 0) $(i64 e 1) $(i64 a 1) $(i64 t 0)"
mi_case slice_axes_repeated 13 "Slice-13): axes[1] repeats axis 1" "$(node Slice "x s e a") $x23 $(i64 s 0 0) $(i64 e 1 1) $(i64 a 1 -1)"
mi_case slice_axis_int64_min 13 "Slice-13): axes[0] = -9223372036854775808 is out of range for rank 2 (valid: -2 to 1)" \
  "$(node Slice "x s e a") $x23 $(i64 s 0) $(i64 e 1) $(i64 a -9223372036854775808)"
mi_case slice_ends_count 13 "Slice-13): starts has 2 entries but ends has 1" "$(node Slice "x s e") $x23 $(i64 s 0 0) $(i64 e 1)"
mi_case pad_negative_size 13 "Pad-13): dimension 1 of 3 padded by -2 and -2 would be negative" "$(node Pad "x p") $x23 $(i64 p 0 -2 0 -2)"
mi_case pad_count 13 "Pad-13): pads has 3 entries; 2 padded axes need 4" "$(node Pad "x p") $x23 $(i64 p 0 1 0)"
mi_case pad_wrap_before_19 18 "Pad-18): mode 'wrap' is not one of constant, reflect, edge" \
  "$(node Pad "x p" "attribute { name: \"mode\" s: \"wrap\" type: STRING }") $x23 $(i64 p 0 1 0 1)"
rss_limit_kb=204800
mi_case pad_terabytes 13 "Pad-13): float[1000002, 1000003] needs 4000020000024 bytes" "$(node Pad "x p") $x23 $(i64 p 500000 500000 500000 500000)"
mi_case onehot_terabytes 11 "OneHot-11): int64[2, 1000000000000] needs 16000000000000 bytes" \
  "$(node OneHot "i d v") $(i64 i 0 1) $(i64 d 1000000000000) $(i64 v 0 1)"
rss_limit_kb=""
mi_case gather_out_of_range 13 "Gather-13): indices[1] = 3 is out of range for a dimension of 2 (valid: -2 to 1)" "$(node Gather "x i") $x23 $(i64 i 0 3)"
mi_case gather_int64_min 13 "Gather-13): indices[0] = -9223372036854775808 is out of range" "$(node Gather "x i") $x23 $(i64 i -9223372036854775808)"
mi_case gather_negative_v1 1 "Gather-1): indices[0] = -1 is out of range for a dimension of 2 (valid: 0 to 1)" "$(node Gather "x i") $x23 $(i64 i -1)"
mi_case gather_elements_rank 13 "GatherElements-13): indices int64[1] must have the rank of data float[2, 3]" "$(node GatherElements "x i") $x23 $(i64 i 0)"
mi_case gather_nd_tuple_too_long 13 "GatherND-13): the last dimension of indices int64[3] is 3; it must lie in [1, 2]" "$(node GatherND "x i") $x23 $(i64 i 0 0 0)"
mi_case scatter_nd_index_int64_max 13 "ScatterND-13): indices[0] = 9223372036854775807 is out of range" \
  "$(node ScatterND "x i u") $x23 initializer { name: \"i\" data_type: 7 dims: 1 dims: 1 int64_data: [9223372036854775807] } initializer { name: \"u\" data_type: 1 dims: 1 dims: 3 float_data: [1, 1, 1] }"
mi_case scatter_nd_updates_shape 13 "ScatterND-13): updates is float[2] but indices int64[1, 1] and data float[2, 3] call for the shape [1, 3]" \
  "$(node ScatterND "x i u") $x23 initializer { name: \"i\" data_type: 7 dims: 1 dims: 1 int64_data: [0] } initializer { name: \"u\" data_type: 1 dims: 2 float_data: [1, 1] }"
mi_case scatter_reduction_max_v16 16 "ScatterElements-16): reduction 'max' is not one of none, add, mul" \
  "$(node ScatterElements "x i u" "attribute { name: \"reduction\" s: \"max\" type: STRING }") $x23 initializer { name: \"i\" data_type: 7 dims: 1 dims: 1 int64_data: [0] } initializer { name: \"u\" data_type: 1 dims: 1 dims: 1 float_data: [1] }"
# A string attribute is quoted with its control bytes escaped, so the message stays one line.
mi_case scatter_reduction_newline 18 "ScatterND-18): reduction 'ma\\x0ax' is not one of none, add, mul, max, min" \
  "$(node ScatterND "x i u" "attribute { name: \"reduction\" s: \"ma\\nx\" type: STRING }") $x23 initializer { name: \"i\" data_type: 7 dims: 1 dims: 1 int64_data: [0] } initializer { name: \"u\" data_type: 1 dims: 1 dims: 3 float_data: [1, 1, 1] }"
mi_case trilu_rank1 14 "Trilu-14): the input must have rank 2 or more, but it is float[3]" "$(node Trilu "x") initializer { name: \"x\" data_type: 1 dims: 3 float_data: [0, 1, 2] }"
mi_case onehot_depth_zero 11 "OneHot-11): depth = 0 must be at least 1" "$(node OneHot "i d v") $(i64 i 0) $(i64 d 0) $(i64 v 0 1)"
mi_case depth_to_space_channels 13 "DepthToSpace-13): the input's 3 channels do not divide by blocksize² (blocksize 2)" \
  "$(node DepthToSpace "x" "$(int_attr blocksize 2)") initializer { name: \"x\" data_type: 1 dims: 1 dims: 3 dims: 1 dims: 1 float_data: [0, 1, 2] }"
mi_case space_to_depth_blocksize_int64_min 13 "SpaceToDepth-13): blocksize = -9223372036854775808 must be at least 1" \
  "$(node SpaceToDepth "x" "$(int_attr blocksize -9223372036854775808)") initializer { name: \"x\" data_type: 1 dims: 1 dims: 1 dims: 2 dims: 2 float_data: [0, 1, 2, 3] }"
