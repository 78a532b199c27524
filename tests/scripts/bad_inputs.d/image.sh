# Bad inputs of ImageDecoder (ops/image/): a stream of no known format, a truncated PNM raster, a
# BMP cut inside its file header, an unknown pixel_format, a 2-D stream. Sourced by
# tests/scripts/bad_inputs.sh.

image_node() { echo "node { name: \"d\" op_type: \"ImageDecoder\" input: \"x\" output: \"y\" $1 }"; }

# image_case NAME "DIMS" RAW_DATA [ATTRIBUTE]: a uint8 stream of those dims fed as input x.
image_case() {
  local dims="" d
  for d in $2; do dims="$dims dims: $d"; done
  # shellcheck disable=SC2086
  model "$1" 9 20 "$(image_node "${4:-}") $(declared x 2 $2) $y_out"
  input "$1" "name: \"x\" data_type: 2 $dims raw_data: \"$3\""
}

image_case image_unknown_signature 6 'GIF89a'
expect_both image_unknown_signature "node 'd' (#0, ImageDecoder-20): input 'encoded_stream' starts with bytes 47 49 46 38 39 61, the signature of none of BMP, JPEG, JPEG 2000, TIFF, PNG, WebP, PNM"

image_case image_pnm_truncated 14 'P6\n2 2\n255\n\001\002\003'
expect_both image_pnm_truncated "node 'd' (#0, ImageDecoder-20): PNM stream: truncated: 2 rows need at least 6 bytes each, 3 bytes are left"

image_case image_bmp_cut_header 5 'BM\000\000\000'
expect_both image_bmp_cut_header "node 'd' (#0, ImageDecoder-20): BMP stream: truncated: the file header needs bytes up to 14, the stream has 5"

image_case image_pixel_format 2 'P6' 'attribute { name: "pixel_format" type: STRING s: "RGBA" }'
expect_both image_pixel_format "node 'd' (#0, ImageDecoder-20): attribute 'pixel_format' = 'RGBA' is none of RGB, BGR, Grayscale"

image_case image_stream_2d '1 2' 'P6'
expect_both image_stream_2d "node 'd' (#0, ImageDecoder-20): input 'encoded_stream' has shape [1, 2]; it must be 1-D"
