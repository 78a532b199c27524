#include "runtime/tensor_json.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string_view>
#include <vector>

#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/error_context.h"
#include "runtime/float_formats.h"
#include "runtime/npy.h"
#include "runtime/tensor_proto.h"

namespace onnx_ref {

namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// Errors

// Appends the compact dump() text of `value` to `out`, stopping once `out` is longer than `limit`.
// dump() itself recurses once per level of nesting, which overflows the stack on a deeply nested
// value; here every level prints at least one character first, so the recursion stays within `limit`.
void dump_prefix(const json& value, std::string& out, size_t limit) {
  if (value.is_array() || value.is_object()) {
    out += value.is_array() ? '[' : '{';
    bool first = true;
    for (auto it = value.begin(); it != value.end() && out.size() <= limit; ++it) {
      if (!first) out += ',';
      first = false;
      if (value.is_object()) out += json(it.key()).dump(-1, ' ', false, json::error_handler_t::replace) + ':';
      dump_prefix(it.value(), out, limit);
    }
    if (out.size() <= limit) out += value.is_array() ? ']' : '}';
    return;
  }
  out += value.dump(-1, ' ', false, json::error_handler_t::replace);
}

// A JSON value for an error message, shortened: a whole nested list would not fit on one line.
std::string show(const json& value) {
  std::string text;
  dump_prefix(value, text, 80);
  if (text.size() > 80) text = text.substr(0, 77) + "...";
  return text;
}

[[noreturn]] void fail(const JsonTensorContext& context, const std::string& message) {
  throw Error(context.what + ": " + message);
}

[[noreturn]] void fail_at(const JsonTensorContext& context, int64_t index, const std::string& message) {
  throw Error(context.what + " [" + std::to_string(index) + "]: " + message);
}

// ---------------------------------------------------------------------------------------------
// Strings: JSON text is UTF-8, tensor strings are arbitrary bytes.

// Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF. This is at
// least as strict as nlohmann's serializer, so a string that passes never makes dump() throw.
bool is_valid_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto lead = static_cast<unsigned char>(s[i]);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    size_t length = 0;
    uint32_t code_point = 0;
    uint32_t smallest = 0;
    if ((lead & 0xE0) == 0xC0) {
      length = 2, code_point = lead & 0x1F, smallest = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
      length = 3, code_point = lead & 0x0F, smallest = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
      length = 4, code_point = lead & 0x07, smallest = 0x10000;
    } else {
      return false;
    }
    if (s.size() - i < length) return false;
    for (size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(s[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code_point = (code_point << 6) | (next & 0x3F);
    }
    if (code_point < smallest || code_point > 0x10FFFF || (code_point >= 0xD800 && code_point <= 0xDFFF)) return false;
    i += length;
  }
  return true;
}

constexpr std::string_view kBase64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string base64_encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    const size_t n = std::min<size_t>(3, bytes.size() - i);
    uint32_t group = 0;
    for (size_t k = 0; k < 3; ++k) group = (group << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    for (size_t k = 0; k < 4; ++k) out += k <= n ? kBase64Alphabet[(group >> (18 - 6 * k)) & 0x3F] : '=';
  }
  return out;
}

// Standard alphabet, padded, canonical (unused bits zero): each byte string has exactly one spelling.
std::optional<std::string> base64_decode(std::string_view text) {
  if (text.size() % 4 != 0) return std::nullopt;
  std::string out;
  out.reserve(text.size() / 4 * 3);
  for (size_t i = 0; i < text.size(); i += 4) {
    const bool last = i + 4 == text.size();
    const size_t padding = last ? (text[i + 3] == '=') + (text[i + 2] == '=') : 0;
    if (padding == 1 && text[i + 2] == '=') return std::nullopt;  // "x=y=" style
    uint32_t group = 0;
    for (size_t k = 0; k < 4; ++k) {
      uint32_t sextet = 0;
      if (k < 4 - padding) {
        const size_t position = kBase64Alphabet.find(text[i + k]);
        if (position == std::string_view::npos) return std::nullopt;
        sextet = static_cast<uint32_t>(position);
      }
      group = (group << 6) | sextet;
    }
    const size_t n = 3 - padding;
    if (padding > 0 && (group & ((1u << (8 * padding)) - 1)) != 0) return std::nullopt;
    for (size_t k = 0; k < n; ++k) out += static_cast<char>((group >> (16 - 8 * k)) & 0xFF);
  }
  return out;
}

bool is_bytes_escape(const json& value) { return value.is_object() && value.size() == 1 && value.contains("base64"); }

json string_to_json(const std::string& bytes) {
  if (is_valid_utf8(bytes)) return bytes;
  return json{{"base64", base64_encode(bytes)}};
}

std::string string_from_json(const json& value, int64_t index, const JsonTensorContext& context) {
  if (value.is_string()) return value.get<std::string>();
  if (is_bytes_escape(value)) {
    const json& text = value["base64"];
    if (text.is_string()) {
      if (auto bytes = base64_decode(text.get_ref<const std::string&>())) return *bytes;
    }
    fail_at(context, index, show(text) + " is not valid base64 (standard alphabet, padded with '=')");
  }
  fail_at(context, index, show(value) + " is not a string (a JSON string, or {\"base64\": \"...\"} for other bytes)");
}

// ---------------------------------------------------------------------------------------------
// Floats

// The element type of each half of a complex number; complex data is laid out as (re, im) pairs of
// it, so part k of complex element i is element 2i + k of that type.
ElementType complex_part_type(ElementType type) {
  return type == ElementType::Complex64 ? ElementType::Float : ElementType::Double;
}

// The NaN that "nan" reads as: whatever writing a quiet NaN gives, so output and input agree.
uint64_t canonical_nan_bits(ElementType type) {
  std::byte scratch[8]{};
  write_real(type, scratch, 0, std::numeric_limits<double>::quiet_NaN());
  return read_bits(type, scratch, 0);
}

std::string nan_bits_text(ElementType type, uint64_t bits) {
  char digits[17];
  std::snprintf(digits, sizeof digits, "%0*llx", bits_of(type) / 4, static_cast<unsigned long long>(bits));
  return std::string("nan:0x") + digits;
}

// The double whose shortest round-trip text is the float's own shortest text ("0.1" rather than
// "0.10000000149011612"). Reading that decimal as a double and then rounding to float rounds twice,
// which could in principle land on a different float; then the float's exact value is used instead.
double float_as_short_double(float value) {
  char text[64];
  const auto printed = std::to_chars(text, text + sizeof text, value);
  double parsed = 0;
  std::from_chars(text, printed.ptr, parsed);
  if (std::bit_cast<uint32_t>(static_cast<float>(parsed)) == std::bit_cast<uint32_t>(value)) return parsed;
  return static_cast<double>(value);
}

// Element `slot` of a float type (or of the part type of a complex tensor).
json float_to_json(ElementType type, const std::byte* data, int64_t slot) {
  const double value = read_real(type, data, slot);
  if (std::isnan(value)) {
    const uint64_t bits = read_bits(type, data, slot);
    if (bits == canonical_nan_bits(type)) return "nan";
    return nan_bits_text(type, bits);
  }
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  // Every value of the other float types is exactly a double, and nlohmann prints doubles so that
  // they read back exactly; that double then encodes back to the same bits.
  if (type == ElementType::Float) return float_as_short_double(static_cast<float>(value));
  return value;
}

// Rounds to odd at 53 bits: exact below 2^53, otherwise truncated with the lowest bit set when
// anything was cut off. Rounding that result to a format of at most 51 significant bits gives the same
// answer as rounding the integer directly (no double rounding).
double round_to_odd(uint64_t magnitude) {
  if (magnitude < (uint64_t{1} << 53)) return static_cast<double>(magnitude);
  const int shift = std::bit_width(magnitude) - 53;
  uint64_t kept = magnitude >> shift;
  if ((magnitude & ((uint64_t{1} << shift) - 1)) != 0) kept |= 1;
  return std::ldexp(static_cast<double>(kept), shift);
}

// A JSON integer as the double that, written to `type`, gives the correctly rounded element.
double integer_for_float_type(ElementType type, bool negative, uint64_t magnitude) {
  double value = 0;
  if (type == ElementType::Double) {
    value = static_cast<double>(magnitude);
  } else if (type == ElementType::Float) {
    value = static_cast<double>(static_cast<float>(magnitude));  // exact once widened
  } else {
    value = round_to_odd(magnitude);
  }
  return negative ? -value : value;
}

// Stores a bit pattern as element `slot` of a type at least a byte wide, little-endian as the storage
// is. Every format with NaN or infinity patterns is byte-wide.
void write_raw_bits(ElementType type, std::byte* data, int64_t slot, uint64_t bits) {
  const int bytes = bits_of(type) / 8;
  for (int k = 0; k < bytes; ++k) data[slot * bytes + k] = static_cast<std::byte>((bits >> (8 * k)) & 0xFF);
}

// Stores a NaN with the given bit pattern.
void write_nan_bits(ElementType type, std::byte* data, int64_t slot, std::string_view text, int64_t index,
                    const JsonTensorContext& context) {
  const std::string_view hex = text.substr(6);  // after "nan:0x"
  uint64_t bits = 0;
  const auto parsed = std::from_chars(hex.data(), hex.data() + hex.size(), bits, 16);
  const std::string quoted = show(json(text));
  if (hex.empty() || parsed.ec != std::errc() || parsed.ptr != hex.data() + hex.size())
    fail_at(context, index, quoted + " is not a NaN bit pattern (\"nan:0x\" and hex digits)");
  const int width = bits_of(type);
  if (width < 8) fail_at(context, index, quoted + ": " + std::string(name_of(type)) + " has no NaN");
  if (width < 64 && (bits >> width) != 0)
    fail_at(context, index,
            quoted + " has more than " + std::to_string(width) + " bits for " + std::string(name_of(type)));
  write_raw_bits(type, data, slot, bits);
  if (!std::isnan(read_real(type, data, slot)))
    fail_at(context, index, quoted + " is not a NaN of " + std::string(name_of(type)));
}

// "inf" means infinity itself where the type has one. Writing it as a value would saturate float8e5m2
// to its largest finite value (Cast's saturate); the formats without an infinity do saturate.
void write_infinity(ElementType type, std::byte* data, int64_t slot, bool negative) {
  const double value = negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  if (is_small_float(type)) {
    const uint32_t bits = encode_small_float(type, value, /*saturate=*/false);
    if (std::isinf(decode_small_float(type, bits))) return write_raw_bits(type, data, slot, bits);
  }
  write_real(type, data, slot, value);
}

void write_float_string(ElementType type, std::byte* data, int64_t slot, const std::string& text, int64_t index,
                        const JsonTensorContext& context) {
  if (text == "nan") return write_real(type, data, slot, std::numeric_limits<double>::quiet_NaN());
  if (text == "inf" || text == "+inf") return write_infinity(type, data, slot, false);
  if (text == "-inf") return write_infinity(type, data, slot, true);
  if (text.starts_with("nan:0x")) return write_nan_bits(type, data, slot, text, index, context);
  fail_at(context, index,
          show(text) +
              " is not a number (the strings a float accepts are \"nan\", \"inf\", \"+inf\", \"-inf\" and "
              "\"nan:0x<bits>\")");
}

// Element `slot` of a float type; `index` is the flat element index reported in errors.
void write_float_value(ElementType type, std::byte* data, int64_t slot, const json& value, int64_t index,
                       const JsonTensorContext& context) {
  if (value.is_number_unsigned()) {
    write_real(type, data, slot, integer_for_float_type(type, false, value.get<uint64_t>()));
  } else if (value.is_number_integer()) {
    const auto signed_value = value.get<int64_t>();
    const bool negative = signed_value < 0;
    const uint64_t magnitude = negative ? 0 - static_cast<uint64_t>(signed_value) : static_cast<uint64_t>(signed_value);
    write_real(type, data, slot, integer_for_float_type(type, negative, magnitude));
  } else if (value.is_number_float()) {
    write_real(type, data, slot, value.get<double>());
  } else if (value.is_string()) {
    write_float_string(type, data, slot, value.get_ref<const std::string&>(), index, context);
    return;
  } else {
    fail_at(context, index, show(value) + " is not a number");
  }
  // A number written as digits must fit, as 300 must fit uint8: rounding it to an infinity (or to
  // the NaN of a format without one) would silently change what was written. "inf" says infinity.
  const double stored = read_real(type, data, slot);
  if (!std::isfinite(stored))
    fail_at(context, index,
            show(value) + " is beyond the range of " + std::string(name_of(type)) +
                " (write \"inf\" or \"-inf\" for an infinity)");
}

// ---------------------------------------------------------------------------------------------
// Integers and bool

struct JsonInteger {
  bool negative;
  uint64_t magnitude;
};

// The exact integer a JSON number stands for, or nullopt when it has a fraction (or is not finite).
std::optional<JsonInteger> json_integer(const json& value, int64_t index, const JsonTensorContext& context) {
  if (value.is_number_unsigned()) return JsonInteger{false, value.get<uint64_t>()};
  if (value.is_number_integer()) {
    const auto v = value.get<int64_t>();
    return JsonInteger{v < 0, v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v)};
  }
  const double d = value.get<double>();
  if (!std::isfinite(d) || std::trunc(d) != d) return std::nullopt;
  // From 2^53 on neighbouring integers share a double, so "1e19" or "9007199254740993.0" no longer
  // says which integer was meant.
  if (std::fabs(d) >= 0x1p53)
    fail_at(context, index,
            show(value) + " is not a JSON integer and not below 2^53, so it is not exact; write the integer digits");
  return JsonInteger{d < 0, static_cast<uint64_t>(std::fabs(d))};
}

int64_t as_int64(const JsonInteger& v) {
  return v.negative ? static_cast<int64_t>(0 - v.magnitude) : static_cast<int64_t>(v.magnitude);
}

bool integer_fits(ElementType type, const JsonInteger& v) {
  if (info(type).kind == ElementKind::UnsignedInt)
    return (!v.negative || v.magnitude == 0) && fits_unsigned(type, v.magnitude);
  const uint64_t limit = v.negative ? uint64_t{1} << 63 : uint64_t{INT64_MAX};
  return v.magnitude <= limit && fits_integer(type, as_int64(v));
}

void write_integer_value(ElementType type, std::byte* data, int64_t index, const json& value,
                         const JsonTensorContext& context) {
  if (type == ElementType::Bool && value.is_boolean()) return write_int64(type, data, index, value.get<bool>() ? 1 : 0);
  if (!value.is_number()) {
    if (type == ElementType::Bool) fail_at(context, index, show(value) + " is not a bool (true, false, 0 or 1)");
    fail_at(context, index, show(value) + " is not an integer");
  }
  const auto integer = json_integer(value, index, context);
  if (!integer || !integer_fits(type, *integer))
    fail_at(context, index, show(value) + " does not fit " + std::string(name_of(type)));
  if (info(type).kind == ElementKind::UnsignedInt) return write_uint64(type, data, index, integer->magnitude);
  write_int64(type, data, index, as_int64(*integer));
}

// ---------------------------------------------------------------------------------------------
// One element, either direction

void write_element(ElementType type, std::byte* data, int64_t index, const json& value,
                   const JsonTensorContext& context) {
  switch (info(type).kind) {
    case ElementKind::Boolean:
    case ElementKind::SignedInt:
    case ElementKind::UnsignedInt:
      return write_integer_value(type, data, index, value, context);
    case ElementKind::Float:
      return write_float_value(type, data, index, value, index, context);
    case ElementKind::Complex: {
      if (!value.is_array() || value.size() != 2)
        fail_at(context, index, show(value) + " is not a complex number [re, im]");
      const ElementType part = complex_part_type(type);
      write_float_value(part, data, 2 * index, value[0], index, context);
      write_float_value(part, data, 2 * index + 1, value[1], index, context);
      return;
    }
    case ElementKind::String:
      break;
  }
  throw std::logic_error("write_element: string tensors are built from strings");
}

json numeric_element_to_json(ElementType type, const std::byte* data, int64_t index) {
  switch (info(type).kind) {
    case ElementKind::Boolean:
      return read_int64(type, data, index) != 0;
    case ElementKind::SignedInt:
      return read_int64(type, data, index);
    case ElementKind::UnsignedInt:
      return read_uint64(type, data, index);
    case ElementKind::Float:
      return float_to_json(type, data, index);
    case ElementKind::Complex: {
      const ElementType part = complex_part_type(type);
      return json::array({float_to_json(part, data, 2 * index), float_to_json(part, data, 2 * index + 1)});
    }
    case ElementKind::String:
      break;
  }
  throw std::logic_error("numeric_element_to_json: a string tensor has no numeric data");
}

// ---------------------------------------------------------------------------------------------
// Shape and nesting

// A single element's JSON: anything but a list, except that a complex number is a list [re, im].
bool is_leaf(ElementType type, const json& value) {
  if (!value.is_array()) return true;
  if (info(type).kind != ElementKind::Complex) return false;
  return value.size() == 2 && !value[0].is_array() && !value[1].is_array();
}

// Follows the first entry of every list down to a value.
Shape infer_shape(ElementType type, const json& data) {
  Shape shape;
  const json* level = &data;
  while (!is_leaf(type, *level)) {
    shape.push_back(static_cast<int64_t>(level->size()));
    if (level->empty()) break;
    level = &(*level)[0];
  }
  return shape;
}

Shape parse_shape(const json& value, const JsonTensorContext& context) {
  if (!value.is_array()) fail(context, "\"shape\" must be a list of dimensions, not " + show(value));
  Shape shape;
  for (const json& dim : value) {
    if (!dim.is_number_integer() || (!dim.is_number_unsigned() && dim.get<int64_t>() < 0) ||
        (dim.is_number_unsigned() && dim.get<uint64_t>() > uint64_t{INT64_MAX}))
      fail(context, "\"shape\" " + show(value) + " must hold non-negative integers");
    shape.push_back(dim.get<int64_t>());
  }
  if (!checked_element_count(shape))
    fail(context, "\"shape\" " + show(value) + " has more elements than int64 can count");
  return shape;
}

// Nested data is walked recursively, one level per dimension; this bounds the recursion.
constexpr size_t kMaxNestingDepth = 1000;

struct NestingWalk {
  ElementType type;
  const Shape& shape;
  std::string root;        // "data" or "value"
  std::string shape_note;  // "the shape [2, 3]" or "the shape [2, 3] (inferred from the first entries)"
  const JsonTensorContext& context;
  std::vector<const json*> leaves;
  std::vector<size_t> position;  // list indices from the root down to the current value

  // "data[1][0]", only built for an error message.
  std::string path() const {
    std::string text = root;
    for (size_t k : position) {
      text += '[';
      text += std::to_string(k);
      text += ']';
    }
    return text;
  }

  void collect(const json& value) {
    const size_t depth = position.size();
    if (depth == shape.size()) {
      if (!is_leaf(type, value)) fail(context, path() + " is nested deeper than " + shape_note);
      leaves.push_back(&value);
      return;
    }
    const auto expected = static_cast<uint64_t>(shape[depth]);
    if (is_leaf(type, value))
      fail(context, path() + " is a single value where " + shape_note + " needs a list of " + std::to_string(expected));
    if (value.size() != expected)
      fail(context, path() + " has " + std::to_string(value.size()) + " entries where " + shape_note + " needs " +
                        std::to_string(expected));
    for (size_t k = 0; k < value.size(); ++k) {
      position.push_back(k);
      collect(value[k]);
      position.pop_back();
    }
  }
};

// The element values in row-major order, after checking that `data` is flat or nested to `shape`.
std::vector<const json*> collect_leaves(ElementType type, const json& data, const Shape& shape, bool inferred,
                                        const std::string& root, const JsonTensorContext& context) {
  const std::string shape_note =
      "the shape " + shape_to_string(shape) + (inferred ? " (inferred from the first entries)" : "");
  const auto count = static_cast<uint64_t>(*checked_element_count(shape));
  const bool all_leaves =
      data.is_array() && std::all_of(data.begin(), data.end(), [&](const json& v) { return is_leaf(type, v); });
  if (shape.empty()) {
    if (is_leaf(type, data)) return {&data};
    if (all_leaves && data.size() == 1) return {&data[0]};
    fail(context, root + " must be one value (or a list of one) for " + shape_note);
  }
  if (!all_leaves || shape.size() == 1) {
    if (shape.size() > kMaxNestingDepth)
      fail(context, root + " would be nested " + std::to_string(shape.size()) + " levels deep; at most " +
                        std::to_string(kMaxNestingDepth) + " are supported (flat data has no such limit)");
    NestingWalk walk{type, shape, root, shape_note, context, {}, {}};
    walk.collect(data);
    return std::move(walk.leaves);
  }
  if (data.size() != count)
    fail(context, root + " has " + std::to_string(data.size()) + " values where " + shape_note + " needs " +
                      std::to_string(count));
  std::vector<const json*> leaves;
  leaves.reserve(data.size());
  for (const json& v : data) leaves.push_back(&v);
  return leaves;
}

Tensor tensor_from_data(ElementType type, const json& data, const std::optional<Shape>& given_shape,
                        const std::string& root, const JsonTensorContext& context) {
  const Shape shape = given_shape ? *given_shape : infer_shape(type, data);
  const auto leaves = collect_leaves(type, data, shape, !given_shape, root, context);
  if (type == ElementType::String) {
    std::vector<std::string> values;
    values.reserve(leaves.size());
    for (size_t i = 0; i < leaves.size(); ++i)
      values.push_back(string_from_json(*leaves[i], static_cast<int64_t>(i), context));
    return Tensor::from_strings(shape, std::move(values));
  }
  Tensor tensor = Tensor::zeros(type, shape);
  std::byte* out = tensor.mutable_data();
  for (size_t i = 0; i < leaves.size(); ++i) write_element(type, out, static_cast<int64_t>(i), *leaves[i], context);
  return tensor;
}

// ---------------------------------------------------------------------------------------------
// The three forms

void check_declared(ElementType type, const JsonTensorContext& context) {
  if (context.declared_type && *context.declared_type != type)
    fail(context, "dtype " + std::string(name_of(type)) + " does not match the model's declared " +
                      tensor_type_string(*context.declared_type));
}

Tensor tensor_from_file(const json& object, const JsonTensorContext& context) {
  for (const auto& [key, unused] : object.items())
    if (key != "file")
      fail(context, "unknown key " + show(json(key)) + " beside \"file\" (a file reference has only \"file\")");
  const json& name = object["file"];
  if (!name.is_string()) fail(context, "\"file\" must be a path string, not " + show(name));
  const fs::path given = name.get<std::string>();
  const fs::path path = given.is_absolute() ? given : context.base_dir / given;
  std::error_code error;
  const auto status = fs::status(path, error);
  if (!fs::exists(status)) fail(context, "file " + quote_text(path.string()) + " does not exist");
  if (!fs::is_regular_file(status)) fail(context, quote_text(path.string()) + " is not a regular file");
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  if (extension != ".npy" && extension != ".pb")
    fail(context, "file " + quote_text(path.string()) + ": expected a .pb (serialized TensorProto) or .npy file");
  Tensor tensor;
  try {
    tensor = extension == ".npy" ? read_npy(path) : read_tensor_file(path);
  } catch (const Error& e) {
    rethrow_with_context(e, ErrorContext::at(context.what));
  }
  check_declared(tensor.type(), context);
  return tensor;
}

Tensor tensor_from_object(const json& object, const JsonTensorContext& context) {
  if (object.contains("file")) return tensor_from_file(object, context);
  for (const auto& [key, unused] : object.items())
    if (key != "dtype" && key != "shape" && key != "data")
      fail(context, "unknown key " + show(json(key)) +
                        " (a tensor object has \"dtype\", \"shape\" and \"data\", or only \"file\")");
  if (!object.contains("data")) fail(context, "a tensor object needs \"data\" (or \"file\")");

  ElementType type = ElementType::Undefined;
  if (object.contains("dtype")) {
    const json& dtype = object["dtype"];
    const auto named = dtype.is_string() ? element_type_from_name(dtype.get_ref<const std::string&>()) : std::nullopt;
    if (!named) fail(context, "unknown dtype " + show(dtype));
    type = *named;
  } else if (context.declared_type) {
    type = *context.declared_type;
  } else {
    fail(context, "a tensor object needs \"dtype\" here (the model declares no element type for it)");
  }
  check_declared(type, context);

  std::optional<Shape> shape;
  if (object.contains("shape")) shape = parse_shape(object["shape"], context);
  return tensor_from_data(type, object["data"], shape, "data", context);
}

}  // namespace

Tensor tensor_from_json(const json& value, const JsonTensorContext& context) {
  if (value.is_object() && !is_bytes_escape(value)) return tensor_from_object(value, context);
  if (!context.declared_type)
    fail(context, "a bare value needs the model's declared element type; write {\"dtype\": ..., \"data\": ...}");
  return tensor_from_data(*context.declared_type, value, std::nullopt, "value", context);
}

json tensor_to_json(const Tensor& tensor) {
  json data = json::array();
  auto& elements = data.get_ref<json::array_t&>();
  elements.reserve(static_cast<size_t>(tensor.element_count()));
  if (tensor.is_string()) {
    for (const std::string& s : tensor.strings()) elements.push_back(string_to_json(s));
  } else {
    for (int64_t i = 0; i < tensor.element_count(); ++i)
      elements.push_back(numeric_element_to_json(tensor.type(), tensor.data(), i));
  }
  return json{{"dtype", std::string(name_of(tensor.type()))}, {"shape", tensor.shape()}, {"data", std::move(data)}};
}

}  // namespace onnx_ref
