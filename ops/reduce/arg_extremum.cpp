// The ArgMax/ArgMin kernel and version ladder (see arg_max.cpp and arg_min.cpp for the contract).
#include "ops/reduce/arg_extremum.h"

#include <cmath>

#include "ops/axis.h"
#include "ops/reduce/accumulators.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

// The value order of ArgMax and ArgMin: numeric equality (+0 equals -0, as numpy's argmax in the
// ONNX reference compares), NaN above and below everything, so the first NaN wins either way.
template <class S>
auto arg_key(S v) {
  if constexpr (std::is_integral_v<S>)
    return v;
  else
    return widen(v);
}

template <class S>
void arg_rows(const S* x, int64_t outer, int64_t count, int64_t inner, bool largest, bool last, int64_t* y) {
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const S* p = x + o * count * inner + i;
      int64_t best = 0;
      auto best_key = arg_key(p[0]);
      bool best_nan = is_nan_element(p[0]);
      for (int64_t k = 1; k < count && !(best_nan && !last); ++k) {
        const S v = p[k * inner];
        const bool nan = is_nan_element(v);
        const auto key = arg_key(v);
        bool take;
        if (best_nan)
          take = nan;  // only with select_last_index: a later NaN
        else if (nan)
          take = true;
        else if (key == best_key)
          take = last;
        else
          take = largest ? key > best_key : key < best_key;
        if (take) {
          best = k;
          best_key = key;
          best_nan = nan;
        }
      }
      y[o * inner + i] = best;
    }
  }
}

// ArgMax's and ArgMin's attributes, parsed at load (keepdims and select_last_index 0 or 1).
struct ArgParams {
  int64_t axis = 0;
  bool keepdims = true, last = false;
};

ArgParams parse_arg_params(const Attributes& attrs) {
  return {attrs.get_int("axis"), attrs.get_flag("keepdims"), attrs.get_flag("select_last_index")};
}

std::vector<Value> arg_extremum(const KernelContext& ctx, const ArgParams& params, bool largest, bool refuse_empty) {
  const Tensor& data = ctx.input(0);
  // Version 11 alone says "The input tensor must not be empty." (12 and 13 dropped the sentence).
  if (refuse_empty && data.element_count() == 0)
    throw Error("the input is empty (shape " + shape_to_string(data.shape()) + "); at version 11 it must not be");
  const Shape& in = data.shape();
  const int64_t axis = normalize_axis(params.axis, data.rank(), AxisRange::Signed);
  const bool keepdims = params.keepdims, last = params.last;
  const auto a = static_cast<size_t>(axis);
  Shape out_shape;
  int64_t outer = 1, inner = 1;
  for (size_t d = 0; d < in.size(); ++d) {
    if (d < a) outer *= in[d];
    if (d > a) inner *= in[d];
    if (d != a)
      out_shape.push_back(in[d]);
    else if (keepdims)
      out_shape.push_back(1);
  }
  Tensor out = Tensor::uninitialized(ElementType::Int64, out_shape);
  if (out.element_count() == 0) return {out};
  if (in[a] == 0)
    throw Error("axis " + std::to_string(axis) + " has size 0: an empty set of values has no " +
                (largest ? "largest" : "smallest") + " element");
  dispatch_real(data.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (std::is_same_v<S, BoolByte>) {
      throw std::logic_error("arg_extremum: no kernel for bool");
    } else {
      arg_rows(data.template data_as<S>(), outer, in[a], inner, largest, last,
               reinterpret_cast<int64_t*>(out.mutable_data()));
    }
  });
  return {out};
}

OpVersion arg_version(const std::string& op_type, bool largest, int since_version, const TypeSet& types,
                      bool select_last) {
  OpVersion v;
  v.op_type = op_type;
  v.since_version = since_version;
  v.inputs = {{"data", "T"}};
  v.outputs = {{"reduced", "tensor(int64)"}};
  v.attributes = {{"axis", AttrType::Int, false, int64_t{0}}, {"keepdims", AttrType::Int, false, int64_t{1}}};
  if (select_last) v.attributes.push_back({"select_last_index", AttrType::Int, false, int64_t{0}});
  v.type_constraints = {{"T", types}, {"tensor(int64)", TypeSet{ElementType::Int64}, "tensor(int64)"}};
  v.set_kernel(parse_arg_params, [largest, since_version](const KernelContext& ctx, const ArgParams& params) {
    return arg_extremum(ctx, params, largest, since_version == 11);
  });
  return v;
}

}  // namespace

void add_arg_extremum_ladder(Registry& registry, const std::string& op_type, const Accuracy& accuracy, bool largest) {
  const TypeSet numeric{ElementType::Float16, ElementType::Float,  ElementType::Double, ElementType::Int8,
                        ElementType::Int16,   ElementType::Int32,  ElementType::Int64,  ElementType::UInt8,
                        ElementType::UInt16,  ElementType::UInt32, ElementType::UInt64};
  registry.add(arg_version(op_type, largest, 1, numeric, false));
  registry.add(arg_version(op_type, largest, 11, numeric, false));
  registry.add(arg_version(op_type, largest, 12, numeric, true));
  registry.add(arg_version(op_type, largest, 13, numeric.with({ElementType::BFloat16}), true));
  registry.declare_accuracy(op_type, accuracy);
}

}  // namespace onnx_ref
