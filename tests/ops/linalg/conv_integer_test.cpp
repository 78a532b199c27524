// ConvInteger-10 against a naive int64 oracle written here: random 1-D, 2-D and 3-D shapes with
// groups, strides (up to 6, past the packed gatherer's 4), dilations, padding and window counts that
// are not multiples of the vector width, every combination of int8 and uint8 and every zero-point
// kind, and sums that wrap, under every kernel configuration (tests/int8_kernel_configs.h).
#include <doctest/doctest.h>

#include <cstring>
#include <optional>
#include <random>

#include "helpers/int8_tensors.h"
#include "helpers/linalg_rules.h"
#include "helpers/quant.h"
#include "int8_kernel_configs.h"
#include "node_runner.h"

// The kernel tests, in a namespace of their own so that their helpers and those of the
// operator tests below do not meet.
namespace conv_integer_kernel_tests {

using namespace onnx_ref;
using namespace onnx_ref::testing;

namespace {

using ET = ElementType;

struct ConvCase {
  Int8Tensor x, w;
  std::optional<Int8Tensor> xz, wz;  // x: scalar; w: scalar or [M]
  int64_t group = 1;
  std::vector<int64_t> strides, dilations, pads;  // pads: begins, then ends
};

// ConvInteger-10: "The integer convolution operator consumes an input tensor, its zero-point, a
// filter, and its zero-point, and computes the output. The production MUST never overflow. The
// accumulation may overflow if and only if in 32 bits." The sum of (x - x_zero_point) *
// (w - w_zero_point) over each window; a tap in the padding adds nothing.
std::vector<int32_t> oracle(const ConvCase& c, Shape& out_shape) {
  const size_t r = c.x.shape.size() - 2;
  const int64_t N = c.x.shape[0], C = c.x.shape[1], M = c.w.shape[0], Cg = C / c.group, Mg = M / c.group;
  Shape in(c.x.shape.begin() + 2, c.x.shape.end()), ker(c.w.shape.begin() + 2, c.w.shape.end()), out;
  for (size_t a = 0; a < r; ++a)
    out.push_back((in[a] + c.pads[a] + c.pads[r + a] - ((ker[a] - 1) * c.dilations[a] + 1)) / c.strides[a] + 1);
  out_shape = {N, M};
  out_shape.insert(out_shape.end(), out.begin(), out.end());
  const int64_t xz = c.xz ? c.xz->v[0] : 0;
  std::vector<int32_t> y;
  std::vector<int64_t> o(r), k(r);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m) {
      const int64_t wz = !c.wz ? 0 : c.wz->v.size() == 1 ? c.wz->v[0] : c.wz->v[m];
      const int64_t g = m / Mg;
      std::fill(o.begin(), o.end(), 0);
      for (int64_t op = 0; op < count(out); ++op) {
        int64_t sum = 0;
        for (int64_t cc = 0; cc < Cg; ++cc) {
          std::fill(k.begin(), k.end(), 0);
          for (int64_t kp = 0; kp < count(ker); ++kp) {
            int64_t xi = n * C + g * Cg + cc, wi = m * Cg + cc;
            bool inside = true;
            for (size_t a = 0; a < r; ++a) {
              const int64_t pos = o[a] * c.strides[a] - c.pads[a] + k[a] * c.dilations[a];
              inside = inside && pos >= 0 && pos < in[a];
              xi = xi * in[a] + pos;
              wi = wi * ker[a] + k[a];
            }
            if (inside) sum += (c.x.v[xi] - xz) * (c.w.v[wi] - wz);
            for (size_t a = r; a-- > 0;)
              if (++k[a] < ker[a])
                break;
              else
                k[a] = 0;
          }
        }
        y.push_back(wrap32(sum));
        for (size_t a = r; a-- > 0;)
          if (++o[a] < out[a])
            break;
          else
            o[a] = 0;
      }
    }
  return y;
}

Tensor run(const ConvCase& c) {
  std::vector<std::optional<Tensor>> in{c.x.tensor(), c.w.tensor()};
  in.push_back(c.xz ? std::optional<Tensor>(c.xz->tensor()) : std::nullopt);
  in.push_back(c.wz ? std::optional<Tensor>(c.wz->tensor()) : std::nullopt);
  return run_single_node("ConvInteger", 10, in, [&](onnx::NodeProto& node) {
    set_ints(node, "strides", c.strides);
    set_ints(node, "dilations", c.dilations);
    set_ints(node, "pads", c.pads);
    set_int(node, "group", c.group);
  });
}

void check_case(const ConvCase& c) {
  Shape out_shape;
  const std::vector<int32_t> expected = oracle(c, out_shape);
  for_each_int8_kernel_config([&] {
    const Tensor y = run(c);
    REQUIRE(y.shape() == out_shape);
    std::vector<int32_t> v(static_cast<size_t>(y.element_count()));
    if (!v.empty()) std::memcpy(v.data(), y.data(), v.size() * 4);
    CHECK(v == expected);
  });
}

ConvCase random_case(std::mt19937& rng, ET tx, ET tw, size_t spatial, bool extreme) {
  std::uniform_int_distribution<int> pick(0, 999);
  ConvCase c;
  c.group = 1 + pick(rng) % 3 / 2;  // 1 or 2
  const int64_t Cg = 1 + pick(rng) % 6, Mg = 1 + pick(rng) % 9, N = 1 + pick(rng) % 2;
  Shape xs{N, c.group * Cg}, ws{c.group * Mg, Cg};
  for (size_t a = 0; a < spatial; ++a) {
    const int64_t kernel = 1 + pick(rng) % 4, dilation = 1 + pick(rng) % 4 / 3,
                  stride = 1 + pick(rng) % 7 / 2 + (pick(rng) % 8 == 0 ? 3 : 0);
    const int64_t pb = pick(rng) % 3, pe = pick(rng) % 3;
    const int64_t ek = (kernel - 1) * dilation + 1;
    const int64_t in = std::max<int64_t>(ek - pb - pe, 1) + pick(rng) % (spatial == 1 ? 80 : spatial == 2 ? 40 : 6);
    xs.push_back(in);
    ws.push_back(kernel);
    c.strides.push_back(stride);
    c.dilations.push_back(dilation);
    c.pads.push_back(pb);
  }
  for (size_t a = 0; a < spatial; ++a) c.pads.push_back(pick(rng) % 3);
  // The end pads above were drawn again; the input must still hold one window.
  for (size_t a = 0; a < spatial; ++a) {
    const int64_t ek = (ws[2 + a] - 1) * c.dilations[a] + 1;
    xs[2 + a] = std::max(xs[2 + a], ek - c.pads[a] - c.pads[spatial + a]);
  }
  c.x = random_int8(rng, tx, xs, extreme);
  c.w = random_int8(rng, tw, ws, extreme);
  const int xk = pick(rng) % 3, wk = pick(rng) % 4;
  if (xk == 1) c.xz = random_int8(rng, tx, {}, extreme);
  if (xk == 2) c.xz = random_int8(rng, tx, {1}, extreme);
  if (wk == 1) c.wz = random_int8(rng, tw, {}, extreme);
  if (wk == 2) c.wz = random_int8(rng, tw, {1}, extreme);
  if (wk == 3) c.wz = random_int8(rng, tw, {c.group * Mg}, extreme);  // per output channel
  return c;
}

}  // namespace

TEST_CASE("ConvInteger-10: exact wrapped int32 sums over random 1-D and 2-D windows, every type pair") {
  std::mt19937 rng(2710);
  for (ET tx : {ET::UInt8, ET::Int8})
    for (ET tw : {ET::UInt8, ET::Int8})
      for (size_t spatial : {1, 2, 2, 2})
        for (int i = 0; i < 3; ++i) {
          const ConvCase c = random_case(rng, tx, tw, spatial, i == 2);
          CAPTURE(name_of(tx));
          CAPTURE(name_of(tw));
          CAPTURE(shape_to_string(c.x.shape));
          CAPTURE(shape_to_string(c.w.shape));
          CAPTURE(c.group);
          CAPTURE(shape_to_string(c.strides));
          CAPTURE(shape_to_string(c.pads));
          CAPTURE(shape_to_string(c.dilations));
          check_case(c);
        }
}

TEST_CASE("ConvInteger-10: 3-D windows") {
  std::mt19937 rng(31);
  check_case(random_case(rng, ET::UInt8, ET::Int8, 3, false));
  check_case(random_case(rng, ET::Int8, ET::UInt8, 3, true));
}

TEST_CASE("ConvInteger-10: a 64-channel 3x3 layer whose rows span several panels") {
  std::mt19937 rng(64);
  ConvCase c;
  c.x = random_int8(rng, ET::UInt8, {1, 16, 21, 77});
  c.w = random_int8(rng, ET::UInt8, {64, 16, 3, 3});
  c.xz = random_int8(rng, ET::UInt8, {});
  c.wz = random_int8(rng, ET::UInt8, {64});
  c.strides = {1, 1};
  c.dilations = {1, 1};
  c.pads = {1, 1, 1, 1};
  check_case(c);
  c.strides = {2, 2};
  check_case(c);
}

TEST_CASE("ConvInteger-10: the int32 accumulation wraps modulo 2^32 (windows beyond 33,025 taps)") {
  // (255 - 0) * (-128 - 127) = -65025 per tap; 4,000 channels x 3 x 3 = 36,000 taps reach -2.34e9.
  ConvCase c;
  c.x = {ET::UInt8, {1, 4000, 4, 3}, std::vector<int32_t>(4000 * 12, 255)};
  c.w = {ET::Int8, {2, 4000, 3, 3}, std::vector<int32_t>(2 * 4000 * 9, -128)};
  c.xz = Int8Tensor{ET::UInt8, {}, {0}};
  c.wz = Int8Tensor{ET::Int8, {2}, {127, -128}};
  c.strides = {1, 1};
  c.dilations = {1, 1};
  c.pads = {0, 0, 0, 0};
  Shape s;
  const std::vector<int32_t> e = oracle(c, s);
  // spec: ConvInteger-10: "The accumulation may overflow if and only if in 32 bits."
  CHECK(e[0] == wrap32(int64_t{-65025} * 36000));
  check_case(c);
  c.pads = {1, 1, 1, 1};  // border windows read padding
  std::mt19937 rng(5);
  c.x = random_int8(rng, ET::UInt8, c.x.shape, true);
  check_case(c);
}

TEST_CASE("ConvInteger-10: many output channels over a small plane, the channels split over the threads") {
  std::mt19937 rng(150);
  ConvCase c;
  c.x = random_int8(rng, ET::Int8, {1, 5, 6, 7});
  c.w = random_int8(rng, ET::UInt8, {150, 5, 3, 3});
  c.xz = random_int8(rng, ET::Int8, {});
  c.wz = random_int8(rng, ET::UInt8, {150});
  c.strides = {1, 1};
  c.dilations = {1, 1};
  c.pads = {1, 0, 1, 2};
  check_case(c);
}

TEST_CASE("ConvInteger-10: wide rows, whose inner panels read no padding, for strides and dilations 1 and 2") {
  std::mt19937 rng(200);
  for (int64_t stride : {1, 2})
    for (int64_t dilation : {1, 2}) {
      ConvCase c;
      c.x = random_int8(rng, ET::UInt8, {1, 3, 11, 230});
      c.w = random_int8(rng, ET::Int8, {9, 3, 3, 3});
      c.xz = random_int8(rng, ET::UInt8, {});
      c.wz = random_int8(rng, ET::Int8, {9});
      c.strides = {stride, stride};
      c.dilations = {dilation, dilation};
      c.pads = {1, 2, 0, 1};
      CAPTURE(stride);
      CAPTURE(dilation);
      check_case(c);
    }
}

}  // namespace conv_integer_kernel_tests

TEST_CASE("ConvInteger: zero points and padding against a hand loop") {
  // x [1, 1, 3, 3] uint8, w [2, 1, 2, 2] int8, pads 1 on every side, x_zero_point 10, w_zero_point
  // per output channel.
  std::vector<uint8_t> x{10, 20, 30, 40, 50, 60, 70, 80, 90};
  std::vector<int8_t> w{1, -2, 3, -4, 5, 6, -7, 8};
  const std::vector<int8_t> wzp{1, -1};
  const auto y = quant_run(
      "ConvInteger", 10,
      {Tensor::from_values<uint8_t>(T::UInt8, {1, 1, 3, 3}, x), Tensor::from_values<int8_t>(T::Int8, {2, 1, 2, 2}, w),
       Tensor::from_values<uint8_t>(T::UInt8, {}, {10}), Tensor::from_values<int8_t>(T::Int8, {2}, wzp)},
      {{"pads", {1, 1, 1, 1}}})[0];
  REQUIRE(y.shape() == Shape{1, 2, 4, 4});
  std::vector<int32_t> expect(32, 0);
  for (int m = 0; m < 2; ++m)
    for (int oh = 0; oh < 4; ++oh)
      for (int ow = 0; ow < 4; ++ow) {
        int32_t s = 0;
        for (int kh = 0; kh < 2; ++kh)
          for (int kw = 0; kw < 2; ++kw) {
            const int ih = oh - 1 + kh, iw = ow - 1 + kw;
            if (ih < 0 || ih >= 3 || iw < 0 || iw >= 3) continue;
            s += (x[ih * 3 + iw] - 10) * (w[m * 4 + kh * 2 + kw] - wzp[m]);
          }
        expect[(m * 4 + oh) * 4 + ow] = s;
      }
  CHECK(quant_values<int32_t>(y) == expect);
  CHECK_THROWS_WITH_AS(quant_run("ConvInteger", 10,
                                 {Tensor::from_values<uint8_t>(T::UInt8, {1, 1, 3, 3}, x),
                                  Tensor::from_values<int8_t>(T::Int8, {2, 1, 2, 2}, w),
                                  Tensor::from_values<uint8_t>(T::UInt8, {2}, {1, 2})}),
                       doctest::Contains("x_zero_point"), Error);
}

namespace linalg_rules_tests {

// x = [1, 2, 3], w = [1, 1]: [3, 5]; x_zero_point 1: [0 + 1, 1 + 2] = [1, 3].
// spec: ConvInteger-10: "It's optional and default value is 0."
// spec: ConvInteger-10: "It's a scalar, which means a per-tensor/layer quantization."
// spec: ConvInteger-10: "If not present, should be inferred from input 'w'."
// spec: ConvInteger-10: "If not present, the stride defaults to 1 along each axis."
// spec: ConvInteger-10: "If not present, the dilation defaults to 1 along each axis."
// spec: ConvInteger-10: "number of groups input channels and output channels are divided into. default is 1."
// spec: ConvInteger-10: "Where default value is NOTSET, which means explicit padding is used."
// spec: ConvInteger-10: "Or in other words FILTER_IN_CHANNEL should be equal to DATA_CHANNEL."
// spec: ConvInteger-10: "The production MUST never overflow."
TEST_CASE("ConvInteger-10: zero points 0 by default, kernel from w, stride, dilation and group 1") {
  const Tensor x = u8({1, 1, 3}, {1, 2, 3});
  const Tensor w = u8({1, 1, 2}, {1, 1});
  CHECK(int32s(run("ConvInteger", 10, {x, w})) == std::vector<int32_t>{3, 5});
  CHECK(int32s(run("ConvInteger", 10, {x, w, u8({}, {1})})) == std::vector<int32_t>{1, 3});
  CHECK(int32s(run("ConvInteger", 10, {x, w, std::nullopt, u8({}, {1})})) == std::vector<int32_t>{0, 0});
  CHECK(int32s(run("ConvInteger", 10, {u8({1, 1, 2}, {255, 255}), u8({1, 1, 2}, {255, 255})})) ==
        std::vector<int32_t>{130050});
  CHECK_THROWS_AS(run("ConvInteger", 10, {x, u8({1, 2, 2}, {1, 1, 1, 1})}), Error);
}

// Two output channels, weights [1, 1] and [2, 2], w_zero_point per channel [0, 1]: x = [1, 2, 3] gives
// channel 0 [3, 5] and channel 1 (w - 1 = [1, 1]) [3, 5].
// spec: ConvInteger-10: "It could be a scalar or a 1-D tensor, which means a per-tensor/layer or per output channel quantization."
// spec: ConvInteger-10: "If it's a 1-D tensor, its number of elements should be equal to the number of output channels (M)"
// spec: ConvInteger-10: "auto_pad must be either NOTSET, SAME_UPPER, SAME_LOWER or VALID."
// spec: ConvInteger-10: "Padding for the beginning and ending along each spatial axis, it can take any value greater than or equal to 0."
TEST_CASE("ConvInteger-10: a per-channel weight zero point of M elements; auto_pad names and pads checked") {
  const Tensor x = u8({1, 1, 3}, {1, 2, 3});
  const Tensor w = u8({2, 1, 2}, {1, 1, 2, 2});
  CHECK(int32s(run("ConvInteger", 10, {x, w, std::nullopt, u8({2}, {0, 1})})) == std::vector<int32_t>{3, 5, 3, 5});
  CHECK_THROWS_AS(run("ConvInteger", 10, {x, w, std::nullopt, u8({3}, {0, 1, 2})}), Error);
  CHECK_THROWS_AS(run("ConvInteger", 10, {x, w}, [](OpTester& t) { t.attribute("auto_pad", "SAME"); }), Error);
  CHECK_THROWS_AS(run("ConvInteger", 10, {x, w}, ints("pads", {-1, 0})), Error);
}

}  // namespace linalg_rules_tests
