// ONNX RotaryEmbedding, every version (23). Correctly rounded: each output of the rotation,
// cos x1 - sin x2 and sin x1 + cos x2, is the exact value rounded once to T (both products are exact
// in double for float, float16 and bfloat16; their sum is rounded to odd in double, then to T).
// Elements past rotary_embedding_dim are copied.
//
// X is (batch, num_heads, sequence, head_size), or (batch, sequence, hidden) with hidden =
// num_heads x head_size (num_heads required). The first rotary_embedding_dim elements of each head
// (0: all of them; it must be even and at most head_size) are rotated in pairs: the two halves
// (x1 = first half, x2 = second), or with `interleaved` the even and odd elements. cos_cache and
// sin_cache are (max_position, rotary_embedding_dim / 2) read at position_ids (batch, sequence),
// each id checked to lie in [0, max_position); without position_ids they are (batch, sequence,
// rotary_embedding_dim / 2).
#include <string>

#include "numeric/round_odd.h"
#include "ops/attention/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

// a b - c d (sign = -1) or a b + c d (sign = 1), exact products, rounded once to S.
template <class S>
S rotary_pair(double a, double b, double c, double d, double sign) {
  return narrow<S>(add_round_odd(a * b, sign * (c * d)));
}

// The attributes, parsed at load; num_heads and rotary_embedding_dim are checked against X per call.
struct RotaryEmbeddingParams {
  bool interleaved = false;
  std::optional<int64_t> num_heads;
  int64_t rotary_embedding_dim = 0;
};

RotaryEmbeddingParams parse_rotary_embedding_params(const Attributes& a) {
  RotaryEmbeddingParams p;
  p.interleaved = a.get_flag("interleaved");
  if (a.has("num_heads")) p.num_heads = a.get_int("num_heads");
  p.rotary_embedding_dim = a.get_int("rotary_embedding_dim");
  return p;
}

std::vector<Value> rotary_embedding_kernel(const KernelContext& ctx, const RotaryEmbeddingParams& params) {
  const Tensor& x = ctx.input(0);
  const Tensor& cos_cache = ctx.input(1);
  const Tensor& sin_cache = ctx.input(2);
  const bool interleaved = params.interleaved;
  if (x.rank() != 3 && x.rank() != 4)
    throw Error("X must be (batch, num_heads, sequence, head_size) or (batch, sequence, hidden), but it is " +
                x.describe());
  const Shape& xs = x.shape();
  const int64_t batch = xs[0];
  int64_t heads, sequence, head_size;
  if (x.rank() == 4) {
    heads = xs[1], sequence = xs[2], head_size = xs[3];
    if (params.num_heads && *params.num_heads != heads)
      throw Error("num_heads = " + std::to_string(*params.num_heads) + " but X " + x.describe() + " has " +
                  std::to_string(heads) + " heads");
  } else {
    if (!params.num_heads) throw Error("num_heads must be given for a 3-D X " + x.describe());
    heads = *params.num_heads;
    sequence = xs[1];
    if (heads <= 0 || xs[2] % heads != 0)
      throw Error("num_heads = " + std::to_string(heads) + " does not divide the hidden size " + std::to_string(xs[2]) +
                  " of X " + x.describe());
    head_size = xs[2] / heads;
  }
  int64_t rotary = params.rotary_embedding_dim;
  if (rotary < 0 || rotary > head_size || rotary % 2 != 0)
    throw Error("rotary_embedding_dim = " + std::to_string(rotary) + " must be 0 or even and at most head_size " +
                std::to_string(head_size));
  if (rotary == 0) {
    if (head_size % 2 != 0) throw Error("head_size " + std::to_string(head_size) + " is odd; the rotation takes pairs");
    rotary = head_size;
  }
  const int64_t half = rotary / 2;
  if (cos_cache.shape() != sin_cache.shape())
    throw Error("cos_cache " + cos_cache.describe() + " and sin_cache " + sin_cache.describe() +
                " must have one shape");
  std::vector<int64_t> positions;  // per (b, s): the cache row
  if (ctx.has_input(3)) {
    const Tensor& ids = ctx.input(3);
    if (ids.shape() != Shape{batch, sequence})
      throw Error("position_ids is " + ids.describe() + " but must be [" + std::to_string(batch) + ", " +
                  std::to_string(sequence) + "]");
    if (cos_cache.rank() != 2 || cos_cache.shape()[1] != half)
      throw Error("cos_cache is " + cos_cache.describe() + " but with position_ids it must be (max_position, " +
                  std::to_string(half) + ")");
    for (int64_t i = 0; i < ids.element_count(); ++i) {
      const int64_t p = read_int64(ElementType::Int64, ids.data(), i);
      if (p < 0 || p >= cos_cache.shape()[0])
        throw Error("position_ids[" + std::to_string(i) + "] = " + std::to_string(p) +
                    " is out of range for a cache of " + std::to_string(cos_cache.shape()[0]) + " positions");
      positions.push_back(p);
    }
  } else {
    if (cos_cache.shape() != Shape{batch, sequence, half})
      throw Error("cos_cache is " + cos_cache.describe() + " but without position_ids it must be [" +
                  std::to_string(batch) + ", " + std::to_string(sequence) + ", " + std::to_string(half) + "]");
    for (int64_t i = 0; i < batch * sequence; ++i) positions.push_back(i);
  }
  Tensor y = Tensor::uninitialized(x.type(), xs);
  if (y.element_count() == 0) return {y};
  copy_elements(x, 0, y, 0, x.element_count());  // then the rotated part is overwritten
  dispatch_real(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (is_float_storage<S> && !std::is_same_v<S, double>) {
      const S* in = reinterpret_cast<const S*>(x.data());
      const S* cs = reinterpret_cast<const S*>(cos_cache.data());
      const S* sn = reinterpret_cast<const S*>(sin_cache.data());
      S* out = reinterpret_cast<S*>(y.mutable_data());
      for (int64_t b = 0; b < batch; ++b)
        for (int64_t s = 0; s < sequence; ++s) {
          const int64_t row = positions[static_cast<size_t>(b * sequence + s)] * half;
          for (int64_t h = 0; h < heads; ++h) {
            const int64_t base = x.rank() == 4 ? ((b * heads + h) * sequence + s) * head_size
                                               : (b * sequence + s) * heads * head_size + h * head_size;
            for (int64_t i = 0; i < half; ++i) {
              const int64_t i1 = base + (interleaved ? 2 * i : i), i2 = base + (interleaved ? 2 * i + 1 : i + half);
              const double c = widen(cs[row + i]), sv = widen(sn[row + i]), x1 = widen(in[i1]), x2 = widen(in[i2]);
              out[i1] = rotary_pair<S>(c, x1, sv, x2, -1);
              out[i2] = rotary_pair<S>(sv, x1, c, x2, 1);
            }
          }
        }
    } else {
      throw std::logic_error("RotaryEmbedding: element type " + std::string(name_of(x.type())));
    }
  });
  return {y};
}

}  // namespace

void register_rotary_embedding(Registry& registry) {
  OpVersion v;
  v.op_type = "RotaryEmbedding";
  v.since_version = 23;
  v.inputs = {{"X", "T"}, {"cos_cache", "T"}, {"sin_cache", "T"}, {"position_ids", "M", ParamOption::Optional}};
  v.outputs = {{"Y", "T"}};
  v.attributes = {{"interleaved", AttrType::Int, false, int64_t{0}},
                  {"num_heads", AttrType::Int},
                  {"rotary_embedding_dim", AttrType::Int, false, int64_t{0}}};
  v.type_constraints = {{"T", TypeSet{ElementType::Float, ElementType::Float16, ElementType::BFloat16}},
                        {"M", type_sets::kInt64}};
  v.set_kernel(parse_rotary_embedding_params, rotary_embedding_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy(
      "RotaryEmbedding",
      {AccuracyKind::CorrectlyRounded,
       "each rotated output the exact cos x1 - sin x2 or sin x1 + cos x2 rounded once; the rest copied"});
}

}  // namespace onnx_ref
