#include "runtime/tensor_proto.h"

#include "runtime/element_copy.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <climits>
#include <cstring>
#include <vector>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/unknown_field_set.h>
#include <google/protobuf/wire_format_lite.h>

#include "runtime/error.h"
#include "runtime/error_context.h"
#include "runtime/external_data.h"

namespace onnx_ref {

// Tensor storage and raw_data are both little-endian, so bytes are copied as they are.
static_assert(std::endian::native == std::endian::little, "a big-endian host needs byte swapping in this file");

namespace {

namespace fs = std::filesystem;
using Proto = onnx::TensorProto;
using google::protobuf::internal::WireFormatLite;

// The places a TensorProto can keep its elements; exactly one may be used.
enum class Source { Raw, Float, Double, Int32, Int64, UInt64, String, External };

const char* source_name(Source source) {
  switch (source) {
    case Source::Raw:
      return "raw_data";
    case Source::Float:
      return "float_data";
    case Source::Double:
      return "double_data";
    case Source::Int32:
      return "int32_data";
    case Source::Int64:
      return "int64_data";
    case Source::UInt64:
      return "uint64_data";
    case Source::String:
      return "string_data";
    case Source::External:
      return "external data";
  }
  return "?";
}

// The typed field the spec assigns to each element type.
Source typed_field_for(ElementType type) {
  switch (type) {
    case ElementType::Float:
    case ElementType::Complex64:
      return Source::Float;
    case ElementType::Double:
    case ElementType::Complex128:
      return Source::Double;
    case ElementType::Int64:
      return Source::Int64;
    case ElementType::UInt32:
    case ElementType::UInt64:
      return Source::UInt64;
    case ElementType::String:
      return Source::String;
    default:
      return Source::Int32;
  }
}

std::vector<Source> sources_present(const Proto& proto) {
  std::vector<Source> sources;
  if (proto.has_raw_data()) sources.push_back(Source::Raw);
  if (proto.float_data_size() > 0) sources.push_back(Source::Float);
  if (proto.double_data_size() > 0) sources.push_back(Source::Double);
  if (proto.int32_data_size() > 0) sources.push_back(Source::Int32);
  if (proto.int64_data_size() > 0) sources.push_back(Source::Int64);
  if (proto.uint64_data_size() > 0) sources.push_back(Source::UInt64);
  if (proto.string_data_size() > 0) sources.push_back(Source::String);
  if (proto.data_location() == Proto::EXTERNAL) sources.push_back(Source::External);
  return sources;
}

std::string tensor_label(const Proto& proto) {
  return proto.name().empty() ? "tensor" : "tensor " + quote_text(proto.name());
}

ElementType element_type_of(const Proto& proto) {
  auto type = element_type_from_code(proto.data_type());
  if (!type) throw Error("data_type " + std::to_string(proto.data_type()) + " is not a defined element type");
  return *type;
}

Shape shape_of(const Proto& proto) {
  Shape shape(proto.dims().begin(), proto.dims().end());
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] < 0)
      throw Error("dims[" + std::to_string(i) + "] is " + std::to_string(shape[i]) +
                  "; dimensions must be non-negative");
  if (!checked_element_count(shape))
    throw Error("dims " + shape_to_string(shape) + " have an element count that overflows int64");
  return shape;
}

// Bytes of storage for `count` elements, refusing counts whose byte size cannot be addressed.
uint64_t needed_bytes(ElementType type, int64_t count, const std::string& what) {
  const int bits = bits_of(type);
  if (bits < 8) return storage_bytes(type, static_cast<uint64_t>(count));
  uint64_t bytes = 0;
  if (__builtin_mul_overflow(static_cast<uint64_t>(count), static_cast<uint64_t>(bits / 8), &bytes) ||
      bytes > static_cast<uint64_t>(PTRDIFF_MAX))
    throw Error(what + " needs more bytes than memory can address");
  return bytes;
}

// Alignment of one element's scalar parts, so storage can be read through data_as<T>().
size_t element_alignment(ElementType type) {
  const int bits = bits_of(type);
  if (bits < 8) return 1;
  size_t bytes = static_cast<size_t>(bits / 8);
  if (info(type).kind == ElementKind::Complex) bytes /= 2;
  return std::min<size_t>(bytes, 8);
}

bool is_aligned(const void* pointer, size_t alignment) { return reinterpret_cast<uintptr_t>(pointer) % alignment == 0; }

std::string hex_byte(unsigned value) {
  static const char* digits = "0123456789abcdef";
  return std::string("0x") + digits[(value >> 4) & 15] + digits[value & 15];
}

// Checks that don't depend on where the bytes came from: bools are 0 or 1, and the unused high
// bits of the last byte of a packed 4- or 2-bit tensor are zero, as the spec requires. Without the
// second check two tensors with equal elements could compare unequal byte for byte.
void check_element_bytes(ElementType type, int64_t count, std::span<const std::byte> bytes, const char* source,
                         const std::string& what) {
  if (type == ElementType::Bool) {
    for (size_t i = 0; i < bytes.size(); ++i)
      if (std::to_integer<unsigned>(bytes[i]) > 1)
        throw Error(source + std::string(" byte ") + std::to_string(i) + " is " +
                    std::to_string(std::to_integer<unsigned>(bytes[i])) + "; a bool is 0 or 1");
  }
  if (!is_sub_byte(type) || bytes.empty()) return;
  const int bits = bits_of(type);
  const int64_t per_byte = 8 / bits;
  const int used = static_cast<int>(count % per_byte);
  if (used == 0) return;
  const unsigned last = std::to_integer<unsigned>(bytes.back());
  if ((last >> (used * bits)) != 0)
    throw Error("the unused high bits of the last byte of " + std::string(source) + " are not zero (" + hex_byte(last) +
                "; " + what + " uses only its low " + std::to_string(used * bits) + " bits)");
}

[[noreturn]] void count_mismatch(const std::string& what, uint64_t needed, const std::string& unit, Source source,
                                 uint64_t found) {
  throw Error(what + " needs " + std::to_string(needed) + " " + unit + " in " + source_name(source) + ", found " +
              std::to_string(found));
}

void check_field_fits_type(ElementType type, Source source) {
  if (source == Source::External || source == Source::Raw) {
    if (type == ElementType::String)
      throw Error(std::string("string tensors cannot use ") + source_name(source) +
                  "; strings are stored in string_data");
    return;
  }
  if (source == Source::String && type != ElementType::String)
    throw Error("string_data holds strings but the element type is " + std::string(name_of(type)));
  const Source expected = typed_field_for(type);
  if (source != expected)
    throw Error(std::string(source_name(source)) + " cannot hold " + std::string(name_of(type)) + " elements (" +
                std::string(name_of(type)) + " uses " + source_name(expected) +
                (type == ElementType::String ? ")" : " or raw_data)"));
}

Tensor from_raw_data(const Proto& proto, ElementType type, Shape shape, int64_t count, const std::string& what,
                     std::shared_ptr<const void> owner) {
  const std::string& raw = proto.raw_data();
  const uint64_t needed = needed_bytes(type, count, what);
  if (raw.size() != needed) count_mismatch(what, needed, "bytes", Source::Raw, raw.size());
  const auto* data = reinterpret_cast<const std::byte*>(raw.data());
  check_element_bytes(type, count, {data, raw.size()}, "raw_data", what);
  // With an owner keeping the message alive the bytes are used where they are; an unaligned
  // string buffer (never seen in practice) is copied so typed access stays valid.
  if (owner && is_aligned(data, element_alignment(type)))
    return Tensor::from_storage(type, std::move(shape), Storage::view(data, raw.size(), std::move(owner)));
  auto storage = Storage::allocate(raw.size());
  if (!raw.empty()) std::memcpy(storage->mutable_data(), data, raw.size());
  return Tensor::from_storage(type, std::move(shape), std::move(storage));
}

// float_data, double_data, int64_data and uint64 elements in uint64_data hold the elements
// bit for bit (complex as real, imaginary pairs), so they are copied as they are.
template <class T>
Tensor from_same_width_field(const google::protobuf::RepeatedField<T>& field, Source source, ElementType type,
                             Shape shape, int64_t count, const std::string& what) {
  const bool complex = info(type).kind == ElementKind::Complex;
  const uint64_t needed = static_cast<uint64_t>(count) * (complex ? 2 : 1);
  if (static_cast<uint64_t>(field.size()) != needed)
    count_mismatch(what, needed, complex ? "values (real, imaginary pairs)" : "values", source,
                   static_cast<uint64_t>(field.size()));
  auto storage = Storage::allocate(needed_bytes(type, count, what));
  if (needed > 0) std::memcpy(storage->mutable_data(), field.data(), needed * sizeof(T));
  return Tensor::from_storage(type, std::move(shape), std::move(storage));
}

Tensor from_uint64_data(const Proto& proto, ElementType type, Shape shape, int64_t count, const std::string& what) {
  if (type == ElementType::UInt64)
    return from_same_width_field(proto.uint64_data(), Source::UInt64, type, std::move(shape), count, what);
  const auto& field = proto.uint64_data();
  if (static_cast<uint64_t>(field.size()) != static_cast<uint64_t>(count))
    count_mismatch(what, static_cast<uint64_t>(count), "values", Source::UInt64, static_cast<uint64_t>(field.size()));
  auto storage = Storage::allocate(needed_bytes(type, count, what));
  auto* out = storage->mutable_data();
  for (int i = 0; i < field.size(); ++i) {
    if (field[i] > UINT32_MAX)
      throw Error("uint64_data[" + std::to_string(i) + "] = " + std::to_string(field[i]) +
                  " does not fit uint32 (0 to 4294967295)");
    const auto value = static_cast<uint32_t>(field[i]);
    std::memcpy(out + static_cast<size_t>(i) * 4, &value, 4);
  }
  return Tensor::from_storage(type, std::move(shape), std::move(storage));
}

// What one int32_data entry may hold for a type, and how to say that it does not.
struct Int32Range {
  int64_t low;
  int64_t high;
  std::string meaning;  // "does not fit uint8", "is not a float16 bit pattern"
};

Int32Range int32_range(ElementType type) {
  const std::string name(name_of(type));
  switch (type) {
    case ElementType::Int32:
      return {INT32_MIN, INT32_MAX, "does not fit int32"};
    case ElementType::Int16:
      return {INT16_MIN, INT16_MAX, "does not fit int16"};
    case ElementType::Int8:
      return {INT8_MIN, INT8_MAX, "does not fit int8"};
    case ElementType::UInt16:
      return {0, UINT16_MAX, "does not fit uint16"};
    case ElementType::UInt8:
      return {0, UINT8_MAX, "does not fit uint8"};
    case ElementType::Bool:
      return {0, 1, "is not a bool"};
    case ElementType::Float16:
    case ElementType::BFloat16:
      return {0, UINT16_MAX, "is not a " + name + " bit pattern"};
    default:
      // ONNX 1.16 wrote packed int4 bytes through int8, so its official test data holds -120 for 0x88:
      // a packed entry is a byte, signed or unsigned.
      if (is_sub_byte(type)) return {INT8_MIN, UINT8_MAX, "is not a packed byte of " + name + " elements"};
      return {0, UINT8_MAX, "is not a " + name + " bit pattern"};  // the 8-bit float types
  }
}

// int32_data holds one element per entry, except for the 4- and 2-bit types, where each entry is
// one packed byte; either way each entry becomes `width` little-endian bytes of storage.
Tensor from_int32_data(const Proto& proto, ElementType type, Shape shape, int64_t count, const std::string& what) {
  const auto& field = proto.int32_data();
  const bool packed = is_sub_byte(type);
  const uint64_t needed = packed ? storage_bytes(type, static_cast<uint64_t>(count)) : static_cast<uint64_t>(count);
  if (static_cast<uint64_t>(field.size()) != needed)
    count_mismatch(what, needed, packed ? "packed bytes" : "values", Source::Int32,
                   static_cast<uint64_t>(field.size()));
  const Int32Range range = int32_range(type);
  const size_t width = packed ? 1 : static_cast<size_t>(bits_of(type) / 8);
  auto storage = Storage::allocate(needed_bytes(type, count, what));
  auto* out = storage->mutable_data();
  for (int i = 0; i < field.size(); ++i) {
    const int64_t value = field[i];
    if (value < range.low || value > range.high)
      throw Error("int32_data[" + std::to_string(i) + "] = " + std::to_string(value) + " " + range.meaning + " (" +
                  std::to_string(range.low) + (range.high - range.low == 1 ? " or " : " to ") +
                  std::to_string(range.high) + ")");
    const auto bits = static_cast<uint32_t>(field[i]);
    std::memcpy(out + static_cast<size_t>(i) * width, &bits, width);
  }
  check_element_bytes(type, count, {storage->data(), storage->size()}, "int32_data", what);
  return Tensor::from_storage(type, std::move(shape), std::move(storage));
}

Tensor from_string_data(const Proto& proto, Shape shape, int64_t count, const std::string& what) {
  const auto& field = proto.string_data();
  if (static_cast<uint64_t>(field.size()) != static_cast<uint64_t>(count))
    count_mismatch(what, static_cast<uint64_t>(count), "values", Source::String, static_cast<uint64_t>(field.size()));
  return Tensor::from_strings(std::move(shape), std::vector<std::string>(field.begin(), field.end()));
}

Tensor from_external_data(const Proto& proto, ElementType type, Shape shape, int64_t count, const std::string& what,
                          const TensorReadOptions& options) {
  const ExternalDataInfo info = parse_external_data(proto.external_data());
  const uint64_t needed = needed_bytes(type, count, what);
  auto storage = map_external_data(options.external_data_dir, info, needed, element_alignment(type), what);
  check_element_bytes(type, count, {storage->data(), storage->size()}, "the external data", what);
  return Tensor::from_storage(type, std::move(shape), std::move(storage));
}

Tensor empty_tensor(ElementType type, Shape shape) {
  if (type == ElementType::String) return Tensor::from_strings(std::move(shape), {});
  return Tensor::from_storage(type, std::move(shape), Storage::allocate(0));
}

Tensor read_proto(const Proto& proto, const TensorReadOptions& options, std::shared_ptr<const void> owner) {
  const ElementType type = element_type_of(proto);
  if (proto.has_segment()) throw Error("segment is set; segmented tensors are not supported");
  Shape shape = shape_of(proto);
  const int64_t count = *checked_element_count(shape);
  const std::string what = std::string(name_of(type)) + shape_to_string(shape);

  if (proto.external_data_size() > 0 && proto.data_location() != Proto::EXTERNAL)
    throw Error("has external_data entries but data_location is not EXTERNAL");
  const std::vector<Source> sources = sources_present(proto);
  if (sources.size() > 1)
    throw Error(std::string("has both ") + source_name(sources[0]) + " and " + source_name(sources[1]) +
                "; exactly one data source may be used");
  if (sources.empty()) {
    if (count == 0) return empty_tensor(type, std::move(shape));
    throw Error(what + " has no data (it needs " + std::to_string(count) + " elements)");
  }
  const Source source = sources[0];
  check_field_fits_type(type, source);
  switch (source) {
    case Source::Raw:
      return from_raw_data(proto, type, std::move(shape), count, what, std::move(owner));
    case Source::Float:
      return from_same_width_field(proto.float_data(), source, type, std::move(shape), count, what);
    case Source::Double:
      return from_same_width_field(proto.double_data(), source, type, std::move(shape), count, what);
    case Source::Int64:
      return from_same_width_field(proto.int64_data(), source, type, std::move(shape), count, what);
    case Source::UInt64:
      return from_uint64_data(proto, type, std::move(shape), count, what);
    case Source::Int32:
      return from_int32_data(proto, type, std::move(shape), count, what);
    case Source::String:
      return from_string_data(proto, std::move(shape), count, what);
    case Source::External:
      return from_external_data(proto, type, std::move(shape), count, what, options);
  }
  throw Error("unhandled data source");
}

// ---- Files ----

// Field names of ONNX 1.12's TensorProto, by number.
const char* field_name(uint32_t number) {
  static const char* const names[] = {nullptr,       "dims",        "data_type",  "segment",       "float_data",
                                      "int32_data",  "string_data", "int64_data", "name",          "raw_data",
                                      "double_data", "uint64_data", "doc_string", "external_data", "data_location"};
  return number < std::size(names) ? names[number] : nullptr;
}

// Fields that may appear at most once. Protobuf lets a later copy silently replace an earlier one,
// which is how a second message appended to a file would otherwise go unnoticed.
bool is_singular_field(uint32_t number) {
  return number == 2 || number == 3 || number == 8 || number == 9 || number == 12 || number == 14;
}

struct WireSummary {
  // dims written packed. Legal (proto3 writers do it), but it is also how the name of a
  // SequenceProto or OptionalProto reads when such a file is parsed as a TensorProto.
  bool packed_dims = false;
};

WireSummary scan_top_level_fields(const std::byte* data, size_t size) {
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const uint8_t*>(data), static_cast<int>(size));
  in.SetTotalBytesLimit(INT_MAX);
  std::array<int, 16> seen{};
  WireSummary summary;
  while (const uint32_t tag = in.ReadTag()) {
    const uint32_t number = WireFormatLite::GetTagFieldNumber(tag);
    if (is_singular_field(number) && ++seen[number] > 1)
      throw Error("not a TensorProto, or trailing data after one: field " + std::to_string(number) + " (" +
                  field_name(number) + ") appears twice");
    if (number == 1 && WireFormatLite::GetTagWireType(tag) == WireFormatLite::WIRETYPE_LENGTH_DELIMITED)
      summary.packed_dims = true;
    if (!WireFormatLite::SkipField(&in, tag)) break;
  }
  return summary;
}

// ONNX 1.12's TensorProto has every field a tensor file uses except metadata_props (field 16, added
// later: key/value strings that do not affect the value). Any other unknown field, or a known one
// with the wrong encoding (protobuf files those as unknown too), means the bytes are not a
// TensorProto or are damaged.
void check_unknown_fields(const Proto& proto) {
  using google::protobuf::UnknownField;
  const auto& unknown = proto.unknown_fields();
  for (int i = 0; i < unknown.field_count(); ++i) {
    const auto& field = unknown.field(i);
    const auto number = static_cast<uint32_t>(field.number());
    if (number == 16 && field.type() == UnknownField::TYPE_LENGTH_DELIMITED) {
      onnx::StringStringEntryProto entry;
      if (entry.ParseFromString(field.length_delimited()) && entry.unknown_fields().field_count() == 0) continue;
    }
    if (number == 14 && field.type() == UnknownField::TYPE_VARINT)
      throw Error("data_location " + std::to_string(static_cast<int64_t>(field.varint())) +
                  " is neither DEFAULT (0) nor EXTERNAL (1)");
    if (field_name(number))
      throw Error("not a TensorProto (field " + std::to_string(number) + ", " + field_name(number) +
                  ", has the wrong wire type)");
    throw Error("not a TensorProto (it has field " + std::to_string(number) + ", which TensorProto does not define)");
  }
  for (const auto& entry : proto.external_data())
    if (entry.unknown_fields().field_count() != 0)
      throw Error("not a TensorProto (an external_data entry has fields a key/value entry does not define)");
  // A SequenceProto or OptionalProto keeps its tensors in field 3, where TensorProto has segment.
  if (proto.has_segment() && proto.segment().unknown_fields().field_count() != 0)
    throw Error("not a TensorProto (field 3 does not hold a segment; a SequenceProto or OptionalProto?)");
}

struct ParsedFile {
  std::shared_ptr<Proto> proto;
  WireSummary wire;
};

ParsedFile parse_tensor_file(const fs::path& path) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer; it opens at once and
  // is refused below as not a regular file. Reads of regular files ignore the flag.
  FileDescriptor fd(open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (fd.get() < 0) throw Error(std::string("cannot open: ") + std::strerror(errno));
  struct stat st {};
  if (fstat(fd.get(), &st) != 0) throw Error(std::string("cannot inspect: ") + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) throw Error("not a regular file");
  const auto size = static_cast<uint64_t>(st.st_size);
  if (size > static_cast<uint64_t>(INT_MAX))
    throw Error("the file has " + std::to_string(size) + " bytes, more than protobuf's 2 GiB message limit");

  auto proto = std::make_shared<Proto>();
  if (size == 0) return {proto, {}};
  const std::string file = read_whole_file(fd.get(), size, "the file");
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const uint8_t*>(file.data()), static_cast<int>(size));
  in.SetTotalBytesLimit(INT_MAX);
  if (!proto->ParseFromCodedStream(&in)) throw Error("not a TensorProto (the protobuf encoding is invalid)");
  if (!in.ConsumedEntireMessage())
    throw Error(
        "not a TensorProto (parsing stopped before the end of the file: trailing data, or another kind of file)");
  check_unknown_fields(*proto);
  const WireSummary wire = scan_top_level_fields(reinterpret_cast<const std::byte*>(file.data()), file.size());
  return {proto, wire};
}

Tensor read_tensor_file_unprefixed(const fs::path& path, std::string* name) {
  const auto [proto, wire] = parse_tensor_file(path);
  // Every tensor file has an element type; without one the bytes are most likely another message
  // (a ModelProto's ir_version and graph parse as dims and int64_data).
  if (proto->data_type() == 0) throw Error("not a TensorProto (data_type is unset)");
  TensorReadOptions options;
  options.external_data_dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  try {
    Tensor tensor = tensor_from_proto(*proto, options, proto);
    if (name) *name = proto->name();
    return tensor;
  } catch (const Error& e) {
    if (!wire.packed_dims) throw;
    throw Error(std::string(e.what()) + " (its dims are packed: is it a SequenceProto or OptionalProto?)");
  }
}

// Size of the message write_tensor_file writes, to refuse what protobuf could not read back.
uint64_t serialized_size(const Tensor& tensor, const std::string& name) {
  using google::protobuf::io::CodedOutputStream;
  uint64_t size = 0;
  for (int64_t d : tensor.shape()) size += 1 + CodedOutputStream::VarintSize64(static_cast<uint64_t>(d));
  size += 1 + CodedOutputStream::VarintSize32SignExtended(code_of(tensor.type()));
  if (!name.empty()) size += 1 + CodedOutputStream::VarintSize64(name.size()) + name.size();
  const uint64_t bytes = tensor.bytes().size();
  return size + 1 + CodedOutputStream::VarintSize64(bytes) + bytes;
}

// The fields before the data, in field-number order as protobuf itself writes them, ending with
// raw_data's tag and length; the data bytes follow straight from the tensor's storage.
std::string numeric_message_header(const Tensor& tensor, const std::string& name) {
  std::string header;
  {
    google::protobuf::io::StringOutputStream stream(&header);
    google::protobuf::io::CodedOutputStream out(&stream);
    for (int64_t d : tensor.shape()) {
      out.WriteTag(WireFormatLite::MakeTag(1, WireFormatLite::WIRETYPE_VARINT));
      out.WriteVarint64(static_cast<uint64_t>(d));
    }
    out.WriteTag(WireFormatLite::MakeTag(2, WireFormatLite::WIRETYPE_VARINT));
    out.WriteVarint32SignExtended(code_of(tensor.type()));
    if (!name.empty()) {
      out.WriteTag(WireFormatLite::MakeTag(8, WireFormatLite::WIRETYPE_LENGTH_DELIMITED));
      out.WriteVarint64(name.size());
      out.WriteString(name);
    }
    out.WriteTag(WireFormatLite::MakeTag(9, WireFormatLite::WIRETYPE_LENGTH_DELIMITED));
    out.WriteVarint64(tensor.bytes().size());
  }
  return header;
}

// write(2) until every byte is out; large writes let the kernel copy straight from the tensor's
// pages (a memory-mapped external file included) without a user-space buffer in between.
bool write_all(int fd, const std::byte* data, size_t size) {
  constexpr size_t kChunk = size_t{1} << 30;
  while (size > 0) {
    const ssize_t n = ::write(fd, data, std::min(size, kChunk));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

void write_tensor_file_unprefixed(const fs::path& path, const Tensor& tensor, const std::string& name) {
  if (tensor.type() == ElementType::Undefined) throw Error("the tensor has no element type");
  std::optional<Proto> string_proto;
  uint64_t size = 0;
  if (tensor.is_string()) {
    string_proto = tensor_to_proto(tensor, name);
    size = string_proto->ByteSizeLong();
  } else {
    size = serialized_size(tensor, name);
  }
  if (size > static_cast<uint64_t>(INT_MAX))
    throw Error("the tensor would serialize to " + std::to_string(size) +
                " bytes, more than protobuf's 2 GiB message limit");

  const std::string message = string_proto ? string_proto->SerializeAsString() : numeric_message_header(tensor, name);
  FileDescriptor fd(open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0644));
  if (fd.get() < 0) throw Error(std::string("cannot create the file: ") + std::strerror(errno));
  bool ok = write_all(fd.get(), reinterpret_cast<const std::byte*>(message.data()), message.size());
  if (ok && !string_proto) ok = write_all(fd.get(), tensor.bytes().data(), tensor.bytes().size());
  const int error = errno;
  ok = ::close(fd.release()) == 0 && ok;
  if (!ok) {
    std::error_code ignored;
    fs::remove(path, ignored);  // a half-written tensor file would only mislead
    throw Error(std::string("cannot write the file: ") + std::strerror(error != 0 ? error : EIO));
  }
}

}  // namespace

Tensor tensor_from_proto(const onnx::TensorProto& proto, const TensorReadOptions& options,
                         std::shared_ptr<const void> owner) {
  try {
    return read_proto(proto, options, std::move(owner));
  } catch (const Error& e) {
    rethrow_with_context(e, ErrorContext::at(tensor_label(proto)));
  }
}

onnx::TensorProto tensor_to_proto(const Tensor& tensor, const std::string& name) {
  if (tensor.type() == ElementType::Undefined) throw Error("tensor_to_proto: the tensor has no element type");
  Proto proto;
  if (!name.empty()) proto.set_name(name);
  for (int64_t d : tensor.shape()) proto.add_dims(d);
  proto.set_data_type(code_of(tensor.type()));
  if (tensor.is_string()) {
    for (const auto& s : tensor.strings()) proto.add_string_data(s);
  } else {
    const auto bytes = tensor.bytes();
    proto.set_raw_data(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  }
  return proto;
}

Tensor read_tensor_file(const std::filesystem::path& path, std::string* name) {
  try {
    return read_tensor_file_unprefixed(path, name);
  } catch (const Error& e) {
    rethrow_with_context(e, ErrorContext::at(path.string()));
  }
}

void write_tensor_file(const std::filesystem::path& path, const Tensor& tensor, const std::string& name) {
  try {
    write_tensor_file_unprefixed(path, tensor, name);
  } catch (const Error& e) {
    rethrow_with_context(e, ErrorContext::at(path.string()));
  }
}

Tensor tensor_from_sparse_proto(const onnx::SparseTensorProto& proto, const TensorReadOptions& options) {
  const Shape dims(proto.dims().begin(), proto.dims().end());
  const Tensor values = tensor_from_proto(proto.values(), options);
  const Tensor indices = tensor_from_proto(proto.indices(), options);
  if (values.rank() != 1) throw Error("sparse values must be 1-D, got " + values.describe());
  const int64_t nnz = values.element_count();
  Tensor dense = Tensor::zeros(values.type(), dims);  // checks dims
  const int64_t rank = static_cast<int64_t>(dims.size());
  if (indices.type() != ElementType::Int64) throw Error("sparse indices must be int64, got " + indices.describe());
  const bool linear = indices.rank() == 1;
  if (!(linear && indices.shape()[0] == nnz) &&
      !(indices.rank() == 2 && indices.shape()[0] == nnz && indices.shape()[1] == rank))
    throw Error("sparse indices " + indices.describe() + " fit neither [" + std::to_string(nnz) + "] nor [" +
                std::to_string(nnz) + ", " + std::to_string(rank) + "] for " + std::to_string(nnz) +
                " values of shape " + shape_to_string(dims));
  const auto* idx = indices.data_as<int64_t>();
  int64_t previous = -1;
  for (int64_t k = 0; k < nnz; ++k) {
    int64_t flat = 0;
    if (linear) {
      flat = idx[k];
    } else {
      for (int64_t d = 0; d < rank; ++d) {
        const int64_t i = idx[k * rank + d];
        if (i < 0 || i >= dims[static_cast<size_t>(d)])
          throw Error("sparse index [" + std::to_string(k) + ", " + std::to_string(d) + "] = " + std::to_string(i) +
                      " is out of range for dimension " + std::to_string(dims[static_cast<size_t>(d)]));
        flat = flat * dims[static_cast<size_t>(d)] + i;
      }
    }
    if (flat < 0 || flat >= dense.element_count())
      throw Error("sparse index " + std::to_string(k) + " = " + std::to_string(flat) + " is out of range for " +
                  std::to_string(dense.element_count()) + " elements");
    if (flat <= previous)
      throw Error("sparse index " + std::to_string(k) + " = " + std::to_string(flat) +
                  " does not follow the previous one in increasing order");
    previous = flat;
    copy_elements(values, k, dense, flat, 1);
  }
  return dense;
}

}  // namespace onnx_ref
