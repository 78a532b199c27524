// The integer matrix product of ops/linalg/int8_matmul.h: A of each batch is packed once, B a panel
// of 32 columns at a time, and every (output batch, panel) is one task of the parallel loop.
#include "ops/linalg/int8_matmul.h"

#include <algorithm>

#include "gemm/int8_gemm.h"
#include "ops/linalg/matmul_rules.h"
#include "runtime/parallel_for.h"
#include "runtime/scratch.h"

namespace onnx_ref::linalg {

namespace {

// The flat index into a tensor of `shape` (left-padded with 1s to `index`'s rank) that broadcasts
// to the multi-index `index`.
int64_t broadcast_index(const Shape& shape, const std::vector<int64_t>& index) {
  const size_t pad = index.size() - shape.size();
  int64_t flat = 0;
  for (size_t d = 0; d < shape.size(); ++d) flat = flat * shape[d] + (shape[d] == 1 ? 0 : index[pad + d]);
  return flat;
}

// Advances a multi-index over `shape`, last axis fastest.
void next_index(std::vector<int64_t>& index, const Shape& shape) {
  for (size_t d = shape.size(); d-- > 0;) {
    if (++index[d] < shape[d]) return;
    index[d] = 0;
  }
}

int64_t count(const Shape& s) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  return n;
}

// The zero point of every (batch, vector index) of an operand whose full shape is
// [batch..., rows, cols]; `rows_vary` says whether it varies along the rows (A: per row; B: per
// column, so along cols). Zero points are constant along K.
std::vector<int32_t> zero_points(const Tensor* zp, const Shape& zs, const Shape& full, bool per_row) {
  const int64_t batches = count(Shape(full.begin(), full.end() - 2));
  const int64_t len = per_row ? full[full.size() - 2] : full.back();
  const MemoryCharge out_charge =
      charge_scratch<int32_t>(static_cast<uint64_t>(batches * len), "the zero points broadcast");
  std::vector<int32_t> out(static_cast<size_t>(batches * len), 0);
  if (!zp) return out;
  auto value = [&](int64_t i) -> int32_t {
    return zp->type() == ElementType::Int8 ? zp->data_as<int8_t>()[i] : zp->data_as<uint8_t>()[i];
  };
  std::vector<int64_t> index(full.size(), 0);
  Shape walk = full;
  walk[full.size() - (per_row ? 1 : 2)] = 1;  // the K axis
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = value(zs.empty() ? 0 : broadcast_index(zs, index));
    next_index(index, walk);
  }
  return out;
}

}  // namespace

Tensor int8_matmul(const Tensor& a, const Tensor* azp, const Shape& azs, const Tensor& b, const Tensor* bzp,
                   const Shape& bzs) {
  const MatMulShapes ms = matmul_shapes(a.shape(), b.shape());
  Tensor out = Tensor::uninitialized(ElementType::Int32, ms.out);
  if (out.element_count() == 0) return out;
  const int64_t M = ms.M, K = ms.K, N = ms.N;
  // Each operand as [batch..., rows, cols]: a 1-D A is one row, a 1-D B one column.
  Shape a_full = ms.a_batch, b_full = ms.b_batch;
  a_full.insert(a_full.end(), {M, K});
  b_full.insert(b_full.end(), {K, N});
  const Shape a_own = a.rank() == 1 ? Shape{1, K} : a.shape();
  const Shape b_own = b.rank() == 1 ? Shape{K, 1} : b.shape();
  const std::vector<int32_t> za = zero_points(azp, azs, a_own, true);
  const std::vector<int32_t> zb = zero_points(bzp, bzs, b_own, false);
  const int64_t a_batches = count(Shape(a_own.begin(), a_own.end() - 2));
  const bool a_signed = a.type() == ElementType::Int8, b_signed = b.type() == ElementType::Int8;
  const uint8_t* pa = reinterpret_cast<const uint8_t*>(a.data());
  const uint8_t* pb = reinterpret_cast<const uint8_t*>(b.data());
  std::vector<gemm::Int8Rows> rows(static_cast<size_t>(a_batches));
  parallel_for(a_batches, 1, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      rows[i] = gemm::pack_int8_rows(pa + i * M * K, a_signed, M, K, K, za.data() + i * M, 1);
  });

  // Which batch of A and of B each output batch reads.
  const int64_t out_batches = count(ms.batch);
  const MemoryCharge batches_charge =
      charge_scratch<int64_t>(2 * static_cast<uint64_t>(out_batches), "the product's batch tables");
  std::vector<int64_t> a_of(static_cast<size_t>(out_batches)), b_of(static_cast<size_t>(out_batches));
  std::vector<int64_t> index(ms.batch.size(), 0);
  for (int64_t i = 0; i < out_batches; ++i) {
    a_of[i] = broadcast_index(ms.a_batch, index);
    b_of[i] = broadcast_index(ms.b_batch, index);
    next_index(index, ms.batch);
  }
  int32_t* py = reinterpret_cast<int32_t*>(out.mutable_data());
  const int64_t panels = (N + gemm::kInt8PanelCols - 1) / gemm::kInt8PanelCols;
  const int64_t Kp = (K + 3) / 4 * 4;
  gemm::check_int8_panel_memory(Kp, thread_count());
  // Few panels (a narrow B): the rows are split too, so that every thread has work; each block
  // packs the panel again.
  const int64_t block = out_batches * panels >= 8 ? M : std::min<int64_t>(M, 128);
  const int64_t blocks = (M + block - 1) / block;
  const int64_t grain =
      std::max<int64_t>(1, (int64_t{1} << 21) / std::max<int64_t>(1, block * Kp * gemm::kInt8PanelCols));
  parallel_for(out_batches * panels * blocks, grain, [&](int64_t begin, int64_t end) {
    gemm::Int8Panel panel;
    for (int64_t task = begin; task < end; ++task) {
      const int64_t r = task % blocks, q = task / blocks % panels, ob = task / blocks / panels;
      const int64_t n0 = q * gemm::kInt8PanelCols, m0 = r * block;
      const int cols = static_cast<int>(std::min<int64_t>(gemm::kInt8PanelCols, N - n0));
      gemm::pack_int8_panel(pb + b_of[ob] * K * N, b_signed, K, N, n0, cols, zb.data() + b_of[ob] * N, 1, panel);
      gemm::int8_panel_product(rows[a_of[ob]], m0, std::min(block, M - m0), panel, py + ob * M * N + m0 * N + n0, N);
    }
  });
  return out;
}

}  // namespace onnx_ref::linalg
