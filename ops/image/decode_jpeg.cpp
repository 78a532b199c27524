// ImageDecoder's JPEG decoder: Debian's libjpeg-turbo (libjpeg62-turbo) with its defaults, the
// accurate integer inverse DCT (JDCT_ISLOW) and fancy (triangular) chroma upsampling, the method
// the spec text describes; YCbCr and grey streams come out as RGB. CMYK and YCCK streams are
// refused (libjpeg-turbo has no conversion of them to RGB).
//
// libjpeg reports errors by calling error_exit, which must not return: it longjmps back into the
// small functions below, which hold no C++ object with a destructor across setjmp. A warning
// (corrupt data, a premature end of the stream that libjpeg would pad with grey) is an error too,
// so a truncated stream is refused rather than decoded with made-up pixels. Progressive streams
// stop after 1000 scans (a stream of millions of tiny scans would otherwise run for minutes).
#include <algorithm>
#include <csetjmp>
#include <cstdio>  // before jpeglib.h, which uses FILE
#include <cstring>
#include <memory>

#include <jpeglib.h>

#include "ops/image/decoded_image.h"
#include "runtime/tensor.h"

namespace onnx_ref::image {

namespace {

constexpr int kJpegMaxScans = 1000;

struct JpegErrorTrap {
  jpeg_error_mgr manager;  // first: libjpeg hands back a pointer to it
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX + 64];
};

struct JpegSession {
  jpeg_decompress_struct cinfo;
  JpegErrorTrap trap;
  jpeg_progress_mgr progress;
};

void jpeg_session_error_exit(j_common_ptr cinfo) {
  auto* trap = reinterpret_cast<JpegErrorTrap*>(cinfo->err);
  (*cinfo->err->format_message)(cinfo, trap->message);
  std::longjmp(trap->jump, 1);
}

void jpeg_session_emit_message(j_common_ptr cinfo, int level) {
  if (level < 0) jpeg_session_error_exit(cinfo);  // a warning: corrupt or missing data
}

void jpeg_session_scan_limit(j_common_ptr cinfo) {
  auto* d = reinterpret_cast<j_decompress_ptr>(cinfo);
  if (d->input_scan_number > kJpegMaxScans) {
    auto* trap = reinterpret_cast<JpegErrorTrap*>(cinfo->err);
    std::snprintf(trap->message, sizeof trap->message, "more than %d progressive scans", kJpegMaxScans);
    std::longjmp(trap->jump, 1);
  }
}

// Reads the header and starts decompression to 8-bit RGB. False on an error (message in the trap).
bool jpeg_session_start(JpegSession* s, const uint8_t* data, unsigned long size, bool* unsupported_colour) {
  if (setjmp(s->trap.jump)) return false;
  jpeg_mem_src(&s->cinfo, data, size);
  jpeg_read_header(&s->cinfo, TRUE);
  if (s->cinfo.jpeg_color_space == JCS_CMYK || s->cinfo.jpeg_color_space == JCS_YCCK) {
    *unsupported_colour = true;
    return false;
  }
  s->cinfo.out_color_space = JCS_RGB;
  s->cinfo.dct_method = JDCT_ISLOW;
  s->cinfo.do_fancy_upsampling = TRUE;
  s->cinfo.mem->max_memory_to_use = static_cast<long>(std::min<uint64_t>(memory_headroom(), 0x7fffffffffffULL));
  jpeg_calc_output_dimensions(&s->cinfo);
  return true;
}

bool jpeg_session_read_pixels(JpegSession* s, uint8_t* rgb, size_t row_bytes) {
  if (setjmp(s->trap.jump)) return false;
  jpeg_start_decompress(&s->cinfo);
  if (s->cinfo.output_components != 3) {
    std::snprintf(s->trap.message, sizeof s->trap.message, "%d output components, not 3", s->cinfo.output_components);
    return false;
  }
  while (s->cinfo.output_scanline < s->cinfo.output_height) {
    JSAMPROW row = rgb + static_cast<size_t>(s->cinfo.output_scanline) * row_bytes;
    jpeg_read_scanlines(&s->cinfo, &row, 1);
  }
  jpeg_finish_decompress(&s->cinfo);
  return true;
}

bool jpeg_session_create(JpegSession* s) {
  if (setjmp(s->trap.jump)) return false;
  jpeg_create_decompress(&s->cinfo);
  s->cinfo.progress = &s->progress;
  return true;
}

// Owns the session: destroys the decompressor however the decoding ends.
struct JpegSessionGuard {
  JpegSession* session;
  bool created = false;
  ~JpegSessionGuard() {
    if (created) jpeg_destroy_decompress(&session->cinfo);
  }
};

}  // namespace

DecodedImage decode_jpeg(EncodedBytes stream) {
  auto session = std::make_unique<JpegSession>();
  std::memset(session.get(), 0, sizeof(JpegSession));
  JpegSession* s = session.get();
  s->cinfo.err = jpeg_std_error(&s->trap.manager);
  s->trap.manager.error_exit = jpeg_session_error_exit;
  s->trap.manager.emit_message = jpeg_session_emit_message;
  s->progress.progress_monitor = jpeg_session_scan_limit;
  JpegSessionGuard guard{s};
  if (!jpeg_session_create(s)) throw_decoder_error("JPEG", "the decoder cannot start", s->trap.message);
  guard.created = true;
  bool unsupported_colour = false;
  if (!jpeg_session_start(s, stream.data(), static_cast<unsigned long>(stream.size()), &unsupported_colour)) {
    if (unsupported_colour) throw_decoder_error("JPEG", "CMYK and YCCK images are not supported");
    throw_decoder_error("JPEG", "the header is corrupt or truncated", s->trap.message);
  }
  const uint64_t width = s->cinfo.output_width, height = s->cinfo.output_height;
  // The decoded picture, and for a progressive stream the coefficients of every component (2 bytes
  // each) libjpeg keeps besides it.
  check_image_size("JPEG", width, height,
                   s->cinfo.progressive_mode ? 3 + 2 * static_cast<uint64_t>(s->cinfo.num_components) : 3);
  DecodedImage image = allocate_image(width, height);
  if (!jpeg_session_read_pixels(s, image.rgb.data(), static_cast<size_t>(width) * 3))
    throw_decoder_error("JPEG", "the image data is corrupt or truncated", s->trap.message);
  return image;
}

}  // namespace onnx_ref::image
