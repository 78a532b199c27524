// Philox4x64-10 against its published known-answer vectors (Random123's kat_vectors, which
// numpy.random.Philox reproduces), and the uniform values made from its words.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>

#include "numeric/random.h"

using namespace onnx_ref;

TEST_CASE("random.philox4x64_known_answers") {
  constexpr uint64_t kOnes = ~uint64_t{0};
  CHECK(philox4x64({0, 0, 0, 0}, {0, 0}) ==
        PhiloxCounter{0x16554d9eca36314cULL, 0xdb20fe9d672d0fdcULL, 0xd7e772cee186176bULL, 0x7e68b68aec7ba23bULL});
  CHECK(philox4x64({kOnes, kOnes, kOnes, kOnes}, {kOnes, kOnes}) ==
        PhiloxCounter{0x87b092c3013fe90bULL, 0x438c3c67be8d0224ULL, 0x9cc7d7c69cd777b6ULL, 0xa09caebf594f0ba0ULL});
  CHECK(philox4x64({0x243f6a8885a308d3ULL, 0x13198a2e03707344ULL, 0xa4093822299f31d0ULL, 0x082efa98ec4e6c89ULL},
                   {0x452821e638d01377ULL, 0xbe5466cf34e90c6cULL}) ==
        PhiloxCounter{0xa528f45403e61d95ULL, 0x38c72dbd566e9788ULL, 0xa5a1610e72fd18b5ULL, 0x57bd43b5e52b7fe6ULL});
}

TEST_CASE("random.stream_words_are_blocks_by_index") {
  // numpy.random.Philox(key=[7, 0]) starting from counter 0 gives these words 0..7.
  const RandomStream stream(7, 0);
  const uint64_t expected[8] = {0xe6982ec3b25eef92ULL, 0xc707d44a20eea5faULL, 0xf6eaaabfc203e3fbULL,
                                0x19ef929394632d51ULL, 0xdf4034b829e9fba4ULL, 0x4b9d10cdf8e64087ULL,
                                0x6b8b857e506aac98ULL, 0x67c7c945b1ba6e52ULL};
  // Read in reverse: a word depends on its index only, never on what was read before.
  for (int i = 7; i >= 0; --i) CHECK(stream.word(static_cast<uint64_t>(i)) == expected[i]);
  CHECK(RandomStream(7, 1).word(0) != expected[0]);
  CHECK(RandomStream(8, 0).word(0) != expected[0]);
}

TEST_CASE("random.uniform_values_are_exact_grid_points") {
  const RandomStream stream(7, 0);
  // word 0 = 0xe6982ec3b25eef92: its top 24 bits are 0xe6982e, its top 53 bits 0xe6982ec3b25eef92 >> 11.
  CHECK(stream.uniform_float(0) == static_cast<float>(0xe6982e) / 16777216.0f);
  CHECK(stream.uniform_double(0) == std::ldexp(static_cast<double>(0xe6982ec3b25eef92ULL >> 11), -53));
  for (uint64_t i = 0; i < 4096; ++i) {
    const float f = stream.uniform_float(i);
    const double d = stream.uniform_double(i);
    CHECK(f >= 0.0f);
    CHECK(f < 1.0f);
    CHECK(d >= 0.0);
    CHECK(d < 1.0);
    CHECK(std::ldexp(f, 24) == std::floor(std::ldexp(f, 24)));
  }
}

TEST_CASE("random.seed_from_attribute_distinguishes_every_float") {
  CHECK(seed_from_attribute(0.0f) == 0);
  CHECK(seed_from_attribute(-0.0f) == 0x80000000ULL);
  CHECK(seed_from_attribute(1.0f) == 0x3f800000ULL);
}
