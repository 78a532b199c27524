# Bad inputs of DeformConv (ops/linalg/deform_conv.cpp) and the training optimizers
# (ops/training/). Every case's data are initializers, so the run needs no input files.

# deform_case NAME OPSET "expected text" GRAPH_BODY: the node is named 'n'; the text follows
# "model.onnx: node 'n' (#0, ".
deform_case() {
  model "$1" 9 "$2" "$4 $y_out"
  expect_both "$1" "model.onnx: node 'n' (#0, $3"
}
deform_init() { echo "initializer { name: \"$1\" data_type: 1 $2 $3 }"; }
deform_x='initializer { name: "x" data_type: 1 dims: 1 dims: 1 dims: 2 dims: 2 float_data: [1, 2, 3, 4] }'
deform_w='initializer { name: "w" data_type: 1 dims: 1 dims: 1 dims: 2 dims: 2 float_data: [1, 1, 1, 1] }'
deform_off8='dims: 1 dims: 8 dims: 1 dims: 1'

# The offset needs offset_group * kernel points * spatial rank = 8 channels, not 4.
deform_case deform_offset_shape 19 "DeformConv-19): DeformConv's offset must have shape [1, 8, 1, 1] (N, offset_group * kernel points * spatial rank, output positions), but it is float[1, 4, 1, 1]" \
  "node { name: \"n\" op_type: \"DeformConv\" input: \"x\" input: \"w\" input: \"o\" output: \"y\" }
   $deform_x $deform_w $(deform_init o 'dims: 1 dims: 4 dims: 1 dims: 1' 'float_data: [0, 0, 0, 0]')"

# The mask has one channel per kernel point and offset group (4), not the offset's 8.
deform_case deform_mask_shape 22 "DeformConv-22): DeformConv's mask must have shape [1, 4, 1, 1] (N, offset_group * kernel points, output positions), but it is float[1, 8, 1, 1]" \
  "node { name: \"n\" op_type: \"DeformConv\" input: \"x\" input: \"w\" input: \"o\" input: \"\" input: \"o\" output: \"y\" }
   $deform_x $deform_w $(deform_init o "$deform_off8" 'float_data: [0, 0, 0, 0, 0, 0, 0, 0]')"

# A NaN offset names its element.
deform_case deform_offset_nan 22 "DeformConv-22): DeformConv's offset element 3 (flat index) is NaN; sampling offsets must be finite" \
  "node { name: \"n\" op_type: \"DeformConv\" input: \"x\" input: \"w\" input: \"o\" output: \"y\" }
   $deform_x $deform_w $(deform_init o "$deform_off8" 'float_data: [0, 0, 0, nan, 0, 0, 0, 0]')"

# offset_group must divide the channels.
deform_case deform_offset_group 19 "DeformConv-19): offset_group 2 must divide X's channels (1)" \
  "node { name: \"n\" op_type: \"DeformConv\" input: \"x\" input: \"w\" input: \"o\" output: \"y\"
          attribute { name: \"offset_group\" type: INT i: 2 } }
   $deform_x $deform_w $(deform_init o "$deform_off8" 'float_data: [0, 0, 0, 0, 0, 0, 0, 0]')"

# Momentum's mode is "standard" or "nesterov" (a model importing the training domain).
new_case deform_momentum_mode
encode ModelProto "$cases/deform_momentum_mode/model.onnx" <<EOT
ir_version: 9
opset_import { domain: "" version: 22 }
opset_import { domain: "ai.onnx.preview.training" version: 1 }
graph { name: "g"
  node { name: "n" op_type: "Momentum" domain: "ai.onnx.preview.training" input: "r" input: "t" input: "x" input: "x" input: "x"
         output: "y" output: "v"
         attribute { name: "alpha" type: FLOAT f: 0.9 } attribute { name: "beta" type: FLOAT f: 1 }
         attribute { name: "norm_coefficient" type: FLOAT f: 0 } attribute { name: "mode" type: STRING s: "heavy_ball" } }
  initializer { name: "r" data_type: 1 float_data: [0.1] }
  initializer { name: "t" data_type: 7 int64_data: [0] }
  initializer { name: "x" data_type: 1 dims: 2 float_data: [1, 2] }
  output { name: "y" } output { name: "v" } }
EOT
expect_both deform_momentum_mode "model.onnx: node 'n' (#0, ai.onnx.preview.training:Momentum-1): attribute 'mode' must be \"standard\" or \"nesterov\", got 'heavy_ball'"
