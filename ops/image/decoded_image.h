#pragma once
// What ImageDecoder's per-format decoders share: the decoded picture (8-bit RGB, row-major
// [height, width, 3]; grey images have R = G = B), the size check every decoder makes before it
// allocates pixels, and the one rule that brings a sample of another depth to 8 bits.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/run_limits.h"

namespace onnx_ref::image {

struct DecodedImage {
  int64_t height = 0;
  int64_t width = 0;
  std::vector<uint8_t> rgb;  // height * width * 3 bytes
  MemoryCharge charge;       // rgb's bytes, charged to the run's budget
};

using EncodedBytes = std::span<const uint8_t>;

// Error "<format> stream: ..." when a dimension is 0 or width * height * bytes_per_pixel exceeds
// what the run's memory budget has left (runtime/run_limits.h), so that a tiny stream claiming a
// huge picture is refused before anything is allocated. Returns width * height.
uint64_t check_image_size(std::string_view format, uint64_t width, uint64_t height, uint64_t bytes_per_pixel);

// A picture of checked size, its pixels still to be written, charged to the run's budget.
DecodedImage allocate_image(uint64_t width, uint64_t height);

// A decoder's scratch buffer of `count` elements (TIFF's RGBA raster), charged while it lives.
template <class T>
struct ChargedBuffer {
  MemoryCharge charge;
  std::vector<T> values;
  ChargedBuffer(uint64_t count, std::string_view what)
      : charge(charge_memory(checked_bytes(count, sizeof(T), what), what)), values(static_cast<size_t>(count)) {}
};

// A sample v in [0, max] brought to [0, 255]: round(v * 255 / max), ties to even (the exact value
// rounded once; max = 255 keeps v, and bit replication of 1-, 2- and 4-bit samples gives the same).
uint8_t scale_sample_to_8_bits(uint32_t v, uint32_t max);

// "<format> stream: <what>", the library's own words (which may quote bytes of the file) passed
// through quote_text.
[[noreturn]] void throw_decoder_error(std::string_view format, std::string_view what,
                                      std::string_view library_message = {});

// Each decodes the whole stream into 8-bit RGB, or throws a one-line Error naming the format and
// what is wrong (truncated, corrupt, a feature the decoder does not support).
DecodedImage decode_jpeg(EncodedBytes stream);
DecodedImage decode_png(EncodedBytes stream);
DecodedImage decode_webp(EncodedBytes stream);
DecodedImage decode_tiff(EncodedBytes stream);
DecodedImage decode_jpeg2000(EncodedBytes stream);
DecodedImage decode_bmp(EncodedBytes stream);
DecodedImage decode_pnm(EncodedBytes stream);

}  // namespace onnx_ref::image
