// The shared rules and the weighted loss of ops/loss/loss_rules.h.
#include "ops/loss/loss_rules.h"

#include <cmath>
#include <limits>
#include <type_traits>

#include "numeric/exact_sum.h"
#include "ops/float_dispatch.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref::loss {

namespace {

// a * b added to `sum` exactly (an FMA recovers the rounding error; exact unless the product is
// below 2^-969). An infinite or NaN product is added alone.
void loss_add_product(ExactSum& sum, double a, double b) {
  const double p = a * b;
  sum.add(p);
  if (std::isfinite(p)) sum.add(std::fma(a, b, -p));
}

// An exact sum rounded once to `type`.
double loss_round_sum(const ExactSum& sum, ElementType type) {
  const double nearest = sum.round_nearest();
  if (type == ElementType::Double || !std::isfinite(nearest) || sum.sign() == 0) return nearest;
  return sum.round_odd();  // to odd, then to the narrower type: rounded once in effect
}

Tensor loss_tensor(ElementType type, const Shape& shape, const std::vector<double>& values) {
  Tensor out = Tensor::uninitialized(type, shape);
  dispatch_float(type, "weighted_loss", [&](auto tag) {
    using S = typename decltype(tag)::type;
    S* y = reinterpret_cast<S*>(out.mutable_data());
    for (size_t i = 0; i < values.size(); ++i) y[i] = narrow<S>(values[i]);
  });
  return out;
}

}  // namespace

Reduction reduction_of(const Attributes& attrs) {
  const auto& r = std::get<std::string>(attrs.get("reduction"));
  if (r == "none") return Reduction::None;
  if (r == "sum") return Reduction::Sum;
  if (r == "mean") return Reduction::Mean;
  throw Error("attribute reduction = " + quote_text(r) + " is not one of 'none', 'sum', 'mean'");
}

LossParams parse_loss_params(const Attributes& attrs) {
  LossParams p{reduction_of(attrs), std::nullopt};
  if (attrs.has("ignore_index")) p.ignore_index = attrs.get_int("ignore_index");
  return p;
}

std::vector<AttributeSpec> loss_attributes() {
  return {{"ignore_index", AttrType::Int, false},
          {"reduction", AttrType::String, false, AttrValue{std::string("mean")}}};
}

std::vector<int64_t> read_targets(const Tensor& input, const Tensor& target, const char* input_name,
                                  const char* target_name) {
  if (input.rank() < 2)
    throw Error(std::string("input ") + input_name + " must have rank 2 or more (N, C, ...), but it is " +
                input.describe());
  Shape expected{input.shape()[0]};
  for (int64_t d = 2; d < input.rank(); ++d) expected.push_back(input.shape()[static_cast<size_t>(d)]);
  if (target.shape() != expected)
    throw Error(std::string("input ") + target_name + " must have shape " + shape_to_string(expected) + " (input " +
                input_name + "'s shape without dimension 1), but it is " + target.describe());
  std::vector<int64_t> out(static_cast<size_t>(target.element_count()));
  for (size_t i = 0; i < out.size(); ++i)
    out[i] = target.type() == ElementType::Int32 ? int64_t{target.data_as<int32_t>()[i]} : target.data_as<int64_t>()[i];
  return out;
}

Tensor weighted_loss(ElementType type, const Shape& input_shape, const std::vector<double>& log_probabilities,
                     const std::vector<int64_t>& targets, const std::optional<std::vector<double>>& weight,
                     std::optional<int64_t> ignore_index, Reduction reduction, const char* target_name) {
  const int64_t classes = input_shape[1];
  int64_t inner = 1;
  for (size_t d = 2; d < input_shape.size(); ++d) inner *= input_shape[d];
  std::vector<double> losses(reduction == Reduction::None ? targets.size() : 0);
  ExactSum total, weight_total;
  uint64_t counted = 0;
  for (size_t i = 0; i < targets.size(); ++i) {
    const int64_t t = targets[i];
    if (ignore_index && t == *ignore_index) continue;  // a loss of +0, no weight
    if (t < 0 || t >= classes)
      throw Error(std::string(target_name) + "[" + std::to_string(i) + "] = " + std::to_string(t) +
                  " is out of range: a class index must lie in [0, " + std::to_string(classes - 1) + "]" +
                  (ignore_index ? " or be ignore_index = " + std::to_string(*ignore_index) : std::string()));
    const int64_t n = static_cast<int64_t>(i) / inner, d = static_cast<int64_t>(i) % inner;
    const double x = log_probabilities[static_cast<size_t>((n * classes + t) * inner + d)];
    const double w = weight ? (*weight)[static_cast<size_t>(t)] : 1.0;
    if (reduction == Reduction::None)
      losses[i] = -x * w;
    else
      loss_add_product(total, -x, w);
    weight_total.add(w);
    ++counted;
  }
  if (reduction == Reduction::None) {
    Shape shape{input_shape[0]};
    shape.insert(shape.end(), input_shape.begin() + 2, input_shape.end());
    return loss_tensor(type, shape, losses);
  }
  double value;
  if (reduction == Reduction::Sum) {
    value = loss_round_sum(total, type);
  } else if (counted == 0) {
    value = std::numeric_limits<double>::quiet_NaN();  // 0 / 0
  } else if (!weight && counted <= UINT32_MAX) {
    value = total.round_quotient(static_cast<uint32_t>(counted), type != ElementType::Double);
  } else {
    value = total.round_nearest() / weight_total.round_nearest();
  }
  return loss_tensor(type, {}, {value});
}

}  // namespace onnx_ref::loss
