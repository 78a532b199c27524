#include "runtime/cast_fast.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <vector>

#include "runtime/error.h"
#include "runtime/float_formats.h"

// At file scope: inside a namespace the intrinsics' types would hide the global ones that later
// sources of a unity batch (Eigen's packet math) name.
#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>
#endif

namespace onnx_ref {

namespace {

bool is_plain_number(ElementType t) {
  switch (t) {
    case ElementType::Int8:
    case ElementType::Int16:
    case ElementType::Int32:
    case ElementType::Int64:
    case ElementType::UInt8:
    case ElementType::UInt16:
    case ElementType::UInt32:
    case ElementType::UInt64:
    case ElementType::Float:
    case ElementType::Double:
      return true;
    default:
      return false;
  }
}

template <class F>
void visit_plain(ElementType t, F&& f) {
  switch (t) {
    case ElementType::Int8:
      return f(int8_t{});
    case ElementType::Int16:
      return f(int16_t{});
    case ElementType::Int32:
      return f(int32_t{});
    case ElementType::Int64:
      return f(int64_t{});
    case ElementType::UInt8:
      return f(uint8_t{});
    case ElementType::UInt16:
      return f(uint16_t{});
    case ElementType::UInt32:
      return f(uint32_t{});
    case ElementType::UInt64:
      return f(uint64_t{});
    case ElementType::Float:
      return f(float{});
    case ElementType::Double:
      return f(double{});
    default:
      throw std::logic_error("visit_plain");
  }
}

// Mantissa bits of the small float targets of the keyed float table.
std::optional<int> small_float_mantissa(ElementType t) {
  switch (t) {
    case ElementType::Float16:
      return 10;
    case ElementType::BFloat16:
      return 7;
    case ElementType::Float8E4M3FN:
    case ElementType::Float8E4M3FNUZ:
      return 3;
    case ElementType::Float8E5M2:
    case ElementType::Float8E5M2FNUZ:
      return 2;
    case ElementType::Float4E2M1:
      return 1;
    // Not float8e8m0: its smallest value, 2^-127, lies among float's subnormals, where its rounding
    // looks at more bits than a fixed mantissa position keeps.
    default:
      return std::nullopt;
  }
}

using TableKey = std::tuple<int, int, bool, int, bool, bool>;
TableKey key_of(ElementType from, ElementType to, const CastOptions& o) {
  return {code_of(from),       code_of(to),
          o.saturate,          static_cast<int>(o.round_mode),
          o.legacy_4bit_rules, o.legacy_bfloat16_truncation};
}

// A table, or nullptr when some source pattern has no defined result (then every conversion of this
// pair goes element by element, so errors name the element as usual).
std::shared_ptr<const Tensor> cached_table(const TableKey& key, const std::function<Tensor()>& build) {
  static std::mutex mutex;
  static std::map<TableKey, std::shared_ptr<const Tensor>> tables;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = tables.find(key);
  if (it != tables.end()) return it->second;
  std::shared_ptr<const Tensor> table;
  try {
    table = std::make_shared<const Tensor>(build());
  } catch (const Error&) {
    table = nullptr;
  }
  tables.emplace(key, table);
  return table;
}

template <class Out>
void lookup(const Tensor& table, const uint8_t* keys_u8, const uint16_t* keys_u16, int64_t n, Out* out) {
  const Out* t = table.data_as<Out>();
  if (keys_u8)
    for (int64_t i = 0; i < n; ++i) out[i] = t[keys_u8[i]];
  else
    for (int64_t i = 0; i < n; ++i) out[i] = t[keys_u16[i]];
}

#if defined(__x86_64__) && defined(__GNUC__)
// float to float16 with the F16C instructions, eight at a time: IEEE conversion, to nearest, ties to
// even, overflow to infinity, exactly what the table gives for every non-NaN value. NaN inputs (whose
// payloads the instruction keeps) are patched from the table afterwards.
__attribute__((target("avx,f16c"))) void floats_to_half_f16c(const float* src, uint16_t* dst, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 v = _mm256_loadu_ps(src + i);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT));
  }
  for (; i < n; ++i) dst[i] = static_cast<uint16_t>(_cvtss_sh(src[i], _MM_FROUND_TO_NEAREST_INT));
}
// CPUID leaf 1: OSXSAVE, AVX and F16C; then XGETBV: the OS saves the XMM and YMM registers.
// (Read directly: clang's __builtin_cpu_supports does not know "f16c".)
bool has_f16c() {
  static const bool supported = [] {
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
    const unsigned needed = (1u << 27) | (1u << 28) | (1u << 29);
    if ((c & needed) != needed) return false;
    unsigned lo = 0, hi = 0;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (lo & 6u) == 6u;
  }();
  return supported;
}
#else
void floats_to_half_f16c(const float*, uint16_t*, int64_t) {}
bool has_f16c() { return false; }
#endif

#if defined(__SSE2__)
// float to a float8 type, 16 at a time, for every magnitude below the largest finite value:
//  - normal results: the magnitude's bits rounded to the target's mantissa (nearest, ties to even,
//    by adding half an ulp less one plus the kept lowest bit), then rebiased;
//  - subnormal results: the magnitude plus 2^k, where the float ulp at 2^k is the target's
//    subnormal step, so that the hardware addition does the one rounding (nearest, ties to even);
//    the sum's mantissa field is then the result;
//  - the sign bit on top (not on a zero of the FNUZ types).
// Lanes at or above the largest finite value (overflow, infinities, NaN, where `saturate`
// decides) and the last n % 16 elements are taken from `table` at `key`.
template <class Key>
void floats_to_float8_sse2(const uint32_t* src, uint8_t* dst, int64_t n, const Float8Layout& f, const uint8_t* table,
                           Key key) {
  // The float bits of the largest finite value: from there on, the table.
  const float max_finite = static_cast<float>(f.max_finite);
  uint32_t max_bits;
  std::memcpy(&max_bits, &max_finite, sizeof max_bits);
  const int dropped = 23 - f.mantissa_bits;
  const __m128i abs_mask = _mm_set1_epi32(0x7FFFFFFF), one = _mm_set1_epi32(1);
  const __m128i half_less_one = _mm_set1_epi32((1 << (dropped - 1)) - 1);
  const __m128i rebias = _mm_set1_epi32((127 - f.bias) << f.mantissa_bits);
  const __m128i min_normal = _mm_set1_epi32((127 + 1 - f.bias) << 23);
  const __m128i magic_bits = _mm_set1_epi32((127 + 24 - f.bias - f.mantissa_bits) << 23);
  const __m128 magic = _mm_castsi128_ps(magic_bits);
  const __m128i last_below_max = _mm_set1_epi32(static_cast<int>(max_bits - 1));
  const __m128i sign_bit = _mm_set1_epi32(0x80), zero = _mm_setzero_si128();
  auto convert4 = [&](const uint32_t* p, __m128i& exceptional) {
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i a = _mm_and_si128(b, abs_mask);
    const __m128i odd = _mm_and_si128(_mm_srli_epi32(a, dropped), one);
    const __m128i rounded = _mm_add_epi32(_mm_add_epi32(a, half_less_one), odd);
    const __m128i normal = _mm_sub_epi32(_mm_srli_epi32(rounded, dropped), rebias);
    const __m128i sub = _mm_sub_epi32(_mm_castps_si128(_mm_add_ps(_mm_castsi128_ps(a), magic)), magic_bits);
    const __m128i is_sub = _mm_cmplt_epi32(a, min_normal);
    const __m128i magnitude = _mm_or_si128(_mm_and_si128(is_sub, sub), _mm_andnot_si128(is_sub, normal));
    __m128i sign = _mm_and_si128(_mm_srli_epi32(b, 24), sign_bit);
    if (!f.has_negative_zero) sign = _mm_andnot_si128(_mm_cmpeq_epi32(magnitude, zero), sign);
    exceptional = _mm_or_si128(exceptional, _mm_cmpgt_epi32(a, last_below_max));
    return _mm_or_si128(magnitude, sign);
  };
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m128i exceptional = zero;
    const __m128i r0 = convert4(src + i, exceptional), r1 = convert4(src + i + 4, exceptional);
    const __m128i r2 = convert4(src + i + 8, exceptional), r3 = convert4(src + i + 12, exceptional);
    // Every lane holds 0 to 255: the saturating packs keep it.
    const __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(r0, r1), _mm_packs_epi32(r2, r3));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), bytes);
    if (_mm_movemask_epi8(exceptional))
      for (int64_t j = i; j < i + 16; ++j)
        if ((src[j] & 0x7FFFFFFFu) >= max_bits) dst[j] = table[key(src[j])];
  }
  for (; i < n; ++i) dst[i] = table[key(src[i])];
}
#endif

}  // namespace

std::optional<Tensor> cast_fast_path(const Tensor& in, ElementType to, const CastOptions& options,
                                     int64_t min_elements) {
  const ElementType from = in.type();
  if (from == ElementType::String || to == ElementType::String || is_sub_byte(to) || is_sub_byte(from))
    return std::nullopt;
  const int64_t n = in.element_count();

  // Plain numbers to float or double: the hardware conversions round once, to nearest, ties to even.
  if (is_plain_number(from) && (to == ElementType::Float || to == ElementType::Double)) {
    Tensor out = Tensor::uninitialized(to, in.shape());
    visit_plain(from, [&](auto s) {
      using S = decltype(s);
      const S* src = in.data_as<S>();
      if (to == ElementType::Float) {
        auto* dst = reinterpret_cast<float*>(out.mutable_data());
        for (int64_t i = 0; i < n; ++i) dst[i] = static_cast<float>(src[i]);
      } else {
        auto* dst = reinterpret_cast<double*>(out.mutable_data());
        for (int64_t i = 0; i < n; ++i) dst[i] = static_cast<double>(src[i]);
      }
    });
    return out;
  }
  if (n < min_elements) return std::nullopt;

  // 8- and 16-bit sources: every source pattern through the element-by-element path once.
  const int from_bits = bits_of(from);
  const int to_bytes = bits_of(to) / 8;
  if ((from_bits == 8 || from_bits == 16) && (to_bytes == 1 || to_bytes == 2 || to_bytes == 4 || to_bytes == 8)) {
    const auto table = cached_table(key_of(from, to, options), [&] {
      Tensor all = Tensor::uninitialized(from, {int64_t{1} << from_bits});
      for (int64_t i = 0; i < all.element_count(); ++i) {
        if (from_bits == 8)
          reinterpret_cast<uint8_t*>(all.mutable_data())[i] = static_cast<uint8_t>(i);
        else
          reinterpret_cast<uint16_t*>(all.mutable_data())[i] = static_cast<uint16_t>(i);
      }
      if (from == ElementType::Bool) all = Tensor::from_values<uint8_t>(from, {2}, {0, 1});  // only 0 and 1 are bools
      return cast_tensor_elementwise(all, to, options);
    });
    if (!table) return std::nullopt;
    // (bool tensors hold only 0 and 1, checked when they are read, so a two-entry table covers them.)
    Tensor out = Tensor::uninitialized(to, in.shape());
    const auto* k8 = from_bits == 8 ? reinterpret_cast<const uint8_t*>(in.data()) : nullptr;
    const auto* k16 = from_bits == 16 ? reinterpret_cast<const uint16_t*>(in.data()) : nullptr;
    switch (to_bytes) {
      case 1:
        lookup(*table, k8, k16, n, reinterpret_cast<uint8_t*>(out.mutable_data()));
        break;
      case 2:
        lookup(*table, k8, k16, n, reinterpret_cast<uint16_t*>(out.mutable_data()));
        break;
      case 4:
        lookup(*table, k8, k16, n, reinterpret_cast<uint32_t*>(out.mutable_data()));
        break;
      case 8:
        lookup(*table, k8, k16, n, reinterpret_cast<uint64_t*>(out.mutable_data()));
        break;
    }
    return out;
  }

  // float to a small float type: sign, exponent, the target's mantissa bits plus one, and a sticky bit.
  const auto mantissa = small_float_mantissa(to);
  if (from == ElementType::Float && mantissa) {
    const int dropped = 23 - (*mantissa + 1);  // mantissa bits folded into the sticky bit
    const auto table = cached_table(key_of(from, to, options), [&] {
      const int64_t entries = int64_t{1} << (32 - dropped + 1);
      Tensor reps = Tensor::uninitialized(ElementType::Float, {entries});
      auto* r = reinterpret_cast<uint32_t*>(reps.mutable_data());
      for (int64_t k = 0; k < entries; ++k)
        r[k] = static_cast<uint32_t>(k >> 1) << dropped | static_cast<uint32_t>(k & 1);
      return cast_tensor_elementwise(reps, to, options);
    });
    if (!table) return std::nullopt;
    Tensor out = Tensor::uninitialized(to, in.shape());
    const auto* src = reinterpret_cast<const uint32_t*>(in.data());
    const uint32_t low_mask = (uint32_t{1} << dropped) - 1;
    auto key = [&](uint32_t b) { return (b >> dropped) << 1 | static_cast<uint32_t>((b & low_mask) != 0); };
    if (to == ElementType::Float16 && has_f16c()) {
      const auto* t = table->data_as<uint16_t>();
      auto* dst = reinterpret_cast<uint16_t*>(out.mutable_data());
      floats_to_half_f16c(in.data_as<float>(), dst, n);
      // NaNs from the table; blocks without one (almost all) are only scanned, in a vectorized loop.
      for (int64_t start = 0; start < n; start += 4096) {
        const int64_t end = std::min(n, start + 4096);
        uint32_t any_nan = 0;
        for (int64_t i = start; i < end; ++i) any_nan |= static_cast<uint32_t>((src[i] & 0x7FFFFFFFu) > 0x7F800000u);
        if (any_nan)
          for (int64_t i = start; i < end; ++i)
            if ((src[i] & 0x7FFFFFFFu) > 0x7F800000u) dst[i] = t[key(src[i])];
      }
      return out;
    }
#if defined(__SSE2__)
    if (const auto format = float8_layout(to)) {
      floats_to_float8_sse2(src, reinterpret_cast<uint8_t*>(out.mutable_data()), n, *format, table->data_as<uint8_t>(),
                            key);
      return out;
    }
#endif
    if (to_bytes == 2) {
      const auto* t = table->data_as<uint16_t>();
      auto* dst = reinterpret_cast<uint16_t*>(out.mutable_data());
      for (int64_t i = 0; i < n; ++i) dst[i] = t[key(src[i])];
    } else {
      const auto* t = table->data_as<uint8_t>();
      auto* dst = reinterpret_cast<uint8_t*>(out.mutable_data());
      for (int64_t i = 0; i < n; ++i) dst[i] = t[key(src[i])];
    }
    return out;
  }
  return std::nullopt;
}

}  // namespace onnx_ref
