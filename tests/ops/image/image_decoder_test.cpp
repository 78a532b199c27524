// ImageDecoder: lossless streams written byte by byte here (PNM, BMP, TIFF) or by the libraries'
// own encoders (PNG, lossless WebP) from pixel arrays chosen here, which are the oracle; sample
// scaling round(v * 255 / max) and the Grayscale luma (19595 R + 38470 G + 7471 B + 2^15) >> 16
// worked by hand; truncated and corrupted official streams must give an Error, never a crash.
#include <doctest/doctest.h>
#include <png.h>
#include <webp/encode.h>

#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "ops/registry.h"
#include "runtime/error.h"
#include "runtime/tensor.h"
#include "runtime/tensor_proto.h"
#include "scoped_memory_limit.h"

using namespace onnx_ref;

namespace {

using Bytes = std::vector<uint8_t>;

Tensor image_decoder_run(const Bytes& stream, const std::string& pixel_format = "RGB") {
  REQUIRE(Registry::builtin().resolve("", "ImageDecoder", 20) != nullptr);
  Attributes attrs;
  attrs.set("pixel_format", pixel_format);
  const Tensor encoded =
      Tensor::from_values<uint8_t>(ElementType::UInt8, {static_cast<int64_t>(stream.size())}, stream);
  return testing::run_node_rule("ImageDecoder", 20, {Value(encoded)}, attrs).at(0).tensor();
}

Bytes image_pixels(const Tensor& t) {
  const auto* p = reinterpret_cast<const uint8_t*>(t.data());
  return Bytes(p, p + t.element_count());
}

// The message of the Error decoding throws ("" when it decodes).
std::string image_decoder_error(const Bytes& stream, const std::string& pixel_format = "RGB") {
  try {
    (void)image_decoder_run(stream, pixel_format);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

Bytes text_bytes(const std::string& s) { return Bytes(s.begin(), s.end()); }

Bytes operator+(Bytes a, const Bytes& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

void put_u16le(Bytes& b, uint32_t v) { b.push_back(v & 0xFF), b.push_back((v >> 8) & 0xFF); }
void put_u32le(Bytes& b, uint32_t v) { put_u16le(b, v & 0xFFFF), put_u16le(b, v >> 16); }

// A BMP file: 14-byte file header, a BITMAPINFOHEADER of header_size bytes (40, or 108 with the
// masks given at offset 54), then `extra` (masks after a 40-byte header, palette), then pixels.
Bytes bmp_file(uint32_t header_size, int32_t width, int32_t height, uint16_t bits, uint32_t compression,
               uint32_t colours_used, const Bytes& extra, const Bytes& pixels,
               const std::vector<uint32_t>& header_masks = {}) {
  Bytes b{'B', 'M'};
  const uint32_t offset = 14 + header_size + static_cast<uint32_t>(extra.size());
  put_u32le(b, offset + static_cast<uint32_t>(pixels.size()));
  put_u32le(b, 0);
  put_u32le(b, offset);
  put_u32le(b, header_size);
  put_u32le(b, static_cast<uint32_t>(width));
  put_u32le(b, static_cast<uint32_t>(height));
  put_u16le(b, 1);
  put_u16le(b, bits);
  put_u32le(b, compression);
  put_u32le(b, static_cast<uint32_t>(pixels.size()));
  put_u32le(b, 2835), put_u32le(b, 2835);
  put_u32le(b, colours_used);
  put_u32le(b, 0);
  for (uint32_t m : header_masks) put_u32le(b, m);
  b.resize(14 + header_size, 0);
  return b + extra + pixels;
}

// A baseline little-endian TIFF, one uncompressed strip: samples_per_pixel samples of `bits` each.
Bytes tiff_file(uint32_t width, uint32_t height, uint16_t samples_per_pixel, uint16_t bits, uint16_t photometric,
                const Bytes& strip) {
  Bytes b{'I', 'I', 42, 0};
  put_u32le(b, 8);
  const uint16_t entries = 10;
  const uint32_t bits_at = 8 + 2 + entries * 12 + 4;
  const uint32_t strip_at = bits_at + 2 * samples_per_pixel;
  put_u16le(b, entries);
  auto entry = [&](uint16_t tag, uint16_t type, uint32_t count, uint32_t value) {
    put_u16le(b, tag), put_u16le(b, type), put_u32le(b, count), put_u32le(b, value);
  };
  entry(256, 4, 1, width);
  entry(257, 4, 1, height);
  entry(258, 3, samples_per_pixel, samples_per_pixel == 1 ? bits : bits_at);
  entry(259, 3, 1, 1);  // no compression
  entry(262, 3, 1, photometric);
  entry(273, 4, 1, strip_at);
  entry(277, 3, 1, samples_per_pixel);
  entry(278, 4, 1, height);
  entry(279, 4, 1, static_cast<uint32_t>(strip.size()));
  entry(284, 3, 1, 1);  // contiguous samples
  put_u32le(b, 0);
  for (uint16_t s = 0; s < samples_per_pixel; ++s) put_u16le(b, bits);
  return b + strip;
}

Bytes png_encode(uint32_t width, uint32_t height, uint32_t format, const void* pixels, const void* colormap = nullptr,
                 uint32_t colormap_entries = 0) {
  png_image image;
  std::memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  image.width = width;
  image.height = height;
  image.format = format;
  image.colormap_entries = colormap_entries;
  png_alloc_size_t size = 0;
  REQUIRE(png_image_write_get_memory_size(image, size, 0, pixels, 0, colormap));
  Bytes out(size);
  REQUIRE(png_image_write_to_memory(&image, out.data(), &size, 0, pixels, 0, colormap));
  out.resize(size);
  return out;
}

uint8_t luma(uint32_t r, uint32_t g, uint32_t b) {
  return static_cast<uint8_t>((19595 * r + 38470 * g + 7471 * b + 32768) >> 16);
}

Bytes official_image_stream(const std::string& test) {
  const std::string path =
      std::string(ONNX_REF_SHARED_DIR) + "/onnx-node-tests/v1.20.0/" + test + "/test_data_set_0/input_0.pb";
  const Tensor t = read_tensor_file(path);
  return image_pixels(t);
}

const char* const kImageDecoderOfficialTests[] = {
    "test_image_decoder_decode_bmp_rgb", "test_image_decoder_decode_jpeg2k_rgb", "test_image_decoder_decode_jpeg_rgb",
    "test_image_decoder_decode_png_rgb", "test_image_decoder_decode_pnm_rgb",    "test_image_decoder_decode_tiff_rgb",
    "test_image_decoder_decode_webp_rgb"};

}  // namespace

TEST_CASE("ImageDecoder: PNM plain and raw, every maxval scaled to round(v * 255 / maxval)") {
  // P6, maxval 255: the bytes as they are, [H, W, 3].
  const Bytes rgb{1, 2, 3, 4, 5, 6, 7, 8, 9, 250, 251, 252};
  const Tensor p6 = image_decoder_run(text_bytes("P6\n2 2\n255\n") + rgb);
  CHECK(p6.shape() == Shape{2, 2, 3});
  CHECK(image_pixels(p6) == rgb);
  // BGR reverses each pixel; Grayscale is the luma by hand: (19595 + 2 * 38470 + 3 * 7471 + 32768) >> 16 = 2.
  CHECK(image_pixels(image_decoder_run(text_bytes("P6\n2 2\n255\n") + rgb, "BGR")) ==
        Bytes{3, 2, 1, 6, 5, 4, 9, 8, 7, 252, 251, 250});
  const Tensor grey = image_decoder_run(text_bytes("P6\n2 2\n255\n") + rgb, "Grayscale");
  CHECK(grey.shape() == Shape{2, 2, 1});
  CHECK(image_pixels(grey) == Bytes{2, 5, 8, 251});
  // P3 with comments, maxval 15: v * 17.
  CHECK(image_pixels(image_decoder_run(text_bytes("P3 # a comment\n2 1 # more\n15\n0 7 15  1 2 3\n"))) ==
        Bytes{0, 119, 255, 17, 34, 51});
  // P2, maxval 2: 1 -> 127.5, a tie, to even 128; grey replicated to RGB.
  CHECK(image_pixels(image_decoder_run(text_bytes("P2 3 1 2 0 1 2"))) == Bytes{0, 0, 0, 128, 128, 128, 255, 255, 255});
  // P5, maxval 1000, two bytes big-endian: 2 -> 0.51 -> 1, 502 -> 128.01 -> 128, 1000 -> 255.
  CHECK(image_pixels(image_decoder_run(text_bytes("P5 3 1 1000\n") + Bytes{0, 2, 1, 246, 3, 232}, "Grayscale")) ==
        Bytes{1, 128, 255});
  // P1 without spaces between pixels; 1 is black.
  CHECK(image_pixels(image_decoder_run(text_bytes("P1\n4 1\n0110"), "Grayscale")) == Bytes{255, 0, 0, 255});
  // P4: 10 pixels a row, rows padded to 2 bytes, most significant bit first.
  const Tensor p4 = image_decoder_run(text_bytes("P4\n10 2\n") + Bytes{0x80, 0x40, 0x00, 0x00}, "Grayscale");
  CHECK(p4.shape() == Shape{2, 10, 1});
  CHECK(image_pixels(p4) ==
        Bytes{0, 255, 255, 255, 255, 255, 255, 255, 255, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255});

  CHECK(image_decoder_error(text_bytes("P2 2 1 10 3 11")) ==
        "PNM stream: the sample of pixel (1, 0) is 11, above maxval 10");
  CHECK(image_decoder_error(text_bytes("P6\n2 2\n255\n") + Bytes{1, 2, 3}) ==
        "PNM stream: truncated: 2 rows need at least 6 bytes each, 3 bytes are left");
  CHECK(image_decoder_error(text_bytes("P7\nWIDTH 1\n")) == "PNM stream: PAM (P7) is not supported");
  CHECK(image_decoder_error(text_bytes("P5 0 1 255\n")) ==
        "PNM stream: the image is 0 x 1 pixels; an image has at least one");
  CHECK(image_decoder_error(text_bytes("P5 1 1 65536\n")) == "PNM stream: the maxval exceeds 65535");
}

TEST_CASE("ImageDecoder: BMP headers, depths, palettes, bit fields, row order") {
  // 24-bit, bottom-up, rows padded to 8 bytes: stored bottom row first, B G R.
  const Bytes bottom_up = bmp_file(40, 2, 2, 24, 0, 0, {}, {9, 8, 7, 12, 11, 10, 0, 0, 3, 2, 1, 6, 5, 4, 0, 0});
  CHECK(image_pixels(image_decoder_run(bottom_up)) == Bytes{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
  // 32-bit BI_RGB, top-down (negative height): B G R X, X ignored.
  CHECK(image_pixels(image_decoder_run(bmp_file(40, 2, -1, 32, 0, 0, {}, {30, 20, 10, 99, 60, 50, 40, 0}))) ==
        Bytes{10, 20, 30, 40, 50, 60});
  // 8-bit palette of 3 entries (B G R X): red, green, blue; pixels 2 0 1.
  const Bytes palette3{0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 0};
  CHECK(image_pixels(image_decoder_run(bmp_file(40, 3, 1, 8, 0, 3, palette3, {2, 0, 1, 0}))) ==
        Bytes{0, 0, 255, 255, 0, 0, 0, 255, 0});
  // 4-bit: indices 1 2 0 packed high nibble first.
  CHECK(image_pixels(image_decoder_run(bmp_file(40, 3, 1, 4, 0, 3, palette3, {0x12, 0x00, 0, 0}))) ==
        Bytes{0, 255, 0, 0, 0, 255, 255, 0, 0});
  // 1-bit, default palette size 2 (black, white): bits 1 0 1.
  const Bytes black_white{0, 0, 0, 0, 255, 255, 255, 0};
  CHECK(image_pixels(image_decoder_run(bmp_file(40, 3, 1, 1, 0, 0, black_white, {0xA0, 0, 0, 0}), "Grayscale")) ==
        Bytes{255, 0, 255});
  // 16-bit BI_RGB is 5-5-5: R 31 -> 255, G 16 -> 131.61 -> 132, B 1 -> 8.23 -> 8.
  CHECK(image_pixels(image_decoder_run(bmp_file(40, 1, 1, 16, 0, 0, {}, {0x01, 0x7E, 0, 0}))) == Bytes{255, 132, 8});
  // 16-bit BI_BITFIELDS 5-6-5, masks after the 40-byte header: R 1 -> 8.23 -> 8, G 32 -> 129.52 -> 130, B 31 -> 255.
  Bytes masks565;
  put_u32le(masks565, 0xF800), put_u32le(masks565, 0x07E0), put_u32le(masks565, 0x001F);
  constexpr uint32_t p565 = (1u << 11) | (32u << 5) | 31u;
  CHECK(image_pixels(image_decoder_run(bmp_file(40, 1, 1, 16, 3, 0, masks565, {p565 & 0xFF, p565 >> 8, 0, 0}))) ==
        Bytes{8, 130, 255});
  // A V4 header (108 bytes) with R, G, B masks inside it: bytes R G B X.
  CHECK(image_pixels(image_decoder_run(
            bmp_file(108, 1, 1, 32, 3, 0, {}, {10, 20, 30, 0}, {0xFF, 0xFF00, 0xFF0000, 0}))) == Bytes{10, 20, 30});
  // A BITMAPCOREHEADER with 3-byte palette entries (B G R): 1-bit, pixels 0 1.
  Bytes core{'B', 'M'};
  put_u32le(core, 14 + 12 + 6 + 4), put_u32le(core, 0), put_u32le(core, 14 + 12 + 6);
  put_u32le(core, 12), put_u16le(core, 2), put_u16le(core, 1), put_u16le(core, 1), put_u16le(core, 1);
  core = core + Bytes{1, 2, 3, 4, 5, 6} + Bytes{0x40, 0, 0, 0};
  CHECK(image_pixels(image_decoder_run(core)) == Bytes{3, 2, 1, 6, 5, 4});

  CHECK(image_decoder_error(bmp_file(40, 3, 1, 8, 0, 3, palette3, {2, 3, 1, 0})) ==
        "BMP stream: pixel (1, 0) uses palette entry 3 of a palette of 3");
  CHECK(image_decoder_error(bmp_file(40, 2, 2, 24, 0, 0, {}, {9, 8, 7, 12, 11, 10, 0, 0})) ==
        "BMP stream: truncated: 2 rows of 8 bytes from offset 54 do not fit a stream of 62 bytes");
  CHECK(image_decoder_error(bmp_file(40, 1, 1, 8, 1, 0, {}, {0, 0})) ==
        "BMP stream: compression 1 is not supported (0 BI_RGB, 3 BI_BITFIELDS, 6 BI_ALPHABITFIELDS)");
  Bytes gap_masks;
  put_u32le(gap_masks, 0xF00F), put_u32le(gap_masks, 0x0F00), put_u32le(gap_masks, 0x00F0);
  CHECK(image_decoder_error(bmp_file(40, 1, 1, 16, 3, 0, gap_masks, {0, 0, 0, 0})) ==
        "BMP stream: the red bit mask 61455 is not contiguous");
  CHECK(image_decoder_error(Bytes{'B', 'M', 0, 0, 0}) ==
        "BMP stream: truncated: the file header needs bytes up to 14, the stream has 5");
}

TEST_CASE("ImageDecoder: PNG from libpng's encoder, every colour type to RGB") {
  const Bytes rgb{1, 2, 3, 40, 50, 60, 200, 100, 0, 255, 255, 255, 9, 9, 9, 0, 0, 0};
  const Tensor t = image_decoder_run(png_encode(3, 2, PNG_FORMAT_RGB, rgb.data()));
  CHECK(t.shape() == Shape{2, 3, 3});
  CHECK(image_pixels(t) == rgb);
  CHECK(image_pixels(image_decoder_run(png_encode(3, 2, PNG_FORMAT_RGB, rgb.data()), "Grayscale")) ==
        Bytes{luma(1, 2, 3), luma(40, 50, 60), luma(200, 100, 0), 255, 9, 0});
  CHECK(luma(200, 100, 0) == 118);  // (3919000 + 3847000 + 32768) >> 16 = 7798768 >> 16, by hand
  // RGBA: alpha dropped, colours kept.
  const Bytes rgba{10, 20, 30, 0, 40, 50, 60, 128};
  CHECK(image_pixels(image_decoder_run(png_encode(2, 1, PNG_FORMAT_RGBA, rgba.data()))) ==
        Bytes{10, 20, 30, 40, 50, 60});
  // A palette of 3 colours.
  const Bytes colormap{255, 0, 0, 0, 255, 0, 7, 8, 9};
  const Bytes indices{2, 0, 1, 2};
  CHECK(image_pixels(image_decoder_run(png_encode(4, 1, PNG_FORMAT_RGB_COLORMAP, indices.data(), colormap.data(),
                                                  3))) == Bytes{7, 8, 9, 255, 0, 0, 0, 255, 0, 7, 8, 9});
  // 16-bit grey: round(v / 257); 25828 = 257 * 100 + 128 is 100.498, 25829 is 100.502; 128 -> 0, 129 -> 1.
  const std::vector<uint16_t> grey16{0, 128, 129, 25828, 25829, 65535};
  CHECK(image_pixels(image_decoder_run(png_encode(6, 1, PNG_FORMAT_LINEAR_Y, grey16.data()), "Grayscale")) ==
        Bytes{0, 0, 1, 100, 101, 255});
}

TEST_CASE("ImageDecoder: lossless WebP from libwebp's encoder gives the pixels back") {
  Bytes rgb(5 * 3 * 3);
  for (size_t i = 0; i < rgb.size(); ++i) rgb[i] = static_cast<uint8_t>(i * 37 + 11);
  uint8_t* encoded = nullptr;
  const size_t size = WebPEncodeLosslessRGB(rgb.data(), 5, 3, 5 * 3, &encoded);
  REQUIRE(size > 0);
  const Bytes stream(encoded, encoded + size);
  WebPFree(encoded);
  const Tensor t = image_decoder_run(stream);
  CHECK(t.shape() == Shape{3, 5, 3});
  CHECK(image_pixels(t) == rgb);
  CHECK(image_decoder_error(Bytes(stream.begin(), stream.begin() + 20)).rfind("WebP stream: ", 0) == 0);
}

TEST_CASE("ImageDecoder: TIFF, RGB and grey, 8 and 16 bits") {
  const Bytes rgb{1, 2, 3, 250, 128, 7};
  CHECK(image_pixels(image_decoder_run(tiff_file(2, 1, 3, 8, 2, rgb))) == rgb);
  CHECK(image_pixels(image_decoder_run(tiff_file(2, 1, 3, 8, 2, rgb), "BGR")) == Bytes{3, 2, 1, 7, 128, 250});
  // 8-bit grey (BlackIsZero) replicated; Grayscale gives it back.
  CHECK(image_pixels(image_decoder_run(tiff_file(3, 1, 1, 8, 1, {0, 77, 255}))) ==
        Bytes{0, 0, 0, 77, 77, 77, 255, 255, 255});
  CHECK(image_pixels(image_decoder_run(tiff_file(3, 1, 1, 8, 1, {0, 77, 255}), "Grayscale")) == Bytes{0, 77, 255});
  // 16-bit RGB, little-endian samples: libtiff's table (v + 128) / 257, i.e. round(v / 257):
  // 25828 -> 100, 25829 -> 101, 129 -> 1.
  Bytes rgb16;
  for (uint32_t v : {25828u, 25829u, 129u}) put_u16le(rgb16, v);
  CHECK(image_pixels(image_decoder_run(tiff_file(1, 1, 3, 16, 2, rgb16))) == Bytes{100, 101, 1});
  // 16-bit grey: libtiff's RGBA interface keeps the high byte (put16bitbwtile), 129 -> 0, 25829 -> 100.
  Bytes grey16;
  for (uint32_t v : {129u, 25829u, 65535u}) put_u16le(grey16, v);
  CHECK(image_pixels(image_decoder_run(tiff_file(3, 1, 1, 16, 1, grey16), "Grayscale")) == Bytes{0, 100, 255});
  // Errors: the strip runs past the end of the stream; a header cut short.
  Bytes cut = tiff_file(2, 1, 3, 8, 2, rgb);
  cut.resize(cut.size() - 2);
  CHECK(image_decoder_error(cut).rfind("TIFF stream: ", 0) == 0);
  CHECK(image_decoder_error(Bytes{'I', 'I', 42, 0, 8, 0}).rfind("TIFF stream: the header is corrupt or truncated", 0) ==
        0);
}

TEST_CASE("ImageDecoder: the attribute, the input's rank, unknown signatures, the memory limit") {
  REQUIRE(Registry::builtin().resolve("", "ImageDecoder", 20) != nullptr);
  Attributes bad;
  bad.set("pixel_format", std::string("RGBA"));
  const Tensor one = Tensor::from_values<uint8_t>(ElementType::UInt8, {1}, Bytes{'P'});
  CHECK_THROWS_WITH_AS(testing::run_node_rule("ImageDecoder", 20, {Value(one)}, bad),
                       "attribute 'pixel_format' = 'RGBA' is none of RGB, BGR, Grayscale", Error);
  CHECK(image_decoder_error({}) == "input 'encoded_stream' is empty: it holds no image");
  CHECK(image_decoder_error(text_bytes("GIF89a")) ==
        "input 'encoded_stream' starts with bytes 47 49 46 38 39 61, the signature of none of BMP, JPEG, JPEG 2000, "
        "TIFF, PNG, WebP, PNM");
  {
    Attributes attrs;
    attrs.set("pixel_format", std::string("RGB"));
    const Tensor two_d = Tensor::from_values<uint8_t>(ElementType::UInt8, {1, 2}, Bytes{'P', '6'});
    CHECK_THROWS_WITH_AS(testing::run_node_rule("ImageDecoder", 20, {Value(two_d)}, attrs),
                         "input 'encoded_stream' has shape [1, 2]; it must be 1-D", Error);
  }
  std::string message;
  {
    const testing::ScopedMemoryLimit limit(40);
    message = image_decoder_error(text_bytes("P5 4 4 255\n") + Bytes(16, 0));
  }
  CHECK(message == "PNM stream: a 4 x 4 image needs more than the memory limit of 40 bytes");
}

TEST_CASE("ImageDecoder: the official JPEG's Grayscale is the luma of its RGB decoding") {
  const Bytes jpeg = official_image_stream("test_image_decoder_decode_jpeg_rgb");
  const Bytes rgb = image_pixels(image_decoder_run(jpeg));
  const Bytes grey = image_pixels(image_decoder_run(jpeg, "Grayscale"));
  REQUIRE(rgb.size() == 3 * grey.size());
  size_t differences = 0;
  for (size_t i = 0; i < grey.size(); ++i) differences += grey[i] != luma(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]);
  CHECK(differences == 0);
}

TEST_CASE("ImageDecoder: cut and corrupted official streams give an Error, never a crash") {
  for (const char* test : kImageDecoderOfficialTests) {
    const Bytes stream = official_image_stream(test);
    INFO(test);
    CHECK(image_decoder_error(stream).empty());
    const size_t n = stream.size();
    for (size_t length :
         {size_t{1}, size_t{3}, size_t{8}, size_t{16}, size_t{40}, n / 4, n / 2, 3 * n / 4, n - 2, n - 1}) {
      CAPTURE(length);
      const std::string message =
          image_decoder_error(Bytes(stream.begin(), stream.begin() + static_cast<long>(length)));
      CHECK(!message.empty());
      CHECK(message.find('\n') == std::string::npos);
    }
    // Bytes flipped at spread positions: an Error or an image, never anything else.
    for (size_t at = 0; at < n; at += 1 + n / 97) {
      Bytes flipped = stream;
      flipped[at] ^= 0xA5;
      CAPTURE(at);
      CHECK_NOTHROW((void)image_decoder_error(flipped));
    }
  }
}

// Every official ImageDecoder case decodes to its expected pixels, byte for byte: BMP, JPEG (with
// libjpeg-turbo's fancy chroma upsampling, as the expected output was made), JPEG 2000, TIFF, PNG,
// WebP and PNM, in RGB, BGR and Grayscale.
// spec: ImageDecoder-20: "The following image formats are supported: * BMP * JPEG (note: Lossless JPEG support is optional) * JPEG2000 * TIFF * PNG * WebP * Portable image format (PBM, PGM, PPM, PXM, PNM)"
// spec: ImageDecoder-20: "This method, is the default chroma upsampling method in the well-established libjpeg-turbo library, also referred as "smooth" or "fancy" upsampling."
// spec: ImageDecoder-20: "Can be one of "RGB", "BGR", or "Grayscale"."
TEST_CASE("ImageDecoder-20: every official case decodes to its expected pixels") {
  const std::pair<const char*, const char*> cases[] = {{"test_image_decoder_decode_bmp_rgb", "RGB"},
                                                       {"test_image_decoder_decode_jpeg2k_rgb", "RGB"},
                                                       {"test_image_decoder_decode_jpeg_rgb", "RGB"},
                                                       {"test_image_decoder_decode_jpeg_bgr", "BGR"},
                                                       {"test_image_decoder_decode_jpeg_grayscale", "Grayscale"},
                                                       {"test_image_decoder_decode_png_rgb", "RGB"},
                                                       {"test_image_decoder_decode_pnm_rgb", "RGB"},
                                                       {"test_image_decoder_decode_tiff_rgb", "RGB"},
                                                       {"test_image_decoder_decode_webp_rgb", "RGB"}};
  for (const auto& c : cases) {
    CAPTURE(c.first);
    const std::string dir =
        std::string(ONNX_REF_SHARED_DIR) + "/onnx-node-tests/v1.20.0/" + c.first + "/test_data_set_0/";
    const Tensor want = read_tensor_file(dir + "output_0.pb");
    const Tensor got = image_decoder_run(image_pixels(read_tensor_file(dir + "input_0.pb")), c.second);
    CHECK(got.shape() == want.shape());
    CHECK(image_pixels(got) == image_pixels(want));
  }
}

// A stream that does not decode is refused with a one-line error rather than returned as an empty
// image (docs/DEPARTURES.md, ImageDecoder-20).
// spec: ImageDecoder-20: "If it can't decode for any reason (e.g. corrupted encoded stream, invalid format, it will return an empty matrix)."
TEST_CASE("ImageDecoder-20: an undecodable stream is a one-line error") {
  const std::string message = image_decoder_error(text_bytes("P6 2 2 255\n") + Bytes(3, 0));
  CHECK(!message.empty());
  CHECK(message.find('\n') == std::string::npos);
  CHECK(!image_decoder_error(text_bytes("GIF89a")).empty());
}
