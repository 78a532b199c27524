// The fast routes of Cast give bit for bit what the element-by-element conversion gives.
#include <doctest/doctest.h>

#include <random>

#include "runtime/cast_fast.h"
#include "runtime/error.h"

using namespace onnx_ref;
using T = ElementType;

namespace {

// Random bit patterns, then every exponent with a few mantissas (for float: all 2^9 sign/exponent
// values with mantissas 0, 1, the halfway points of each small format and all ones).
Tensor patterns(ElementType type, int64_t n, uint64_t seed) {
  Tensor t = Tensor::uninitialized(type, {n});
  std::mt19937_64 rng(seed);
  auto* bytes = t.mutable_data();
  for (size_t i = 0; i < t.bytes().size(); ++i) bytes[i] = static_cast<std::byte>(rng());
  if (type == T::Bool)
    for (size_t i = 0; i < t.bytes().size(); ++i) bytes[i] &= std::byte{1};
  if (type == T::Float) {
    auto* f = reinterpret_cast<uint32_t*>(bytes);
    int64_t k = 0;
    for (uint32_t se = 0; se < 512 && k < n; ++se)
      for (uint32_t m : {0u, 1u, 0x400000u, 0x7FFFFFu, 0x1000u, 0x1001u, 0xFFFu, 0x8000u, 0x8001u, 0x7FFFu, 0x80000u,
                         0x80001u, 0x100000u, 0x100001u, 0x200000u, 0x200001u, 0x300000u, 0x600000u, 0x7FFFu << 1})
        if (k < n) f[k++] = se << 23 | m;
  }
  return t;
}

}  // namespace

TEST_CASE("cast fast paths agree with the element-by-element conversion") {
  const ElementType sources[] = {T::Float,   T::Double,   T::Int64,        T::UInt64,         T::Int32,
                                 T::UInt32,  T::Int16,    T::Int8,         T::UInt8,          T::Bool,
                                 T::Float16, T::BFloat16, T::Float8E4M3FN, T::Float8E5M2FNUZ, T::Float8E8M0};
  int compared = 0;
  for (ElementType from : sources) {
    const Tensor in = patterns(from, int64_t{1} << 16, static_cast<uint64_t>(code_of(from)));
    for (const auto& target : all_element_types()) {
      const ElementType to = target.type;
      if (to == from || to == T::String || info(to).kind == ElementKind::Complex || is_sub_byte(to)) continue;
      for (int variant = 0; variant < 3; ++variant) {
        CastOptions options;
        options.saturate = variant != 1;
        options.legacy_bfloat16_truncation = variant == 2;
        options.round_mode = variant == 2 ? E8M0Rounding::Nearest : E8M0Rounding::Up;
        CAPTURE(name_of(from));
        CAPTURE(name_of(to));
        CAPTURE(variant);
        std::optional<Tensor> fast;
        try {
          fast = cast_fast_path(in, to, options, 0);
        } catch (const Error& e) {
          FAIL("the fast path threw: " << e.what());
        }
        if (!fast) continue;
        Tensor slow;
        REQUIRE_NOTHROW(slow = cast_tensor_elementwise(in, to, options));
        CHECK(fast->identical_to(slow));
        ++compared;
      }
    }
  }
  CHECK(compared > 100);
}

TEST_CASE("float to the float8 types: every sign, exponent and top 11 mantissa bits, with sticky patterns below") {
  // The vectorized float8 route rounds at mantissa bit 19 or 20 for normal results and at bit 19
  // or above for subnormal ones: every such halfway and tie is among these patterns.
  Tensor in = Tensor::uninitialized(T::Float, {int64_t{1} << 22});
  auto* bits = reinterpret_cast<uint32_t*>(in.mutable_data());
  int64_t k = 0;
  for (uint32_t top = 0; top < (1u << 20); ++top)
    for (uint32_t low : {0u, 1u, 0x800u, 0xFFFu}) bits[k++] = top << 12 | low;
  for (ElementType to : {T::Float8E4M3FN, T::Float8E4M3FNUZ, T::Float8E5M2, T::Float8E5M2FNUZ})
    for (bool saturate : {true, false}) {
      CAPTURE(name_of(to));
      CAPTURE(saturate);
      CastOptions options;
      options.saturate = saturate;
      const std::optional<Tensor> fast = cast_fast_path(in, to, options, 0);
      REQUIRE(fast);
      const Tensor slow = cast_tensor_elementwise(in, to, options);
      const auto* f = reinterpret_cast<const uint8_t*>(fast->data());
      const auto* e = reinterpret_cast<const uint8_t*>(slow.data());
      int64_t first_difference = -1;
      for (int64_t i = 0; i < in.element_count() && first_difference < 0; ++i)
        if (f[i] != e[i]) first_difference = i;
      CAPTURE(first_difference);
      if (first_difference >= 0) {
        CAPTURE(bits[first_difference]);
        CAPTURE(int{f[first_difference]});
        CAPTURE(int{e[first_difference]});
        CHECK(first_difference < 0);
      }
    }
}

TEST_CASE("cast fast paths: small tensors and undefined conversions go element by element") {
  const Tensor small = patterns(T::Float16, 100, 1);
  CHECK_FALSE(cast_fast_path(small, T::Float8E4M3FN, {}));  // below the table size
  // float16 NaN to int32 has no defined result: no table, so the element path names the element.
  Tensor nan = Tensor::from_values<uint16_t>(T::Float16, {1 << 16}, std::vector<uint16_t>(1 << 16, 0x7E00));
  CHECK_FALSE(cast_fast_path(nan, T::Int32, {}, 0));
  CHECK_THROWS_AS(cast_tensor(nan, T::Int32, {}), Error);
}
