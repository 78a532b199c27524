// Conv, the pools and the exact quotient. Expected values are hand computations: small integers
// (exact in any order), or rounding cases worked out in binary.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>

#include "gemm/exact_quotient.h"
#include "model_builder.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

struct IntsAttr {
  std::string name;
  std::vector<int64_t> values;
};

std::vector<Tensor> run_node(const std::string& op, int64_t opset, const std::vector<Tensor>& inputs,
                             const std::vector<IntsAttr>& ints = {}, size_t outputs = 1, const std::string& auto_pad = "") {
  ModelBuilder b(opset);
  std::vector<std::string> names, outs;
  for (size_t i = 0; i < inputs.size(); ++i) {
    names.push_back("i" + std::to_string(i));
    b.input(names.back(), inputs[i].type(), inputs[i].shape());
  }
  for (size_t i = 0; i < outputs; ++i) {
    outs.push_back("y" + std::to_string(i));
    b.output(outs.back());
  }
  auto& node = b.node(op, names, outs);
  node.set_name("n");
  for (const auto& a : ints) {
    if (a.values.size() == 1 && (a.name == "group" || a.name == "storage_order" || a.name == "ceil_mode" ||
                                 a.name == "count_include_pad"))
      set_int(node, a.name, a.values[0]);
    else
      set_ints(node, a.name, a.values);
  }
  if (!auto_pad.empty()) {
    auto* p = node.add_attribute();
    p->set_name("auto_pad");
    p->set_type(onnx::AttributeProto::STRING);
    p->set_s(auto_pad);
  }
  std::map<std::string, Value> feeds;
  for (size_t i = 0; i < inputs.size(); ++i) feeds.emplace(names[i], inputs[i]);
  std::vector<Tensor> result;
  for (auto& [name, v] : b.build().run(feeds)) result.push_back(v.tensor());
  return result;
}

template <class V>
std::vector<V> values(const Tensor& t) {
  std::vector<V> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(V));
  return v;
}

Tensor floats(Shape shape, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(shape), v); }

}  // namespace

TEST_CASE("Conv: groups, padding, strides and dilations against a hand loop over small integers") {
  // X [1, 4, 5, 5] = 0..99, W [4, 2, 2, 2] (group 2) = alternating small integers, B = [1, 2, 3, 4].
  std::vector<float> x(100), w(32);
  for (int i = 0; i < 100; ++i) x[static_cast<size_t>(i)] = static_cast<float>(i % 7 - 3);
  for (int i = 0; i < 32; ++i) w[static_cast<size_t>(i)] = static_cast<float>(i % 5 - 2);
  const std::vector<float> bias{1, 2, 3, 4};
  const auto y = run_node("Conv", 22, {floats({1, 4, 5, 5}, x), floats({4, 2, 2, 2}, w), floats({4}, bias)},
                          {{"group", {2}}, {"pads", {1, 0, 1, 2}}, {"strides", {2, 1}}, {"dilations", {2, 2}}})[0];
  // Output: rows (5 + 1 + 1 - 3) / 2 + 1 = 3, cols (5 + 0 + 2 - 3) / 1 + 1 = 5.
  REQUIRE(y.shape() == Shape{1, 4, 3, 5});
  const auto got = values<float>(y);
  for (int m = 0; m < 4; ++m)
    for (int oh = 0; oh < 3; ++oh)
      for (int ow = 0; ow < 5; ++ow) {
        float want = bias[static_cast<size_t>(m)];
        const int g = m / 2;
        for (int c = 0; c < 2; ++c)
          for (int kh = 0; kh < 2; ++kh)
            for (int kw = 0; kw < 2; ++kw) {
              const int ih = oh * 2 - 1 + kh * 2, iw = ow - 0 + kw * 2;
              if (ih < 0 || ih >= 5 || iw < 0 || iw >= 5) continue;
              want += x[static_cast<size_t>(((g * 2 + c) * 5 + ih) * 5 + iw)] * w[static_cast<size_t>(((m * 2 + c) * 2 + kh) * 2 + kw)];
            }
        CHECK(got[static_cast<size_t>((m * 3 + oh) * 5 + ow)] == want);
      }
}

TEST_CASE("Conv 2-D: every window geometry against a hand loop (the row-segment im2col)") {
  // Small integers keep every product and sum exact, so the hand loop is the exact answer. The
  // geometries cover windows that start and end in the padding on either side, strides larger
  // than the kernel, dilations and rows that read nothing; a fixed LCG picks 400 of them.
  uint64_t state = 12345;
  auto next = [&](int64_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int64_t>((state >> 33) % static_cast<uint64_t>(n));
  };
  int checked = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int64_t H = 1 + next(7), W = 1 + next(9), KH = 1 + next(3), KW = 1 + next(3), SH = 1 + next(3), SW = 1 + next(3),
                  DH = 1 + next(2), DW = 1 + next(2), PT = next(3), PL = next(3), PB = next(3), PR = next(3), C = 1 + next(2);
    const int64_t OH = (H + PT + PB - (KH - 1) * DH - 1) / SH + 1, OW = (W + PL + PR - (KW - 1) * DW - 1) / SW + 1;
    if (H + PT + PB < (KH - 1) * DH + 1 || W + PL + PR < (KW - 1) * DW + 1) continue;
    std::vector<float> x(static_cast<size_t>(C * H * W)), w(static_cast<size_t>(C * KH * KW));
    for (auto& v : x) v = static_cast<float>(next(9) - 4);
    for (auto& v : w) v = static_cast<float>(next(5) - 2);
    const auto y = run_node("Conv", 11, {floats({1, C, H, W}, x), floats({1, C, KH, KW}, w)},
                            {{"pads", {PT, PL, PB, PR}}, {"strides", {SH, SW}}, {"dilations", {DH, DW}}})[0];
    REQUIRE(y.shape() == Shape{1, 1, OH, OW});
    const auto got = values<float>(y);
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow) {
        float want = 0;
        for (int64_t c = 0; c < C; ++c)
          for (int64_t kh = 0; kh < KH; ++kh)
            for (int64_t kw = 0; kw < KW; ++kw) {
              const int64_t ih = oh * SH - PT + kh * DH, iw = ow * SW - PL + kw * DW;
              if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
              want += x[static_cast<size_t>((c * H + ih) * W + iw)] * w[static_cast<size_t>((c * KH + kh) * KW + kw)];
            }
        INFO("trial " << trial << " H " << H << " W " << W << " kernel " << KH << "x" << KW << " strides " << SH << "," << SW
                      << " dilations " << DH << "," << DW << " pads " << PT << "," << PL << "," << PB << "," << PR);
        CHECK(got[static_cast<size_t>(oh * OW + ow)] == want);
      }
    ++checked;
  }
  CHECK(checked > 300);
}

TEST_CASE("Conv: a 1x1 convolution rounds its dot product once") {
  // Channels 1, 2^-24, 2^-30 times weights 1, 1, 2^-30: 1 + 2^-24 + 2^-60 rounds up to 1 + 2^-23.
  const auto y = run_node("Conv", 11, {floats({1, 3, 1, 1}, {1.0f, 0x1p-24f, 0x1p-30f}), floats({1, 3, 1, 1}, {1.0f, 1.0f, 0x1p-30f})})[0];
  CHECK(values<float>(y)[0] == 1.0f + 0x1p-23f);
}

// spec: Conv-22: "Or in other words FILTER_IN_CHANNEL multiplied by the number of groups should be equal to DATA_CHANNEL"
// spec: Conv-22: "This attribute cannot be used simultaneously with auto_pad attribute."
TEST_CASE("Conv: bad inputs are one-line errors") {
  const Tensor x = floats({1, 4, 3, 3}, std::vector<float>(36));
  CHECK_THROWS_WITH_AS(run_node("Conv", 22, {x, floats({2, 3, 1, 1}, std::vector<float>(6))}, {{"group", {2}}}),
                       doctest::Contains("must have C/group = 2 input channels"), Error);
  CHECK_THROWS_WITH_AS(run_node("Conv", 22, {x, floats({3, 2, 1, 1}, std::vector<float>(6))}, {{"group", {2}}}),
                       doctest::Contains("group 2 must divide"), Error);
  CHECK_THROWS_WITH_AS(run_node("Conv", 22, {x, floats({1, 4, 5, 5}, std::vector<float>(100))}),
                       doctest::Contains("is larger than the padded input"), Error);
  CHECK_THROWS_WITH_AS(run_node("Conv", 22, {x, floats({1, 4, 1, 1}, std::vector<float>(4))}, {{"pads", {-1, 0, 0, 0}}}),
                       doctest::Contains("pads must not be negative"), Error);
  CHECK_THROWS_WITH_AS(run_node("Conv", 22, {x, floats({1, 4, 1, 1}, std::vector<float>(4))}, {{"pads", {1, 0, 0, 0}}}, 1, "SAME_UPPER"),
                       doctest::Contains("cannot be used with auto_pad 'SAME_UPPER'"), Error);
  // An empty [1, 1, 2^31, 0] input padded to width 1, with 2^20 output channels: 2^51 floats of
  // output, refused before allocating.
  CHECK_THROWS_AS(run_node("Conv", 22, {floats({1, 1, int64_t{1} << 31, 0}, {}), floats({int64_t{1} << 20, 1, 1, 1}, std::vector<float>(size_t{1} << 20))},
                           {{"pads", {0, 0, 0, 1}}}),
                  Error);
}

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

TEST_CASE("AveragePool: exact sum over the count, count_include_pad") {
  const Tensor x = floats({1, 1, 3}, {1, 2, 4});
  auto r = run_node("AveragePool", 19, {x}, {{"kernel_shape", {2}}, {"pads", {1, 1}}});
  CHECK(values<float>(r[0]) == std::vector<float>{1, 1.5f, 3, 4});
  r = run_node("AveragePool", 19, {x}, {{"kernel_shape", {2}}, {"pads", {1, 1}}, {"count_include_pad", {1}}});
  CHECK(values<float>(r[0]) == std::vector<float>{0.5f, 1.5f, 3, 2});
  // (1 + 1 + 1 + 2^-24 * 3 + 2^-80) / 3 = 1 + 2^-24 + 2^-80/3: just above the tie, so 1 + 2^-23.
  const auto g = run_node("GlobalAveragePool", 22, {Tensor::from_values<double>(T::Double, {1, 1, 3}, {1 + 0x1p-24, 1 + 0x1p-24, 1 + 0x1p-24})})[0];
  CHECK(values<double>(g)[0] == 1 + 0x1p-24);
}

TEST_CASE("exact quotient: ties and near-ties are rounded once") {
  ExactSum s;
  s.add(3.0);
  s.add(3 * 0x1p-24);
  CHECK(gemm::round_quotient<float>(s, 3) == 1.0f);  // exactly 1 + 2^-24: a tie, to even
  ExactSum up = s;
  up.add(0x1p-80);  // the double quotient of the rounded sum would still be the tie
  CHECK(gemm::round_quotient<float>(up, 3) == 1.0f + 0x1p-23f);
  ExactSum down = s;
  down.add(-0x1p-80);
  CHECK(gemm::round_quotient<float>(down, 3) == 1.0f);
  ExactSum third;
  third.add(1.0);
  CHECK(gemm::round_quotient<double>(third, 3) == 1.0 / 3);  // IEEE division is correctly rounded
  CHECK(gemm::round_quotient<float>(third, 3) == 1.0f / 3);
}
