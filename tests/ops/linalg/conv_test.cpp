// Conv (1, 11, 22) on the tiled engine, whose im2col blocks are packed straight from the input
// (ops/linalg/conv.cpp, Im2colSource): 1-D and 2-D windows with padding, strides, dilations and
// groups, every engine path and thread count, against an MPFR oracle that walks the windows by
// the spec's definition. Operators.md, Conv: "The convolution operator consumes an input tensor and
// a filter, and computes the output"; pads "the beginning and ending along each spatial axis";
// the contract of this implementation: each output the exact sum of its window's products plus
// the bias, rounded once.
#include <doctest/doctest.h>

#include <mpfr.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "gemm/dot.h"
#include "node_runner.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

namespace {

struct ConvCase {
  Shape x_shape, w_shape;  // [N, C, spatial...], [M, C/group, kernel...]
  int64_t group;
  std::vector<int64_t> pads, strides, dilations;
};

std::vector<float> random_floats(std::mt19937_64& rng, int64_t n) {
  std::uniform_int_distribution<int64_t> mant(-(int64_t{1} << 24) + 1, (int64_t{1} << 24) - 1);
  std::uniform_int_distribution<int> ex(-8, 8);
  std::vector<float> v;
  for (int64_t i = 0; i < n; ++i) v.push_back(std::ldexp(static_cast<float>(mant(rng)), ex(rng) - 24));
  return v;
}

int64_t count(const Shape& s) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  return n;
}

// The spec's convolution, exactly (MPFR at 2000 bits), rounded once to float.
std::vector<float> oracle(const ConvCase& c, const std::vector<float>& x, const std::vector<float>& w,
                          const std::vector<float>& b, Shape& out_shape) {
  const size_t r = c.x_shape.size() - 2;
  const int64_t N = c.x_shape[0], C = c.x_shape[1], M = c.w_shape[0], Cg = C / c.group, Mg = M / c.group;
  Shape in(c.x_shape.begin() + 2, c.x_shape.end()), k(c.w_shape.begin() + 2, c.w_shape.end()), out;
  for (size_t a = 0; a < r; ++a)
    out.push_back((in[a] + c.pads[a] + c.pads[a + r] - c.dilations[a] * (k[a] - 1) - 1) / c.strides[a] + 1);
  out_shape = {N, M};
  out_shape.insert(out_shape.end(), out.begin(), out.end());
  const int64_t in_size = count(in), out_size = count(out), k_size = count(k);
  std::vector<float> y;
  mpfr_t sum, p;
  mpfr_init2(sum, 2000);
  mpfr_init2(p, 2000);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m)
      for (int64_t o = 0; o < out_size; ++o) {
        mpfr_set_d(sum, b[static_cast<size_t>(m)], MPFR_RNDN);
        std::vector<int64_t> opos(r);
        for (int64_t t = o, a = static_cast<int64_t>(r) - 1; a >= 0; --a) {
          opos[static_cast<size_t>(a)] = t % out[static_cast<size_t>(a)];
          t /= out[static_cast<size_t>(a)];
        }
        const int64_t g = m / Mg;
        for (int64_t cg = 0; cg < Cg; ++cg)
          for (int64_t kk = 0; kk < k_size; ++kk) {
            int64_t flat = 0, t = kk;
            std::vector<int64_t> kpos(r);
            for (int64_t a = static_cast<int64_t>(r) - 1; a >= 0; --a) {
              kpos[static_cast<size_t>(a)] = t % k[static_cast<size_t>(a)];
              t /= k[static_cast<size_t>(a)];
            }
            bool inside = true;
            for (size_t a = 0; a < r; ++a) {
              const int64_t coord = opos[a] * c.strides[a] - c.pads[a] + kpos[a] * c.dilations[a];
              inside = inside && coord >= 0 && coord < in[a];
              flat = flat * in[a] + coord;
            }
            if (!inside) continue;  // padding reads zeros
            const float xv = x[static_cast<size_t>((n * C + g * Cg + cg) * in_size + flat)];
            const float wv = w[static_cast<size_t>((m * Cg + cg) * k_size + kk)];
            mpfr_set_d(p, xv, MPFR_RNDN);
            mpfr_mul_d(p, p, wv, MPFR_RNDN);  // exact
            mpfr_add(sum, sum, p, MPFR_RNDN);  // exact
          }
        y.push_back(mpfr_get_flt(sum, MPFR_RNDN));
      }
  mpfr_clear(sum);
  mpfr_clear(p);
  return y;
}

void check_case(const ConvCase& c, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto x = random_floats(rng, count(c.x_shape));
  const auto w = random_floats(rng, count(c.w_shape));
  const auto b = random_floats(rng, c.w_shape[0]);
  Shape out_shape;
  const auto want = oracle(c, x, w, b, out_shape);
  std::vector<gemm::GemmPath> paths{gemm::GemmPath::Automatic, gemm::GemmPath::TiledPortable};
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) paths.push_back(gemm::GemmPath::TiledAvx512);
  for (const auto path : paths)
    for (int threads : {1, 2, 3}) {
      const gemm::GemmPath saved_path = gemm::gemm_path();
      const int saved_threads = thread_count();
      gemm::set_gemm_path(path);
      set_thread_count(threads);
      const Tensor y = run_single_node(
          "Conv", 22,
          {Tensor::from_values<float>(ElementType::Float, c.x_shape, x), Tensor::from_values<float>(ElementType::Float, c.w_shape, w),
           Tensor::from_values<float>(ElementType::Float, {c.w_shape[0]}, b)},
          [&](onnx::NodeProto& node) {
            set_int(node, "group", c.group);
            set_ints(node, "pads", c.pads);
            set_ints(node, "strides", c.strides);
            set_ints(node, "dilations", c.dilations);
          });
      gemm::set_gemm_path(saved_path);
      set_thread_count(saved_threads);
      INFO("path " << static_cast<int>(path) << ", threads " << threads);
      REQUIRE(y.shape() == out_shape);
      REQUIRE(static_cast<size_t>(y.element_count()) == want.size());
      CHECK(std::memcmp(y.data(), want.data(), want.size() * sizeof(float)) == 0);
    }
}

}  // namespace

TEST_CASE("Conv-22: 2-D windows with pads, strides, dilations and groups, every path and thread count, against MPFR") {
  check_case({{2, 6, 11, 13}, {10, 3, 3, 2}, 2, {1, 2, 0, 1}, {2, 1}, {1, 2}}, 1);
  // Wide enough for several column tiles of the engine (more than 768 output positions) and a
  // K (C/group x kernel = 150) longer than one block of 128.
  check_case({{1, 6, 30, 31}, {9, 6, 5, 5}, 1, {2, 2, 2, 2}, {1, 1}, {1, 1}}, 2);
  // Windows that reach past both ends of a row, stride 3.
  check_case({{1, 2, 7, 40}, {4, 2, 3, 7}, 1, {1, 5, 1, 6}, {1, 3}, {1, 1}}, 3);
}

TEST_CASE("Conv-22: depthwise 2-D windows (summed directly), against MPFR") {
  check_case({{2, 5, 13, 17}, {5, 1, 3, 3}, 5, {1, 2, 1, 0}, {2, 1}, {1, 2}}, 6);
  check_case({{1, 3, 9, 40}, {3, 1, 5, 5}, 3, {2, 2, 2, 2}, {1, 3}, {1, 1}}, 7);
  check_case({{1, 2, 6, 7}, {4, 1, 3, 3}, 2, {1, 1, 1, 1}, {1, 1}, {1, 1}}, 8);  // two outputs per channel: the GEMM path
}

TEST_CASE("Conv-22: 1-D windows (run as 2-D with one row), against MPFR") {
  check_case({{2, 4, 50}, {6, 4, 5}, 1, {2, 3}, {3}, {2}}, 4);
  check_case({{1, 4, 9}, {4, 1, 3}, 4, {1, 1}, {1}, {1}}, 5);  // depthwise
}
