// ONNX Dropout, every version (1, 6, 7, 10, 12, 13, 22).
//   1, 6: attributes is_test (default 0, training) and ratio (0.5); 1 also the legacy
//         consumed_inputs (ignored). The mask has the data's type: 1 kept, 0 dropped.
//   7, 10: no is_test: the spec's test mode, output = data and a mask of ones (7: type T; 10: bool).
//   12, 13, 22: optional scalar inputs ratio (default 0.5) and training_mode (default false), the
//         optional attribute seed; a bool mask. 13 adds bfloat16, 22 the float8 types.
// Contract: exact outside training (and in training with ratio 0): the output is the data itself,
// bit for bit, and the mask all true. In training with ratio r > 0: random, a documented stream
// (dropout_keep_mask: Philox, keyed by the seed attribute or the run's seed). Each element is kept
// when its uniform draw u in [0, 1) satisfies u >= r; a kept element is
// x / (1 - r) with 1 - r and the quotient each rounded to double, then to the data's type; a
// dropped one is x * 0 (a signed zero, NaN for NaN and infinities). r must lie in [0, 1).
#include <cmath>
#include <string>

#include "numeric/random.h"
#include "ops/normalization/register.h"
#include "ops/type_sets.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

enum class DropoutMask { SameAsData, Bool };

// Dropout's drop probability must lie in [0, 1): 1 would divide by zero.
void check_dropout_ratio(double ratio, const std::string& where) {
  if (!(ratio >= 0 && ratio < 1))
    throw Error(where + " must lie in [0, 1) (a drop probability; 1 would divide by zero), got " +
                std::to_string(ratio));
}

Tensor dropout_mask_of_ones(const Tensor& data, DropoutMask kind) {
  if (kind == DropoutMask::Bool) {
    Tensor mask = Tensor::uninitialized(ElementType::Bool, data.shape());
    std::byte* m = mask.mutable_data();
    for (int64_t i = 0; i < data.element_count(); ++i) m[i] = std::byte{1};
    return mask;
  }
  Tensor mask = Tensor::uninitialized(data.type(), data.shape());
  std::byte* m = mask.mutable_data();
  for (int64_t i = 0; i < data.element_count(); ++i) write_real(data.type(), m, i, 1.0);
  return mask;
}

// Which elements a training-mode Dropout keeps: element i when uniform_double(i) >= ratio on the
// stream RandomStream(seed, 0) (numeric/random.h), seed being the `seed` attribute as a 64-bit
// pattern or, without it, the run's next stream seed for the node's path (runtime/run_context.h:
// `onnx-ref run --seed N` reproduces it). u is exactly k / 2^53, so P(keep) = 1 - ratio on that grid.
std::vector<bool> dropout_keep_mask(const KernelContext& ctx, std::optional<int64_t> seed_attr, int64_t n,
                                    double ratio) {
  const uint64_t seed =
      seed_attr ? static_cast<uint64_t>(*seed_attr) : ctx.run_context().stream_seed(ctx.run_context().node_path());
  const RandomStream stream(seed, 0);
  std::vector<bool> keep(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    keep[static_cast<size_t>(i)] = stream.uniform_double(static_cast<uint64_t>(i)) >= ratio;
  return keep;
}

std::vector<Value> dropout_run(const KernelContext& ctx, bool training, double ratio, DropoutMask kind,
                               std::optional<int64_t> seed = std::nullopt) {
  const Tensor& data = ctx.input(0);
  const bool want_mask = ctx.output_count() > 1;
  if (!training || ratio == 0) {
    std::vector<Value> out{Value(data)};
    if (want_mask) out.emplace_back(dropout_mask_of_ones(data, kind));
    return out;
  }
  const int64_t n = data.element_count();
  const MemoryCharge keep_charge = charge_memory(static_cast<uint64_t>(n) / 8 + 1, "Dropout's mask");
  const std::vector<bool> keep = dropout_keep_mask(ctx, seed, n, ratio);
  const double scale_divisor = 1.0 - ratio;
  Tensor y = Tensor::uninitialized(data.type(), data.shape());
  Tensor mask = Tensor::uninitialized(kind == DropoutMask::Bool ? ElementType::Bool : data.type(), data.shape());
  const std::byte* x = data.data();
  std::byte* yd = y.mutable_data();
  std::byte* md = mask.mutable_data();
  for (int64_t i = 0; i < n; ++i) {
    const double v = read_real(data.type(), x, i);
    const bool k = keep[static_cast<size_t>(i)];
    write_real(data.type(), yd, i, k ? v / scale_divisor : v * 0.0);
    if (kind == DropoutMask::Bool)
      md[i] = std::byte{static_cast<unsigned char>(k ? 1 : 0)};
    else
      write_real(data.type(), md, i, k ? 1.0 : 0.0);
  }
  std::vector<Value> out{Value(std::move(y))};
  if (want_mask) out.emplace_back(std::move(mask));
  return out;
}

// A scalar input's value: ratio (a floating type) or training_mode (bool).
double dropout_scalar_input(const KernelContext& ctx, size_t index, const std::string& name) {
  const Tensor& t = ctx.input(index);
  if (t.rank() != 0) throw Error("input " + name + " must be a scalar, but it is " + t.describe());
  return read_real(t.type(), t.data(), 0);
}

OpVersion dropout_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Dropout";
  v.since_version = since;
  v.inputs = {{"data", "T"}};
  const float default_ratio = 0.5f;
  if (since < 12) {
    const DropoutMask kind = since >= 10 ? DropoutMask::Bool : DropoutMask::SameAsData;
    v.outputs = {{"output", "T"}, {"mask", kind == DropoutMask::Bool ? "T1" : "T", ParamOption::Optional}};
    v.type_constraints = {{"T", types}};
    if (kind == DropoutMask::Bool) v.type_constraints.push_back({"T1", type_sets::kBool});
    if (since == 1) v.attributes.push_back({"consumed_inputs", AttrType::Ints, false, std::nullopt, /*ignored=*/true});
    if (since < 7) v.attributes.push_back({"is_test", AttrType::Int, false, int64_t{0}});
    v.attributes.push_back({"ratio", AttrType::Float, false, default_ratio});
    const bool has_is_test = since < 7;
    // Whether the node trains (7 and 10 are test mode) and its ratio, parsed and checked at load.
    const auto parse = [has_is_test](const Attributes& attrs) {
      const bool training = has_is_test && !attrs.get_flag("is_test");
      const float ratio = std::get<float>(attrs.get("ratio"));
      check_dropout_ratio(ratio, "attribute ratio");
      return std::pair<bool, double>(training, ratio);
    };
    v.set_kernel(parse, [kind](const KernelContext& ctx, const std::pair<bool, double>& mode) {
      return dropout_run(ctx, mode.first, mode.second, kind);
    });
    return v;
  }
  v.inputs = {{"data", "T"}, {"ratio", "T1", ParamOption::Optional}, {"training_mode", "T2", ParamOption::Optional}};
  v.outputs = {{"output", "T"}, {"mask", "T2", ParamOption::Optional}};
  v.attributes = {{"seed", AttrType::Int, false}};
  v.type_constraints = {{"T", types}, {"T1", since >= 22 ? types : type_sets::kFloats}, {"T2", type_sets::kBool}};
  const auto parse_seed = [](const Attributes& attrs) -> std::optional<int64_t> {
    if (!attrs.has("seed")) return std::nullopt;
    return attrs.get_int("seed");
  };
  v.set_kernel(parse_seed, [](const KernelContext& ctx, const std::optional<int64_t>& seed) {
    double ratio = 0.5;
    if (ctx.has_input(1)) {
      ratio = dropout_scalar_input(ctx, 1, "ratio");
      check_dropout_ratio(ratio, "input ratio");
    }
    const bool training = ctx.has_input(2) && dropout_scalar_input(ctx, 2, "training_mode") != 0;
    return dropout_run(ctx, training, ratio, DropoutMask::Bool, seed);
  });
  return v;
}

}  // namespace

void register_dropout(Registry& registry) {
  using namespace type_sets;
  registry.add(dropout_version(1, kFloats));
  registry.add(dropout_version(6, kFloats));
  registry.add(dropout_version(7, kFloats));
  registry.add(dropout_version(10, kFloats));
  registry.add(dropout_version(12, kFloats));
  registry.add(dropout_version(13, kFloatsIR4));
  registry.add(dropout_version(22, kFloatsIR4.with({ElementType::Float8E4M3FN, ElementType::Float8E4M3FNUZ,
                                                    ElementType::Float8E5M2, ElementType::Float8E5M2FNUZ})));
  registry.declare_accuracy("Dropout", {AccuracyKind::Exact, "the data itself and a mask of ones (test mode)"},
                            {7, 10});
  registry.declare_accuracy("Dropout",
                            {AccuracyKind::Random,
                             "outside training the data itself; in training a Philox keep mask, kept elements x / (1 - "
                             "ratio) rounded to double, then to T"},
                            {1, 6, 12, 13, 22});
}

}  // namespace onnx_ref
