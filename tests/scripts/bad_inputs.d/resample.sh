# Bad inputs of Resize and Upsample. Every case's data are initializers, so the run needs no
# input files.

# resample_case NAME OPSET "expected text" GRAPH_BODY: the node is named 'n'; the text follows
# "model.onnx: node 'n' (#0, ".
resample_case() {
  local ir=8; [ "$2" -ge 9 ] || ir=3
  model "$1" $ir "$2" "$4 $y_out"
  expect_both "$1" "model.onnx: node 'n' (#0, $3"
}
x22="initializer { name: \"x\" data_type: 1 dims: 1 dims: 1 dims: 2 dims: 2 float_data: [0, 1, 2, 3] }"
scales_init() { local IFS=,; echo "initializer { name: \"scales\" data_type: 1 dims: $# float_data: [$*] }"; }
sizes_init() { local IFS=,; echo "initializer { name: \"sizes\" data_type: 7 dims: $# int64_data: [$*] }"; }
# resize ATTRIBUTES INPUTS...: a Resize node over x with the given inputs after x.
resize() {
  local attrs=$1; shift
  local ins=""
  for i in "$@"; do ins="$ins input: \"$i\""; done
  echo "node { name: \"n\" op_type: \"Resize\" input: \"x\" $ins output: \"y\" $attrs } $x22"
}
str_attr() { echo "attribute { name: \"$1\" s: \"$2\" type: STRING }"; }

resample_case resize_scales_and_sizes 19 "Resize-19): scales and sizes are both given; exactly one of them must be" \
  "$(resize "" "" scales sizes) $(scales_init 1 1 2 2) $(sizes_init 1 1 4 4)"
resample_case resize_neither 13 "Resize-13): neither scales nor sizes is given; exactly one of them must be" "$(resize "")"
resample_case resize_scale_absurd 19 "Resize-19): scale 1000000015047466219876688855040.000000 makes the output length reach 2^62 (axis 3)" \
  "$(resize "" "" scales) $(scales_init 1 1 1 1e30)"
resample_case resize_scale_negative 11 "Resize-11): scale -2.000000 must be a finite number greater than 0 (axis 2)" \
  "$(resize "" roi scales) $(scales_init 1 1 -2 1) initializer { name: \"roi\" data_type: 1 dims: 0 }"
resample_case resize_scales_length 18 "Resize-18): scales must be a 1-D tensor of 4 values (one per axis of X), got float[3]" \
  "$(resize "" "" scales) $(scales_init 1 2 2)"
resample_case resize_tf_crop_without_roi 19 "Resize-19): coordinate_transformation_mode tf_crop_and_resize needs the roi input" \
  "$(resize "$(str_attr coordinate_transformation_mode tf_crop_and_resize)" "" "" sizes) $(sizes_init 1 1 3 3)"
resample_case resize_axes_repeated 19 "Resize-19): axes repeats axis 3" \
  "$(resize "attribute { name: \"axes\" ints: [3, -1] type: INTS }" "" scales) $(scales_init 2 2)"
resample_case resize_sizes_negative 19 "Resize-19): sizes value -4 for axis 2 must be in [0, 2^62)" \
  "$(resize "" "" "" sizes) $(sizes_init 1 1 -4 4)"
# Terabytes: refused before allocating (fast, small peak RSS).
rss_limit_kb=204800
resample_case resize_terabytes 19 "Resize-19): float[1, 1, 2000000, 2000000] needs 16000000000000 bytes" \
  "$(resize "" "" "" sizes) $(sizes_init 1 1 2000000 2000000)"
rss_limit_kb=""

upsample() { echo "node { name: \"n\" op_type: \"Upsample\" input: \"x\" input: \"scales\" output: \"y\" $1 } $x22"; }
resample_case upsample_scale_below_one 9 "Upsample-9): scale 0.500000 for axis 2 must be at least 1" \
  "$(upsample "") $(scales_init 1 1 0.5 2)"
