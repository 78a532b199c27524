#include "runtime/value.h"

#include "runtime/error.h"

namespace onnx_ref {

ValueType ValueType::unwrapped() const {
  switch (kind) {
    case ValueKind::OptionalTensor: return {ValueKind::Tensor, elem};
    case ValueKind::OptionalSequence: return {ValueKind::Sequence, elem};
    default: return *this;
  }
}

std::string value_type_string(ValueKind kind, const std::string& tensor_type) {
  switch (kind) {
    case ValueKind::Tensor: return tensor_type;
    case ValueKind::Sequence: return "seq(" + tensor_type + ")";
    case ValueKind::OptionalTensor: return "optional(" + tensor_type + ")";
    case ValueKind::OptionalSequence: return "optional(seq(" + tensor_type + "))";
  }
  return tensor_type;
}

std::string ValueType::to_string() const { return value_type_string(kind, tensor_type_string(elem)); }

Value Value::sequence(ElementType elem, std::vector<Tensor> items) {
  for (size_t i = 0; i < items.size(); ++i)
    if (items[i].type() != elem)
      throw Error("sequence item " + std::to_string(i) + " is " + items[i].describe() + " but the sequence holds " +
                  tensor_type_string(elem));
  Value v;
  v.type_ = {ValueKind::Sequence, elem};
  v.items_ = std::make_shared<const std::vector<Tensor>>(std::move(items));
  return v;
}

Value Value::none(ValueType optional_type) {
  if (!optional_type.is_optional()) throw std::logic_error("Value::none needs an optional type");
  Value v;
  v.type_ = optional_type;
  v.present_ = false;
  return v;
}

Value Value::some(const Value& content) {
  if (content.is_optional()) throw Error("an optional cannot hold an optional");
  Value v = content;
  v.type_.kind = content.is_tensor() ? ValueKind::OptionalTensor : ValueKind::OptionalSequence;
  v.present_ = true;
  return v;
}

const Tensor& Value::tensor() const {
  if (!is_tensor()) throw Error("expected a tensor, got " + type_.to_string());
  return tensor_;
}

const std::vector<Tensor>& Value::items() const {
  if (!is_sequence()) throw Error("expected a sequence, got " + type_.to_string());
  return *items_;
}

Value Value::element() const {
  if (!is_optional()) throw Error("expected an optional, got " + type_.to_string());
  if (!present_) throw Error("the optional " + type_.to_string() + " is empty");
  Value v = *this;
  v.type_ = type_.unwrapped();
  return v;
}

std::string Value::describe() const {
  if (is_tensor()) return tensor_.describe();
  if (is_optional() && !present_) return type_.to_string() + ": empty";
  if (type_.kind == ValueKind::OptionalTensor) return type_.to_string() + ": " + tensor_.describe();
  std::string s = type_.to_string() + " of " + std::to_string(items_->size());
  if (items_->size() <= 4) {
    s += ": [";
    for (size_t i = 0; i < items_->size(); ++i) s += (i ? ", " : "") + (*items_)[i].describe();
    s += "]";
  }
  return s;
}

bool Value::identical_to(const Value& other) const {
  if (!(type_ == other.type_) || present_ != other.present_) return false;
  if (!present_) return true;
  if (type_.kind == ValueKind::Tensor || type_.kind == ValueKind::OptionalTensor) return tensor_.identical_to(other.tensor_);
  if (items_->size() != other.items_->size()) return false;
  for (size_t i = 0; i < items_->size(); ++i)
    if (!(*items_)[i].identical_to((*other.items_)[i])) return false;
  return true;
}

}  // namespace onnx_ref
