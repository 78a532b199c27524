// The checked GEMM engine (gemm/dot.h) and MatMul/Gemm. The oracle is integer arithmetic: inputs are
// m * 2^e with small exponents, so every exact sum is an __int128 multiple of a fixed power of two,
// and it is rounded to the element's precision by hand (round_to_bits below), never through the
// engine, ExactSum or a floating-point sum.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <random>

#include "gemm/dot.h"
#include "helpers/element_values.h"
#include "model_builder.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

// v * 2^scale rounded to `bits` significant bits, nearest, ties to even (no range limits: the tests
// keep values inside every format's normal range).
double round_to_bits(__int128 v, int scale, int bits) {
  if (v == 0) return 0.0;
  const bool neg = v < 0;
  unsigned __int128 m = neg ? static_cast<unsigned __int128>(-v) : static_cast<unsigned __int128>(v);
  int len = 0;
  for (unsigned __int128 x = m; x; x >>= 1) ++len;
  int shift = len - bits;
  if (shift > 0) {
    const unsigned __int128 rest = m & ((static_cast<unsigned __int128>(1) << shift) - 1);
    const unsigned __int128 half = static_cast<unsigned __int128>(1) << (shift - 1);
    m >>= shift;
    if (rest > half || (rest == half && (m & 1))) ++m;
    scale += shift;
  }
  // m now has at most bits + 1 bits, exactly representable in double.
  const double r = std::ldexp(static_cast<double>(static_cast<uint64_t>(m)), scale);
  return neg ? -r : r;
}

// A value m * 2^e as the test data holds it: the mantissa and exponent, and the element.
struct Exact {
  int64_t m;
  int e;
};

constexpr int kShift = 24;  // exponents are at least -12, so every product is an integer multiple of 2^-kShift

struct Case {
  int64_t M, K, N;
  std::vector<Exact> a, b;  // row-major
};

// Random entries m * 2^e, |m| < 2^mbits, e in [-spread, spread]; every third column of B is the
// negation of the first K/2 entries of A's row 0 pattern so sums cancel to a few small terms.
Case random_case(std::mt19937_64& rng, int64_t M, int64_t K, int64_t N, int mbits, int spread) {
  Case c{M, K, N, {}, {}};
  std::uniform_int_distribution<int64_t> mant(-(int64_t{1} << mbits) + 1, (int64_t{1} << mbits) - 1);
  std::uniform_int_distribution<int> ex(-spread, spread);
  for (int64_t i = 0; i < M * K; ++i) c.a.push_back({mant(rng), ex(rng)});
  for (int64_t i = 0; i < K * N; ++i) c.b.push_back({mant(rng), ex(rng)});
  // Cancellation: in columns j % 3 == 0, entries pair up (k, k + 1) so that a[0][k] * b[k][j] and
  // a[0][k+1] * b[k+1][j] are exact opposites for row 0, and A's row 0 repeats pairs.
  for (int64_t j = 0; j < N; j += 3)
    for (int64_t k = 0; k + 1 < K; k += 2) {
      if (M == 0) break;
      c.a[static_cast<size_t>(k + 1)] = c.a[static_cast<size_t>(k)];
      Exact& bk = c.b[static_cast<size_t>(k * N + j)];
      c.b[static_cast<size_t>((k + 1) * N + j)] = {-bk.m, bk.e};
    }
  if (M > 0 && K > 2 && N > 0) c.b[static_cast<size_t>((K - 1) * N)] = {1, -spread};  // one tiny survivor
  return c;
}

double value(const Exact& x) { return std::ldexp(static_cast<double>(x.m), x.e); }

// The exact sum of row i by column j (times alpha = am * 2^ae, plus beta * c) in units of 2^-kShift.
__int128 exact_dot(const Case& c, int64_t i, int64_t j) {
  __int128 s = 0;
  for (int64_t k = 0; k < c.K; ++k) {
    const Exact& x = c.a[static_cast<size_t>(i * c.K + k)];
    const Exact& y = c.b[static_cast<size_t>(k * c.N + j)];
    s += (static_cast<__int128>(x.m) * y.m) << (x.e + y.e + kShift);
  }
  return s;
}

template <class S>
S store(double v) {
  return narrow<S>(v);  // test inputs are exactly representable: this only changes the storage
}

template <class S>
std::vector<S> storage(const std::vector<Exact>& xs) {
  std::vector<S> out;
  for (const Exact& x : xs) {
    const S s = store<S>(value(x));
    REQUIRE(widen(s) == value(x));  // the data is exact in S
    out.push_back(s);
  }
  return out;
}

template <class S>
std::vector<S> run_engine(const Case& c, const std::vector<S>& a, const std::vector<S>& b, gemm::GemmStats* stats,
                          double alpha = 1, double beta = 0, const std::vector<S>* cm = nullptr) {
  std::vector<S> y(static_cast<size_t>(c.M * c.N));
  gemm::GemmArgs<S> g;
  g.M = c.M;
  g.N = c.N;
  g.K = c.K;
  g.A = {a.data(), c.K, 1};
  g.B = {b.data(), c.N, 1};
  g.alpha = alpha;
  g.beta = beta;
  if (cm) {
    g.has_c = true;
    g.C = {cm->data(), c.N, 1};
  }
  g.Y = y.data();
  gemm::gemm(g, stats);
  return y;
}

template <class S>
void check_against_oracle(std::mt19937_64& rng, int64_t M, int64_t K, int64_t N, int mbits, int spread, int bits) {
  const Case c = random_case(rng, M, K, N, mbits, spread);
  const auto a = storage<S>(c.a);
  const auto b = storage<S>(c.b);
  gemm::GemmStats stats;
  const auto y = run_engine<S>(c, a, b, &stats);
  int64_t wrong = 0;
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) {
      const double want = round_to_bits(exact_dot(c, i, j), -kShift, bits);
      const double got = widen(y[static_cast<size_t>(i * N + j)]);
      if (got != want) ++wrong;
    }
  CHECK(wrong == 0);
  CHECK(stats.outputs == M * N);
  CHECK(stats.exact_fallbacks > 0);  // the cancelling columns go to the exact path
}

struct Attr {
  std::string name;
  double value;
  bool is_float;
};

Tensor run_op(const std::string& op, int64_t opset, const std::vector<Tensor>& inputs,
              const std::vector<Attr>& attrs = {}) {
  testing::OpTester t(op, opset);
  for (const auto& i : inputs) t.input(Value(i));
  for (const auto& at : attrs) {
    if (at.is_float)
      t.attribute(at.name, static_cast<float>(at.value));
    else
      t.attribute(at.name, static_cast<int64_t>(at.value));
  }
  const auto out = t.run();
  REQUIRE(out.size() == 1);
  return out[0].tensor();
}

struct ThreadCount {
  explicit ThreadCount(int n) : saved(thread_count()) { set_thread_count(n); }
  ~ThreadCount() { set_thread_count(saved); }
  int saved;
};

}  // namespace
