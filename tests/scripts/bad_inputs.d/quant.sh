# Bad inputs of ConvTranspose, the 8-bit integer products and (de)quantization (ops/linalg/,
# ops/quant/): weights wrong for the channels, output_padding beyond the stride, inner dimensions
# that differ, a zero point of another type than y, a scale of the wrong shape for its axis or
# block size, a NaN given to DynamicQuantizeLinear. Sourced by tests/scripts/bad_inputs.sh.

# quant_init NAME CODE DIMS VALUES: an initializer (VALUES is the text of its data field).
quant_init() { echo "initializer { name: \"$1\" data_type: $2 $3 $4 }"; }
quant_node() { echo "node { name: \"q\" op_type: \"$1\" $2 output: \"y\" ${3:-} }"; }
quant_ints() { local n=$1 IFS=,; shift; echo "attribute { name: \"$n\" type: INTS ints: [$*] }"; }
quant_int() { echo "attribute { name: \"$1\" type: INT i: $2 }"; }
x_float_1x2x2x2='name: "x" data_type: 1 dims: 1 dims: 2 dims: 2 dims: 2 float_data: [1, 2, 3, 4, 5, 6, 7, 8]'

# ConvTranspose: W's first dimension must be X's channels.
model quant_convtranspose_w_channels 8 22 "$(quant_node ConvTranspose 'input: "x" input: "w"') $(declared x 1 1 2 2 2)
  $(quant_init w 1 'dims: 3 dims: 1 dims: 1 dims: 1' 'float_data: [1, 2, 3]') $y_out"
input quant_convtranspose_w_channels "$x_float_1x2x2x2"
expect_both quant_convtranspose_w_channels "node 'q' (#0, ConvTranspose-22): W float[3, 1, 1, 1] must have X's 2 channels as its first dimension"

# ConvTranspose: output_padding must stay below the stride (or the dilation).
model quant_convtranspose_output_padding 8 11 "$(quant_node ConvTranspose 'input: "x" input: "w"' "$(quant_ints strides 2 2) $(quant_ints output_padding 2 0)")
  $(declared x 1 1 2 2 2) $(quant_init w 1 'dims: 2 dims: 1 dims: 1 dims: 1' 'float_data: [1, 2]') $y_out"
input quant_convtranspose_output_padding "$x_float_1x2x2x2"
expect_both quant_convtranspose_output_padding "node 'q' (#0, ConvTranspose-11): output_padding 2 must be in [0, max(stride, dilation) = 2) (spatial axis 0)"

# MatMulInteger: inner dimensions that differ.
model quant_matmulinteger_inner 8 10 "$(quant_node MatMulInteger 'input: "x" input: "b"') $(declared x 2 2 3)
  $(quant_init b 2 'dims: 2 dims: 2' 'int32_data: [1, 2, 3, 4]') $y_out"
input quant_matmulinteger_inner 'name: "x" data_type: 2 dims: 2 dims: 3 int32_data: [1, 2, 3, 4, 5, 6]'
expect_both quant_matmulinteger_inner "node 'q' (#0, MatMulInteger-10): MatMul inner dimensions differ: A [2, 3] has 3 columns but B [2, 2] has 2 rows"

# QuantizeLinear: a zero point of another type than y's (output_dtype int8, zero point uint8).
model quant_quantize_zero_point_type 8 21 "$(quant_node QuantizeLinear 'input: "x" input: "s" input: "z"' "$(quant_int output_dtype 3)")
  $(declared x 1 2 3) $(quant_init s 1 '' 'float_data: [2]') $(quant_init z 2 '' 'int32_data: [1]') $y_out"
input quant_quantize_zero_point_type 'name: "x" data_type: 1 dims: 2 dims: 3 float_data: [1, 2, 3, 4, 5, 6]'
expect_both quant_quantize_zero_point_type "node 'q' (#0, QuantizeLinear-21): attribute 'output_dtype' 3 differs from y_zero_point's type uint8"

# QuantizeLinear: a per-axis scale whose length is not the axis's.
model quant_quantize_axis_scale 8 13 "$(quant_node QuantizeLinear 'input: "x" input: "s"' "$(quant_int axis 1)")
  $(declared x 1 2 3) $(quant_init s 1 'dims: 2' 'float_data: [2, 4]') $y_out"
input quant_quantize_axis_scale 'name: "x" data_type: 1 dims: 2 dims: 3 float_data: [1, 2, 3, 4, 5, 6]'
expect_both quant_quantize_axis_scale "node 'q' (#0, QuantizeLinear-13): y_scale float[2] must be a scalar or a 1-D tensor of x.shape[1] = 3 elements for x float[2, 3]"

# DequantizeLinear: a blocked scale whose shape does not match block_size.
model quant_dequantize_block 8 21 "$(quant_node DequantizeLinear 'input: "x" input: "s"' "$(quant_int axis 1) $(quant_int block_size 2)")
  $(declared x 3 2 4) $(quant_init s 1 'dims: 2 dims: 3' 'float_data: [1, 2, 3, 4, 5, 6]') $y_out"
input quant_dequantize_block 'name: "x" data_type: 3 dims: 2 dims: 4 int32_data: [1, 2, 3, 4, 5, 6, 7, 8]'
expect_both quant_dequantize_block "node 'q' (#0, DequantizeLinear-21): x_scale float[2, 3] must have shape [2, 2] for x int8[2, 4], axis 1 and block_size 2"

# DynamicQuantizeLinear: NaN has no scale.
model quant_dynamic_nan 8 11 "node { name: \"q\" op_type: \"DynamicQuantizeLinear\" input: \"x\" output: \"y\" output: \"s\" output: \"z\" }
  $(declared x 1 3) $y_out output { name: \"s\" } output { name: \"z\" }"
input quant_dynamic_nan 'name: "x" data_type: 1 dims: 3 float_data: [1, nan, 3]'
expect_both quant_dynamic_nan "node 'q' (#0, DynamicQuantizeLinear-11): DynamicQuantizeLinear needs finite x, but element 1 is NaN"
