// Unit tests of ops/pool/max_pool.cpp.
#include <random>

#include "helpers/conv_pool.h"
#include "helpers/pool_common_rules.h"
#include "helpers/pool_windows.h"

TEST_CASE("MaxPool: Indices in both storage orders, int8, ceil_mode") {
  // X [1, 1, 2, 3] = [[1, 5, 2], [7, 3, 7]]; kernel 2x2 stride 1: maxima 7 (at (1,0)) and 7 (at (1,2)
  // vs (1,1)=3 and (0,1)=5: the window [5, 2; 3, 7] has max 7 at (1, 2)).
  const Tensor x = floats({1, 1, 2, 3}, {1, 5, 2, 7, 3, 7});
  auto r = run_node("MaxPool", 12, {x}, {{"kernel_shape", {2, 2}}}, 2);
  CHECK(values<float>(r[0]) == std::vector<float>{7, 7});
  CHECK(values<int64_t>(r[1]) == std::vector<int64_t>{3, 5});  // row-major: (1,0) = 3, (1,2) = 5
  r = run_node("MaxPool", 12, {x}, {{"kernel_shape", {2, 2}}, {"storage_order", {1}}}, 2);
  CHECK(values<int64_t>(r[1]) == std::vector<int64_t>{1, 5});  // column-major: h + w * 2
  const Tensor xi = Tensor::from_values<int8_t>(T::Int8, {1, 1, 5}, {-128, 3, -5, 127, -1});
  r = run_node("MaxPool", 12, {xi}, {{"kernel_shape", {2}}, {"strides", {2}}, {"ceil_mode", {1}}});
  CHECK(values<int8_t>(r[0]) == std::vector<int8_t>{3, 127, -1});  // the last window is partial
}

namespace pool_common_rules_tests {

// x = [1, 5, 2, 3], kernel 2, stride 1 (the default).
// MaxPool: no pads [5, 5, 3]; pads [1, 0] (one before) [1, 5, 5, 3]; pads [0, 1] (one after) [5, 5, 3, 3].
// spec: MaxPool-*: "If not present, the padding defaults to 0 along start and end of each spatial axis."
// spec: MaxPool-*: "`pads` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...], where xi_begin the number of pixels added at the beginning of axis `i` and xi_end, the number of pixels added at the end of axis `i`."
// spec: MaxPool-*: "Where default value is NOTSET, which means explicit padding is used."
// spec: MaxPool-11,12,22: "If not present, the stride defaults to 1 along each spatial axis."
// spec: MaxPool-11,12,22: "If not present, the dilation defaults to 1 along each spatial axis."
TEST_CASE("MaxPool, every version: pads default to 0, [begin..., end...]; stride and dilation default to 1") {
  const Tensor x = row({1, 5, 2, 3});
  for (int64_t v : kMax.versions) {
    INFO("MaxPool-", v);
    CHECK(values(pool("MaxPool", v, x, {2}).run_tensor()) == std::vector<float>{5, 5, 3});
    CHECK(values(pool("MaxPool", v, x, {2}).attribute("pads", std::vector<int64_t>{1, 0}).run_tensor()) ==
          std::vector<float>{1, 5, 5, 3});
    CHECK(values(pool("MaxPool", v, x, {2}).attribute("pads", std::vector<int64_t>{0, 1}).run_tensor()) ==
          std::vector<float>{5, 5, 3, 3});
  }
}

// x [1, 2, 2, 2]: channel 0 = 1, 9, 3, 4 (max 9 at flat index 1), channel 1 = 0, 2, 8, 5 (max 8 at
// flat index 4 + 2 = 6). With pads [1, 1, 1, 1] on the spatial axes the indices are unchanged.
// spec: MaxPool-8,10,11,12,22: "The dimensions of indices are the same as output tensor."
// spec: MaxPool-8,10,11,12,22: "The indices are computed as flatten 1-D tensor, and the indices do not consider padding."
// spec: MaxPool-12,22: "This attribute is used only to convert an n-tuple index value into a single integer value for producing the second output."
TEST_CASE("MaxPool-8 and later: Indices are flat row-major indices into X, blind to padding") {
  const Tensor x = Tensor::from_values<float>(ElementType::Float, {1, 2, 2, 2}, {1, 9, 3, 4, 0, 2, 8, 5});
  for (int64_t v : {8, 10, 11, 12, 22}) {
    INFO("MaxPool-", v);
    OpTester t("MaxPool", v);
    t.input(Value(x)).attribute("kernel_shape", std::vector<int64_t>{2, 2}).outputs(2);
    const auto out = t.run();
    REQUIRE(out.at(1).tensor().shape() == out.at(0).tensor().shape());
    REQUIRE(out.at(1).tensor().shape() == Shape{1, 2, 1, 1});
    CHECK(out.at(1).tensor().data_as<int64_t>()[0] == 1);
    CHECK(out.at(1).tensor().data_as<int64_t>()[1] == 6);
    OpTester padded("MaxPool", v);
    padded.input(Value(x))
        .attribute("kernel_shape", std::vector<int64_t>{3, 3})
        .attribute("pads", std::vector<int64_t>{1, 1, 1, 1})
        .outputs(2);
    const auto p = padded.run();
    REQUIRE(p.at(1).tensor().shape() == Shape{1, 2, 2, 2});
    for (int i = 0; i < 4; ++i) CHECK(p.at(1).tensor().data_as<int64_t>()[i] == 1);
    for (int i = 4; i < 8; ++i) CHECK(p.at(1).tensor().data_as<int64_t>()[i] == 6);
    // storage_order = 1 (column major): channel 0's maximum at (h 0, w 1) is 0 + 1 * 2 = 2; channel 1's at
    // (h 1, w 0) is 4 + 1 = 5. It changes the index only, not the values.
    OpTester columns("MaxPool", v);
    columns.input(Value(x))
        .attribute("kernel_shape", std::vector<int64_t>{2, 2})
        .attribute("storage_order", int64_t{1})
        .outputs(2);
    const auto c = columns.run();
    CHECK(c.at(1).tensor().data_as<int64_t>()[0] == 2);
    CHECK(c.at(1).tensor().data_as<int64_t>()[1] == 5);
    CHECK(values(c.at(0).tensor()) == std::vector<float>{9, 8});
  }
}

}  // namespace pool_common_rules_tests

namespace {

// The element a window gives, restated from the contract (ops/pool/max_pool.cpp's header): the
// largest, the first NaN once one is met, among equal maxima (+0 and -0 too) the first in kernel
// order. Returns its flat index in X.
template <class V>
int64_t oracle_max(const std::vector<V>& x, const pool_windows::Window& w) {
  int64_t b = w.taps.at(0);
  for (int64_t t : w.taps) {
    const V xb = x[static_cast<size_t>(b)], xt = x[static_cast<size_t>(t)];
    if (xb != xb) break;
    if (xt != xt || xt > xb) b = t;
  }
  return b;
}

// Runs every case of the sweep on x drawn by `draw`, with and without Indices, on 1, 2 and 3
// threads, and compares each output's bits and index with the oracle's.
template <class V, class Draw>
void check_max_sweep(ElementType type, uint64_t seed, Draw draw) {
  for (const pool_windows::PoolCase& c : pool_windows::sweep()) {
    std::mt19937_64 rng(++seed);
    std::vector<V> x(static_cast<size_t>(*checked_element_count(c.x_shape)));
    for (V& v : x) v = draw(rng);
    const Tensor xt = Tensor::from_values<V>(type, c.x_shape, x);
    const auto windows = pool_windows::windows(c);
    std::vector<V> want;
    std::vector<int64_t> want_index;
    for (const auto& w : windows) {
      want_index.push_back(oracle_max(x, w));
      want.push_back(x[static_cast<size_t>(want_index.back())]);
    }
    for (int threads : {1, 2, 3})
      for (size_t outputs : {1, 2}) {
        INFO("x ", shape_to_string(c.x_shape), ", threads ", threads, ", outputs ", outputs);
        const auto out = pool_windows::run_pool("MaxPool", 12, c, xt, threads, outputs);
        REQUIRE(static_cast<size_t>(out[0].tensor().element_count()) == want.size());
        CHECK(std::memcmp(out[0].tensor().data(), want.data(), want.size() * sizeof(V)) == 0);
        if (outputs == 2) CHECK(values<int64_t>(out[1].tensor()) == want_index);
      }
  }
}

}  // namespace

// spec: MaxPool-12: "max pooling consisting of computing the max on all values of a subset of the input tensor according to the kernel size"
// spec: MaxPool-12: "The indices are computed as flatten 1-D tensor, and the indices do not consider padding."
TEST_CASE("MaxPool-12: every window against the oracle, NaN payloads, signed zeros, ties, int8, 1 to 3 threads") {
  // Few distinct values, so that windows hold equal maxima; NaNs with distinct payloads, so that
  // the first one is told from a later one by its bits; +0 and -0, equal but not the same bits.
  check_max_sweep<float>(ElementType::Float, 100, [](std::mt19937_64& rng) {
    const int p = static_cast<int>(rng() % 100);
    if (p < 3) {
      const uint32_t bits = 0x7FC00000u | static_cast<uint32_t>(rng() & 0xFFFF);
      float v;
      std::memcpy(&v, &bits, sizeof v);
      return v;
    }
    if (p < 20) return p % 2 ? 0.0f : -0.0f;
    if (p < 23) return p % 2 ? INFINITY : -INFINITY;
    return static_cast<float>(static_cast<int>(rng() % 9) - 6) * 0.25f;
  });
  check_max_sweep<float>(ElementType::Float, 200, [](std::mt19937_64& rng) {
    return std::ldexp(static_cast<float>(rng() % (1u << 24)), static_cast<int>(rng() % 40) - 60) *
           (rng() % 2 ? 1.0f : -1.0f);
  });
  check_max_sweep<int8_t>(ElementType::Int8, 300, [](std::mt19937_64& rng) {
    return static_cast<int8_t>(static_cast<int>(rng() % 256) - 128);
  });
  check_max_sweep<uint8_t>(ElementType::UInt8, 400,
                           [](std::mt19937_64& rng) { return static_cast<uint8_t>(rng() % 7); });
}
