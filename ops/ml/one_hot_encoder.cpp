// ai.onnx.ml OneHotEncoder-1: Y = X's shape + [categories] (float), 1 at the index of each
// element's category and 0 elsewhere. String X looks up cats_strings; int64, int32, float and
// double X look up cats_int64s (floats truncated toward zero, as the spec's cast to integers; a NaN
// or a float beyond int64 matches nothing). Exactly one cats_* list is set. A value matching no
// category gives a row of zeros when zeros = 1, and is refused when zeros = 0. A category listed
// twice is found at its first index. Contract: exact.
#include <cmath>
#include <unordered_map>

#include "ops/ml/ml_rules.h"
#include "ops/ml/register.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// The categories and `zeros`, read and checked once, at load.
struct OneHotCategories {
  std::vector<std::string> strings;
  std::vector<int64_t> ints;
  bool zeros = true;
};

OneHotCategories one_hot_categories(const Attributes& attrs) {
  OneHotCategories c{ml::strings_or_empty(attrs, "cats_strings"), ml::ints_or_empty(attrs, "cats_int64s"),
                     attrs.get_flag("zeros")};
  if (c.strings.empty() == c.ints.empty())
    throw Error("exactly one of attributes 'cats_int64s' and 'cats_strings' must be set");
  return c;
}

std::vector<Value> one_hot_encoder_kernel(const KernelContext& ctx, const OneHotCategories& cats) {
  const auto& strings = cats.strings;
  const auto& ints = cats.ints;
  const bool zeros = cats.zeros;
  const Tensor& x = ctx.input(0);
  if (x.is_string() != !strings.empty())
    throw Error("X holds " + std::string(name_of(x.type())) + " but the categories are " +
                (strings.empty() ? "int64s" : "strings"));
  const auto categories = static_cast<int64_t>(strings.empty() ? ints.size() : strings.size());
  Shape shape = x.shape();
  shape.push_back(categories);
  Tensor y = Tensor::zeros(ElementType::Float, shape);
  float* out = reinterpret_cast<float*>(y.mutable_data());
  // The index of each element's category, -1 for none.
  const MemoryCharge found_charge =
      charge_scratch<int64_t>(static_cast<uint64_t>(x.element_count()), "OneHotEncoder's category table");
  std::vector<int64_t> found(static_cast<size_t>(x.element_count()), -1);
  if (x.is_string()) {
    std::unordered_map<std::string, int64_t> index;
    for (size_t i = strings.size(); i-- > 0;) index[strings[i]] = static_cast<int64_t>(i);
    for (int64_t i = 0; i < x.element_count(); ++i) {
      auto it = index.find(x.strings()[static_cast<size_t>(i)]);
      if (it != index.end()) found[static_cast<size_t>(i)] = it->second;
    }
  } else {
    std::unordered_map<int64_t, int64_t> index;
    for (size_t i = ints.size(); i-- > 0;) index[ints[i]] = static_cast<int64_t>(i);
    dispatch_real(x.type(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      if constexpr (std::is_arithmetic_v<S>) {
        const S* in = x.template data_as<S>();
        for (int64_t i = 0; i < x.element_count(); ++i) {
          int64_t key = 0;
          if constexpr (std::is_floating_point_v<S>) {
            const double t = std::trunc(static_cast<double>(in[i]));
            if (!(t >= -0x1p63 && t < 0x1p63)) continue;  // NaN or beyond int64
            key = static_cast<int64_t>(t);
          } else {
            key = static_cast<int64_t>(in[i]);
          }
          auto it = index.find(key);
          if (it != index.end()) found[static_cast<size_t>(i)] = it->second;
        }
      }
    });
  }
  for (int64_t i = 0; i < x.element_count(); ++i) {
    const int64_t k = found[static_cast<size_t>(i)];
    if (k >= 0)
      out[i * categories + k] = 1;
    else if (!zeros)
      throw Error("element " + std::to_string(i) + " of X is none of the categories and 'zeros' is 0");
  }
  return {y};
}

}  // namespace

void register_ml_one_hot_encoder(Registry& registry) {
  OpVersion v;
  v.domain = ml::kMlDomain;
  v.op_type = "OneHotEncoder";
  v.since_version = 1;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "tensor(float)"}};
  v.attributes = {{"cats_int64s", AttrType::Ints},
                  {"cats_strings", AttrType::Strings},
                  {"zeros", AttrType::Int, false, int64_t{1}}};
  v.type_constraints = {{"T", ml::kMlFeatureTypes.with({ElementType::String})},
                        {"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"}};
  v.set_kernel(one_hot_categories, one_hot_encoder_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("OneHotEncoder", {AccuracyKind::Exact, "zeros and ones by category"}, {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
