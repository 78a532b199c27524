// ONNX Gemm, every version (1, 6, 7, 9, 11, 13): Y = alpha * A' * B' + beta * C, A' = transpose(A)
// when transA, B' = transpose(B) when transB. Contract: correctly rounded — alpha * A'B' + beta * C
// is one exact expression rounded once to the element type (nearest, ties to even); see gemm/dot.h.
// beta = 0 means C is not read (as ONNX's reference computes it, so an infinite C gives no NaN).
// Integers (9 and later) wrap, and alpha and beta must then be whole numbers in int64's range.
//   1, 6: C required, attribute `broadcast`: 0 means C is exactly [M, N], 1 that C broadcasts to
//         [M, N] unidirectionally.  7: C always broadcasts.  9: + int32, int64, uint32, uint64.
//   11: C optional (absent: no term).  13: + bfloat16.
// transA, transB and broadcast must be 0 or 1.
#include <cmath>

#include "gemm/dot.h"
#include "gemm/packed_weights.h"
#include "ops/linalg/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

struct GemmShape {
  int64_t M, K, N;
};

GemmShape gemm_shape(const Tensor& a, const Tensor& b, bool trans_a, bool trans_b) {
  if (a.rank() != 2 || b.rank() != 2)
    throw Error("Gemm needs 2-D A and B, but A is " + a.describe() + " and B is " + b.describe());
  const int64_t M = trans_a ? a.shape()[1] : a.shape()[0];
  const int64_t K = trans_a ? a.shape()[0] : a.shape()[1];
  const int64_t Kb = trans_b ? b.shape()[1] : b.shape()[0];
  const int64_t N = trans_b ? b.shape()[0] : b.shape()[1];
  if (K != Kb)
    throw Error("Gemm inner dimensions differ: A" + std::string(trans_a ? "'" : "") + " has " + std::to_string(K) +
                " columns but B" + std::string(trans_b ? "'" : "") + " has " + std::to_string(Kb) + " rows (A is " +
                a.describe() + ", B is " + b.describe() + ")");
  return {M, K, N};
}

// C's strides when it stretches to [M, N] (unidirectional broadcasting), or when it must be
// exactly [M, N] (`exact`).
std::pair<int64_t, int64_t> c_strides(const Shape& c, int64_t M, int64_t N, bool exact) {
  const Shape want{M, N};
  if (exact) {
    if (c != want)
      throw Error("Gemm with broadcast = 0 needs C of shape " + shape_to_string(want) + ", but it is " +
                  shape_to_string(c));
    return {N, 1};
  }
  if (c.size() > 2)
    throw Error("Gemm's C must broadcast to " + shape_to_string(want) + ", but it has rank " +
                std::to_string(c.size()));
  const int64_t cm = c.size() == 2 ? c[0] : 1;
  const int64_t cn = c.empty() ? 1 : c.back();
  if ((cm != 1 && cm != M) || (cn != 1 && cn != N))
    throw Error("Gemm's C of shape " + shape_to_string(c) + " does not broadcast to " + shape_to_string(want));
  return {cm == 1 ? 0 : cn, cn == 1 ? 0 : 1};
}

int64_t whole(double v, const char* name) {
  if (!(std::trunc(v) == v && std::fabs(v) < 0x1p63))
    throw Error(std::string("Gemm on integers needs a whole ") + name + " within int64, got " + std::to_string(v));
  return static_cast<int64_t>(v);
}

// Gemm's attributes, parsed at load (each flag 0 or 1).
struct GemmParams {
  bool trans_a = false, trans_b = false;
  double alpha = 1, beta = 1;
  bool exact_c = false;  // Gemm-1 and -6 with broadcast 0: C must have Y's shape
};

GemmParams parse_gemm_params(const Attributes& attrs, bool legacy) {
  GemmParams p;
  p.trans_a = attrs.get_flag("transA");
  p.trans_b = attrs.get_flag("transB");
  p.alpha = std::get<float>(attrs.get("alpha"));
  p.beta = std::get<float>(attrs.get("beta"));
  p.exact_c = legacy && !attrs.get_flag("broadcast");
  return p;
}

std::vector<Value> run_gemm(const KernelContext& ctx, const GemmParams& params) {
  const Tensor& a = ctx.input(0);
  const Tensor& b = ctx.input(1);
  const bool trans_a = params.trans_a, trans_b = params.trans_b;
  const double alpha = params.alpha, beta = params.beta;
  const GemmShape s = gemm_shape(a, b, trans_a, trans_b);
  const bool has_c = ctx.has_input(2);
  std::pair<int64_t, int64_t> cs{0, 0};
  if (has_c) cs = c_strides(ctx.input(2).shape(), s.M, s.N, params.exact_c);
  Tensor out = Tensor::uninitialized(a.type(), {s.M, s.N});
  dispatch_real(a.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (std::is_same_v<S, BoolByte> || std::is_same_v<S, int8_t> || std::is_same_v<S, uint8_t> ||
                  std::is_same_v<S, int16_t> || std::is_same_v<S, uint16_t>) {
      throw std::logic_error("Gemm: no kernel for " + std::string(name_of(a.type())));
    } else {
      gemm::GemmArgs<S> g;
      g.M = s.M;
      g.N = s.N;
      g.K = s.K;
      const S* pa = a.data_as<S>();
      const S* pb = b.data_as<S>();
      const int64_t lda = a.shape()[1], ldb = b.shape()[1];
      g.A = trans_a ? gemm::MatrixView<S>{pa, 1, lda} : gemm::MatrixView<S>{pa, lda, 1};
      g.B = trans_b ? gemm::MatrixView<S>{pb, 1, ldb} : gemm::MatrixView<S>{pb, ldb, 1};
      g.alpha = alpha;
      g.beta = beta;
      if constexpr (!is_float_storage<S>) {
        g.alpha = static_cast<double>(whole(alpha, "alpha"));
        g.beta = static_cast<double>(whole(beta, "beta"));
      }
      if (has_c) {
        g.has_c = true;
        g.C = {ctx.input(2).template data_as<S>(), cs.first, cs.second};
      }
      g.Y = reinterpret_cast<S*>(out.mutable_data());
      if constexpr (std::is_same_v<S, float>) {
        // B is usually the model's weights: packed once for every run (gemm/packed_weights.h)
        // when the product runs on the tiled engine.
        if (s.M * s.N * s.K >= (int64_t{1} << 16)) {
          const auto packed = gemm::cached_packed_b(b.storage(), g.B, s.K, s.N);
          gemm::gemm_with_packed(g, nullptr, packed.get());
          return;
        }
      }
      gemm::gemm(g);
    }
  });
  return {out};
}

OpVersion gemm_version(int since, const TypeSet& types) {
  const bool legacy = since < 7;
  const bool c_optional = since >= 11;
  OpVersion v;
  v.op_type = "Gemm";
  v.since_version = since;
  v.inputs = {{"A", "T"}, {"B", "T"}, {"C", "T", c_optional ? ParamOption::Optional : ParamOption::Single}};
  v.outputs = {{"Y", "T"}};
  v.attributes = {{"alpha", AttrType::Float, false, 1.0f}, {"beta", AttrType::Float, false, 1.0f}};
  if (legacy) v.attributes.push_back({"broadcast", AttrType::Int, false, int64_t{0}});
  v.attributes.push_back({"transA", AttrType::Int, false, int64_t{0}});
  v.attributes.push_back({"transB", AttrType::Int, false, int64_t{0}});
  v.type_constraints = {{"T", types}};
  v.set_kernel([legacy](const Attributes& attrs) { return parse_gemm_params(attrs, legacy); }, run_gemm);
  return v;
}

}  // namespace

void register_gemm(Registry& registry) {
  using ET = ElementType;
  const TypeSet floats = type_sets::kFloats;
  const TypeSet with_ints = floats.with({ET::Int32, ET::Int64, ET::UInt32, ET::UInt64});
  registry.add(gemm_version(1, floats));
  registry.add(gemm_version(6, floats));
  registry.add(gemm_version(7, floats));
  registry.add(gemm_version(9, with_ints));
  registry.add(gemm_version(11, with_ints));
  registry.add(gemm_version(13, with_ints.with({ET::BFloat16})));
  registry.declare_accuracy("Gemm", {AccuracyKind::CorrectlyRounded,
                                     "alpha A'B' + beta C as one exact expression rounded once; integers wrap"});
}

}  // namespace onnx_ref
