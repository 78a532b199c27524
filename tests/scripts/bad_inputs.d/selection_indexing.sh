# Bad inputs of ReverseSequence, Scatter, Unique, NonMaxSuppression, CenterCropPad, GridSample,
# AffineGrid, TensorScatter and RotaryEmbedding. Every case's data are
# initializers, so the run needs no input files.

# sel_case NAME OPSET "expected text" GRAPH_BODY: the node is named 'n'; the text follows
# "model.onnx: node 'n' (#0, ".
sel_case() {
  model "$1" 8 "$2" "$4 $y_out"
  expect_both "$1" "model.onnx: node 'n' (#0, $3"
}
sel_x44="initializer { name: \"x\" data_type: 1 dims: 4 dims: 4 float_data: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] }"
sel_i64() { local name=$1; shift; local IFS=,; echo "initializer { name: \"$name\" data_type: 7 dims: $# int64_data: [$*] }"; }
sel_f32() { local name=$1; shift; local IFS=,; echo "initializer { name: \"$name\" data_type: 1 dims: $# float_data: [$*] }"; }
sel_node() { local op=$1 ins=$2 attrs=${3:-}; local s="node { name: \"n\" op_type: \"$op\""; local i
  for i in $ins; do s="$s input: \"$i\""; done; echo "$s output: \"y\" $attrs }"; }
sel_int() { echo "attribute { name: \"$1\" i: $2 type: INT }"; }
sel_boxes="initializer { name: \"b\" data_type: 1 dims: 1 dims: 2 dims: 4 float_data: [0, 0, 1, 1, 0, 0, 1, 1] }"
sel_scores="initializer { name: \"s\" data_type: 1 dims: 1 dims: 1 dims: 2 float_data: [0.9, 0.8] }"

sel_case reverse_sequence_length_too_long 10 "ReverseSequence-10): sequence_lens[2] = 9 is out of range for a time axis of 4 (valid: 0 to 4)" \
  "$(sel_node ReverseSequence "x l") $sel_x44 $(sel_i64 l 1 2 9 4)"
sel_case reverse_sequence_same_axes 10 "ReverseSequence-10): batch_axis and time_axis are both 0; they must differ" \
  "$(sel_node ReverseSequence "x l" "$(sel_int batch_axis 0)") $sel_x44 $(sel_i64 l 1 2 3 4)"
sel_case scatter_negative_index_v9 9 "Scatter-9): indices[0] = -1 is out of range for a dimension of 4 (valid: 0 to 3)" \
  "$(sel_node Scatter "x i u") $sel_x44 initializer { name: \"i\" data_type: 7 dims: 1 dims: 1 int64_data: [-1] } initializer { name: \"u\" data_type: 1 dims: 1 dims: 1 float_data: [7] }"
sel_case scatter_index_int64_max 11 "Scatter-11): Scatter-11 is deprecated (ONNX's checker refuses it); use ScatterElements" \
  "$(sel_node Scatter "x i u") $sel_x44 initializer { name: \"i\" data_type: 7 dims: 1 dims: 1 int64_data: [9223372036854775807] } initializer { name: \"u\" data_type: 1 dims: 1 dims: 1 float_data: [7] }"
sel_case unique_axis_out_of_range 11 "Unique-11): axis = 2 is out of range for rank 2 (valid: -2 to 1)" "$(sel_node Unique "x" "$(sel_int axis 2)") $sel_x44"
sel_case nms_iou_threshold 11 "NonMaxSuppression-11): iou_threshold = 2 is outside [0, 1]" \
  "$(sel_node NonMaxSuppression "b s m t") $sel_boxes $sel_scores $(sel_i64 m 1) $(sel_f32 t 2)"
sel_case nms_boxes_shape 10 "NonMaxSuppression-10): boxes must be [num_batches, spatial_dimension, 4], but it is float[4, 4]" \
  "$(sel_node NonMaxSuppression "x s") $sel_x44 $sel_scores"
sel_case nms_center_point_box 11 "NonMaxSuppression-11): center_point_box = 3 must be 0 or 1" \
  "$(sel_node NonMaxSuppression "b s" "$(sel_int center_point_box 3)") $sel_boxes $sel_scores"
sel_case center_crop_pad_repeated_axis 18 "CenterCropPad-18): axes[1] repeats axis 1" \
  "$(sel_node CenterCropPad "x l" "attribute { name: \"axes\" ints: [1, -1] type: INTS }") $sel_x44 $(sel_i64 l 2 2)"
sel_case grid_sample_mode_v16 16 "GridSample-16): mode 'linear' is not one of bilinear, nearest, bicubic" \
  "$(sel_node GridSample "x g" "attribute { name: \"mode\" s: \"linear\" type: STRING }") initializer { name: \"x\" data_type: 1 dims: 1 dims: 1 dims: 2 dims: 2 float_data: [0, 1, 2, 3] } initializer { name: \"g\" data_type: 1 dims: 1 dims: 1 dims: 1 dims: 2 float_data: [0, 0] }"
sel_case affine_grid_theta_shape 20 "AffineGrid-20): theta is float[4, 4] but size [1, 1, 2, 2] calls for [1, 2, 3]" \
  "$(sel_node AffineGrid "x s") $sel_x44 $(sel_i64 s 1 1 2 2)"
sel_case tensor_scatter_no_room 24 "TensorScatter-24): write_indices[0] = 3 leaves no room for 2 positions in a cache of 4 (mode linear; valid: 0 to 2)" \
  "$(sel_node TensorScatter "p u w" "$(sel_int axis 1)") initializer { name: \"p\" data_type: 1 dims: 1 dims: 4 float_data: [0, 1, 2, 3] } initializer { name: \"u\" data_type: 1 dims: 1 dims: 2 float_data: [7, 8] } $(sel_i64 w 3)"
sel_case rotary_position_out_of_range 23 "RotaryEmbedding-23): position_ids[0] = 5 is out of range for a cache of 2 positions" \
  "$(sel_node RotaryEmbedding "x c s p") initializer { name: \"x\" data_type: 1 dims: 1 dims: 1 dims: 1 dims: 2 float_data: [1, 2] } initializer { name: \"c\" data_type: 1 dims: 2 dims: 1 float_data: [1, 1] } initializer { name: \"s\" data_type: 1 dims: 2 dims: 1 float_data: [0, 0] } initializer { name: \"p\" data_type: 7 dims: 1 dims: 1 int64_data: [5] }"
