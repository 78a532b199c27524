// The checked GEMM engine (gemm/dot.h) and MatMul/Gemm. The oracle is integer arithmetic: inputs are
// m * 2^e with small exponents, so every exact sum is an __int128 multiple of a fixed power of two,
// and it is rounded to the element's precision by hand (round_to_bits below), never through the
// engine, ExactSum or a floating-point sum.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <random>

#include "gemm/dot.h"
#include "model_builder.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/error.h"
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

Tensor run_op(const std::string& op, int64_t opset, const std::vector<Tensor>& inputs, const std::vector<Attr>& attrs = {}) {
  ModelBuilder b(opset);
  std::vector<std::string> names;
  for (size_t i = 0; i < inputs.size(); ++i) {
    names.push_back("i" + std::to_string(i));
    b.input(names.back(), inputs[i].type(), inputs[i].shape());
  }
  b.output("y");
  auto& node = b.node(op, names, {"y"});
  node.set_name("n");
  for (const auto& at : attrs) {
    if (at.is_float) {
      auto* p = node.add_attribute();
      p->set_name(at.name);
      p->set_type(onnx::AttributeProto::FLOAT);
      p->set_f(static_cast<float>(at.value));
    } else {
      set_int(node, at.name, static_cast<int64_t>(at.value));
    }
  }
  std::map<std::string, Value> feeds;
  for (size_t i = 0; i < inputs.size(); ++i) feeds.emplace(names[i], inputs[i]);
  const auto out = b.build().run(feeds);
  REQUIRE(out.size() == 1);
  return out[0].second.tensor();
}

template <class V>
Tensor make(T type, Shape shape, std::vector<V> values) {
  return Tensor::from_values<V>(type, std::move(shape), values);
}
template <class V>
std::vector<V> values(const Tensor& t) {
  std::vector<V> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(V));
  return v;
}

struct ThreadCount {
  explicit ThreadCount(int n) : saved(thread_count()) { set_thread_count(n); }
  ~ThreadCount() { set_thread_count(saved); }
  int saved;
};

}  // namespace

TEST_CASE("round_to_bits, the oracle's rounding, by hand") {
  CHECK(round_to_bits(3, 0, 1) == 4.0);  // 11b to one bit: tie, to even (100b)
  CHECK(round_to_bits(5, 0, 2) == 4.0);  // 101b: tie, to even 100b
  CHECK(round_to_bits(7, 0, 2) == 8.0);
  CHECK(round_to_bits(-(int64_t{1} << 24) - 1, 0, 24) == -16777216.0);
  CHECK(round_to_bits((int64_t{1} << 24) + 3, -2, 24) == 4194305.0);
}

TEST_CASE("GEMM engine: float against exact rationals, with cancellation and long K") {
  std::mt19937_64 rng(11);
  check_against_oracle<float>(rng, 7, 2000, 13, 24, 10, 24);
  check_against_oracle<float>(rng, 9, 5, 130, 24, 10, 24);
}

TEST_CASE("GEMM engine: double (double-double products) against exact rationals") {
  std::mt19937_64 rng(12);
  check_against_oracle<double>(rng, 6, 600, 11, 40, 5, 53);
}

TEST_CASE("GEMM engine: float16 and bfloat16 against exact rationals") {
  std::mt19937_64 rng(13);
  check_against_oracle<Float16Bits>(rng, 5, 12, 9, 5, 1, 11);  // sums stay below 65504
  check_against_oracle<BFloat16Bits>(rng, 5, 300, 9, 8, 6, 8);
}

TEST_CASE("GEMM engine: double rounding traps are rounded once") {
  // 1 + 2^-24 is a tie between floats 1 and 1 + 2^-23 (to even: 1); the extra 2^-60 makes it round
  // up. Summing in double first would lose 2^-60 and give 1.
  const std::vector<float> a{1.0f, 0x1p-24f, 0x1p-30f};
  const std::vector<float> b_tie{1.0f, 1.0f, 0.0f};
  const std::vector<float> b_up{1.0f, 1.0f, 0x1p-30f};
  Case c{1, 3, 1, {}, {}};
  CHECK(run_engine<float>(c, a, b_tie, nullptr)[0] == 1.0f);
  CHECK(run_engine<float>(c, a, b_up, nullptr)[0] == 1.0f + 0x1p-23f);
  // double: 1 + 2^-53 + 2^-150 rounds up; products 2^-53 = 2^-26 * 2^-27, 2^-150 = 2^-75 * 2^-75.
  const std::vector<double> ad{1.0, 0x1p-26, 0x1p-75};
  const std::vector<double> bd{1.0, 0x1p-27, 0x1p-75};
  CHECK(run_engine<double>(c, ad, bd, nullptr)[0] == 1.0 + 0x1p-52);
  // A product beyond 53 bits: (1 + 2^-30)^2 = 1 + 2^-29 + 2^-60; minus 1 leaves 2^-29 + 2^-60 exactly.
  const std::vector<double> a2{1.0 + 0x1p-30, 1.0, 0.0};
  const std::vector<double> b2{1.0 + 0x1p-30, -1.0, 0.0};
  CHECK(run_engine<double>(c, a2, b2, nullptr)[0] == 0x1p-29 + 0x1p-60);
}

TEST_CASE("GEMM engine: signed zeros, empty sums, infinities and NaN") {
  Case c{1, 2, 1, {}, {}};
  CHECK(std::signbit(run_engine<float>(c, {-0.0f, 0.0f}, {0.0f, -0.0f}, nullptr)[0]));  // -0 + -0
  CHECK(!std::signbit(run_engine<float>(c, {1.0f, 1.0f}, {1.0f, -1.0f}, nullptr)[0]));  // 1 - 1 = +0
  CHECK(std::isnan(run_engine<float>(c, {INFINITY, 1.0f}, {0.0f, 1.0f}, nullptr)[0]));  // inf * 0
  CHECK(run_engine<float>(c, {INFINITY, 1.0f}, {2.0f, -5.0f}, nullptr)[0] == INFINITY);
  CHECK(std::isnan(run_engine<double>(c, {INFINITY, 1.0}, {1.0, 0.0}, nullptr)[0] - INFINITY));
  Case empty{2, 0, 2, {}, {}};
  for (float v : run_engine<float>(empty, {}, {}, nullptr)) CHECK((v == 0 && !std::signbit(v)));
  // float products beyond float's range are exact in double; the sum comes back in range.
  CHECK(run_engine<float>(c, {0x1p100f, 0x1p100f}, {0x1p100f, -0x1p100f}, nullptr)[0] == 0.0f);
  CHECK(run_engine<float>(c, {0x1p100f, 1.0f}, {0x1p100f, 0.0f}, nullptr)[0] == INFINITY);
}

TEST_CASE("GEMM engine: integers wrap, intermediate sums overflow") {
  Case c{1, 3, 1, {}, {}};
  // 2^31-1 squared overflows int32 many times over; the exact sum modulo 2^32 is the answer.
  const int32_t big = 2147483647;
  const auto y = run_engine<int32_t>(c, {big, big, -big}, {big, big, 3}, nullptr);
  const __int128 exact = static_cast<__int128>(big) * big * 2 - static_cast<__int128>(big) * 3;
  CHECK(y[0] == static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(exact))));
  const auto u = run_engine<uint64_t>(c, {~uint64_t{0}, 2, 0}, {~uint64_t{0}, 3, 7}, nullptr);
  CHECK(u[0] == uint64_t{1} + 6);  // (2^64 - 1)^2 = 1 mod 2^64
}

TEST_CASE("GEMM engine: 1, 2 and 3 threads give bit-identical outputs") {
  std::mt19937_64 rng(21);
  const Case c = random_case(rng, 37, 257, 141, 24, 12);
  const auto a = storage<float>(c.a);
  const auto b = storage<float>(c.b);
  std::vector<float> ref;
  {
    ThreadCount one(1);
    ref = run_engine<float>(c, a, b, nullptr);
  }
  for (int n : {2, 3}) {
    ThreadCount t(n);
    const auto y = run_engine<float>(c, a, b, nullptr);
    CHECK(std::memcmp(y.data(), ref.data(), ref.size() * sizeof(float)) == 0);
  }
  for (int64_t i = 0; i < c.M; ++i)
    for (int64_t j = 0; j < c.N; ++j)
      CHECK(ref[static_cast<size_t>(i * c.N + j)] == round_to_bits(exact_dot(c, i, j), -kShift, 24));
}

TEST_CASE("parallel_for covers the range once, in chunks fixed by n and the thread count") {
  ThreadCount t(3);
  std::vector<int> hits(1000, 0);
  parallel_for(1000, 1, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) ++hits[static_cast<size_t>(i)];
  });
  for (int h : hits) CHECK(h == 1);
  CHECK_THROWS_AS(parallel_for(10, 1, [](int64_t b, int64_t) {
                    if (b > 0) throw Error("chunk failed");
                  }),
                  Error);
}

TEST_CASE("MatMul: numpy.matmul shapes, batch broadcasting, vectors") {
  // [2, 1, 2, 3] x [3, 3, 1]: batch [2, 3], each 2x3 times 3x1.
  std::vector<float> a(12), b(9);
  for (int i = 0; i < 12; ++i) a[static_cast<size_t>(i)] = static_cast<float>(i);
  for (int i = 0; i < 9; ++i) b[static_cast<size_t>(i)] = static_cast<float>(i % 4 - 1);
  const Tensor y = run_op("MatMul", 13, {make(T::Float, {2, 1, 2, 3}, a), make(T::Float, {3, 3, 1}, b)});
  CHECK(y.shape() == Shape{2, 3, 2, 1});
  const auto got = values<float>(y);
  for (int n = 0; n < 2; ++n)
    for (int m = 0; m < 3; ++m)
      for (int r = 0; r < 2; ++r) {
        float want = 0;  // small integers: exact in any order
        for (int k = 0; k < 3; ++k) want += a[static_cast<size_t>(n * 6 + r * 3 + k)] * b[static_cast<size_t>(m * 3 + k)];
        CHECK(got[static_cast<size_t>((n * 3 + m) * 2 + r)] == want);
      }
  // Vectors: [3] x [3] is a scalar; [3] x [3, 2] is [2].
  CHECK(run_op("MatMul", 13, {make<float>(T::Float, {3}, {1, 2, 3}), make<float>(T::Float, {3}, {4, 5, 6})}).shape() == Shape{});
  const Tensor v = run_op("MatMul", 9, {make<int64_t>(T::Int64, {3}, {1, 2, 3}), make<int64_t>(T::Int64, {3, 2}, {1, 0, 0, 1, 1, 1})});
  CHECK(v.shape() == Shape{2});
  CHECK(values<int64_t>(v) == std::vector<int64_t>{4, 5});
}

TEST_CASE("MatMul: bad inputs are one-line errors") {
  CHECK_THROWS_WITH_AS(run_op("MatMul", 13, {make<float>(T::Float, {2, 3}, std::vector<float>(6)), make<float>(T::Float, {2, 3}, std::vector<float>(6))}),
                       doctest::Contains("MatMul inner dimensions differ: A [2, 3] has 3 columns but B [2, 3] has 2 rows"), Error);
  CHECK_THROWS_WITH_AS(run_op("MatMul", 13, {make<float>(T::Float, {}, {1}), make<float>(T::Float, {1}, {1})}),
                       doctest::Contains("rank 1 or more"), Error);
  CHECK_THROWS_WITH_AS(run_op("MatMul", 13, {make<float>(T::Float, {2, 1, 1}, {1, 1}), make<float>(T::Float, {3, 1, 1}, {1, 1, 1})}),
                       doctest::Contains("batch dimensions do not broadcast"), Error);
  // [2^21, 0] x [0, 2^21]: empty inputs, but 2^42 floats (16 TiB) of output, refused before allocating.
  CHECK_THROWS_AS(run_op("MatMul", 13, {make<float>(T::Float, {int64_t{1} << 21, 0}, {}), make<float>(T::Float, {0, int64_t{1} << 21}, {})}),
                  Error);
}

// spec: Gemm-11,13: "If not specified, the computation is done as if C is a scalar 0."
// spec: Gemm-13: "The shape of A should be (M, K) if transA is 0, or (K, M) if transA is non-zero."
// spec: Gemm-13: "The shape of B should be (K, N) if transB is 0, or (N, K) if transB is non-zero."
TEST_CASE("Gemm: alpha * A'B' + beta * C is rounded once") {
  // alpha = 0.75, beta = 3: Y = 0.75 * (A B) + 3 C, every value small integers / quarters: exact.
  const Tensor a = make<float>(T::Float, {3, 2}, {1, 4, 2, 5, 3, 6});  // A' = [[1,2,3],[4,5,6]] with transA
  const Tensor b = make<float>(T::Float, {2, 3}, {1, 0, 1, 0, 1, 1});  // B' = [[1,0],[0,1],[1,1]] with transB
  const Tensor c = make<float>(T::Float, {2}, {1, -1});                 // broadcast along rows
  const Tensor y = run_op("Gemm", 13, {a, b, c},
                          {{"alpha", 0.75, true}, {"beta", 3, true}, {"transA", 1, false}, {"transB", 1, false}});
  CHECK(y.shape() == Shape{2, 2});
  CHECK(values<float>(y) == std::vector<float>{0.75f * 4 + 3, 0.75f * 5 - 3, 0.75f * 10 + 3, 0.75f * 11 - 3});
  // One rounding: alpha * s + beta * c where alpha * s alone is not a float. s = 1 + 2^-23 (A = [1 + 2^-23],
  // B = [1]), alpha = 1 + 2^-23: alpha * s = 1 + 2^-22 + 2^-46; beta * c = -(1 + 2^-22): the exact
  // result is 2^-46, which rounding alpha * s to float first would lose entirely.
  const float e = 1.0f + 0x1p-23f;
  const Tensor y2 = run_op("Gemm", 13,
                           {make<float>(T::Float, {1, 1}, {e}), make<float>(T::Float, {1, 1}, {1}),
                            make<float>(T::Float, {}, {-(1.0f + 0x1p-22f)})},
                           {{"alpha", e, true}});
  CHECK(values<float>(y2)[0] == 0x1p-46f);
  // Without C (11 and later), and integer Gemm with whole alpha.
  CHECK(values<float>(run_op("Gemm", 11, {make<float>(T::Float, {1, 2}, {1, 2}), make<float>(T::Float, {2, 1}, {3, 4})}))[0] == 11.0f);
  CHECK(values<int32_t>(run_op("Gemm", 13, {make<int32_t>(T::Int32, {1, 1}, {65536}), make<int32_t>(T::Int32, {1, 1}, {65536}),
                                            make<int32_t>(T::Int32, {1, 1}, {5})},
                               {{"alpha", 3, true}, {"beta", -1, true}}))[0] == -5);  // 3 * 2^32 wraps to 0
}

// spec: Gemm-13: "The shape of C should be unidirectional broadcastable to (M, N)."
TEST_CASE("Gemm: bad inputs are one-line errors") {
  const Tensor a = make<float>(T::Float, {2, 3}, std::vector<float>(6));
  CHECK_THROWS_WITH_AS(run_op("Gemm", 13, {a, a}), doctest::Contains("Gemm inner dimensions differ: A has 3 columns but B has 2 rows"), Error);
  CHECK_THROWS_WITH_AS(run_op("Gemm", 13, {a, a, make<float>(T::Float, {3}, {1, 2, 3})}, {{"transB", 1, false}}),
                       doctest::Contains("C of shape [3] does not broadcast to [2, 2]"), Error);
  CHECK_THROWS_WITH_AS(run_op("Gemm", 6, {a, a, make<float>(T::Float, {2}, {1, 2})}, {{"transB", 1, false}}),
                       doctest::Contains("broadcast = 0 needs C of shape [2, 2]"), Error);
  CHECK_THROWS_WITH_AS(run_op("Gemm", 13, {a, a}, {{"transB", 2, false}}), doctest::Contains("'transB' must be 0 or 1, got 2"), Error);
  CHECK_THROWS_WITH_AS(run_op("Gemm", 13, {make<float>(T::Float, {6}, std::vector<float>(6)), a}), doctest::Contains("Gemm needs 2-D A and B"), Error);
  const Tensor i = make<int64_t>(T::Int64, {1, 1}, {1});
  CHECK_THROWS_WITH_AS(run_op("Gemm", 13, {i, i}, {{"alpha", 0.5, true}}), doctest::Contains("whole alpha"), Error);
}
