#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "runtime/error.h"
#include "runtime/npy.h"
#include "runtime/tensor.h"

using namespace onnx_ref;
namespace fs = std::filesystem;

namespace {

// A fresh folder under the system temp folder, removed with everything in it.
struct NpyTempDir {
  fs::path path;
  NpyTempDir() {
    std::random_device seed;
    path = fs::temp_directory_path() / ("onnx-ref-npy-test-" + std::to_string(seed()) + std::to_string(seed()));
    fs::create_directories(path);
  }
  ~NpyTempDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  NpyTempDir(const NpyTempDir&) = delete;
  NpyTempDir& operator=(const NpyTempDir&) = delete;
};

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A .npy file made by hand: magic, version, little-endian header length, the dict padded with spaces
// and ended by '\n' to a multiple of `align` bytes, then the data.
std::string npy_file(const std::string& dict, const std::string& data, int major = 1, size_t align = 64) {
  const size_t prefix = major == 1 ? 10 : 12;
  std::string header = dict;
  while ((prefix + header.size() + 1) % align != 0) header += ' ';
  header += '\n';
  std::string bytes = "\x93NUMPY";
  bytes += static_cast<char>(major);
  bytes += '\0';
  for (size_t i = 0; i < prefix - 8; ++i) bytes += static_cast<char>((header.size() >> (8 * i)) & 0xFF);
  return bytes + header + data;
}

std::string npy_error(const fs::path& path) {
  try {
    read_npy(path);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

// Random contents that are valid for the type: bool bytes are 0 or 1, every other pattern is allowed
// (float NaN payloads included, since .npy copies bytes).
Tensor random_npy_tensor(ElementType type, const Shape& shape, std::mt19937_64& rng) {
  Tensor t = Tensor::zeros(type, shape);
  std::byte* data = t.mutable_data();
  for (size_t i = 0; i < t.bytes().size(); ++i) {
    const auto byte = static_cast<unsigned>(rng());
    data[i] = static_cast<std::byte>(type == ElementType::Bool ? byte & 1 : byte & 0xFF);
  }
  return t;
}

const ElementType kNpyTypeList[] = {
    ElementType::Bool,  ElementType::Int8,   ElementType::UInt8,     ElementType::Int16,      ElementType::UInt16,
    ElementType::Int32, ElementType::UInt32, ElementType::Int64,     ElementType::UInt64,     ElementType::Float16,
    ElementType::Float, ElementType::Double, ElementType::Complex64, ElementType::Complex128,
};

}  // namespace

TEST_CASE("npy_supports exactly the element types NumPy has") {
  int supported = 0;
  for (const auto& t : all_element_types()) supported += npy_supports(t.type) ? 1 : 0;
  CHECK(supported == 14);
  for (ElementType type : kNpyTypeList) CHECK(npy_supports(type));
  for (ElementType type : {ElementType::String, ElementType::BFloat16, ElementType::Float8E4M3FN, ElementType::Int4,
                           ElementType::UInt2, ElementType::Float4E2M1, ElementType::Float8E8M0})
    CHECK_FALSE(npy_supports(type));
}

TEST_CASE("npy round trip of every supported type, including rank 0 and zero-sized shapes") {
  NpyTempDir dir;
  std::mt19937_64 rng(7);
  for (ElementType type : kNpyTypeList) {
    for (const Shape& shape : {Shape{2, 3}, Shape{}, Shape{5}, Shape{2, 0, 3}, Shape{0}, Shape{2, 1, 2, 3}}) {
      CAPTURE(name_of(type));
      CAPTURE(shape_to_string(shape));
      const Tensor t = random_npy_tensor(type, shape, rng);
      const fs::path path = dir.path / "t.npy";
      write_npy(path, t);
      const Tensor back = read_npy(path);
      CHECK(back.identical_to(t));
      CHECK(fs::file_size(path) % 64 == t.bytes().size() % 64);  // the header is a multiple of 64
    }
  }
}

TEST_CASE("npy header bytes for a float32 (2, 3) array are NumPy's") {
  NpyTempDir dir;
  const Tensor t = Tensor::from_values<float>(ElementType::Float, {2, 3}, {1, 2, 3, 4, 5, 6});
  write_npy(dir.path / "a.npy", t);
  // magic, version 1.0, header length 118 (0x76 = 'v') little-endian, the dict, 58 spaces and '\n'
  // make 128 bytes; then six little-endian float32.
  std::string expected("\x93NUMPY\x01\x00\x76\x00", 10);
  expected += "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
  expected += std::string(58, ' ') + "\n";
  REQUIRE(expected.size() == 128);
  expected += std::string(reinterpret_cast<const char*>(t.data()), 24);
  CHECK(read_bytes(dir.path / "a.npy") == expected);
  CHECK(std::string("\x00\x00\x80\x3f", 4) == expected.substr(128, 4));  // 1.0f, little-endian
}

TEST_CASE("npy headers spell rank 0, rank 1 and one-byte descrs as NumPy does") {
  NpyTempDir dir;
  write_npy(dir.path / "s.npy", Tensor::from_values<double>(ElementType::Double, {}, {2.5}));
  const std::string scalar = read_bytes(dir.path / "s.npy");
  // 10 + 55 + 1 bytes do not fit in 64, so the header fills 128 bytes.
  CHECK(scalar.substr(10, 57) == "{'descr': '<f8', 'fortran_order': False, 'shape': (), }  ");
  CHECK(scalar.size() == 128 + 8);
  CHECK(scalar[127] == '\n');
  CHECK(scalar[126] == ' ');

  write_npy(dir.path / "v.npy", Tensor::from_values<uint8_t>(ElementType::Bool, {3}, {1, 0, 1}));
  const std::string vector = read_bytes(dir.path / "v.npy");
  CHECK(vector.substr(10, 58) == "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), } ");
  CHECK(vector.size() == 128 + 3);

  write_npy(dir.path / "c.npy", Tensor::zeros(ElementType::Complex128, {1, 2}));
  CHECK(read_bytes(dir.path / "c.npy").substr(10, 16) == "{'descr': '<c16'");
}

TEST_CASE("npy write refuses types NumPy does not have, naming the file") {
  NpyTempDir dir;
  const fs::path path = dir.path / "b.npy";
  try {
    write_npy(path, Tensor::zeros(ElementType::BFloat16, {2}));
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(std::string(e.what()) == path.string() + ": cannot write bfloat16[2] as .npy: NumPy has no bfloat16 dtype");
  }
  CHECK_FALSE(fs::exists(path));
  CHECK_THROWS_AS(write_npy(dir.path / "s.npy", Tensor::from_strings({1}, {"a"})), Error);
  CHECK_THROWS_AS(write_npy(dir.path / "missing-folder" / "x.npy", Tensor::zeros(ElementType::Float, {1})), Error);
}

TEST_CASE("npy reads headers from other writers: versions 2.0 and 3.0, 16-byte padding, any key order") {
  NpyTempDir dir;
  const std::string four_floats("\x00\x00\x80\x3f\x00\x00\x00\x40\x00\x00\x40\x40\x00\x00\x80\x40", 16);
  const Tensor expected = Tensor::from_values<float>(ElementType::Float, {2, 2}, {1, 2, 3, 4});
  for (int major : {1, 2, 3}) {
    CAPTURE(major);
    const fs::path path = dir.path / ("version" + std::to_string(major)).append(".npy");
    write_bytes(path, npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }", four_floats, major));
    CHECK(read_npy(path).identical_to(expected));
  }
  const fs::path other = dir.path / "other.npy";
  write_bytes(other, npy_file("{\"shape\": (2,2),\"descr\":\"<f4\" , 'fortran_order':False}", four_floats, 1, 16));
  CHECK(read_npy(other).identical_to(expected));

  const fs::path int8 = dir.path / "int8.npy";
  write_bytes(int8, npy_file("{'descr': '<i1', 'fortran_order': False, 'shape': (2,), }", "\xff\x7f"));
  CHECK(read_npy(int8).identical_to(Tensor::from_values<int8_t>(ElementType::Int8, {2}, {-1, 127})));
}

TEST_CASE("npy corrupt or unsupported files are one-line errors naming the file") {
  NpyTempDir dir;
  const std::string f4_23 = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
  const std::string data24(24, '\0');
  auto error_for = [&](const std::string& bytes) {
    const fs::path path = dir.path / "bad.npy";
    write_bytes(path, bytes);
    const std::string message = npy_error(path);
    const std::string prefix = path.string() + ": ";
    REQUIRE(message.starts_with(prefix));
    CHECK(message.find('\n') == std::string::npos);
    return message.substr(prefix.size());
  };

  CHECK(error_for(std::string("\x93NUMPZ\x01\x00", 8) + npy_file(f4_23, data24).substr(8)) ==
        "not a .npy file (it does not start with \\x93NUMPY)");
  CHECK(error_for("") == "not a .npy file (only 0 bytes)");
  CHECK(error_for(npy_file(f4_23, data24.substr(4))) ==
        "the data is truncated: '<f4' (2, 3) needs 24 bytes, 20 follow the header");
  CHECK(error_for(npy_file(f4_23, data24 + "abcd")) == "4 extra bytes after the 24 bytes of '<f4' (2, 3)");
  CHECK(error_for(npy_file("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }", data24)) ==
        "fortran_order True (column-major data) is not supported; save a C-ordered array");
  CHECK(error_for(npy_file("{'descr': '>f4', 'fortran_order': False, 'shape': (2, 3), }", data24)) ==
        "dtype '>f4' is big-endian; only little-endian data is supported");
  CHECK(error_for(npy_file("{'descr': '<U5', 'fortran_order': False, 'shape': (2,), }", std::string(40, 'a'))) ==
        "unsupported dtype '<U5' (supported: little-endian b1, i1, u1, i2, u2, i4, u4, i8, u8, f2, f4, f8, c8, c16)");
  CHECK(error_for(npy_file("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", "12345678"))
            .starts_with("unsupported dtype '|O'"));
  CHECK(error_for(npy_file("{'descr': '|f4', 'fortran_order': False, 'shape': (1,), }", "1234"))
            .starts_with("unsupported dtype '|f4'"));
  CHECK(error_for(npy_file("{'descr': [('a', '<f4'), ('b', '<i4')], 'fortran_order': False, 'shape': (1,), }",
                           "12345678")) == "structured dtype [('a', '<f4'), ('b', '<i4')] is not supported");
  CHECK(error_for(npy_file("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", std::string("\1\2\0", 3))) ==
        "bool element [1] is 2, not 0 or 1");
  CHECK(error_for(npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4), }", "")) ==
        "the element count of shape (4294967296, 4294967296, 4) overflows");
  CHECK(error_for(npy_file("{'descr': '<c16', 'fortran_order': False, 'shape': (4611686018427387904,), }", "")) ==
        "the element count of shape (4611686018427387904,) overflows");
  CHECK(error_for(npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }", ""))
            .starts_with("a dimension in the header does not fit int64"));
  CHECK(error_for(npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (1099511627776,), }", "")) ==
        "the data is truncated: '<f4' (1099511627776,) needs 4398046511104 bytes, 0 follow the header");

  // The header dict itself.
  CHECK(error_for(npy_file("{'descr': '<f4', 'fortran_order': False}", "")) ==
        "the header has no 'shape': {'descr': '<f4', 'fortran_order': False}");
  CHECK(error_for(npy_file("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (), }", "1234"))
            .starts_with("the header has 'descr' twice"));
  CHECK(error_for(npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (), 'extra': 1}", "1234"))
            .starts_with("unexpected key 'extra' in the header"));
  CHECK(error_for(npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (3), }", "123412341234")) ==
        "malformed header: expected ',' after the only dimension, as in (3,) at column 53 of "
        "{'descr': '<f4', 'fortran_order': False, 'shape': (3), }");
  CHECK(error_for(npy_file("{'descr': '<f4' 'fortran_order': False, 'shape': (), }", "1234"))
            .starts_with("malformed header: expected ',' at column 17"));
  CHECK(error_for(npy_file("{'descr': '<f4', 'fortran_order': false, 'shape': (), }", "1234"))
            .starts_with("malformed header: expected True or False"));
  CHECK(error_for(npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", ""))
            .starts_with("malformed header: expected a dimension"));
  CHECK(error_for(npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (), } x", "1234"))
            .starts_with("malformed header: expected the end of the header after '}'"));

  // The prefix.
  std::string version4 = npy_file(f4_23, data24);
  version4[6] = 4;
  CHECK(error_for(version4) == "unsupported .npy format version 4.0");
  CHECK(error_for(npy_file(f4_23, data24).substr(0, 50)) ==
        "the header is truncated (118 bytes announced, 40 present)");

  const fs::path missing = dir.path / "missing.npy";
  CHECK(npy_error(missing) == missing.string() + ": no such file");
  CHECK(npy_error(dir.path) == dir.path.string() + ": not a regular file");
}
