# Bad inputs of the quantized products, LpPool, Einsum, Det, MaxUnpool, RoiAlign and Col2Im
# (ops/quant/, ops/pool/, ops/linalg/). Every case's data are initializers, so the run needs no
# input files.

# pool2_case NAME OPSET "expected text" GRAPH_BODY: the node is named 'n'; the text follows
# "model.onnx: node 'n' (#0, ".
pool2_case() {
  model "$1" 8 "$2" "$4 $y_out"
  expect_both "$1" "model.onnx: node 'n' (#0, $3"
}
pool2_init() { echo "initializer { name: \"$1\" data_type: $2 $3 $4 }"; }
pool2_node() { echo "node { name: \"n\" op_type: \"$1\" $2 output: \"y\" ${3:-} }"; }
pool2_ints() { local n=$1 IFS=,; shift; echo "attribute { name: \"$n\" type: INTS ints: [$*] }"; }
pool2_int() { echo "attribute { name: \"$1\" type: INT i: $2 }"; }
pool2_str() { echo "attribute { name: \"$1\" type: STRING s: \"$2\" }"; }
pool2_x4='initializer { name: "x" data_type: 1 dims: 1 dims: 1 dims: 2 dims: 2 float_data: [1, 2, 3, 4] }'

# QLinearMatMul: a zero y_scale quantizes nothing.
pool2_case pool2_qlinearmatmul_y_scale 10 "QLinearMatMul-10): y_scale element 0 is 0, which quantizes nothing" \
  "$(pool2_node QLinearMatMul 'input: "a" input: "s" input: "z" input: "a" input: "s" input: "z" input: "ys" input: "z"')
   $(pool2_init a 2 'dims: 2 dims: 2' 'int32_data: [1, 2, 3, 4]') $(pool2_init s 1 '' 'float_data: [0.5]')
   $(pool2_init z 2 '' 'int32_data: [0]') $(pool2_init ys 1 '' 'float_data: [0]')"

# QLinearConv: w_scale must be one per tensor or one per output channel.
pool2_case pool2_qlinearconv_w_scale 10 "QLinearConv-10): w_scale float[3] must be a scalar, a 1-D tensor of 1 elements for uint8[1, 1, 2, 2]" \
  "$(pool2_node QLinearConv 'input: "q" input: "s" input: "z" input: "q" input: "ws" input: "z" input: "s" input: "z"')
   $(pool2_init q 2 'dims: 1 dims: 1 dims: 2 dims: 2' 'int32_data: [1, 2, 3, 4]') $(pool2_init s 1 '' 'float_data: [0.5]')
   $(pool2_init z 2 '' 'int32_data: [0]') $(pool2_init ws 1 'dims: 3' 'float_data: [1, 2, 3]')"

# LpPool: p must be a whole number from 1 to 1024.
pool2_case pool2_lppool_p 18 "LpPool-18): attribute 'p' must be a whole number from 1 to 1024, got 0" \
  "$(pool2_node LpPool 'input: "x"' "$(pool2_ints kernel_shape 2 2) $(pool2_int p 0)") $pool2_x4"

# Einsum: an output label no input term has.
pool2_case pool2_einsum_output_label 12 "Einsum-12): Einsum equation 'ij->k': the output label 'k' is in no input term" \
  "$(pool2_node Einsum 'input: "e"' "$(pool2_str equation 'ij->k')")
   $(pool2_init e 1 'dims: 2 dims: 2' 'float_data: [1, 2, 3, 4]')"

# Det: the last two axes must be square.
pool2_case pool2_det_square 11 "Det-11): Det needs X of shape [*, M, M] (square matrices in the last two axes), but it is float[2, 3]" \
  "$(pool2_node Det 'input: "d"') $(pool2_init d 1 'dims: 2 dims: 3' 'float_data: [1, 2, 3, 4, 5, 6]')"

# MaxUnpool: an index beyond the unpooled tensor.
pool2_case pool2_maxunpool_index 22 "MaxUnpool-22): I element 3 is 16, outside [0, 16) for the unpooled shape [1, 1, 4, 4]" \
  "$(pool2_node MaxUnpool 'input: "x" input: "i"' "$(pool2_ints kernel_shape 2 2) $(pool2_ints strides 2 2)") $pool2_x4
   $(pool2_init i 7 'dims: 1 dims: 1 dims: 2 dims: 2' 'int64_data: [0, 1, 2, 16]')"

# RoiAlign: a batch index outside X's batch.
pool2_case pool2_roialign_batch 16 "RoiAlign-16): batch_indices element 0 is 2, outside [0, 1)" \
  "$(pool2_node RoiAlign 'input: "x" input: "r" input: "b"') $pool2_x4
   $(pool2_init r 1 'dims: 1 dims: 4' 'float_data: [0, 0, 1, 1]') $(pool2_init b 7 'dims: 1' 'int64_data: [2]')"

# Col2Im: the block count must match the input's last axis.
pool2_case pool2_col2im_blocks 18 "Col2Im-18): input float[1, 4, 4] must have L = 6 blocks along axis 2 for image_shape [3, 4] and block_shape [2, 2]" \
  "$(pool2_node Col2Im 'input: "c" input: "is" input: "bs"')
   $(pool2_init c 1 'dims: 1 dims: 4 dims: 4' 'float_data: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]')
   $(pool2_init is 7 'dims: 2' 'int64_data: [3, 4]') $(pool2_init bs 7 'dims: 2' 'int64_data: [2, 2]')"
