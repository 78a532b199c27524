#include "runtime/npy.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "runtime/error.h"

namespace onnx_ref {

namespace {

namespace fs = std::filesystem;

// NumPy's type codes for the element types it has. Data is always little-endian here.
struct NpyType {
  ElementType type;
  std::string_view code;  // descr without its byte-order character
  int item_size;
};

constexpr NpyType kNpyTypes[] = {
    {ElementType::Bool, "b1", 1},      {ElementType::Int8, "i1", 1},         {ElementType::UInt8, "u1", 1},
    {ElementType::Int16, "i2", 2},     {ElementType::UInt16, "u2", 2},       {ElementType::Int32, "i4", 4},
    {ElementType::UInt32, "u4", 4},    {ElementType::Int64, "i8", 8},        {ElementType::UInt64, "u8", 8},
    {ElementType::Float16, "f2", 2},   {ElementType::Float, "f4", 4},        {ElementType::Double, "f8", 8},
    {ElementType::Complex64, "c8", 8}, {ElementType::Complex128, "c16", 16},
};

const NpyType* npy_type_of(ElementType type) {
  for (const auto& t : kNpyTypes)
    if (t.type == type) return &t;
  return nullptr;
}

// NumPy writes '|' (no byte order) for one-byte types and '<' for little-endian wider ones.
std::string descr_of(const NpyType& t) {
  std::string descr(1, t.item_size == 1 ? '|' : '<');
  return descr.append(t.code);
}

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;
// NumPy itself refuses headers above 10000 bytes unless told otherwise; this bound only stops a
// corrupt length field from making us read a huge "header".
constexpr uint64_t kMaxHeaderSize = 1 << 20;

// A shape as a Python tuple, as the header spells it: "()", "(3,)", "(2, 3)".
std::string python_tuple(const Shape& shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(shape[i]);
  }
  return text + (shape.size() == 1 ? ",)" : ")");
}

[[noreturn]] void fail(const fs::path& path, const std::string& message) {
  throw Error(path.string() + ": " + message);
}

// ---------------------------------------------------------------------------------------------
// The header: the repr of a Python dict with exactly the keys descr, fortran_order and shape.

struct NpyHeader {
  std::string descr;
  bool fortran_order = false;
  Shape shape;
};

// A strict parser for the small part of Python literal syntax that NumPy writes.
class HeaderParser {
 public:
  HeaderParser(std::string_view text, const fs::path& path) : text_(text), path_(path) {}

  NpyHeader parse() {
    NpyHeader header;
    bool seen_descr = false, seen_fortran = false, seen_shape = false;
    skip_space();
    expect('{');
    skip_space();
    while (!at('}')) {
      const std::string key = quoted_string("a quoted key");
      skip_space();
      expect(':');
      skip_space();
      if (key == "descr") {
        note_once(seen_descr, key);
        if (at('[')) fail(path_, "structured dtype " + bracketed() + " is not supported");
        header.descr = quoted_string("a dtype string such as '<f4'");
      } else if (key == "fortran_order") {
        note_once(seen_fortran, key);
        header.fortran_order = python_bool();
      } else if (key == "shape") {
        note_once(seen_shape, key);
        header.shape = shape_tuple();
      } else {
        fail(path_, "unexpected key '" + key + "' in the header " + excerpt());
      }
      skip_space();
      if (!at('}')) {
        expect(',');
        skip_space();
      }
    }
    expect('}');
    skip_space();
    if (pos_ != text_.size()) malformed("the end of the header after '}'");
    for (auto [seen, key] : {std::pair{seen_descr, "descr"}, {seen_fortran, "fortran_order"}, {seen_shape, "shape"}})
      if (!seen) fail(path_, std::string("the header has no '") + key + "': " + excerpt());
    return header;
  }

 private:
  std::string_view text_;
  size_t pos_ = 0;
  const fs::path& path_;

  // The header for error messages: one line, printable, bounded.
  std::string excerpt() const {
    std::string out;
    for (char c : text_.substr(0, 200)) out += (c >= 0x20 && c < 0x7F) ? c : ' ';
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + (text_.size() > 200 ? "..." : "");
  }

  [[noreturn]] void malformed(const std::string& expected) const {
    fail(path_,
         "malformed header: expected " + expected + " at column " + std::to_string(pos_ + 1) + " of " + excerpt());
  }

  void note_once(bool& seen, const std::string& key) const {
    if (seen) fail(path_, "the header has '" + key + "' twice: " + excerpt());
    seen = true;
  }

  bool at(char c) const { return pos_ < text_.size() && text_[pos_] == c; }

  void expect(char c) {
    if (!at(c)) malformed(std::string("'") + c + "'");
    ++pos_;
  }

  void skip_space() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }

  // A Python string literal without escapes, in either kind of quotes.
  std::string quoted_string(const std::string& what) {
    if (!at('\'') && !at('"')) malformed(what);
    const char quote = text_[pos_++];
    const size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != quote) {
      const char c = text_[pos_];
      if (c == '\\' || c == '\n' || c < 0x20 || c >= 0x7F) malformed("a plain string");
      ++pos_;
    }
    if (pos_ == text_.size()) malformed("a closing quote");
    return std::string(text_.substr(start, pos_++ - start));
  }

  // The text of a bracketed value, for naming a structured dtype in an error.
  std::string bracketed() const {
    int depth = 0;
    for (size_t i = pos_; i < text_.size(); ++i) {
      if (text_[i] == '[') ++depth;
      if (text_[i] == ']' && --depth == 0) return std::string(text_.substr(pos_, i + 1 - pos_));
    }
    return std::string(text_.substr(pos_));
  }

  bool python_bool() {
    for (auto [word, value] : {std::pair{std::string_view("True"), true}, {std::string_view("False"), false}}) {
      if (text_.substr(pos_, word.size()) == word) {
        pos_ += word.size();
        return value;
      }
    }
    malformed("True or False");
  }

  // A non-negative Python int: decimal digits, no leading zeros.
  int64_t python_int() {
    const size_t start = pos_;
    int64_t value = 0;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
      if (__builtin_mul_overflow(value, 10, &value) || __builtin_add_overflow(value, text_[pos_] - '0', &value))
        fail(path_, "a dimension in the header does not fit int64: " + excerpt());
      ++pos_;
    }
    if (pos_ == start) malformed("a dimension");
    if (text_[start] == '0' && pos_ - start > 1) malformed("a dimension without leading zeros");
    return value;
  }

  // "()", "(3,)", "(2, 3)", "(2, 3,)"; "(3)" is not a tuple in Python and not accepted.
  Shape shape_tuple() {
    Shape shape;
    expect('(');
    skip_space();
    while (!at(')')) {
      shape.push_back(python_int());
      skip_space();
      if (at(')')) {
        if (shape.size() == 1) malformed("',' after the only dimension, as in (3,)");
        break;
      }
      expect(',');
      skip_space();
    }
    expect(')');
    return shape;
  }
};

// The element type for a descr, or an Error naming the file and the descr.
const NpyType& npy_type_from_descr(const std::string& descr, const fs::path& path) {
  const std::string supported = " (supported: little-endian b1, i1, u1, i2, u2, i4, u4, i8, u8, f2, f4, f8, c8, c16)";
  const NpyType* found = nullptr;
  if (!descr.empty()) {
    for (const auto& t : kNpyTypes)
      if (descr.substr(1) == t.code) found = &t;
  }
  if (!found) fail(path, "unsupported dtype '" + descr + "'" + supported);
  const char order = descr[0];
  // Byte order means nothing for one-byte types; NumPy writes '|' for them.
  if (found->item_size == 1 && (order == '|' || order == '<' || order == '>' || order == '=')) return *found;
  if (order == '<') return *found;
  if (order == '>') fail(path, "dtype '" + descr + "' is big-endian; only little-endian data is supported");
  fail(path, "unsupported dtype '" + descr + "'" + supported);
}

// ---------------------------------------------------------------------------------------------
// Files

using File = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

File open_file(const fs::path& path, const char* mode) {
  File file(std::fopen(path.c_str(), mode), &std::fclose);
  if (!file) fail(path, std::string("cannot open: ") + std::strerror(errno));
  return file;
}

void read_exactly(std::FILE* file, void* out, size_t bytes, const fs::path& path) {
  if (bytes > 0 && std::fread(out, 1, bytes, file) != bytes)
    fail(path, "read error (the file changed while being read?)");
}

uint64_t little_endian(const unsigned char* bytes, int count) {
  uint64_t value = 0;
  for (int i = count - 1; i >= 0; --i) value = (value << 8) | bytes[i];
  return value;
}

// The header text: the magic, the version, the length field and that many bytes.
struct RawHeader {
  std::string text;
  uint64_t data_offset;
};

RawHeader read_raw_header(std::FILE* file, uint64_t file_size, const fs::path& path) {
  unsigned char prefix[12];
  if (file_size < 8) fail(path, "not a .npy file (only " + std::to_string(file_size) + " bytes)");
  read_exactly(file, prefix, 8, path);
  if (std::memcmp(prefix, kMagic, kMagicSize) != 0) fail(path, "not a .npy file (it does not start with \\x93NUMPY)");
  const int major = prefix[6], minor = prefix[7];
  if (major < 1 || major > 3 || minor != 0)
    fail(path, "unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor));
  // Version 1.0 has a 2-byte header length; 2.0 and 3.0 (UTF-8 header) have 4 bytes.
  const int length_bytes = major == 1 ? 2 : 4;
  if (file_size < 8u + length_bytes) fail(path, "the header is truncated");
  read_exactly(file, prefix + 8, static_cast<size_t>(length_bytes), path);
  const uint64_t header_size = little_endian(prefix + 8, length_bytes);
  const uint64_t header_start = 8u + length_bytes;
  if (header_size > kMaxHeaderSize)
    fail(path, "the header length " + std::to_string(header_size) + " is implausibly large");
  if (header_start + header_size > file_size)
    fail(path, "the header is truncated (" + std::to_string(header_size) + " bytes announced, " +
                   std::to_string(file_size - header_start) + " present)");
  std::string text(static_cast<size_t>(header_size), '\0');
  read_exactly(file, text.data(), text.size(), path);
  return {std::move(text), header_start + header_size};
}

void check_bool_bytes(const std::byte* data, uint64_t count, const fs::path& path) {
  for (uint64_t i = 0; i < count; ++i) {
    const auto byte = std::to_integer<unsigned>(data[i]);
    if (byte > 1) fail(path, "bool element [" + std::to_string(i) + "] is " + std::to_string(byte) + ", not 0 or 1");
  }
}

// NumPy's layout (numpy/lib/format.py _wrap_header): the dict, spaces, '\n', so that magic, version,
// length field and header together are a multiple of 64 bytes long. Like NumPy, an exact multiple
// still gets 64 spaces.
std::string header_block(const NpyType& t, const Shape& shape) {
  const std::string dict =
      "{'descr': '" + descr_of(t) + "', 'fortran_order': False, 'shape': " + python_tuple(shape) + ", }";
  const uint64_t text_size = dict.size() + 1;  // with the final '\n'
  // Version 2.0 only when the header length does not fit version 1.0's 16-bit field.
  const bool version2 = text_size + 64 > 0xFFFF;
  const uint64_t prefix_size = version2 ? 12 : 10;
  const uint64_t padding = 64 - (prefix_size + text_size) % 64;
  const uint64_t header_size = text_size + padding;

  std::string block(kMagic, kMagicSize);
  block += static_cast<char>(version2 ? 2 : 1);
  block += '\0';
  for (uint64_t i = 0; i < prefix_size - 8; ++i) block += static_cast<char>((header_size >> (8 * i)) & 0xFF);
  block += dict;
  block.append(padding, ' ');
  block += '\n';
  return block;
}

}  // namespace

bool npy_supports(ElementType type) { return npy_type_of(type) != nullptr; }

Tensor read_npy(const fs::path& path) {
  std::error_code error;
  if (!fs::is_regular_file(path, error)) {
    if (!fs::exists(path, error)) fail(path, "no such file");
    fail(path, "not a regular file");
  }
  const uint64_t file_size = fs::file_size(path, error);
  if (error) fail(path, "cannot read its size: " + error.message());
  File file = open_file(path, "rb");

  const RawHeader raw = read_raw_header(file.get(), file_size, path);
  const NpyHeader header = HeaderParser(raw.text, path).parse();
  const NpyType& t = npy_type_from_descr(header.descr, path);
  if (header.fortran_order)
    fail(path, "fortran_order True (column-major data) is not supported; save a C-ordered array");

  const std::string description = "'" + header.descr + "' " + python_tuple(header.shape);
  const auto count = checked_element_count(header.shape);
  uint64_t bytes = 0;
  if (!count || __builtin_mul_overflow(static_cast<uint64_t>(*count), static_cast<uint64_t>(t.item_size), &bytes))
    fail(path, "the element count of shape " + python_tuple(header.shape) + " overflows");
  const uint64_t present = file_size - raw.data_offset;
  if (present < bytes)
    fail(path, "the data is truncated: " + description + " needs " + std::to_string(bytes) + " bytes, " +
                   std::to_string(present) + " follow the header");
  if (present > bytes)
    fail(path, std::to_string(present - bytes) + " extra bytes after the " + std::to_string(bytes) + " bytes of " +
                   description);

  auto storage = Storage::allocate(static_cast<size_t>(bytes));
  read_exactly(file.get(), storage->mutable_data(), static_cast<size_t>(bytes), path);
  if (t.type == ElementType::Bool) check_bool_bytes(storage->data(), bytes, path);
  return Tensor::from_storage(t.type, header.shape, std::move(storage));
}

void write_npy(const fs::path& path, const Tensor& tensor) {
  const NpyType* t = npy_type_of(tensor.type());
  if (!t)
    fail(path, "cannot write " + tensor.describe() + " as .npy: NumPy has no " + std::string(name_of(tensor.type())) +
                   " dtype");
  const std::string header = header_block(*t, tensor.shape());
  File file = open_file(path, "wb");
  const auto data = tensor.bytes();
  bool ok = std::fwrite(header.data(), 1, header.size(), file.get()) == header.size();
  if (ok && !data.empty()) ok = std::fwrite(data.data(), 1, data.size(), file.get()) == data.size();
  if (ok) ok = std::fclose(file.release()) == 0;
  if (!ok) fail(path, std::string("write failed: ") + std::strerror(errno));
}

}  // namespace onnx_ref
