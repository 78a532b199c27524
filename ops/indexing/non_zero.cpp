// ONNX NonZero, every version (9, 13). 13 adds bfloat16.
//
// Whether an element is non-zero is decided on its bits, never through a conversion: for a float
// format, every bit but the sign bit zero means ±0. That holds for float16, bfloat16, float,
// double and both halves of complex64/complex128, the float types NonZero allows.
#include "ops/indexing/non_zero.h"

#include <cstring>

#include "ops/indexing/register.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

// Calls on_nonzero(i) for every element i whose `Word`-sized bits, masked, are not all zero. A
// complex element is two such words (real, imaginary).
template <class Word, class OnNonzero>
void scan(const std::byte* data, int64_t count, int words_per_element, Word mask, OnNonzero&& on_nonzero) {
  for (int64_t i = 0; i < count; ++i) {
    bool nonzero = false;
    for (int w = 0; w < words_per_element; ++w) {
      Word v;
      std::memcpy(&v,
                  data + (static_cast<size_t>(i) * static_cast<size_t>(words_per_element) + static_cast<size_t>(w)) *
                             sizeof(Word),
                  sizeof(Word));
      nonzero = nonzero || (v & mask) != 0;
    }
    if (nonzero) on_nonzero(i);
  }
}

// Calls on_nonzero(i), in ascending i, for every non-zero element of `t`.
template <class OnNonzero>
void for_each_nonzero(const Tensor& t, OnNonzero&& on_nonzero) {
  const int64_t n = t.element_count();
  if (n == 0) return;
  if (t.is_string()) {
    const auto& s = t.strings();
    for (int64_t i = 0; i < n; ++i)
      if (!s[static_cast<size_t>(i)].empty()) on_nonzero(i);
    return;
  }
  const ElementKind kind = info(t.type()).kind;
  const int bits = bits_of(t.type());
  const bool is_float = kind == ElementKind::Float || kind == ElementKind::Complex;
  const int words = kind == ElementKind::Complex ? 2 : 1;
  const int word_bits = bits / words;
  if (word_bits < 8) throw std::logic_error("NonZero: packed element type " + std::string(name_of(t.type())));
  const std::byte* data = t.data();
  switch (word_bits) {
    case 8:
      scan<uint8_t>(data, n, words, is_float ? 0x7f : 0xff, on_nonzero);
      break;
    case 16:
      scan<uint16_t>(data, n, words, is_float ? 0x7fff : 0xffff, on_nonzero);
      break;
    case 32:
      scan<uint32_t>(data, n, words, is_float ? 0x7fffffffu : 0xffffffffu, on_nonzero);
      break;
    case 64:
      scan<uint64_t>(data, n, words, is_float ? 0x7fffffffffffffffull : 0xffffffffffffffffull, on_nonzero);
      break;
    default:
      throw std::logic_error("NonZero: element width " + std::to_string(word_bits));
  }
}

}  // namespace

std::vector<int64_t> nonzero_flat_indices(const Tensor& t) {
  std::vector<int64_t> found;
  for_each_nonzero(t, [&](int64_t i) { found.push_back(i); });
  return found;
}

Tensor nonzero(const Tensor& t) {
  // Two passes over the input: the count sizes the output (charged to the run's budget before it
  // is allocated), then each non-zero element's coordinates go straight into it, with no list of
  // indices in between (8 bytes per element of the input, beyond any limit an output sees).
  int64_t count = 0;
  for_each_nonzero(t, [&](int64_t) { ++count; });
  const int64_t rank = t.rank();
  Tensor out = Tensor::uninitialized(ElementType::Int64, {rank, count});
  if (rank == 0 || count == 0) return out;
  auto* o = reinterpret_cast<int64_t*>(out.mutable_data());
  const Shape& shape = t.shape();
  int64_t j = 0;
  for_each_nonzero(t, [&](int64_t flat) {
    int64_t rest = flat;
    for (int64_t d = rank; d-- > 0;) {
      const int64_t size = shape[static_cast<size_t>(d)];
      o[d * count + j] = rest % size;
      rest /= size;
    }
    ++j;
  });
  return out;
}

namespace {

std::vector<Value> nonzero_kernel(const KernelContext& ctx) { return {nonzero(ctx.input(0))}; }

OpVersion nonzero_version(int since_version, const TypeSet& types) {
  OpVersion v;
  v.op_type = "NonZero";
  v.since_version = since_version;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "tensor(int64)"}};
  v.type_constraints = {{"T", types}, {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
  v.kernel = nonzero_kernel;
  return v;
}

}  // namespace

void register_nonzero(Registry& registry) {
  registry.add(nonzero_version(9, type_sets::kClassic));
  registry.add(nonzero_version(13, type_sets::kWithBFloat16));  // + bfloat16
  registry.declare_accuracy("NonZero", {AccuracyKind::Exact, "the indices of the nonzero elements"});
}

}  // namespace onnx_ref
