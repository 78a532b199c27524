// MatMul's shape rules and batched kernel (see matmul_rules.h).
#include "ops/linalg/matmul_rules.h"

#include "gemm/dot.h"
#include "gemm/packed_weights.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref::linalg {

MatMulShapes matmul_shapes(const Shape& a, const Shape& b) {
  if (a.empty() || b.empty())
    throw Error("MatMul needs operands of rank 1 or more, but A is " + shape_to_string(a) + " and B is " +
                shape_to_string(b));
  MatMulShapes s;
  const bool a_vec = a.size() == 1, b_vec = b.size() == 1;
  const Shape a2 = a_vec ? Shape{1, a[0]} : a;
  const Shape b2 = b_vec ? Shape{b[0], 1} : b;
  s.M = a2[a2.size() - 2];
  s.K = a2.back();
  s.N = b2.back();
  if (b2[b2.size() - 2] != s.K)
    throw Error("MatMul inner dimensions differ: A " + shape_to_string(a) + " has " + std::to_string(s.K) +
                " columns but B " + shape_to_string(b) + " has " + std::to_string(b2[b2.size() - 2]) + " rows");
  const size_t ra = a2.size() - 2, rb = b2.size() - 2, r = std::max(ra, rb);
  s.a_batch.assign(r - ra, 1);
  s.a_batch.insert(s.a_batch.end(), a2.begin(), a2.begin() + static_cast<int64_t>(ra));
  s.b_batch.assign(r - rb, 1);
  s.b_batch.insert(s.b_batch.end(), b2.begin(), b2.begin() + static_cast<int64_t>(rb));
  for (size_t i = 0; i < r; ++i) {
    const int64_t x = s.a_batch[i], y = s.b_batch[i];
    if (x != y && x != 1 && y != 1)
      throw Error("MatMul batch dimensions do not broadcast: A " + shape_to_string(a) + ", B " + shape_to_string(b));
    s.batch.push_back(x == 1 ? y : x);
  }
  s.out = s.batch;
  if (!a_vec) s.out.push_back(s.M);
  if (!b_vec) s.out.push_back(s.N);
  if (!checked_element_count(s.out))
    throw Error("MatMul output " + shape_to_string(s.out) + " has more elements than int64 can count");
  return s;
}

Tensor matmul(const Tensor& a, const Tensor& b) {
  const MatMulShapes s = matmul_shapes(a.shape(), b.shape());
  Tensor out = Tensor::uninitialized(a.type(), s.out);  // refuses absurd sizes before allocating
  const int64_t batches = *checked_element_count(s.batch);
  return dispatch_real(a.type(), [&](auto tag) -> Tensor {
    using S = typename decltype(tag)::type;
    if constexpr (std::is_same_v<S, BoolByte> || std::is_same_v<S, int8_t> || std::is_same_v<S, uint8_t> ||
                  std::is_same_v<S, int16_t> || std::is_same_v<S, uint16_t>) {
      throw std::logic_error("MatMul: no kernel for " + std::string(name_of(a.type())));
    } else {
      const S* pa = a.data_as<S>();
      const S* pb = b.data_as<S>();
      S* py = reinterpret_cast<S*>(out.mutable_data());
      const size_t r = s.batch.size();
      std::vector<int64_t> index(r, 0);
      for (int64_t n = 0; n < batches; ++n) {
        // Offsets of this batch's matrices in A and B (a broadcast dimension of size 1 stays put).
        int64_t oa = 0, ob = 0;
        for (size_t d = 0; d < r; ++d) {
          oa = oa * s.a_batch[d] + (s.a_batch[d] == 1 ? 0 : index[d]);
          ob = ob * s.b_batch[d] + (s.b_batch[d] == 1 ? 0 : index[d]);
        }
        gemm::GemmArgs<S> g;
        g.M = s.M;
        g.N = s.N;
        g.K = s.K;
        g.A = {pa + oa * s.M * s.K, s.K, 1};
        g.B = {pb + ob * s.K * s.N, s.N, 1};
        g.Y = py + n * s.M * s.N;
        if constexpr (std::is_same_v<S, float>) {
          // A two-dimensional B is a model's weights as often as not: packed once for every run
          // (gemm/packed_weights.h) when the product runs on the tiled engine.
          if (b.rank() == 2 && s.M * s.N * s.K >= (int64_t{1} << 16)) {
            const auto packed = gemm::cached_packed_b(b.storage(), g.B, s.K, s.N);
            gemm::gemm_with_packed(g, nullptr, packed.get());
          } else {
            gemm::gemm(g);
          }
        } else {
          gemm::gemm(g);
        }
        for (size_t d = r; d-- > 0;) {
          if (++index[d] < s.batch[d]) break;
          index[d] = 0;
        }
      }
      return out;
    }
  });
}

}  // namespace onnx_ref::linalg
