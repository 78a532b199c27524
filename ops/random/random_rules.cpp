#include "ops/random/random_rules.h"

#include <cmath>
#include <limits>

#include "numeric/exact_sum.h"
#include "ops/generators/generator_rules.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"

namespace onnx_ref {

std::optional<float> random_seed(const Attributes& attrs) {
  if (!attrs.has("seed")) return std::nullopt;
  return std::get<float>(attrs.get("seed"));
}

RandomStream random_node_stream(const KernelContext& ctx, std::optional<float> seed) {
  if (seed) return RandomStream(seed_from_attribute(*seed), 0);
  return RandomStream(ctx.run_context().stream_seed(ctx.run_context().node_path()), 1);
}

ElementType random_dtype(int64_t code, const TypeSet& allowed) {
  const auto type = code >= std::numeric_limits<int32_t>::min() && code <= std::numeric_limits<int32_t>::max()
                        ? element_type_from_code(static_cast<int32_t>(code))
                        : std::nullopt;
  if (!type || !allowed.contains(*type))
    throw Error("attribute 'dtype' = " + std::to_string(code) + " is not the code of an allowed output type (" +
                allowed.to_string() + ")");
  return *type;
}

namespace {
// Adds a * b exactly (TwoProduct; a, b finite and far from underflow here).
void random_add_product(ExactSum& s, double a, double b) {
  const double p = a * b;
  s.add(p);
  if (std::isfinite(p)) s.add(std::fma(a, b, -p));
}
}  // namespace

double random_uniform_value(double low, double high, double u, bool to_double) {
  if (!std::isfinite(low) || !std::isfinite(high)) return low + (high - low) * u;
  ExactSum s;
  s.add(low);
  random_add_product(s, high, u);
  random_add_product(s, -low, u);
  const double nearest = s.round_nearest();
  if (to_double || nearest == 0 || !std::isfinite(nearest)) return nearest;
  return s.round_odd();  // then rounded to nearest in the narrower format: rounded once
}

double random_normal_value(double mean, double scale, double u1, double u2) {
  constexpr double kTwoPi = 6.283185307179586476925286766559;
  const double z = std::sqrt(-2.0 * std::log(1.0 - u1)) * std::cos(kTwoPi * u2);
  return mean + scale * z;
}

namespace {
template <class F>
void random_fill(Tensor& out, F&& value_of) {
  const int64_t n = out.element_count();
  if (n == 0) return;
  dispatch_real(out.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (is_float_storage<S>) {
      S* y = reinterpret_cast<S*>(out.mutable_data());
      parallel_for(n, 4096, [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i)
          y[i] = narrow<S>(value_of(static_cast<uint64_t>(i), std::is_same_v<S, double>));
      });
    } else {
      throw std::logic_error("random_fill: not a floating type");
    }
  });
}
}  // namespace

void random_fill_uniform(Tensor& out, const RandomStream& stream, double low, double high) {
  random_fill(out, [&](uint64_t i, bool to_double) {
    return random_uniform_value(low, high, stream.uniform_double(i), to_double);
  });
}

void random_fill_normal(Tensor& out, const RandomStream& stream, double mean, double scale) {
  random_fill(out, [&](uint64_t i, bool) {
    return random_normal_value(mean, scale, stream.uniform_double(2 * i), stream.uniform_double(2 * i + 1));
  });
}

}  // namespace onnx_ref

namespace onnx_ref {

namespace {

std::vector<AttributeSpec> random_distribution_attributes(bool normal) {
  if (normal) return {{"mean", AttrType::Float, false, 0.0f}, {"scale", AttrType::Float, false, 1.0f}};
  return {{"high", AttrType::Float, false, 1.0f}, {"low", AttrType::Float, false, 0.0f}};
}

// The attributes of RandomUniform, RandomNormal and their -Like forms, parsed and checked at load.
struct RandomDistributionParams {
  bool normal = false;
  double a = 0, b = 1;  // mean and scale, or low and high
  std::optional<float> seed;
  std::optional<ElementType> dtype;  // the -Like forms without `dtype`: the input's type
  Shape shape;                       // RandomUniform and RandomNormal only
};

RandomDistributionParams parse_random_distribution(const Attributes& attrs, bool normal, const TypeSet& types) {
  RandomDistributionParams p;
  p.normal = normal;
  p.a = std::get<float>(attrs.get(normal ? "mean" : "low"));
  p.b = std::get<float>(attrs.get(normal ? "scale" : "high"));
  p.seed = random_seed(attrs);
  if (attrs.has("dtype")) p.dtype = random_dtype(attrs.get_int("dtype"), types);
  if (attrs.has("shape")) p.shape = constant_of_shape_output_shape(attrs.get_ints("shape"));
  return p;
}

void random_fill_distribution(Tensor& out, const KernelContext& ctx, const RandomDistributionParams& p) {
  const RandomStream stream = random_node_stream(ctx, p.seed);
  if (p.normal)
    random_fill_normal(out, stream, p.a, p.b);
  else
    random_fill_uniform(out, stream, p.a, p.b);
}

}  // namespace

OpVersion random_shape_version(const char* op_type, int since_version, const TypeSet& types, bool normal) {
  OpVersion v;
  v.op_type = op_type;
  v.since_version = since_version;
  v.outputs = {{"output", "T"}};
  v.attributes = random_distribution_attributes(normal);
  v.attributes.push_back({"dtype", AttrType::Int, false, int64_t{1}});
  v.attributes.push_back({"seed", AttrType::Float});
  v.attributes.push_back({"shape", AttrType::Ints, true});
  v.type_constraints = {{"T", types}};
  v.attribute_type = [types](const Attributes& attrs, const std::string& var) -> std::optional<ElementType> {
    if (var != "T") return std::nullopt;
    return random_dtype(attrs.get_int("dtype"), types);
  };
  v.set_kernel([types, normal](const Attributes& attrs) { return parse_random_distribution(attrs, normal, types); },
               [](const KernelContext& ctx, const RandomDistributionParams& params) -> std::vector<Value> {
                 Tensor out = Tensor::zeros(*params.dtype, params.shape);
                 random_fill_distribution(out, ctx, params);
                 return {out};
               });
  return v;
}

OpVersion random_like_version(const char* op_type, int since_version, const TypeSet& input_types,
                              const TypeSet& output_types, bool normal) {
  OpVersion v;
  v.op_type = op_type;
  v.since_version = since_version;
  v.inputs = {{"input", "T1"}};
  v.outputs = {{"output", "T2"}};
  v.attributes = random_distribution_attributes(normal);
  v.attributes.push_back({"dtype", AttrType::Int});
  v.attributes.push_back({"seed", AttrType::Float});
  v.type_constraints = {{"T1", input_types}, {"T2", output_types}};
  v.attribute_type = [output_types](const Attributes& attrs, const std::string& var) -> std::optional<ElementType> {
    if (var != "T2" || !attrs.has("dtype")) return std::nullopt;
    return random_dtype(attrs.get_int("dtype"), output_types);
  };
  v.set_kernel([output_types,
                normal](const Attributes& attrs) { return parse_random_distribution(attrs, normal, output_types); },
               [output_types](const KernelContext& ctx, const RandomDistributionParams& params) -> std::vector<Value> {
                 const Tensor& in = ctx.input(0);
                 ElementType type = in.type();
                 if (params.dtype) {
                   type = *params.dtype;
                 } else if (!output_types.contains(type)) {
                   throw Error("without 'dtype' the output takes the input's type, but " + in.describe() +
                               " is not one the output allows (" + output_types.to_string() + ")");
                 }
                 Tensor out = Tensor::zeros(type, in.shape());
                 random_fill_distribution(out, ctx, params);
                 return {out};
               });
  return v;
}

}  // namespace onnx_ref
