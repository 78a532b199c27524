// ImageDecoder's PNG decoder: Debian's libpng 1.6. Every colour type comes out as 8-bit RGB:
// palettes expanded, grey replicated (1-, 2- and 4-bit grey scaled exactly to 0..255), 16-bit
// samples scaled by png_set_scale_16 (round(v * 255 / 65535), the exact value rounded once), alpha
// and tRNS transparency dropped, interlaced images de-interlaced; gAMA, cHRM and iCCP are not
// applied (the samples are the stored ones). Only the first image of an animated PNG is read. The
// stream is read up to IEND: a stream cut anywhere is refused.
//
// libpng reports errors through a callback that must not return: it longjmps back into the small
// functions below, which hold no C++ object with a destructor across setjmp. Warnings (ancillary
// chunks libpng discards) are ignored, as they do not change the pixels.
#include <png.h>

#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "ops/image/decoded_image.h"

namespace onnx_ref::image {

namespace {

struct PngSession {
  const uint8_t* data;
  size_t size;
  size_t position;
  char message[256];
  png_structp png;
  png_infop info;
  uint32_t stored_bits_per_pixel;  // as the stream stores a pixel, before any conversion
};

void png_session_error(png_structp png, png_const_charp message) {
  auto* s = static_cast<PngSession*>(png_get_error_ptr(png));
  std::snprintf(s->message, sizeof s->message, "%s", message ? message : "");
  png_longjmp(png, 1);
}

void png_session_warning(png_structp, png_const_charp) {}

void png_session_read(png_structp png, png_bytep out, size_t length) {
  auto* s = static_cast<PngSession*>(png_get_io_ptr(png));
  if (length > s->size - s->position) png_error(png, "the stream ends early");
  std::memcpy(out, s->data + s->position, length);
  s->position += length;
}

// Reads the header and sets the transformations to 8-bit RGB. False on an error.
bool png_session_start(PngSession* s, png_uint_32* width, png_uint_32* height) {
  if (setjmp(png_jmpbuf(s->png))) return false;
  png_set_read_fn(s->png, s, png_session_read);
  png_read_info(s->png, s->info);
  *width = png_get_image_width(s->png, s->info);
  *height = png_get_image_height(s->png, s->info);
  s->stored_bits_per_pixel =
      static_cast<uint32_t>(png_get_bit_depth(s->png, s->info)) * png_get_channels(s->png, s->info);
  const int colour = png_get_color_type(s->png, s->info);
  png_set_scale_16(s->png);
  if (colour == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(s->png);
  if (colour == PNG_COLOR_TYPE_GRAY) png_set_expand_gray_1_2_4_to_8(s->png);
  if (colour & PNG_COLOR_MASK_ALPHA) png_set_strip_alpha(s->png);
  if (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(s->png);
  png_set_interlace_handling(s->png);
  png_read_update_info(s->png, s->info);
  if (png_get_rowbytes(s->png, s->info) != static_cast<size_t>(*width) * 3) {
    std::snprintf(s->message, sizeof s->message, "rows of %zu bytes after conversion, not 3 per pixel",
                  static_cast<size_t>(png_get_rowbytes(s->png, s->info)));
    return false;
  }
  return true;
}

bool png_session_read_pixels(PngSession* s, png_bytepp rows) {
  if (setjmp(png_jmpbuf(s->png))) return false;
  png_read_image(s->png, rows);
  png_read_end(s->png, nullptr);  // up to IEND, so that a stream cut after its pixels is refused too
  return true;
}

struct PngSessionGuard {
  PngSession* s;
  ~PngSessionGuard() { png_destroy_read_struct(&s->png, s->info ? &s->info : nullptr, nullptr); }
};

}  // namespace

DecodedImage decode_png(EncodedBytes stream) {
  PngSession session{};
  session.data = stream.data();
  session.size = stream.size();
  session.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &session, png_session_error, png_session_warning);
  if (!session.png) throw_decoder_error("PNG", "the decoder cannot start");
  PngSessionGuard guard{&session};
  session.info = png_create_info_struct(session.png);
  if (!session.info) throw_decoder_error("PNG", "the decoder cannot start");
  png_uint_32 width = 0, height = 0;
  if (!png_session_start(&session, &width, &height))
    throw_decoder_error("PNG", "the header is corrupt or truncated", session.message);
  // The filtered rows (one filter byte each) come out of deflate, which makes at most 1032 bytes of
  // each byte it reads (RFC 1951: a 258-byte match in about 2 bits): a stream too short to hold
  // the declared rows is refused before they are allocated.
  const uint64_t row_bytes = 1 + (static_cast<uint64_t>(width) * session.stored_bits_per_pixel + 7) / 8;
  const unsigned __int128 filtered = static_cast<unsigned __int128>(row_bytes) * height;
  if (filtered > static_cast<unsigned __int128>(stream.size()) * 1032)
    throw_decoder_error("PNG", "a " + std::to_string(width) + " x " + std::to_string(height) + " image needs " +
                                   std::to_string(static_cast<uint64_t>(filtered)) +
                                   " bytes of rows, more than deflate makes from the " + std::to_string(stream.size()) +
                                   " bytes of the stream (at most 1032 a byte)");
  check_image_size("PNG", width, height, 3);
  DecodedImage image = allocate_image(width, height);
  std::vector<png_bytep> rows(height);
  for (png_uint_32 y = 0; y < height; ++y) rows[y] = image.rgb.data() + static_cast<size_t>(y) * width * 3;
  if (!png_session_read_pixels(&session, rows.data()))
    throw_decoder_error("PNG", "the image data is corrupt or truncated", session.message);
  return image;
}

}  // namespace onnx_ref::image
