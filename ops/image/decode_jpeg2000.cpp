// ImageDecoder's JPEG 2000 decoder: Debian's OpenJPEG 2.5 (opj_decode at full resolution, every
// quality layer), JP2 files and raw J2K codestreams, read from memory. One component is grey
// (replicated to RGB), two are grey and alpha, three or four are R, G, B (and alpha, dropped);
// alpha is never applied. Each sample of precision p (signed ones offset by 2^(p-1)) is scaled to
// round(v * 255 / (2^p - 1)), the exact value rounded once (p = 8 keeps it). Images whose
// components are subsampled or whose colour space is sYCC, e-YCC or CMYK are refused: OpenJPEG
// leaves those conversions to its applications.
//
// OpenJPEG runs in strict mode, so a truncated codestream is refused rather than decoded from the
// part that is there. Errors reach a callback that keeps the first message; warnings and
// information are ignored.
#include <openjpeg.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "ops/image/decoded_image.h"

namespace onnx_ref::image {

namespace {

struct Jpeg2000Source {
  const uint8_t* data;
  uint64_t size;
  uint64_t position;
  std::string message;
};

OPJ_SIZE_T jpeg2000_read(void* out, OPJ_SIZE_T length, void* user) {
  auto* s = static_cast<Jpeg2000Source*>(user);
  if (s->position >= s->size) return static_cast<OPJ_SIZE_T>(-1);
  const uint64_t n = std::min<uint64_t>(length, s->size - s->position);
  std::memcpy(out, s->data + s->position, static_cast<size_t>(n));
  s->position += n;
  return static_cast<OPJ_SIZE_T>(n);
}

OPJ_OFF_T jpeg2000_skip(OPJ_OFF_T length, void* user) {
  auto* s = static_cast<Jpeg2000Source*>(user);
  if (length < 0) {
    const uint64_t back = static_cast<uint64_t>(-(length + 1)) + 1;
    if (back > s->position) return -1;
    s->position -= back;
    return length;
  }
  const uint64_t n = std::min<uint64_t>(static_cast<uint64_t>(length), s->size - std::min(s->position, s->size));
  s->position += n;
  return static_cast<OPJ_OFF_T>(n);
}

OPJ_BOOL jpeg2000_seek(OPJ_OFF_T offset, void* user) {
  auto* s = static_cast<Jpeg2000Source*>(user);
  if (offset < 0 || static_cast<uint64_t>(offset) > s->size) return OPJ_FALSE;
  s->position = static_cast<uint64_t>(offset);
  return OPJ_TRUE;
}

void jpeg2000_error(const char* message, void* user) {
  auto* s = static_cast<Jpeg2000Source*>(user);
  if (s->message.empty() && message) {
    s->message = message;
    while (!s->message.empty() && (s->message.back() == '\n' || s->message.back() == ' ')) s->message.pop_back();
  }
}

void jpeg2000_ignore(const char*, void*) {}

struct Jpeg2000Guard {
  opj_stream_t* stream = nullptr;
  opj_codec_t* codec = nullptr;
  opj_image_t* image = nullptr;
  ~Jpeg2000Guard() {
    if (image) opj_image_destroy(image);
    if (codec) opj_destroy_codec(codec);
    if (stream) opj_stream_destroy(stream);
  }
};

bool jpeg2000_is_raw_codestream(EncodedBytes stream) {
  return stream.size() >= 4 && stream[0] == 0xFF && stream[1] == 0x4F && stream[2] == 0xFF && stream[3] == 0x51;
}

}  // namespace

DecodedImage decode_jpeg2000(EncodedBytes stream) {
  Jpeg2000Source source{stream.data(), stream.size(), 0, {}};
  Jpeg2000Guard guard;
  guard.stream = opj_stream_create(OPJ_J2K_STREAM_CHUNK_SIZE, OPJ_TRUE);
  guard.codec = opj_create_decompress(jpeg2000_is_raw_codestream(stream) ? OPJ_CODEC_J2K : OPJ_CODEC_JP2);
  if (!guard.stream || !guard.codec) throw_decoder_error("JPEG 2000", "the decoder cannot start");
  opj_stream_set_user_data(guard.stream, &source, nullptr);
  opj_stream_set_user_data_length(guard.stream, stream.size());
  opj_stream_set_read_function(guard.stream, jpeg2000_read);
  opj_stream_set_skip_function(guard.stream, jpeg2000_skip);
  opj_stream_set_seek_function(guard.stream, jpeg2000_seek);
  opj_set_error_handler(guard.codec, jpeg2000_error, &source);
  opj_set_warning_handler(guard.codec, jpeg2000_ignore, nullptr);
  opj_set_info_handler(guard.codec, jpeg2000_ignore, nullptr);
  opj_dparameters_t parameters;
  opj_set_default_decoder_parameters(&parameters);
  if (!opj_setup_decoder(guard.codec, &parameters))
    throw_decoder_error("JPEG 2000", "the decoder cannot start", source.message);
  // Strict mode: a truncated codestream is an error, not an image decoded from what is there.
  if (!opj_decoder_set_strict_mode(guard.codec, OPJ_TRUE))
    throw_decoder_error("JPEG 2000", "the decoder cannot start", source.message);
  if (!opj_read_header(guard.stream, guard.codec, &guard.image) || !guard.image)
    throw_decoder_error("JPEG 2000", "the header is corrupt or truncated", source.message);
  const opj_image_t& header = *guard.image;
  if (header.x1 <= header.x0 || header.y1 <= header.y0) throw_decoder_error("JPEG 2000", "the image area is empty");
  const uint64_t width = header.x1 - header.x0, height = header.y1 - header.y0;
  const uint32_t components = header.numcomps;
  if (components < 1 || components > 4)
    throw_decoder_error("JPEG 2000", std::to_string(components) + " components are not supported (1 to 4)");
  if (header.color_space == OPJ_CLRSPC_SYCC || header.color_space == OPJ_CLRSPC_EYCC ||
      header.color_space == OPJ_CLRSPC_CMYK)
    throw_decoder_error("JPEG 2000", "the sYCC, e-YCC and CMYK colour spaces are not supported");
  for (uint32_t c = 0; c < components; ++c)
    if (header.comps[c].dx != 1 || header.comps[c].dy != 1)
      throw_decoder_error("JPEG 2000", "component " + std::to_string(c) + " is subsampled, which is not supported");
  // OpenJPEG holds every component as 32-bit integers; the RGB picture comes besides them.
  check_image_size("JPEG 2000", width, height, 4 * static_cast<uint64_t>(components) + 3);
  if (!opj_decode(guard.codec, guard.stream, guard.image) || !opj_end_decompress(guard.codec, guard.stream))
    throw_decoder_error("JPEG 2000", "the image data is corrupt or truncated", source.message);
  const opj_image_t& decoded = *guard.image;
  const uint32_t colour_components = components >= 3 ? 3 : 1;
  for (uint32_t c = 0; c < colour_components; ++c) {
    const opj_image_comp_t& comp = decoded.comps[c];
    if (!comp.data || comp.w != width || comp.h != height)
      throw_decoder_error("JPEG 2000", "component " + std::to_string(c) + " was not decoded at the image's size");
    if (comp.prec < 1 || comp.prec > 31)
      throw_decoder_error("JPEG 2000",
                          "component " + std::to_string(c) + " has precision " + std::to_string(comp.prec));
  }
  DecodedImage image = allocate_image(width, height);
  const size_t pixels = static_cast<size_t>(width * height);
  for (uint32_t c = 0; c < 3; ++c) {
    const opj_image_comp_t& comp = decoded.comps[colour_components == 3 ? c : 0];
    const uint32_t max = comp.prec == 32 ? UINT32_MAX : static_cast<uint32_t>((uint64_t{1} << comp.prec) - 1);
    const int64_t offset = comp.sgnd ? int64_t{1} << (comp.prec - 1) : 0;
    for (size_t i = 0; i < pixels; ++i) {
      const int64_t v = std::clamp<int64_t>(static_cast<int64_t>(comp.data[i]) + offset, 0, max);
      image.rgb[3 * i + c] = scale_sample_to_8_bits(static_cast<uint32_t>(v), max);
    }
  }
  return image;
}

}  // namespace onnx_ref::image
