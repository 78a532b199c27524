// ONNX ImageDecoder, every version (20).
// encoded_stream is a 1-D uint8 tensor holding one encoded image; the format is recognised by its
// signature (magic bytes), not guessed: BMP "BM", JPEG FF D8 FF, JPEG 2000 (a JP2 signature box or
// a raw codestream FF 4F FF 51), TIFF "II*\0" / "MM\0*" (and BigTIFF), PNG's 8-byte signature,
// WebP "RIFF....WEBP", PNM "P1" to "P6". The output is [H, W, 3] for pixel_format RGB or BGR and
// [H, W, 1] for Grayscale, uint8.
//
// Whose pixels (ops/image/decode_*.cpp say more):
// - JPEG: libjpeg-turbo, islow integer IDCT, fancy chroma upsampling (the spec's method);
// - JPEG 2000: OpenJPEG; WebP: libwebp (lossy and lossless), PNG: libpng, TIFF: libtiff's RGBA
//   interface; BMP and PNM: parsers written here;
// - samples of another depth than 8 bits are scaled to round(v * 255 / max), the exact value
//   rounded once (PNG's 16-bit by png_set_scale_16, TIFF's 16-bit colour by libtiff's table: the
//   same values), but for 16-bit grey TIFF, which libtiff's RGBA interface brings to its high byte.
// Every format is first decoded to RGB (grey images have R = G = B; palettes are expanded; alpha is
// dropped, never composited). BGR reverses the channels. Grayscale is the ITU-R 601-2 luma as
// ONNX's reference and test generator compute it (Pillow's convert("L") from RGB):
// L = (19595 R + 38470 G + 7471 B + 2^15) >> 16, the weights 0.299, 0.587, 0.114 in 16-bit fixed
// point; a grey image gives back its own samples (the weights sum to 2^16).
//
// Contract: exact. Lossless formats give the stored samples (scaled as above); JPEG, JPEG 2000 and
// lossy WebP give the named decoder's output, bit for bit.
//
// The spec text says a stream that cannot be decoded gives "an empty matrix"; onnx-ref refuses it
// instead with a one-line error naming the format and what is wrong (truncated, corrupt, a feature
// not supported), as it refuses every bad input: an empty output would be silently wrong data.
// Images whose pixels would exceed the run's memory limit are refused before decoding.
#include <string>

#include "ops/image/decoded_image.h"
#include "ops/image/register.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

enum class ImagePixelFormat { Rgb, Bgr, Grayscale };

ImagePixelFormat image_decoder_pixel_format(const Attributes& attrs) {
  const std::string& format = std::get<std::string>(attrs.get("pixel_format"));
  if (format == "RGB") return ImagePixelFormat::Rgb;
  if (format == "BGR") return ImagePixelFormat::Bgr;
  if (format == "Grayscale") return ImagePixelFormat::Grayscale;
  throw Error("attribute 'pixel_format' = " + quote_text(format) + " is none of RGB, BGR, Grayscale");
}

bool image_stream_starts_with(image::EncodedBytes stream, std::initializer_list<uint8_t> prefix, size_t at = 0) {
  if (stream.size() < at + prefix.size()) return false;
  size_t i = at;
  for (uint8_t b : prefix)
    if (stream[i++] != b) return false;
  return true;
}

image::DecodedImage image_decode_by_signature(image::EncodedBytes s) {
  if (s.empty()) throw Error("input 'encoded_stream' is empty: it holds no image");
  if (image_stream_starts_with(s, {0xFF, 0xD8, 0xFF})) return image::decode_jpeg(s);
  if (image_stream_starts_with(s, {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A})) return image::decode_png(s);
  if (image_stream_starts_with(s, {'R', 'I', 'F', 'F'}) && image_stream_starts_with(s, {'W', 'E', 'B', 'P'}, 8))
    return image::decode_webp(s);
  if (image_stream_starts_with(s, {'I', 'I', 42, 0}) || image_stream_starts_with(s, {'M', 'M', 0, 42}) ||
      image_stream_starts_with(s, {'I', 'I', 43, 0}) || image_stream_starts_with(s, {'M', 'M', 0, 43}))
    return image::decode_tiff(s);
  if (image_stream_starts_with(s, {0, 0, 0, 0x0C, 'j', 'P', ' ', ' ', 0x0D, 0x0A, 0x87, 0x0A}) ||
      image_stream_starts_with(s, {0xFF, 0x4F, 0xFF, 0x51}))
    return image::decode_jpeg2000(s);
  if (image_stream_starts_with(s, {'B', 'M'})) return image::decode_bmp(s);
  if (s.size() >= 2 && s[0] == 'P' && s[1] >= '1' && s[1] <= '7') return image::decode_pnm(s);
  static const char* hex = "0123456789abcdef";
  std::string start;
  for (size_t i = 0; i < s.size() && i < 8; ++i) {
    start += i ? " " : "";
    start += hex[s[i] >> 4];
    start += hex[s[i] & 15];
  }
  throw Error("input 'encoded_stream' starts with bytes " + start +
              ", the signature of none of BMP, JPEG, JPEG 2000, TIFF, PNG, WebP, PNM");
}

// The kernel takes `pixel_format`, parsed and checked at load.
std::vector<Value> image_decoder(const KernelContext& ctx, ImagePixelFormat format) {
  const Tensor& encoded = ctx.input(0);
  if (encoded.rank() != 1)
    throw Error("input 'encoded_stream' has shape " + shape_to_string(encoded.shape()) + "; it must be 1-D");
  const image::EncodedBytes stream(reinterpret_cast<const uint8_t*>(encoded.data()),
                                   static_cast<size_t>(encoded.element_count()));
  const image::DecodedImage decoded = image_decode_by_signature(stream);
  const int64_t channels = format == ImagePixelFormat::Grayscale ? 1 : 3;
  Tensor out = Tensor::uninitialized(ElementType::UInt8, {decoded.height, decoded.width, channels});
  auto* y = reinterpret_cast<uint8_t*>(out.mutable_data());
  const size_t pixels = static_cast<size_t>(decoded.height * decoded.width);
  const uint8_t* rgb = decoded.rgb.data();
  for (size_t i = 0; i < pixels; ++i, rgb += 3) {
    if (format == ImagePixelFormat::Rgb) {
      y[3 * i] = rgb[0], y[3 * i + 1] = rgb[1], y[3 * i + 2] = rgb[2];
    } else if (format == ImagePixelFormat::Bgr) {
      y[3 * i] = rgb[2], y[3 * i + 1] = rgb[1], y[3 * i + 2] = rgb[0];
    } else {
      y[i] = static_cast<uint8_t>((19595u * rgb[0] + 38470u * rgb[1] + 7471u * rgb[2] + 0x8000u) >> 16);
    }
  }
  return {out};
}

}  // namespace

void register_image_decoder(Registry& registry) {
  OpVersion v;
  v.op_type = "ImageDecoder";
  v.since_version = 20;
  v.inputs = {{"encoded_stream", "T1"}};
  v.outputs = {{"image", "T2"}};
  v.attributes = {{"pixel_format", AttrType::String, false, std::string("RGB")}};
  v.type_constraints = {{"T1", TypeSet{ElementType::UInt8}}, {"T2", TypeSet{ElementType::UInt8}}};
  v.set_kernel(image_decoder_pixel_format, image_decoder);
  registry.add(std::move(v));
  registry.declare_accuracy(
      "ImageDecoder", {AccuracyKind::Exact,
                       "lossless formats give the stored samples (other depths scaled to round(v * 255 / max), 16-bit "
                       "grey TIFF to its high byte); "
                       "JPEG, JPEG 2000 and lossy WebP give libjpeg-turbo's (islow, fancy upsampling), OpenJPEG's "
                       "and libwebp's pixels; Grayscale is (19595 R + 38470 G + 7471 B + 2^15) >> 16"});
}

}  // namespace onnx_ref
