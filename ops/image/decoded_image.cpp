// ImageDecoder's shared rules (ops/image/decoded_image.h).
#include "ops/image/decoded_image.h"

#include "runtime/error.h"
#include "runtime/run_limits.h"

namespace onnx_ref::image {

uint64_t check_image_size(std::string_view format, uint64_t width, uint64_t height, uint64_t bytes_per_pixel) {
  const std::string name(format);
  if (width == 0 || height == 0)
    throw Error(name + " stream: the image is " + std::to_string(width) + " x " + std::to_string(height) +
                " pixels; an image has at least one");
  const uint64_t limit = memory_headroom();
  if (width > limit / height || width * height > limit / bytes_per_pixel)
    throw Error(name + " stream: a " + std::to_string(width) + " x " + std::to_string(height) +
                " image needs more than the memory limit of " + std::to_string(limit) + " bytes");
  return width * height;
}

DecodedImage allocate_image(uint64_t width, uint64_t height) {
  DecodedImage image;
  image.width = static_cast<int64_t>(width);
  image.height = static_cast<int64_t>(height);
  image.charge = charge_memory(width * height * 3, "the decoded image");
  image.rgb.assign(static_cast<size_t>(width * height * 3), 0);
  return image;
}

uint8_t scale_sample_to_8_bits(uint32_t v, uint32_t max) {
  if (max == 255) return static_cast<uint8_t>(v);
  const uint64_t numerator = static_cast<uint64_t>(v) * 255;
  uint64_t q = numerator / max;
  const uint64_t twice_rest = 2 * (numerator % max);
  if (twice_rest > max || (twice_rest == max && (q & 1))) ++q;
  return static_cast<uint8_t>(q);
}

void throw_decoder_error(std::string_view format, std::string_view what, std::string_view library_message) {
  std::string message = std::string(format) + " stream: " + std::string(what);
  if (!library_message.empty()) message += " (" + quote_text(library_message) + ")";
  throw Error(message);
}

}  // namespace onnx_ref::image
