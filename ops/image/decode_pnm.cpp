// ImageDecoder's PNM decoder, written here (Netpbm's library is not a decoder of streams in
// memory): PBM (P1 plain, P4 raw), PGM (P2, P5) and PPM (P3, P6) as the Netpbm formats define
// them. Header fields are decimal numbers separated by whitespace and comments (# to the end of the
// line); a raw raster starts after exactly one whitespace byte. Samples of maxval M (1 to 65535;
// two bytes big-endian from M = 256 in raw rasters) become round(v * 255 / M), ties to even (the
// exact value rounded once; M = 255 keeps them); a sample above M is an error. PBM's 1 is black (0)
// and 0 white (255). Grey images are replicated to RGB. Only the first image of a stream is read;
// bytes after its raster are ignored. PAM (P7) is refused.
#include <string>

#include "ops/image/decoded_image.h"
#include "runtime/error.h"

namespace onnx_ref::image {

namespace {

struct PnmParser {
  EncodedBytes stream;
  size_t position = 2;  // after the magic number

  bool is_space(uint8_t c) const { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

  void skip_space_and_comments() {
    while (position < stream.size()) {
      if (stream[position] == '#') {
        while (position < stream.size() && stream[position] != '\n' && stream[position] != '\r') ++position;
      } else if (is_space(stream[position])) {
        ++position;
      } else {
        return;
      }
    }
  }

  // What a field is in errors: `what`, or the sample of pixel `pixel` when it is one.
  static std::string field_name(const char* what, int64_t pixel, uint64_t width) {
    if (pixel < 0) return what;
    const uint64_t i = static_cast<uint64_t>(pixel);
    return std::string(what) + " of pixel (" + std::to_string(i % width) + ", " + std::to_string(i / width) + ")";
  }

  // A decimal number no larger than `limit`.
  uint64_t number(const char* what, uint64_t limit, int64_t pixel = -1, uint64_t width = 1) {
    skip_space_and_comments();
    if (position >= stream.size())
      throw Error("PNM stream: truncated: it ends before the " + field_name(what, pixel, width));
    if (stream[position] < '0' || stream[position] > '9')
      throw Error("PNM stream: the " + field_name(what, pixel, width) + " is not a decimal number (byte " +
                  std::to_string(stream[position]) + " at offset " + std::to_string(position) + ")");
    uint64_t value = 0;
    while (position < stream.size() && stream[position] >= '0' && stream[position] <= '9') {
      value = value * 10 + (stream[position++] - '0');
      if (value > limit)
        throw Error("PNM stream: the " + field_name(what, pixel, width) + " exceeds " + std::to_string(limit));
    }
    return value;
  }

  // One plain PBM digit: whitespace between pixels is optional there.
  uint32_t bit(int64_t pixel, uint64_t width) {
    skip_space_and_comments();
    if (position >= stream.size())
      throw Error("PNM stream: truncated: it ends before the " + field_name("bit", pixel, width));
    const uint8_t c = stream[position++];
    if (c != '0' && c != '1')
      throw Error("PNM stream: the " + field_name("bit", pixel, width) + " is byte " + std::to_string(c) +
                  ", not 0 or 1");
    return c - '0';
  }
};

}  // namespace

DecodedImage decode_pnm(EncodedBytes stream) {
  const char kind = stream.size() >= 2 ? static_cast<char>(stream[1]) : '?';
  if (kind == '7') throw Error("PNM stream: PAM (P7) is not supported");
  if (kind < '1' || kind > '6') throw Error("PNM stream: the magic number is not P1 to P6");
  const bool plain = kind <= '3';
  const bool bitmap = kind == '1' || kind == '4';
  const uint64_t samples_per_pixel = kind == '3' || kind == '6' ? 3 : 1;
  PnmParser p{stream};
  const uint64_t kMaxDimension = uint64_t{1} << 31;
  const uint64_t width = p.number("width", kMaxDimension);
  const uint64_t height = p.number("height", kMaxDimension);
  const uint32_t maxval = bitmap ? 1 : static_cast<uint32_t>(p.number("maxval", 65535));
  if (maxval == 0) throw Error("PNM stream: maxval is 0; it is 1 to 65535");
  if (width == 0 || height == 0)
    throw Error("PNM stream: the image is " + std::to_string(width) + " x " + std::to_string(height) +
                " pixels; an image has at least one");
  if (!plain) {
    if (p.position >= stream.size() || !p.is_space(stream[p.position]))
      throw Error("PNM stream: no whitespace byte between the header and the raster");
    ++p.position;
  }
  const uint64_t remaining = stream.size() - p.position;
  // Before anything is allocated: the raster must fit what is left of the stream (a plain sample
  // takes at least one byte).
  const uint64_t sample_bytes = maxval > 255 ? 2 : 1;
  const uint64_t row_bytes = plain    ? width * samples_per_pixel
                             : bitmap ? (width + 7) / 8
                                      : width * samples_per_pixel * sample_bytes;
  if (row_bytes > remaining / height)
    throw Error("PNM stream: truncated: " + std::to_string(height) + " rows need at least " +
                std::to_string(row_bytes) + " bytes each, " + std::to_string(remaining) + " bytes are left");
  check_image_size("PNM", width, height, 3);
  DecodedImage image = allocate_image(width, height);
  const uint64_t pixels = width * height;
  for (uint64_t i = 0; i < pixels; ++i) {
    uint8_t* out = image.rgb.data() + 3 * i;
    for (uint64_t s = 0; s < samples_per_pixel; ++s) {
      uint32_t v = 0;
      if (bitmap && plain) {
        v = p.bit(static_cast<int64_t>(i), width);
      } else if (bitmap) {
        const uint64_t x = i % width, y = i / width;
        v = (stream[p.position + y * row_bytes + x / 8] >> (7 - x % 8)) & 1;
      } else if (plain) {
        v = static_cast<uint32_t>(p.number("sample", 65535, static_cast<int64_t>(i), width));
      } else {
        const uint8_t* b = stream.data() + p.position + (i * samples_per_pixel + s) * sample_bytes;
        v = sample_bytes == 2 ? uint32_t{b[0]} << 8 | b[1] : b[0];
      }
      if (v > maxval)
        throw Error("PNM stream: the " + PnmParser::field_name("sample", static_cast<int64_t>(i), width) + " is " +
                    std::to_string(v) + ", above maxval " + std::to_string(maxval));
      out[s] = bitmap ? (v ? 0 : 255) : scale_sample_to_8_bits(v, maxval);
    }
    if (samples_per_pixel == 1) out[1] = out[2] = out[0];
  }
  return image;
}

}  // namespace onnx_ref::image
