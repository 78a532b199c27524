#include "ops/generators/generator_rules.h"

#include <algorithm>
#include <limits>

#include "runtime/error.h"

namespace onnx_ref {

std::string constant_value_attribute(const Attributes& attrs, std::span<const std::string> candidates) {
  std::vector<std::string> set;
  for (const auto& name : candidates)
    if (attrs.has(name)) set.push_back(name);
  if (set.size() == 1) return set[0];
  std::string all;
  for (const auto& name : candidates) all += (all.empty() ? "" : ", ") + name;
  if (set.empty()) throw Error("exactly one of the attributes " + all + " must be set, but none is");
  std::string which;
  for (const auto& name : set) which += (which.empty() ? "" : ", ") + name;
  throw Error("exactly one of the attributes " + all + " must be set, but " + std::to_string(set.size()) +
              " are: " + which);
}

namespace {
template <class V>
Tensor vector_tensor(ElementType type, const std::vector<V>& values) {
  return Tensor::from_values<V>(type, {static_cast<int64_t>(values.size())}, values);
}
}  // namespace

Tensor constant_value(const Attributes& attrs, const std::string& name) {
  const AttrValue& v = attrs.get(name);
  if (name == "value" || name == "sparse_value") return std::get<Tensor>(v);
  if (name == "value_float") return Tensor::from_values<float>(ElementType::Float, {}, {std::get<float>(v)});
  if (name == "value_floats") return vector_tensor(ElementType::Float, std::get<std::vector<float>>(v));
  if (name == "value_int") return Tensor::from_values<int64_t>(ElementType::Int64, {}, {std::get<int64_t>(v)});
  if (name == "value_ints") return vector_tensor(ElementType::Int64, std::get<std::vector<int64_t>>(v));
  if (name == "value_string") return Tensor::from_strings({}, {std::get<std::string>(v)});
  if (name == "value_strings") {
    const auto& s = std::get<std::vector<std::string>>(v);
    return Tensor::from_strings({static_cast<int64_t>(s.size())}, s);
  }
  throw std::logic_error("Constant has no value attribute " + name);
}

ElementType constant_value_type(const Attributes& attrs, const std::string& name) {
  if (name == "value" || name == "sparse_value") return std::get<Tensor>(attrs.get(name)).type();
  if (name == "value_float" || name == "value_floats") return ElementType::Float;
  if (name == "value_int" || name == "value_ints") return ElementType::Int64;
  if (name == "value_string" || name == "value_strings") return ElementType::String;
  throw std::logic_error("Constant has no value attribute " + name);
}

Shape constant_of_shape_output_shape(std::span<const int64_t> dims) {
  const Shape shape(dims.begin(), dims.end());
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] < 0)
      throw Error("shape[" + std::to_string(i) + "] = " + std::to_string(shape[i]) +
                  " is negative; dimensions must be non-negative");
  if (!checked_element_count(shape)) throw Error("the product of shape " + shape_to_string(shape) + " overflows int64");
  return shape;
}

void check_one_element_value(const Tensor& value) {
  if (value.element_count() != 1)
    throw Error("attribute 'value' must hold exactly one element, but it is " + value.describe());
}

Diagonal eye_like_diagonal(int64_t rows, int64_t cols, int64_t k) {
  // Beyond the matrix first. After this check -rows < k < cols, so -k, cols - k (k >= 0) and
  // rows - first (first < rows) cannot overflow, even for dimensions near INT64_MAX.
  if (k >= cols || k <= -rows) return {};
  if (k >= 0) return {0, std::min(rows, cols - k)};
  const int64_t first = -k;
  return {first, std::min(rows - first, cols)};
}

ElementType eye_like_dtype(int64_t code) {
  const auto type = code >= std::numeric_limits<int32_t>::min() && code <= std::numeric_limits<int32_t>::max()
                        ? element_type_from_code(static_cast<int32_t>(code))
                        : std::nullopt;
  if (!type || *type == ElementType::Undefined)
    throw Error("attribute 'dtype' = " + std::to_string(code) + " is not a defined element type");
  return *type;
}

}  // namespace onnx_ref
