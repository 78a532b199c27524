// ImageDecoder's TIFF decoder: Debian's libtiff 4.5 read from memory (TIFFClientOpenExt), first
// directory only, through libtiff's RGBA interface (TIFFReadRGBAImageOriented, top-left origin):
// every photometric interpretation it supports (grey, palette, RGB, YCbCr, CMYK by inversion,
// CIE L*a*b*) and every compression Debian's libtiff decodes. 16-bit colour samples become
// round(v / 257) (libtiff's table, (v + 128) / 257); 16-bit grey becomes its high byte, v >> 8
// (libtiff's put16bitbwtile: "use high order byte"); 1-, 2- and 4-bit grey are scaled exactly to
// 0..255. Alpha is
// dropped; the RGBA interface premultiplies unassociated alpha first, so the colour of a partly
// transparent pixel is the premultiplied one.
//
// Errors reach a handler given to the open call that keeps the first message; warnings (unknown
// tags) are ignored. libtiff's own allocations are capped at the run's memory limit.
#include <tiffio.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "ops/image/decoded_image.h"
#include "runtime/tensor.h"

namespace onnx_ref::image {

namespace {

struct TiffMemoryStream {
  const uint8_t* data;
  uint64_t size;
  uint64_t position;
  std::string message;
};

tmsize_t tiff_stream_read(thandle_t handle, void* out, tmsize_t length) {
  auto* s = static_cast<TiffMemoryStream*>(handle);
  if (length <= 0 || s->position >= s->size) return 0;
  const uint64_t n = std::min<uint64_t>(static_cast<uint64_t>(length), s->size - s->position);
  std::memcpy(out, s->data + s->position, static_cast<size_t>(n));
  s->position += n;
  return static_cast<tmsize_t>(n);
}

tmsize_t tiff_stream_write(thandle_t, void*, tmsize_t) { return 0; }

toff_t tiff_stream_seek(thandle_t handle, toff_t offset, int whence) {
  auto* s = static_cast<TiffMemoryStream*>(handle);
  uint64_t base = 0;
  if (whence == SEEK_CUR)
    base = s->position;
  else if (whence == SEEK_END)
    base = s->size;
  else if (whence != SEEK_SET)
    return static_cast<toff_t>(-1);
  if (offset > UINT64_MAX - base) return static_cast<toff_t>(-1);
  s->position = base + offset;  // beyond the end: reads there give nothing
  return s->position;
}

int tiff_stream_close(thandle_t) { return 0; }
toff_t tiff_stream_size(thandle_t handle) { return static_cast<TiffMemoryStream*>(handle)->size; }
int tiff_stream_map(thandle_t, void**, toff_t*) { return 0; }
void tiff_stream_unmap(thandle_t, void*, toff_t) {}

int tiff_stream_error(TIFF*, void* user_data, const char* module, const char* format, va_list args) {
  auto* s = static_cast<TiffMemoryStream*>(user_data);
  if (s->message.empty()) {
    char text[512];
    std::vsnprintf(text, sizeof text, format, args);
    s->message = (module && *module ? std::string(module) + ": " : std::string()) + text;
  }
  return 1;  // handled: libtiff's global handler (stderr) is not called
}

int tiff_stream_warning(TIFF*, void*, const char*, const char*, va_list) { return 1; }

struct TiffOptionsGuard {
  TIFFOpenOptions* options;
  ~TiffOptionsGuard() { TIFFOpenOptionsFree(options); }
};

struct TiffHandleGuard {
  TIFF* tif;
  ~TiffHandleGuard() {
    if (tif) TIFFClose(tif);
  }
};

}  // namespace

DecodedImage decode_tiff(EncodedBytes stream) {
  TiffMemoryStream source{stream.data(), stream.size(), 0, {}};
  TiffOptionsGuard options{TIFFOpenOptionsAlloc()};
  if (!options.options) throw_decoder_error("TIFF", "the decoder cannot start");
  const uint64_t limit = std::min<uint64_t>(memory_headroom(), static_cast<uint64_t>(INT64_MAX));
  TIFFOpenOptionsSetMaxSingleMemAlloc(options.options, static_cast<tmsize_t>(limit));
  TIFFOpenOptionsSetErrorHandlerExtR(options.options, tiff_stream_error, &source);
  TIFFOpenOptionsSetWarningHandlerExtR(options.options, tiff_stream_warning, &source);
  TiffHandleGuard handle{TIFFClientOpenExt("encoded_stream", "rm", &source, tiff_stream_read, tiff_stream_write,
                                           tiff_stream_seek, tiff_stream_close, tiff_stream_size, tiff_stream_map,
                                           tiff_stream_unmap, options.options)};
  if (!handle.tif) throw_decoder_error("TIFF", "the header is corrupt or truncated", source.message);
  uint32_t width = 0, height = 0;
  if (!TIFFGetField(handle.tif, TIFFTAG_IMAGEWIDTH, &width) || !TIFFGetField(handle.tif, TIFFTAG_IMAGELENGTH, &height))
    throw_decoder_error("TIFF", "the image has no width or length tag", source.message);
  char reason[1024] = {0};
  if (!TIFFRGBAImageOK(handle.tif, reason)) throw_decoder_error("TIFF", "the image is not supported", reason);
  // The RGBA raster libtiff fills (4 bytes a pixel) and the RGB picture made from it.
  const uint64_t pixels = check_image_size("TIFF", width, height, 4 + 3);
  ChargedBuffer<uint32_t> charged_raster(pixels, "the TIFF raster");
  std::vector<uint32_t>& raster = charged_raster.values;
  if (!TIFFReadRGBAImageOriented(handle.tif, width, height, raster.data(), ORIENTATION_TOPLEFT, 1))
    throw_decoder_error("TIFF", "the image data is corrupt or truncated", source.message);
  if (!source.message.empty()) throw_decoder_error("TIFF", "the image data is corrupt or truncated", source.message);
  DecodedImage image = allocate_image(width, height);
  for (size_t i = 0; i < raster.size(); ++i) {
    image.rgb[3 * i] = static_cast<uint8_t>(TIFFGetR(raster[i]));
    image.rgb[3 * i + 1] = static_cast<uint8_t>(TIFFGetG(raster[i]));
    image.rgb[3 * i + 2] = static_cast<uint8_t>(TIFFGetB(raster[i]));
  }
  return image;
}

}  // namespace onnx_ref::image
