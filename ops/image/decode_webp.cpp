// ImageDecoder's WebP decoder: Debian's libwebp (WebPDecode with its default options: fancy
// upsampling of lossy chroma, no dithering), lossy and lossless, straight to RGB; alpha is dropped.
// Animated WebP is refused (the spec decodes one image).
#include <webp/decode.h>

#include "ops/image/decoded_image.h"

namespace onnx_ref::image {

namespace {

const char* webp_status_text(VP8StatusCode status) {
  switch (status) {
    case VP8_STATUS_OK:
      return "ok";
    case VP8_STATUS_OUT_OF_MEMORY:
      return "out of memory";
    case VP8_STATUS_INVALID_PARAM:
      return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR:
      return "bitstream error";
    case VP8_STATUS_UNSUPPORTED_FEATURE:
      return "unsupported feature";
    case VP8_STATUS_SUSPENDED:
      return "suspended";
    case VP8_STATUS_USER_ABORT:
      return "user abort";
    case VP8_STATUS_NOT_ENOUGH_DATA:
      return "not enough data";
  }
  return "unknown status";
}

}  // namespace

DecodedImage decode_webp(EncodedBytes stream) {
  WebPDecoderConfig config;
  if (!WebPInitDecoderConfig(&config)) throw_decoder_error("WebP", "the decoder cannot start");
  const VP8StatusCode header = WebPGetFeatures(stream.data(), stream.size(), &config.input);
  if (header == VP8_STATUS_NOT_ENOUGH_DATA) throw_decoder_error("WebP", "the header is truncated");
  if (header != VP8_STATUS_OK) throw_decoder_error("WebP", "the header is invalid", webp_status_text(header));
  if (config.input.has_animation) throw_decoder_error("WebP", "animated images are not supported");
  const int width = config.input.width, height = config.input.height;
  if (width <= 0 || height <= 0) throw_decoder_error("WebP", "the header gives no image size");
  check_image_size("WebP", static_cast<uint64_t>(width), static_cast<uint64_t>(height), 3);
  DecodedImage image = allocate_image(static_cast<uint64_t>(width), static_cast<uint64_t>(height));
  config.output.colorspace = MODE_RGB;
  config.output.is_external_memory = 1;
  config.output.u.RGBA.rgba = image.rgb.data();
  config.output.u.RGBA.stride = width * 3;
  config.output.u.RGBA.size = image.rgb.size();
  const VP8StatusCode status = WebPDecode(stream.data(), stream.size(), &config);
  WebPFreeDecBuffer(&config.output);  // external memory: frees nothing of ours
  if (status == VP8_STATUS_NOT_ENOUGH_DATA) throw_decoder_error("WebP", "the image data is truncated");
  if (status != VP8_STATUS_OK) throw_decoder_error("WebP", "the image data is corrupt", webp_status_text(status));
  return image;
}

}  // namespace onnx_ref::image
