// ai.onnx.ml Imputer-1: Y = X with every element equal to the replaced value set to the imputed
// value of its feature (the last axis; imputed values: one for every feature, or one per feature).
// float and double X use imputed_value_floats and replaced_value_float (a NaN replaced value
// matches every NaN); int32 and int64 X use imputed_value_int64s and replaced_value_int64 (the
// imputed values must fit int32 for int32 X). Contract: exact (values are kept or replaced, a float
// imputed value is exact in double).
#include <cmath>
#include <limits>

#include "ops/ml/ml_rules.h"
#include "ops/ml/register.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

// The imputed and replaced values, read and checked once, at load.
struct ImputerParams {
  std::vector<float> floats;
  std::vector<int64_t> ints;
  double replaced_float = 0;
  int64_t replaced_int64 = 0;
};

// "One and only one of imputed_value_floats or imputed_value_int64s should be defined."
ImputerParams parse_imputer_params(const Attributes& attrs) {
  const bool floats = attrs.has("imputed_value_floats"), ints = attrs.has("imputed_value_int64s");
  if (floats == ints)
    throw Error(std::string(floats ? "both" : "neither") +
                " of imputed_value_floats and imputed_value_int64s are given; one and only one of them must be");
  return {ml::floats_or_empty(attrs, "imputed_value_floats"), ml::ints_or_empty(attrs, "imputed_value_int64s"),
          std::get<float>(attrs.get("replaced_value_float")), attrs.get_int("replaced_value_int64")};
}

std::vector<Value> imputer_kernel(const KernelContext& ctx, const ImputerParams& params) {
  const Tensor& x = ctx.input(0);
  const bool floating = x.type() == ElementType::Float || x.type() == ElementType::Double;
  const auto& floats = params.floats;
  const auto& ints = params.ints;
  const char* name = floating ? "imputed_value_floats" : "imputed_value_int64s";
  const size_t count = floating ? floats.size() : ints.size();
  const int64_t features = x.rank() == 0 ? 1 : x.shape().back();
  if (count != 1 && static_cast<int64_t>(count) != features)
    throw Error(std::string("attribute '") + name + "' has " + std::to_string(count) + " values, not 1 or the " +
                std::to_string(features) + " features of X's last dimension");
  Tensor y = Tensor::zeros(x.type(), x.shape());
  dispatch_real(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<S> || std::is_same_v<S, int32_t> || std::is_same_v<S, int64_t>) {
      const S* in = x.template data_as<S>();
      S* out = reinterpret_cast<S*>(y.mutable_data());
      for (int64_t i = 0; i < x.element_count(); ++i) {
        const size_t f = count == 1 ? 0 : static_cast<size_t>(i % features);
        out[i] = in[i];
        if constexpr (std::is_floating_point_v<S>) {
          const double replaced = params.replaced_float;
          if (in[i] == replaced || (std::isnan(replaced) && std::isnan(in[i]))) out[i] = static_cast<S>(floats[f]);
        } else {
          const int64_t v = ints[f];
          if (v < std::numeric_limits<S>::min() || v > std::numeric_limits<S>::max())
            throw Error("imputed value " + std::to_string(v) + " does not fit " + std::string(name_of(x.type())));
          if (static_cast<int64_t>(in[i]) == params.replaced_int64) out[i] = static_cast<S>(v);
        }
      }
    }
  });
  return {y};
}

}  // namespace

void register_ml_imputer(Registry& registry) {
  OpVersion v;
  v.domain = ml::kMlDomain;
  v.op_type = "Imputer";
  v.since_version = 1;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T"}};
  v.attributes = {{"imputed_value_floats", AttrType::Floats},
                  {"imputed_value_int64s", AttrType::Ints},
                  {"replaced_value_float", AttrType::Float, false, 0.0f},
                  {"replaced_value_int64", AttrType::Int, false, int64_t{0}}};
  v.type_constraints = {{"T", ml::kMlFeatureTypes}};
  v.set_kernel(parse_imputer_params, imputer_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("Imputer", {AccuracyKind::Exact, "missing values replaced by the given ones"}, {},
                            "ai.onnx.ml");
}

}  // namespace onnx_ref
