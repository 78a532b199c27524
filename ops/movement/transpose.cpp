// ONNX Transpose, every version (1, 13, 21, 23, 24, 25). The versions differ only in the element
// types they allow.
//
// The kernel never looks at an element's value. It first reduces the permutation to the fewest
// loops (transpose_plan). When the input's innermost run stays innermost in the output, whole runs
// are copied with copy_elements. Otherwise the transpose is, around some outer loops, a 2-D
// transpose between the loop that walks the input contiguously and the output's innermost loop;
// for elements of 1, 2, 4, 8 and 16 bytes that 2-D transpose goes tile by tile so that both the
// rows read and the rows written stay in cache. Packed 4-/2-bit and string elements go row by row
// through gather_strided.
#include "ops/movement/transpose.h"

#include <algorithm>
#include <cstring>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "ops/movement/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"

namespace onnx_ref {

void check_perm_values(std::span<const int64_t> perm) {
  const auto n = static_cast<int64_t>(perm.size());
  std::vector<int64_t> seen_at(perm.size(), -1);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t p = perm[static_cast<size_t>(i)];
    if (p < 0 || p >= n)
      throw Error("perm[" + std::to_string(i) + "] = " + std::to_string(p) + " is out of range: perm has " +
                  std::to_string(n) + " entries, so it must be a permutation of 0 to " + std::to_string(n - 1));
    auto& seen = seen_at[static_cast<size_t>(p)];
    if (seen >= 0)
      throw Error("perm[" + std::to_string(i) + "] = " + std::to_string(p) + " repeats perm[" + std::to_string(seen) +
                  "]; perm must be a permutation of 0 to " + std::to_string(n - 1));
    seen = i;
  }
}

std::vector<int64_t> transpose_perm(int64_t rank, const std::optional<std::vector<int64_t>>& perm) {
  if (!perm) {
    std::vector<int64_t> reversed(static_cast<size_t>(rank));
    for (int64_t i = 0; i < rank; ++i) reversed[static_cast<size_t>(i)] = rank - 1 - i;
    return reversed;
  }
  // An empty perm is taken as given (ONNX's shape inference does the same): it only fits a scalar.
  if (static_cast<int64_t>(perm->size()) != rank)
    throw Error("perm has " + std::to_string(perm->size()) + " entries but the input has rank " + std::to_string(rank));
  check_perm_values(*perm);
  return *perm;
}

Shape transpose_output_shape(const Shape& input, std::span<const int64_t> perm) {
  Shape out(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) out[i] = input[static_cast<size_t>(perm[i])];
  return out;
}

TransposePlan transpose_plan(const Shape& input, std::span<const int64_t> perm) {
  std::vector<int64_t> in_strides(input.size());
  int64_t stride = 1;
  for (size_t i = input.size(); i-- > 0;) {
    in_strides[i] = stride;
    stride *= input[i];
  }
  TransposePlan plan;
  for (int64_t p : perm) plan.add(input[static_cast<size_t>(p)], in_strides[static_cast<size_t>(p)]);
  return plan;
}

namespace {

// Calls f(src_offset, dst_offset) for every combination of the loops in `loops` (indices into
// dims), with the offsets each loop adds per step in the source and in the destination.
template <class F>
void for_each_outer(const std::vector<int64_t>& dims, const std::vector<size_t>& loops,
                    const std::vector<int64_t>& src_steps, const std::vector<int64_t>& dst_steps, F&& f) {
  std::vector<int64_t> counter(loops.size(), 0);
  int64_t src = 0, dst = 0;
  while (true) {
    f(src, dst);
    size_t k = loops.size();
    while (k-- > 0) {
      const size_t d = loops[k];
      if (++counter[k] < dims[d]) {
        src += src_steps[d];
        dst += dst_steps[d];
        break;
      }
      src -= src_steps[d] * (dims[d] - 1);
      dst -= dst_steps[d] * (dims[d] - 1);
      counter[k] = 0;
    }
    if (k == static_cast<size_t>(-1)) return;
  }
}

// Transposes the B x B block at src (rows of B elements, src_col apart) into dst (rows dst_row
// apart): dst[j * dst_row + i] = src[i * src_col + j]. The scalar version; SSE2 ones below.
template <class W, int B>
void block_scalar(const W* src, int64_t src_col, W* dst, int64_t dst_row) {
  for (int j = 0; j < B; ++j)
    for (int i = 0; i < B; ++i) std::memcpy(dst + j * dst_row + i, src + i * src_col + j, sizeof(W));
}

#if defined(__SSE2__)
// 8 x 8 bytes: three rounds of interleaving (bytes, pairs, quads).
void block_8x8_u8(const uint8_t* src, int64_t src_col, uint8_t* dst, int64_t dst_row) {
  __m128i r[8];
  for (int i = 0; i < 8; ++i) r[i] = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + i * src_col));
  const __m128i a0 = _mm_unpacklo_epi8(r[0], r[1]), a1 = _mm_unpacklo_epi8(r[2], r[3]);
  const __m128i a2 = _mm_unpacklo_epi8(r[4], r[5]), a3 = _mm_unpacklo_epi8(r[6], r[7]);
  const __m128i b0 = _mm_unpacklo_epi16(a0, a1), b1 = _mm_unpackhi_epi16(a0, a1);
  const __m128i b2 = _mm_unpacklo_epi16(a2, a3), b3 = _mm_unpackhi_epi16(a2, a3);
  const __m128i c[4] = {_mm_unpacklo_epi32(b0, b2), _mm_unpackhi_epi32(b0, b2), _mm_unpacklo_epi32(b1, b3),
                        _mm_unpackhi_epi32(b1, b3)};
  for (int k = 0; k < 4; ++k) {
    _mm_storel_epi64(reinterpret_cast<__m128i*>(dst + (2 * k) * dst_row), c[k]);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(dst + (2 * k + 1) * dst_row), _mm_srli_si128(c[k], 8));
  }
}

// 8 x 8 two-byte elements: interleave pairs, quads, halves.
void block_8x8_u16(const uint16_t* src, int64_t src_col, uint16_t* dst, int64_t dst_row) {
  __m128i r[8];
  for (int i = 0; i < 8; ++i) r[i] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i * src_col));
  __m128i a[8], b[8];
  for (int k = 0; k < 4; ++k) {
    a[2 * k] = _mm_unpacklo_epi16(r[2 * k], r[2 * k + 1]);
    a[2 * k + 1] = _mm_unpackhi_epi16(r[2 * k], r[2 * k + 1]);
  }
  for (int h = 0; h < 2; ++h) {  // rows 0-3, then rows 4-7
    const __m128i* x = a + 4 * h;
    b[4 * h + 0] = _mm_unpacklo_epi32(x[0], x[2]);  // columns 0, 1
    b[4 * h + 1] = _mm_unpackhi_epi32(x[0], x[2]);  // columns 2, 3
    b[4 * h + 2] = _mm_unpacklo_epi32(x[1], x[3]);  // columns 4, 5
    b[4 * h + 3] = _mm_unpackhi_epi32(x[1], x[3]);  // columns 6, 7
  }
  for (int k = 0; k < 4; ++k) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + (2 * k) * dst_row), _mm_unpacklo_epi64(b[k], b[4 + k]));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + (2 * k + 1) * dst_row), _mm_unpackhi_epi64(b[k], b[4 + k]));
  }
}

// 4 x 4 four-byte elements.
void block_4x4_u32(const uint32_t* src, int64_t src_col, uint32_t* dst, int64_t dst_row) {
  __m128i r[4];
  for (int i = 0; i < 4; ++i) r[i] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i * src_col));
  const __m128i a0 = _mm_unpacklo_epi32(r[0], r[1]), a1 = _mm_unpackhi_epi32(r[0], r[1]);
  const __m128i a2 = _mm_unpacklo_epi32(r[2], r[3]), a3 = _mm_unpackhi_epi32(r[2], r[3]);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), _mm_unpacklo_epi64(a0, a2));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + dst_row), _mm_unpackhi_epi64(a0, a2));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + 2 * dst_row), _mm_unpacklo_epi64(a1, a3));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + 3 * dst_row), _mm_unpackhi_epi64(a1, a3));
}
#endif

template <class W>
struct Block {
  static constexpr int kSize = sizeof(W) <= 2 ? 8 : sizeof(W) == 4 ? 4 : 2;
  static void run(const W* src, int64_t src_col, W* dst, int64_t dst_row) {
#if defined(__SSE2__)
    if constexpr (sizeof(W) == 1) return block_8x8_u8(src, src_col, dst, dst_row);
    if constexpr (sizeof(W) == 2) return block_8x8_u16(src, src_col, dst, dst_row);
    if constexpr (sizeof(W) == 4) return block_4x4_u32(src, src_col, dst, dst_row);
#endif
    block_scalar<W, kSize>(src, src_col, dst, dst_row);
  }
};

// dst[r * dst_row + c] = src[r + c * src_col] for r < rows, c < cols, tile by tile so that a
// tile's source and destination lines all stay in L1 while it is copied; inside a tile, small
// square blocks go through registers; the ragged edges element by element.
template <class W>
void transpose_2d(const std::byte* src_bytes, int64_t src_col, std::byte* dst_bytes, int64_t dst_row, int64_t rows,
                  int64_t cols) {
  const W* src = reinterpret_cast<const W*>(src_bytes);
  W* dst = reinterpret_cast<W*>(dst_bytes);
  constexpr int64_t B = Block<W>::kSize;
  constexpr int64_t kTile = sizeof(W) <= 2 ? 64 : sizeof(W) <= 8 ? 32 : 16;
  for (int64_t r0 = 0; r0 < rows; r0 += kTile) {
    const int64_t r1 = std::min(rows, r0 + kTile);
    const int64_t rb = r0 + (r1 - r0) / B * B;  // end of the whole blocks
    for (int64_t c0 = 0; c0 < cols; c0 += kTile) {
      const int64_t c1 = std::min(cols, c0 + kTile);
      const int64_t cb = c0 + (c1 - c0) / B * B;
      for (int64_t c = c0; c < cb; c += B)
        for (int64_t r = r0; r < rb; r += B)
          Block<W>::run(src + r + c * src_col, src_col, dst + r * dst_row + c, dst_row);
      for (int64_t r = r0; r < r1; ++r) {
        W* out = dst + r * dst_row;
        const W* in = src + r;
        const int64_t from = r < rb ? cb : c0;  // whole blocks already did [c0, cb) of these rows
        for (int64_t c = from; c < c1; ++c) std::memcpy(out + c, in + c * src_col, sizeof(W));
      }
    }
  }
}

using Transpose2D = void (*)(const std::byte*, int64_t, std::byte*, int64_t, int64_t, int64_t);

Transpose2D transpose_2d_for(ElementType type) {
  if (type == ElementType::String || is_sub_byte(type)) return nullptr;
  switch (bits_of(type) / 8) {
    case 1:
      return transpose_2d<uint8_t>;
    case 2:
      return transpose_2d<uint16_t>;
    case 4:
      return transpose_2d<uint32_t>;
    case 8:
      return transpose_2d<uint64_t>;
    case 16:
      return transpose_2d<Bytes16>;
  }
  return nullptr;
}

}  // namespace

Tensor transpose(const Tensor& input, std::span<const int64_t> perm) {
  Tensor out = Tensor::uninitialized(input.type(), transpose_output_shape(input.shape(), perm));
  if (out.element_count() == 0) return out;
  const TransposePlan plan = transpose_plan(input.shape(), perm);
  if (plan.dims.empty()) {  // one element
    copy_elements(input, 0, out, 0, 1);
    return out;
  }
  const size_t n = plan.dims.size();
  std::vector<int64_t> dst_strides(n);
  int64_t stride = 1;
  for (size_t i = n; i-- > 0;) {
    dst_strides[i] = stride;
    stride *= plan.dims[i];
  }
  const int64_t row = plan.dims[n - 1];
  const int64_t row_stride = plan.src_strides[n - 1];
  std::vector<size_t> outer;
  if (row_stride == 1) {
    // The innermost run stays innermost: whole runs.
    for (size_t i = 0; i + 1 < n; ++i) outer.push_back(i);
    for_each_outer(plan.dims, outer, plan.src_strides, dst_strides,
                   [&](int64_t src, int64_t dst) { copy_elements(input, src, out, dst, row); });
    return out;
  }
  if (const Transpose2D kernel = transpose_2d_for(input.type())) {
    // The loop that walks the input contiguously (stride 1: the input's innermost dimension of
    // size > 1, never merged away) against the output's innermost loop.
    const size_t k = static_cast<size_t>(std::find(plan.src_strides.begin(), plan.src_strides.end(), int64_t{1}) -
                                         plan.src_strides.begin());
    for (size_t i = 0; i + 1 < n; ++i)
      if (i != k) outer.push_back(i);
    const size_t width = static_cast<size_t>(bits_of(input.type()) / 8);
    const std::byte* src_base = input.data();
    std::byte* dst_base = out.mutable_data();
    for_each_outer(plan.dims, outer, plan.src_strides, dst_strides, [&](int64_t src, int64_t dst) {
      kernel(src_base + static_cast<size_t>(src) * width, row_stride, dst_base + static_cast<size_t>(dst) * width,
             dst_strides[k], plan.dims[k], row);
    });
    return out;
  }
  for (size_t i = 0; i + 1 < n; ++i) outer.push_back(i);
  for_each_outer(plan.dims, outer, plan.src_strides, dst_strides,
                 [&](int64_t src, int64_t dst) { gather_strided(input, src, row_stride, out, dst, row); });
  return out;
}

namespace {

// perm, parsed at load: whatever the input's rank, it must be a permutation of its own indices.
std::optional<std::vector<int64_t>> parse_transpose_perm(const Attributes& attrs) {
  if (!attrs.has("perm")) return std::nullopt;
  check_perm_values(attrs.get_ints("perm"));
  return attrs.get_ints("perm");
}

std::vector<Value> transpose_kernel(const KernelContext& ctx, const std::optional<std::vector<int64_t>>& perm) {
  const Tensor& data = ctx.input(0);
  return {transpose(data, transpose_perm(data.rank(), perm))};
}

OpVersion transpose_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Transpose";
  v.since_version = since_version;
  v.inputs = {{"data", "T"}};
  v.outputs = {{"transposed", "T"}};
  v.attributes = {{"perm", AttrType::Ints}};
  v.type_constraints = {{"T", types}};
  v.set_kernel(parse_transpose_perm, transpose_kernel);
  return v;
}

}  // namespace

void register_transpose(Registry& registry) {
  using namespace type_sets;
  const std::pair<int, TypeSet> versions[] = {
      {1, kClassic},         {13, kWithBFloat16},  // + bfloat16
      {21, kWithInt4},                             // + the four float8 types, uint4, int4
      {23, kWithFloat4},                           // + float4e2m1
      {24, kWithFloat8E8M0},                       // + float8e8m0
      {25, kWithInt2},                             // + uint2, int2
  };
  for (const auto& [since, types] : versions) registry.add(transpose_version(since, types));
  registry.declare_accuracy("Transpose", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
