#include "runtime/value_proto.h"

#include <fstream>
#include <sstream>

#include "runtime/error.h"
#include "runtime/tensor_proto.h"

namespace onnx_ref {

namespace {

std::vector<Tensor> sequence_tensors(const onnx::SequenceProto& proto, ElementType* elem) {
  if (proto.elem_type() != onnx::SequenceProto::TENSOR && !(proto.elem_type() == 0 && proto.tensor_values_size() == 0))
    throw UnsupportedError("the SequenceProto holds elem_type " + std::to_string(proto.elem_type()) +
                           "; onnx-ref runs sequences of tensors only");
  std::vector<Tensor> items;
  for (int i = 0; i < proto.tensor_values_size(); ++i) {
    try {
      items.push_back(tensor_from_proto(proto.tensor_values(i)));
    } catch (const Error& e) {
      rethrow_with_context("sequence item " + std::to_string(i), e);
    }
    if (*elem == ElementType::Undefined) *elem = items.back().type();
  }
  return items;
}

}  // namespace

Value value_from_sequence_proto(const onnx::SequenceProto& proto, ElementType declared_elem) {
  ElementType elem = declared_elem;
  std::vector<Tensor> items = sequence_tensors(proto, &elem);
  if (elem == ElementType::Undefined)
    throw Error("an empty sequence whose element type the model does not declare");
  return Value::sequence(elem, std::move(items));
}

Value value_from_optional_proto(const onnx::OptionalProto& proto, const ValueType& declared) {
  switch (proto.elem_type()) {
    case onnx::OptionalProto::UNDEFINED:
      if (proto.has_tensor_value() || proto.has_sequence_value())
        throw Error("the OptionalProto has elem_type UNDEFINED but holds a value");
      if (!declared.is_optional()) throw Error("an empty OptionalProto where the model declares " + declared.to_string());
      return Value::none(declared);
    case onnx::OptionalProto::TENSOR:
      if (!proto.has_tensor_value()) return Value::none({ValueKind::OptionalTensor, declared.elem});
      return Value::some(tensor_from_proto(proto.tensor_value()));
    case onnx::OptionalProto::SEQUENCE:
      if (!proto.has_sequence_value()) return Value::none({ValueKind::OptionalSequence, declared.elem});
      return Value::some(value_from_sequence_proto(proto.sequence_value(), declared.elem));
    default:
      throw UnsupportedError("the OptionalProto holds elem_type " + std::to_string(proto.elem_type()) +
                             "; onnx-ref runs optionals of tensors and sequences only");
  }
}

onnx::SequenceProto value_to_sequence_proto(const Value& value, const std::string& name) {
  onnx::SequenceProto proto;
  proto.set_name(name);
  proto.set_elem_type(onnx::SequenceProto::TENSOR);
  for (const auto& t : value.items()) *proto.add_tensor_values() = tensor_to_proto(t);
  return proto;
}

onnx::OptionalProto value_to_optional_proto(const Value& value, const std::string& name) {
  onnx::OptionalProto proto;
  proto.set_name(name);
  const bool of_tensor = value.type().kind == ValueKind::OptionalTensor;
  proto.set_elem_type(of_tensor ? onnx::OptionalProto::TENSOR : onnx::OptionalProto::SEQUENCE);
  if (value.has_element()) {
    if (of_tensor)
      *proto.mutable_tensor_value() = tensor_to_proto(value.element().tensor());
    else
      *proto.mutable_sequence_value() = value_to_sequence_proto(value.element());
  }
  return proto;
}

namespace {

std::string read_small_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw Error("not a regular file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot open");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace

Value read_value_file(const std::filesystem::path& path, const ValueType& declared, std::string* name) {
  if (declared.is_tensor()) return read_tensor_file(path, name);
  try {
    const std::string bytes = read_small_file(path);
    if (declared.kind == ValueKind::Sequence) {
      onnx::SequenceProto proto;
      if (!proto.ParseFromString(bytes) || proto.unknown_fields().field_count() != 0)
        throw Error("not a SequenceProto, which the model's declaration " + declared.to_string() + " calls for");
      if (name) *name = proto.name();
      return value_from_sequence_proto(proto, declared.elem);
    }
    onnx::OptionalProto proto;
    if (!proto.ParseFromString(bytes) || proto.unknown_fields().field_count() != 0)
      throw Error("not an OptionalProto, which the model's declaration " + declared.to_string() + " calls for");
    if (name) *name = proto.name();
    return value_from_optional_proto(proto, declared);
  } catch (const UnsupportedError& e) {
    throw UnsupportedError(path.string() + ": " + e.what());
  } catch (const Error& e) {
    rethrow_with_context(path.string(), e);
  }
}

void write_value_file(const std::filesystem::path& path, const Value& value, const std::string& name) {
  if (value.is_tensor()) return write_tensor_file(path, value.tensor(), name);
  const std::string bytes = value.is_sequence() ? value_to_sequence_proto(value, name).SerializeAsString()
                                                : value_to_optional_proto(value, name).SerializeAsString();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw Error(path.string() + ": cannot be written");
}

}  // namespace onnx_ref
