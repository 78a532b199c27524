#pragma once
// A graph value: a tensor, a sequence of tensors, or an optional holding a tensor, a sequence or
// nothing. Tensors are what almost every operator takes; sequences and optionals exist because
// Identity-14/16 (and later sequence and optional operators) take them.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/tensor.h"

namespace onnx_ref {

enum class ValueKind : uint8_t { Tensor, Sequence, OptionalTensor, OptionalSequence };

// The static type of a value: its kind and the element type of its tensors.
struct ValueType {
  ValueKind kind = ValueKind::Tensor;
  ElementType elem = ElementType::Undefined;

  static ValueType tensor(ElementType elem) { return {ValueKind::Tensor, elem}; }
  bool is_tensor() const { return kind == ValueKind::Tensor; }
  bool is_optional() const { return kind == ValueKind::OptionalTensor || kind == ValueKind::OptionalSequence; }
  // The type an optional holds (tensor or sequence); the type itself for the other kinds.
  ValueType unwrapped() const;
  // "tensor(float)", "seq(tensor(float))", "optional(tensor(float))", "optional(seq(tensor(float)))"
  std::string to_string() const;
  bool operator==(const ValueType&) const = default;
};

// `tensor_type` ("tensor(float)", or "tensor(?)" where a model leaves it unset) wrapped as `kind`.
std::string value_type_string(ValueKind kind, const std::string& tensor_type);

class Value {
 public:
  Value() = default;  // an empty float tensor slot; kernels never see it
  Value(Tensor tensor) : type_(ValueType::tensor(tensor.type())), tensor_(std::move(tensor)) {}  // NOLINT: implicit on purpose
  // A sequence of tensors of one element type (an empty sequence still has its element type).
  // Throws Error when an item's type differs.
  static Value sequence(ElementType elem, std::vector<Tensor> items);
  // An optional with no element, of the given optional type.
  static Value none(ValueType optional_type);
  // An optional holding `content`, a tensor or a sequence.
  static Value some(const Value& content);

  const ValueType& type() const { return type_; }
  bool is_tensor() const { return type_.kind == ValueKind::Tensor; }
  bool is_sequence() const { return type_.kind == ValueKind::Sequence; }
  bool is_optional() const { return type_.is_optional(); }

  // The tensor of a tensor value. Throws Error naming the actual kind otherwise.
  const Tensor& tensor() const;
  // The items of a sequence value. Throws Error otherwise.
  const std::vector<Tensor>& items() const;
  // For an optional: whether it holds an element, and that element (a tensor or a sequence value).
  bool has_element() const { return present_; }
  Value element() const;

  // "float[2, 3]", "seq(tensor(float)) of 2: [float[2], float[3]]", "optional(tensor(int64)): empty"
  std::string describe() const;
  // Exact equality of kind, element types, shapes and every bit of data.
  bool identical_to(const Value& other) const;

 private:
  ValueType type_;
  Tensor tensor_;                                       // Tensor, OptionalTensor (when present)
  std::shared_ptr<const std::vector<Tensor>> items_;    // Sequence, OptionalSequence (when present)
  bool present_ = true;                                 // false only for an empty optional
};

}  // namespace onnx_ref
