# Bad inputs of the layout operators: Transpose, Expand, Tile, Where, Compress, NonZero.
# Every case's data are initializers, so the run needs no input files.

# layout_case NAME OPSET "expected text" GRAPH_BODY: the node is named 'n'; the text follows
# "model.onnx: node 'n' (#0, ".
layout_case() {
  local ir=8; [ "$2" -ge 9 ] || ir=3
  [ "$2" -lt 21 ] || ir=10
  model "$1" $ir "$2" "$4 $y_out"
  expect_both "$1" "model.onnx: node 'n' (#0, $3"
}
x23="initializer { name: \"x\" data_type: 1 dims: 2 dims: 3 float_data: [0, 1, 2, 3, 4, 5] }"
transpose() { echo "node { name: \"n\" op_type: \"Transpose\" input: \"x\" output: \"y\" attribute { name: \"perm\" ints: [$1] type: INTS } } $x23"; }
layout_case transpose_perm_repeated 13 "Transpose-13): perm[1] = 0 repeats perm[0]; perm must be a permutation of 0 to 1" "$(transpose 0,0)"
layout_case transpose_perm_out_of_range 13 "Transpose-13): perm[0] = 2 is out of range: perm has 2 entries, so it must be a permutation of 0 to 1" "$(transpose 2,0)"
layout_case transpose_perm_int64_min 21 "Transpose-21): perm[1] = -9223372036854775808 is out of range" "$(transpose 0,-9223372036854775808)"
layout_case transpose_perm_int64_max 1 "Transpose-1): perm[0] = 9223372036854775807 is out of range" "$(transpose 9223372036854775807,0)"
layout_case transpose_perm_too_long 25 "Transpose-25): perm has 3 entries but the input has rank 2" "$(transpose 2,0,1)"

expand() { echo "node { name: \"n\" op_type: \"Expand\" input: \"x\" input: \"shape\" output: \"y\" } $x23 $(shape_init "$@")"; }
layout_case expand_negative 13 "Expand-13): shape[0] = -1 is negative" "$(expand -1 3)"
layout_case expand_int64_min 8 "Expand-8): shape[1] = -9223372036854775808 is negative" "$(expand 2 -9223372036854775808)"
layout_case expand_incompatible 13 "Expand-13): shapes [2, 3] and [2, 4] cannot be broadcast (dimension 3 vs 4)" "$(expand 2 4)"
layout_case expand_overflow 13 "Expand-13): expanding [2, 3] to [9223372036854775807, 1, 1] gives the shape [9223372036854775807, 2, 3], whose element count overflows int64" "$(expand 9223372036854775807 1 1)"
# Terabytes: refused before allocating (fast, small peak RSS).
rss_limit_kb=204800
layout_case expand_terabytes 13 "Expand-13): float[1000000, 1000000, 2, 3] needs 24000000000000 bytes" "$(expand 1000000 1000000 1 1)"
rss_limit_kb=""
model expand_shape_int32 8 13 "node { name: \"n\" op_type: \"Expand\" input: \"x\" input: \"shape\" output: \"y\" } $x23
  initializer { name: \"shape\" data_type: 6 dims: 1 int32_data: [2] } $y_out"
expect_both expand_shape_int32 "input 1 ('shape') is tensor(int32), but Expand-13 takes tensor(int64)"

tile() { echo "node { name: \"n\" op_type: \"Tile\" input: \"x\" input: \"r\" output: \"y\" } $x23 $(shape_init "$@" | sed 's/"shape"/"r"/')"; }
layout_case tile_negative 13 "Tile-13): repeats[1] = -2 is negative" "$(tile 1 -2)"
layout_case tile_int64_min 6 "Tile-6): repeats[0] = -9223372036854775808 is negative" "$(tile -9223372036854775808 1)"
layout_case tile_wrong_length 13 "Tile-13): repeats has 3 entries but the input has rank 2; it needs one per input dimension" "$(tile 1 1 1)"
layout_case tile_dim_overflow 13 "Tile-13): repeats[1] = 9223372036854775807 times input dimension 1 (3) overflows int64" "$(tile 1 9223372036854775807)"
layout_case tile_count_overflow 13 "Tile-13): tiling [2, 3] gives the shape [8589934592, 12884901888], whose element count overflows int64" "$(tile 4294967296 4294967296)"
rss_limit_kb=204800
layout_case tile_terabytes 13 "Tile-13): float[2000000, 3000000] needs 24000000000000 bytes" "$(tile 1000000 1000000)"
rss_limit_kb=""
scalar_float() { echo "initializer { name: \"$1\" data_type: 1 float_data: [$2] }"; }
tile1() { echo "node { name: \"n\" op_type: \"Tile\" input: \"x\" input: \"tiles\" input: \"axis\" output: \"y\" } $x23 $(scalar_float tiles "$1") $(scalar_float axis "$2")"; }
layout_case tile1_fraction 1 "Tile-1): tiles = 2.5 is not an integer that fits int64" "$(tile1 2.5 0)"
layout_case tile1_nan_axis 1 "Tile-1): axis = nan is not an integer that fits int64" "$(tile1 2 nan)"
layout_case tile1_axis_out_of_range 1 "Tile-1): axis = 2 is out of range for rank 2 (valid: 0 to 1)" "$(tile1 2 2)"
layout_case tile1_negative_axis 1 "Tile-1): axis = -1 is out of range for rank 2 (valid: 0 to 1)" "$(tile1 2 -1)"
layout_case tile1_negative_tiles 1 "Tile-1): tiles = -1 is negative" "$(tile1 -1 0)"
layout_case tile1_huge_tiles 1 "Tile-1): tiles = 1.0000000200408773e+20 is not an integer that fits int64" "$(tile1 1e20 0)"

cond() { echo "initializer { name: \"c\" data_type: 9 $1 int32_data: [$2] }"; }
where() { echo "node { name: \"n\" op_type: \"Where\" input: \"c\" input: \"x\" input: \"x\" output: \"y\" } $x23 $(cond "$1" "$2")"; }
layout_case where_incompatible 16 "Where-16): shapes [4] and [2, 3] cannot be broadcast (dimension 4 vs 3)" "$(where 'dims: 4' '1, 0, 1, 0')"
layout_case where_incompatible_v9 9 "Where-9): shapes [2, 2] and [2, 3] cannot be broadcast (dimension 2 vs 3)" "$(where 'dims: 2 dims: 2' '1, 0, 1, 0')"

compress() {
  local axis=""; [ -z "$3" ] || axis="attribute { name: \"axis\" i: $3 type: INT }"
  echo "node { name: \"n\" op_type: \"Compress\" input: \"x\" input: \"c\" output: \"y\" $axis } $x23 $(cond "$1" "$2")"
}
layout_case compress_axis_out_of_range 11 "Compress-11): axis = 2 is out of range for rank 2 (valid: -2 to 1)" "$(compress 'dims: 2' '1, 0' 2)"
layout_case compress_negative_axis_v9 9 "Compress-9): axis = -1 is out of range for rank 2 (valid: 0 to 1)" "$(compress 'dims: 2' '1, 0' -1)"
layout_case compress_axis_int64_min 11 "Compress-11): axis = -9223372036854775808 is out of range for rank 2 (valid: -2 to 1)" "$(compress 'dims: 2' '1, 0' -9223372036854775808)"
layout_case compress_condition_too_long 11 "Compress-11): condition has 4 entries but axis 1 has size 3; it may be shorter, not longer" "$(compress 'dims: 4' '1, 0, 1, 1' 1)"
layout_case compress_condition_too_long_flat 9 "Compress-9): condition has 7 entries but the input has 6 elements (no axis: the input is flattened)" "$(compress 'dims: 7' '1, 0, 1, 1, 0, 0, 1' '')"
layout_case compress_condition_2d 11 "Compress-11): condition must be 1-D, but it is bool[1, 2]" "$(compress 'dims: 1 dims: 2' '1, 0' 0)"

model nonzero_int4 10 21 "node { name: \"n\" op_type: \"NonZero\" input: \"x\" output: \"y\" } initializer { name: \"x\" data_type: 22 dims: 2 raw_data: \"\\021\" } $y_out"
expect_both nonzero_int4 "input 0 ('X') is tensor(int4), which NonZero-13 does not allow for T"
