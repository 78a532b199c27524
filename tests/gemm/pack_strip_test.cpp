// pack_float_strip24_avx512 (gemm/micro_kernel.h): the packed strip holds each float widened
// exactly, zeros past the live columns, and each lane's norms gain |x|, x^2 and max |x| in the
// order of k, as a scalar loop written here computes them.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "gemm/micro_kernel.h"

using namespace onnx_ref::gemm;

TEST_CASE("pack_float_strip24_avx512: values, zero lanes and norms against a scalar loop") {
  if (!tiled::cpu_has_avx512()) return;
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> u(-1, 1);
  const int64_t kc = 37, stride = 53;
  std::vector<float> src(static_cast<size_t>(kc * stride));
  for (size_t i = 0; i < src.size(); ++i) src[i] = std::ldexp(u(rng), static_cast<int>(i % 60) - 30);
  for (int64_t cn : {1, 7, 8, 9, 16, 17, 24}) {
    INFO("cn " << cn);
    std::vector<double> out(static_cast<size_t>(kc * 24), -1.0), l1(24, 0.5), l2(24, 0.25), li(24, 0.125);
    std::vector<double> w1 = l1, w2 = l2, wi = li;
    tiled::pack_float_strip24_avx512(src.data(), stride, kc, cn, out.data(), l1.data(), l2.data(), li.data());
    int64_t bad = 0;
    for (int64_t k = 0; k < kc; ++k)
      for (int64_t c = 0; c < 24; ++c) {
        const double x = c < cn ? static_cast<double>(src[static_cast<size_t>(k * stride + c)]) : 0.0;
        bad += std::memcmp(&out[static_cast<size_t>(k * 24 + c)], &x, 8) != 0;
        const double a = std::fabs(x);
        w1[static_cast<size_t>(c)] += a;
        w2[static_cast<size_t>(c)] += a * a;
        wi[static_cast<size_t>(c)] = std::fmax(wi[static_cast<size_t>(c)], a);
      }
    CHECK(bad == 0);
    CHECK(l1 == w1);
    CHECK(l2 == w2);
    CHECK(li == wi);
  }
}
