// ONNX Einsum-12: the Einstein summation of numpy.einsum over the equation's labels (rules:
// ops/linalg/einsum_rules.h). Contract: correctly rounded — each output element is the exact sum,
// over every combination of the summed labels, of the exact product of the inputs' elements,
// rounded once to the element type (nearest, ties to even); integers wrap modulo 2^width (two's
// complement). How: a product of n doubles is kept exact as an expansion of at most 2^(n-1)
// doubles (TwoProduct by fma), each added to ExactSum (numeric/exact_sum.h), which rounds once at
// the end (to odd for float and float16, then to the type). Limits as the GEMM engine's
// (gemm/dot.h): a product beyond the double range is the infinity IEEE gives, and expansion terms
// below 2^-1074 are rounded. NaN and infinities follow IEEE.
//   12: float16, float, double and the eight integer types.
#include <cmath>

#include "numeric/exact_sum.h"
#include "ops/linalg/einsum_rules.h"
#include "ops/linalg/register.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

// Adds the exact product of `factors` (finite doubles) to `sum`, as an expansion of doubles.
void einsum_add_product(const std::vector<double>& factors, std::vector<double>& scratch, std::vector<double>& next,
                        ExactSum& sum) {
  scratch.assign(1, 1.0);
  for (double f : factors) {
    next.clear();
    for (double e : scratch) {
      const double p = e * f;
      if (!std::isfinite(p)) {
        sum.add(p);  // an overflow: the infinity IEEE gives (an exact product would be beyond it too)
        return;
      }
      next.push_back(p);
      const double err = std::fma(e, f, -p);
      if (err != 0) next.push_back(err);
    }
    scratch.swap(next);
  }
  for (double e : scratch) sum.add(e);
}

std::vector<Value> einsum(const KernelContext& ctx) {
  std::vector<Shape> shapes;
  for (size_t i = 0; i < ctx.input_count(); ++i) shapes.push_back(ctx.input(i).shape());
  const linalg::EinsumPlan p = linalg::plan_einsum(std::get<std::string>(ctx.attrs.get("equation")), shapes);
  const ElementType type = ctx.input(0).type();
  Tensor y = Tensor::uninitialized(type, p.out_shape);
  const int64_t out_count = y.element_count();
  int64_t sum_count = 1;
  for (int l : p.sum_labels) {
    const int64_t n = p.label_size[static_cast<size_t>(l)];
    if (n != 0 && sum_count > (int64_t{1} << 62) / n)
      throw Error("Einsum would sum more than 2^62 products per output element");
    sum_count *= n;
  }
  const size_t n_in = ctx.input_count();
  // The labels walked by the odometers: output axes, then summed labels.
  auto walk = [&](const std::vector<int>& labels, std::vector<int64_t>& idx, std::vector<int64_t>& offset) {
    for (size_t a = labels.size(); a-- > 0;) {
      const size_t l = static_cast<size_t>(labels[a]);
      for (size_t t = 0; t < n_in; ++t) offset[t] += p.strides[t][l];
      if (++idx[a] < p.label_size[l]) return;
      for (size_t t = 0; t < n_in; ++t) offset[t] -= p.strides[t][l] * p.label_size[l];
      idx[a] = 0;
    }
  };
  dispatch_real(type, [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (std::is_same_v<S, BoolByte>) {
      throw std::logic_error("Einsum: no kernel for bool");
    } else {
      std::vector<const S*> in;
      for (size_t t = 0; t < n_in; ++t) in.push_back(ctx.input(t).template data_as<S>());
      S* py = reinterpret_cast<S*>(y.mutable_data());
      std::vector<int64_t> out_idx(p.out_labels.size(), 0), base(n_in, 0);
      std::vector<int64_t> sum_idx(p.sum_labels.size(), 0), off(n_in, 0);
      std::vector<double> factors(n_in), scratch, next;
      for (int64_t o = 0; o < out_count; ++o) {
        std::fill(sum_idx.begin(), sum_idx.end(), 0);
        off = base;
        if constexpr (is_float_storage<S>) {
          ExactSum sum;
          for (int64_t k = 0; k < sum_count; ++k) {
            bool finite = true;
            double plain = 1;
            for (size_t t = 0; t < n_in; ++t) {
              factors[t] = widen(in[t][off[t]]);
              finite = finite && std::isfinite(factors[t]);
              plain *= factors[t];
            }
            if (finite)
              einsum_add_product(factors, scratch, next, sum);
            else
              sum.add(n_in == 0 ? 1.0 : plain);
            walk(p.sum_labels, sum_idx, off);
          }
          py[o] = narrow<S>(std::is_same_v<S, double> ? sum.round_nearest() : sum.round_odd());
        } else {
          using U = std::make_unsigned_t<S>;
          uint64_t acc = 0;
          for (int64_t k = 0; k < sum_count; ++k) {
            uint64_t prod = 1;
            for (size_t t = 0; t < n_in; ++t) prod *= static_cast<uint64_t>(static_cast<int64_t>(in[t][off[t]]));
            acc += prod;
            walk(p.sum_labels, sum_idx, off);
          }
          py[o] = static_cast<S>(static_cast<U>(acc));
        }
        walk(p.out_labels, out_idx, base);
      }
    }
  });
  return {std::move(y)};
}

}  // namespace

void register_einsum(Registry& registry) {
  using ET = ElementType;
  OpVersion v;
  v.op_type = "Einsum";
  v.since_version = 12;
  v.inputs = {{"Inputs", "T", ParamOption::Variadic}};
  v.outputs = {{"Output", "T"}};
  v.attributes = {{"equation", AttrType::String, true}};
  v.type_constraints = {{"T", TypeSet{ET::Float16, ET::Float, ET::Double, ET::Int8, ET::Int16, ET::Int32, ET::Int64,
                                      ET::UInt8, ET::UInt16, ET::UInt32, ET::UInt64}}};
  v.kernel = einsum;
  registry.add(std::move(v));
  registry.declare_accuracy("Einsum", {AccuracyKind::CorrectlyRounded,
                                       "each output the exact sum of exact products rounded once; integers wrap"});
}

}  // namespace onnx_ref
