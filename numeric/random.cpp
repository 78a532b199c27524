#include "numeric/random.h"

#include <bit>

namespace onnx_ref {

namespace {

constexpr uint64_t kPhiloxM0 = 0xD2E7470EE14C6C93ULL;
constexpr uint64_t kPhiloxM1 = 0xCA5A826395121157ULL;
constexpr uint64_t kPhiloxW0 = 0x9E3779B97F4A7C15ULL;  // golden ratio
constexpr uint64_t kPhiloxW1 = 0xBB67AE8584CAA73BULL;  // sqrt(3) - 1

struct PhiloxProduct {
  uint64_t hi;
  uint64_t lo;
};

PhiloxProduct philox_multiply(uint64_t a, uint64_t b) {
  const unsigned __int128 product = static_cast<unsigned __int128>(a) * b;
  return {static_cast<uint64_t>(product >> 64), static_cast<uint64_t>(product)};
}

}  // namespace

PhiloxCounter philox4x64(PhiloxCounter counter, PhiloxKey key) {
  for (int round = 0; round < 10; ++round) {
    if (round > 0) {
      key[0] += kPhiloxW0;
      key[1] += kPhiloxW1;
    }
    const PhiloxProduct p0 = philox_multiply(kPhiloxM0, counter[0]);
    const PhiloxProduct p1 = philox_multiply(kPhiloxM1, counter[2]);
    counter = {p1.hi ^ counter[1] ^ key[0], p1.lo, p0.hi ^ counter[3] ^ key[1], p0.lo};
  }
  return counter;
}

uint64_t RandomStream::word(uint64_t index) const { return philox4x64({index / 4, 0, 0, 0}, key_)[index % 4]; }

float RandomStream::uniform_float(uint64_t index) const { return static_cast<float>(word(index) >> 40) * 0x1p-24f; }

double RandomStream::uniform_double(uint64_t index) const { return static_cast<double>(word(index) >> 11) * 0x1p-53; }

uint64_t seed_from_attribute(float seed) { return std::bit_cast<uint32_t>(seed); }

}  // namespace onnx_ref
