// The tiled engine (gemm/tiled.cpp, contract and bound in gemm/dot.h): every path (panel engine,
// tiled with the portable kernel, tiled with AVX-512 where the CPU has it) and every thread count
// gives, bit for bit, the exact value rounded once. The oracle is MPFR: products and sums of the
// test's floats are exact at 2000 bits (their exponents stay within +-300), and mpfr_get_flt (or a
// rounding to 11 or 8 bits) rounds the exact value once.
#include <doctest/doctest.h>

#include <mpfr.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "gemm/dot.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"

using namespace onnx_ref;

namespace {

struct PathScope {
  explicit PathScope(gemm::GemmPath p) : saved(gemm::gemm_path()) { gemm::set_gemm_path(p); }
  ~PathScope() { gemm::set_gemm_path(saved); }
  gemm::GemmPath saved;
};

struct Threads {
  explicit Threads(int n) : saved(thread_count()) { set_thread_count(n); }
  ~Threads() { set_thread_count(saved); }
  int saved;
};

std::vector<gemm::GemmPath> tiled_paths() {
  std::vector<gemm::GemmPath> paths{gemm::GemmPath::Panels, gemm::GemmPath::TiledPortable};
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) paths.push_back(gemm::GemmPath::TiledAvx512);
  return paths;
}

// alpha * sum_k a_k b_k + beta * c, exact, rounded once to `bits` significant bits (24: float).
double oracle(const std::vector<double>& a, const std::vector<double>& b, double alpha, double beta, double c,
              int bits) {
  mpfr_t sum, p;
  mpfr_init2(sum, 2000);
  mpfr_init2(p, 2000);
  mpfr_set_zero(sum, 1);
  for (size_t k = 0; k < a.size(); ++k) {
    mpfr_set_d(p, a[k], MPFR_RNDN);
    mpfr_mul_d(p, p, b[k], MPFR_RNDN);  // exact at 2000 bits
    mpfr_add(sum, sum, p, MPFR_RNDN);   // exact
  }
  mpfr_mul_d(sum, sum, alpha, MPFR_RNDN);
  mpfr_set_d(p, c, MPFR_RNDN);
  mpfr_mul_d(p, p, beta, MPFR_RNDN);
  mpfr_add(sum, sum, p, MPFR_RNDN);
  double out;
  if (bits == 24) {
    out = static_cast<double>(mpfr_get_flt(sum, MPFR_RNDN));
  } else {
    mpfr_prec_round(sum, bits, MPFR_RNDN);
    out = mpfr_get_d(sum, MPFR_RNDN);  // exact: bits < 53
  }
  mpfr_clear(sum);
  mpfr_clear(p);
  return out;
}

// Entries m * 2^e with m of `mbits` bits and e in [-spread, spread]; in every fourth column of B
// consecutive products of row 0 cancel in pairs, so those sums are small against their terms.
struct Problem {
  int64_t M, K, N;
  std::vector<double> a, b, c;  // row-major; c is M x N
};

Problem make_problem(uint64_t seed, int64_t M, int64_t K, int64_t N, int mbits, int spread) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int64_t> mant(-(int64_t{1} << mbits) + 1, (int64_t{1} << mbits) - 1);
  std::uniform_int_distribution<int> ex(-spread, spread);
  auto draw = [&] { return std::ldexp(static_cast<double>(mant(rng)), ex(rng) - mbits); };
  Problem p{M, K, N, {}, {}, {}};
  for (int64_t i = 0; i < M * K; ++i) p.a.push_back(draw());
  for (int64_t i = 0; i < K * N; ++i) p.b.push_back(draw());
  for (int64_t i = 0; i < M * N; ++i) p.c.push_back(draw());
  for (int64_t j = 0; j < N; j += 4)
    for (int64_t k = 0; k + 1 < K; k += 2) {
      p.a[static_cast<size_t>(k + 1)] = p.a[static_cast<size_t>(k)];
      p.b[static_cast<size_t>((k + 1) * N + j)] = -p.b[static_cast<size_t>(k * N + j)];
    }
  return p;
}

template <class S>
std::vector<S> to_storage(const std::vector<double>& v) {
  std::vector<S> out;
  for (double x : v) {
    out.push_back(narrow<S>(x));
    REQUIRE(widen(out.back()) == x);  // the data is exact in S
  }
  return out;
}

template <class S>
std::vector<S> run(const Problem& p, const std::vector<S>& a, const std::vector<S>& b, const std::vector<S>& c,
                   double alpha, double beta, gemm::GemmStats* stats) {
  std::vector<S> y(static_cast<size_t>(p.M * p.N));
  gemm::GemmArgs<S> g;
  g.M = p.M;
  g.N = p.N;
  g.K = p.K;
  g.A = {a.data(), p.K, 1};
  g.B = {b.data(), p.N, 1};
  g.alpha = alpha;
  g.beta = beta;
  g.has_c = beta != 0;
  g.C = {c.data(), p.N, 1};
  g.Y = y.data();
  gemm::gemm(g, stats);
  return y;
}

template <class S>
void check_all_paths(const Problem& p, int bits, double alpha, double beta) {
  const auto a = to_storage<S>(p.a), b = to_storage<S>(p.b), c = to_storage<S>(p.c);
  std::vector<double> want(static_cast<size_t>(p.M * p.N));
  for (int64_t i = 0; i < p.M; ++i)
    for (int64_t j = 0; j < p.N; ++j) {
      std::vector<double> row(p.a.begin() + i * p.K, p.a.begin() + (i + 1) * p.K), col;
      for (int64_t k = 0; k < p.K; ++k) col.push_back(p.b[static_cast<size_t>(k * p.N + j)]);
      want[static_cast<size_t>(i * p.N + j)] =
          oracle(row, col, alpha, beta, p.c[static_cast<size_t>(i * p.N + j)], bits);
    }
  for (const gemm::GemmPath path : tiled_paths())
    for (int threads : {1, 2, 3}) {
      PathScope scope(path);
      Threads t(threads);
      gemm::GemmStats stats;
      const auto y = run<S>(p, a, b, c, alpha, beta, &stats);
      int64_t wrong = 0;
      for (size_t k = 0; k < y.size(); ++k)
        if (!(widen(y[k]) == want[k] && std::signbit(widen(y[k])) == std::signbit(want[k]))) ++wrong;
      INFO("path " << static_cast<int>(path) << ", threads " << threads);
      CHECK(wrong == 0);
      CHECK(stats.outputs == p.M * p.N);
    }
}

}  // namespace

TEST_CASE("tiled GEMM: float, every path and thread count, against MPFR") {
  // Shapes cross the engine's blocks: K past 128 (several K blocks), N past 192 (several column
  // tiles), M past 512 (several row tiles), and edges that are not multiples of 8 or 24.
  check_all_paths<float>(make_problem(1, 37, 300, 53, 24, 20), 24, 1, 0);
  check_all_paths<float>(make_problem(2, 9, 129, 200, 24, 8), 24, 1, 0);
  check_all_paths<float>(make_problem(3, 530, 20, 30, 24, 8), 24, 1, 0);
  // Gemm's epilogue: alpha * AB + beta * C rounded once (alpha and beta as float attributes hold them).
  check_all_paths<float>(make_problem(4, 21, 150, 40, 24, 10), 24, static_cast<double>(0.3f), 1.5);
}

TEST_CASE("tiled GEMM: float16 and bfloat16, every path and thread count, against MPFR") {
  check_all_paths<Float16Bits>(make_problem(5, 17, 140, 30, 5, 1), 11, 1, 0);  // sums stay below 65504
  check_all_paths<BFloat16Bits>(make_problem(6, 17, 260, 30, 8, 6), 8, 1, 0);
}

TEST_CASE("tiled GEMM: ties and near ties go to the compensated recheck and to ExactSum") {
  // Row i of A is (1, 2^-24, tiny_i, 0, ...), every column of B is (1, 1, 1, 0, ...): the sum
  // 1 + 2^-24 is a tie between floats 1 and 1 + 2^-23 (to even: 1); 1 + 2^-24 + 2^-60 rounds up.
  // The first stage's bound (about 2^-44 here) cannot tell them apart; the compensated sum decides
  // the near tie, and only ExactSum the exact tie.
  const int64_t M = 16, K = 41, N = 30;
  std::vector<float> a(static_cast<size_t>(M * K), 0.0f), b(static_cast<size_t>(K * N), 0.0f), c;
  for (int64_t i = 0; i < M; ++i) {
    a[static_cast<size_t>(i * K)] = 1.0f;
    a[static_cast<size_t>(i * K + 1)] = 0x1p-24f;
    a[static_cast<size_t>(i * K + 2)] = i % 2 == 0 ? 0.0f : 0x1p-60f;
    for (int64_t k = 3; k < K; ++k) a[static_cast<size_t>(i * K + k)] = (k % 2 ? 0x1p-30f : -0x1p-30f);  // cancel
  }
  std::fill(b.begin(), b.end(), 1.0f);  // the 38 terms +-2^-30 (k >= 3) cancel exactly
  const Problem p{M, K, N, {}, {}, {}};
  for (const gemm::GemmPath path : tiled_paths()) {
    if (path == gemm::GemmPath::Panels) continue;
    PathScope scope(path);
    gemm::GemmStats stats;
    const auto y = run<float>(p, a, b, c, 1, 0, &stats);
    for (int64_t i = 0; i < M; ++i) {
      std::vector<double> row(a.begin() + i * K, a.begin() + (i + 1) * K), col(static_cast<size_t>(K), 1.0);
      const double want = oracle(row, col, 1, 0, 0, 24);
      for (int64_t j = 0; j < N; ++j) CHECK(static_cast<double>(y[static_cast<size_t>(i * N + j)]) == want);
    }
    CHECK(stats.exact_fallbacks > 0);
    CHECK(stats.compensated > 0);
    CHECK(stats.exact_fallbacks + stats.compensated <= M * N);
  }
}

TEST_CASE("tiled GEMM: exact midpoints by hand") {
  // 1 + 2^-24 exactly: a tie, to even gives 1; 1 + 3 * 2^-24 gives 1 + 2^-22 (to even).
  const int64_t M = 8, K = 2, N = 24;
  std::vector<float> a(static_cast<size_t>(M * K)), b(static_cast<size_t>(K * N), 1.0f), c;
  for (int64_t i = 0; i < M; ++i) {
    a[static_cast<size_t>(i * K)] = 1.0f;
    a[static_cast<size_t>(i * K + 1)] = i % 2 ? 3 * 0x1p-24f : 0x1p-24f;
  }
  const Problem p{M, K, N, {}, {}, {}};
  PathScope scope(gemm::GemmPath::TiledPortable);
  const auto y = run<float>(p, a, b, c, 1, 0, nullptr);
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) CHECK(y[static_cast<size_t>(i * N + j)] == (i % 2 ? 1.0f + 0x1p-22f : 1.0f));
}

TEST_CASE("tiled GEMM: signed zeros, infinities and NaN") {
  const int64_t M = 8, K = 3, N = 24;
  const Problem p{M, K, N, {}, {}, {}};
  std::vector<float> c;
  PathScope scope(gemm::GemmPath::TiledPortable);
  auto one = [&](std::vector<float> row, std::vector<float> col) {
    std::vector<float> a, b;
    for (int64_t i = 0; i < M; ++i) a.insert(a.end(), row.begin(), row.end());
    for (int64_t k = 0; k < K; ++k)
      for (int64_t j = 0; j < N; ++j) b.push_back(col[static_cast<size_t>(k)]);
    return run<float>(p, a, b, c, 1, 0, nullptr)[static_cast<size_t>(5 * N + 7)];
  };
  CHECK(std::signbit(one({-0.0f, 0.0f, 1.0f}, {0.0f, -0.0f, -0.0f})));  // every product -0: -0
  CHECK(!std::signbit(one({1.0f, 0.0f, 1.0f}, {0.0f, 1.0f, 0.0f})));    // +0 products: +0
  CHECK(!std::signbit(one({1.0f, 1.0f, 0.0f}, {1.0f, -1.0f, 0.0f})));   // 1 - 1 = +0
  CHECK(std::isnan(one({INFINITY, 1.0f, 1.0f}, {0.0f, 1.0f, 1.0f})));   // inf * 0
  CHECK(one({INFINITY, 1.0f, 1.0f}, {2.0f, -5.0f, 1.0f}) == INFINITY);
  CHECK(std::isnan(one({NAN, 1.0f, 1.0f}, {1.0f, 1.0f, 1.0f})));
  CHECK(one({0x1p100f, 0x1p100f, 1.0f}, {0x1p100f, -0x1p100f, 0x1p-149f}) == 0x1p-149f);  // beyond float, back
  CHECK(one({0x1p100f, 1.0f, 0.0f}, {0x1p100f, 0.0f, 0.0f}) == INFINITY);                 // rounds beyond float's range
}

TEST_CASE("tiled GEMM: a transposed B (Gemm's transB) and a single row, every path and thread count") {
  // One row against 300 columns stored column by column (B's element (k, j) at j * K + k), as a
  // fully connected layer's weights are: the transposed packing reads each column along k.
  for (const int64_t M : {int64_t{1}, int64_t{11}}) {
    const Problem p = make_problem(7 + static_cast<uint64_t>(M), M, 260, 300, 24, 12);
    const auto a = to_storage<float>(p.a);
    std::vector<float> bt(static_cast<size_t>(p.K * p.N));
    for (int64_t k = 0; k < p.K; ++k)
      for (int64_t j = 0; j < p.N; ++j)
        bt[static_cast<size_t>(j * p.K + k)] = static_cast<float>(p.b[static_cast<size_t>(k * p.N + j)]);
    for (const gemm::GemmPath path : tiled_paths())
      for (int threads : {1, 2, 3}) {
        PathScope scope(path);
        Threads t(threads);
        std::vector<float> y(static_cast<size_t>(p.M * p.N));
        gemm::GemmArgs<float> g;
        g.M = p.M;
        g.N = p.N;
        g.K = p.K;
        g.A = {a.data(), p.K, 1};
        g.B = {bt.data(), 1, p.K};
        g.Y = y.data();
        gemm::gemm(g);
        int64_t wrong = 0;
        for (int64_t i = 0; i < p.M; ++i)
          for (int64_t j = 0; j < p.N; ++j) {
            std::vector<double> row(p.a.begin() + i * p.K, p.a.begin() + (i + 1) * p.K), col;
            for (int64_t k = 0; k < p.K; ++k) col.push_back(p.b[static_cast<size_t>(k * p.N + j)]);
            if (static_cast<double>(y[static_cast<size_t>(i * p.N + j)]) != oracle(row, col, 1, 0, 0, 24)) ++wrong;
          }
        INFO("M " << M << ", path " << static_cast<int>(path) << ", threads " << threads);
        CHECK(wrong == 0);
      }
  }
}
