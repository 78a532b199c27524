// ImageDecoder's BMP decoder, written here (Debian has no BMP decoding library): the 14-byte file
// header, then a BITMAPCOREHEADER (12 bytes) or a BITMAPINFOHEADER (40) or one of its successors
// (52, 56, 108, 124 bytes: V2, V3, V4, V5; colour space and gamma fields are read past, not
// applied). Pixels: 1-, 4- and 8-bit palette indices, 16-bit (5-5-5 under BI_RGB), 24-bit BGR and
// 32-bit BGRX under BI_RGB; 16- and 32-bit under BI_BITFIELDS / BI_ALPHABITFIELDS with any
// contiguous, disjoint red, green and blue masks, each channel of n bits scaled to
// round(v * 255 / (2^n - 1)) (5-5-5 and 5-6-5 included). Alpha masks and the X byte are ignored.
// Rows are bottom-up for a positive height, top-down for a negative one. RLE and embedded
// JPEG/PNG compressions are refused.
//
// Every offset and size is checked against the stream's length before it is read; a palette index
// beyond the palette is an error, never a read past it.
#include <cstring>
#include <string>

#include "ops/image/decoded_image.h"
#include "runtime/error.h"

namespace onnx_ref::image {

namespace {

constexpr uint32_t kBmpRgb = 0, kBmpBitfields = 3, kBmpAlphaBitfields = 6;

// Little-endian fields, each checked against the stream's length first.
struct BmpReader {
  EncodedBytes stream;
  void need(uint64_t offset, uint64_t bytes, const char* what) const {
    if (offset > stream.size() || bytes > stream.size() - offset)
      throw Error("BMP stream: truncated: " + std::string(what) + " needs bytes up to " +
                  std::to_string(offset + bytes) + ", the stream has " + std::to_string(stream.size()));
  }
  uint32_t u16(uint64_t offset, const char* what) const {
    need(offset, 2, what);
    return static_cast<uint32_t>(stream[offset]) | static_cast<uint32_t>(stream[offset + 1]) << 8;
  }
  uint32_t u32(uint64_t offset, const char* what) const {
    need(offset, 4, what);
    return u16(offset, what) | u16(offset + 2, what) << 16;
  }
};

// One colour channel of a bit-field pixel: value = (pixel & mask) >> shift, max = 2^bits - 1.
struct BmpChannel {
  uint32_t mask = 0;
  int shift = 0;
  uint32_t max = 0;
};

BmpChannel bmp_channel(uint32_t mask, const char* name, uint32_t bits_per_pixel) {
  if (mask == 0) throw Error(std::string("BMP stream: the ") + name + " bit mask is 0");
  if (bits_per_pixel == 16 && mask > 0xFFFF)
    throw Error(std::string("BMP stream: the ") + name + " bit mask " + std::to_string(mask) +
                " does not fit 16-bit pixels");
  BmpChannel c;
  c.mask = mask;
  while (!((mask >> c.shift) & 1)) ++c.shift;
  const uint32_t field = mask >> c.shift;
  if (field & (field + 1))
    throw Error(std::string("BMP stream: the ") + name + " bit mask " + std::to_string(mask) + " is not contiguous");
  c.max = field;
  return c;
}

uint8_t bmp_channel_value(const BmpChannel& c, uint32_t pixel) {
  return scale_sample_to_8_bits((pixel & c.mask) >> c.shift, c.max);
}

}  // namespace

DecodedImage decode_bmp(EncodedBytes stream) {
  const BmpReader r{stream};
  const uint32_t pixel_offset = r.u32(10, "the file header");
  const uint32_t header_size = r.u32(14, "the file header");
  int64_t width = 0, height = 0;
  uint32_t bits = 0, compression = kBmpRgb, colours_used = 0;
  bool core = false;
  if (header_size == 12) {
    core = true;
    width = r.u16(18, "the BITMAPCOREHEADER");
    height = r.u16(20, "the BITMAPCOREHEADER");
    if (r.u16(22, "the BITMAPCOREHEADER") != 1) throw Error("BMP stream: the number of planes is not 1");
    bits = r.u16(24, "the BITMAPCOREHEADER");
  } else if (header_size == 40 || header_size == 52 || header_size == 56 || header_size == 108 || header_size == 124) {
    r.need(14, header_size, "the BITMAPINFOHEADER");
    width = static_cast<int32_t>(r.u32(18, "the BITMAPINFOHEADER"));
    height = static_cast<int32_t>(r.u32(22, "the BITMAPINFOHEADER"));
    if (r.u16(26, "the BITMAPINFOHEADER") != 1) throw Error("BMP stream: the number of planes is not 1");
    bits = r.u16(28, "the BITMAPINFOHEADER");
    compression = r.u32(30, "the BITMAPINFOHEADER");
    colours_used = r.u32(46, "the BITMAPINFOHEADER");
  } else {
    throw Error("BMP stream: a DIB header of " + std::to_string(header_size) +
                " bytes is not supported (12, 40, 52, 56, 108 or 124)");
  }
  const bool top_down = height < 0;
  if (top_down) height = -height;
  if (width <= 0 || height == 0)
    throw Error("BMP stream: the image is " + std::to_string(width) + " x " + std::to_string(height) +
                " pixels; an image has at least one");

  // Where the palette or the bit fields after a 40-byte header start.
  uint64_t after_header = 14 + uint64_t{header_size};
  BmpChannel red, green, blue;
  bool palette = false;
  if (compression == kBmpRgb) {
    if (bits == 1 || bits == 4 || bits == 8)
      palette = true;
    else if (bits == 16)
      red = bmp_channel(0x7C00, "red", 16), green = bmp_channel(0x03E0, "green", 16),
      blue = bmp_channel(0x001F, "blue", 16);
    else if (bits == 32)
      red = bmp_channel(0xFF0000, "red", 32), green = bmp_channel(0xFF00, "green", 32),
      blue = bmp_channel(0xFF, "blue", 32);
    else if (bits != 24)
      throw Error("BMP stream: " + std::to_string(bits) + " bits per pixel are not supported (1, 4, 8, 16, 24 or 32)");
  } else if (!core && (compression == kBmpBitfields || compression == kBmpAlphaBitfields)) {
    if (bits != 16 && bits != 32)
      throw Error("BMP stream: bit fields need 16 or 32 bits per pixel, not " + std::to_string(bits));
    const uint64_t masks = header_size == 40 ? after_header : 54;
    red = bmp_channel(r.u32(masks, "the bit masks"), "red", bits);
    green = bmp_channel(r.u32(masks + 4, "the bit masks"), "green", bits);
    blue = bmp_channel(r.u32(masks + 8, "the bit masks"), "blue", bits);
    if ((red.mask & green.mask) || (red.mask & blue.mask) || (green.mask & blue.mask))
      throw Error("BMP stream: the red, green and blue bit masks overlap");
    if (header_size == 40) after_header += compression == kBmpAlphaBitfields ? 16 : 12;
  } else {
    throw Error("BMP stream: compression " + std::to_string(compression) +
                " is not supported (0 BI_RGB, 3 BI_BITFIELDS, 6 BI_ALPHABITFIELDS)");
  }

  // The palette: 2^bits entries unless the header gives fewer; 4 bytes each (B, G, R, unused), 3
  // after a core header.
  std::vector<uint8_t> palette_rgb;
  if (palette) {
    const uint32_t entries = colours_used == 0 ? 1u << bits : colours_used;
    if (entries > (1u << bits))
      throw Error("BMP stream: " + std::to_string(entries) + " palette entries for " + std::to_string(bits) +
                  "-bit pixels");
    const uint64_t entry_bytes = core ? 3 : 4;
    r.need(after_header, entries * entry_bytes, "the palette");
    palette_rgb.resize(uint64_t{entries} * 3);
    for (uint32_t i = 0; i < entries; ++i) {
      const uint8_t* e = stream.data() + after_header + i * entry_bytes;
      palette_rgb[3 * i] = e[2], palette_rgb[3 * i + 1] = e[1], palette_rgb[3 * i + 2] = e[0];
    }
  }

  const uint64_t w = static_cast<uint64_t>(width), h = static_cast<uint64_t>(height);
  const uint64_t stride = (w * bits + 31) / 32 * 4;
  if (pixel_offset > stream.size() || stride > (stream.size() - pixel_offset) / h)
    throw Error("BMP stream: truncated: " + std::to_string(h) + " rows of " + std::to_string(stride) +
                " bytes from offset " + std::to_string(pixel_offset) + " do not fit a stream of " +
                std::to_string(stream.size()) + " bytes");
  check_image_size("BMP", w, h, 3);
  DecodedImage image = allocate_image(w, h);
  for (uint64_t y = 0; y < h; ++y) {
    const uint8_t* row = stream.data() + pixel_offset + (top_down ? y : h - 1 - y) * stride;
    uint8_t* out = image.rgb.data() + y * w * 3;
    for (uint64_t x = 0; x < w; ++x, out += 3) {
      if (palette) {
        const uint32_t per_byte = 8 / bits;
        const uint32_t byte = row[x / per_byte];
        const uint32_t index = (byte >> (8 - bits * (x % per_byte + 1))) & ((1u << bits) - 1);
        if (uint64_t{index} * 3 >= palette_rgb.size())
          throw Error("BMP stream: pixel (" + std::to_string(x) + ", " + std::to_string(y) + ") uses palette entry " +
                      std::to_string(index) + " of a palette of " + std::to_string(palette_rgb.size() / 3));
        std::memcpy(out, palette_rgb.data() + index * 3, 3);
      } else if (bits == 24) {
        out[0] = row[3 * x + 2], out[1] = row[3 * x + 1], out[2] = row[3 * x];
      } else {
        const uint8_t* p = row + x * (bits / 8);
        uint32_t pixel = p[0] | uint32_t{p[1]} << 8;
        if (bits == 32) pixel |= uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
        out[0] = bmp_channel_value(red, pixel), out[1] = bmp_channel_value(green, pixel),
        out[2] = bmp_channel_value(blue, pixel);
      }
    }
  }
  return image;
}

}  // namespace onnx_ref::image
