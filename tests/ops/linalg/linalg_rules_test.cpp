// Conv, ConvTranspose, Gemm, MatMulInteger, ConvInteger, Det and Col2Im, every version: the rules of
// the ONNX 1.22.0 text (defaults of pads, strides, dilations, kernel shape, alpha and beta, channel
// counts, zero points), each check citing its sentence. Small integer data: every expected value is
// exact, by hand in the comments.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace linalg_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }
Tensor u8(Shape s, std::vector<uint8_t> v) { return Tensor::from_values<uint8_t>(T::UInt8, std::move(s), v); }
std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }
std::vector<int32_t> int32s(const Tensor& t) { return {t.data_as<int32_t>(), t.data_as<int32_t>() + t.element_count()}; }

Tensor run(const char* op, int64_t v, std::vector<std::optional<Tensor>> inputs, const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(i ? std::optional<Value>(Value(*i)) : std::nullopt);
  if (attrs) attrs(t);
  return t.run_tensor();
}
auto ints(const char* name, std::vector<int64_t> v) {
  return [name, v](OpTester& t) { t.attribute(name, v); };
}

// x = [1, 2, 3, 4], w = [1, 1] (the kernel shape read from W): sums of neighbours.
// spec: Conv-*: "If not present, should be inferred from input W."
// spec: Conv-*: "If not present, the padding defaults to 0 along start and end of each spatial axis."
// spec: Conv-*: "`pads` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...]"
// spec: Conv-*: "Where default value is NOTSET, which means explicit padding is used."
// spec: Conv-11,22: "If not present, the dilation defaults is 1 along each spatial axis."
// spec: Conv-11,22: "If not present, the stride defaults is 1 along each spatial axis."
// spec: Conv-1,11: "This attribute cannot be used simultaneously with auto_pad attribute."
TEST_CASE("Conv, every version: kernel shape from W, pads 0 by default and [begin, end], stride and dilation 1") {
  const Tensor x = f32({1, 1, 4}, {1, 2, 3, 4});
  const Tensor w = f32({1, 1, 2}, {1, 1});
  for (int64_t v : {1, 11, 22}) {
    INFO("Conv-", v);
    CHECK(floats(run("Conv", v, {x, w})) == std::vector<float>{3, 5, 7});
    CHECK(floats(run("Conv", v, {x, w}, ints("pads", {1, 0}))) == std::vector<float>{1, 3, 5, 7});
    CHECK(floats(run("Conv", v, {x, w}, ints("pads", {0, 1}))) == std::vector<float>{3, 5, 7, 4});
    CHECK_THROWS_AS(run("Conv", v, {x, w}, [](OpTester& t) { t.attribute("pads", std::vector<int64_t>{1, 0}).attribute("auto_pad", "VALID"); }),
                    Error);
  }
}

// spec: Conv-1: "Or in other words FILTER_IN_CHANNEL should be equal to DATA_CHANNEL."
// spec: Conv-11: "Or in other words FILTER_IN_CHANNEL multiplied by the number of groups should be equal to DATA_CHANNEL and the number of feature maps M should be a multiple of the number of groups G."
TEST_CASE("Conv, every version: W's input channels times group are X's channels; M a multiple of group") {
  const Tensor x = f32({1, 2, 2}, {1, 2, 3, 4});
  for (int64_t v : {1, 11, 22}) {
    INFO("Conv-", v);
    CHECK(floats(run("Conv", v, {x, f32({1, 2, 1}, {1, 10})})) == std::vector<float>{31, 42});
    CHECK_THROWS_AS(run("Conv", v, {x, f32({1, 1, 1}, {1})}), Error);
    const auto two_groups = [](OpTester& t) { t.attribute("group", int64_t{2}); };
    // Each channel its own filter: [1, 2] * 2 and [3, 4] * 3.
    CHECK(floats(run("Conv", v, {x, f32({2, 1, 1}, {2, 3})}, two_groups)) == std::vector<float>{2, 4, 9, 12});
    CHECK_THROWS_AS(run("Conv", v, {x, f32({3, 1, 1}, {1, 1, 1})}, two_groups), Error);
  }
}

// x = [1, 2], w = [1, 1], stride 1: full output [1, 3, 2]; pads [1, 0] drop the first, [0, 1] the last.
// spec: ConvTranspose-*: "If not present, should be inferred from input W."
// spec: ConvTranspose-*: "If not present, the padding defaults to 0 along start and end of each spatial axis."
// spec: ConvTranspose-*: "`pads` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...]"
// spec: ConvTranspose-*: "Where default value is NOTSET, which means explicit padding is used."
// spec: ConvTranspose-*: "This attribute cannot be used simultaneously with auto_pad attribute."
// spec: ConvTranspose-*: "If output_shape is specified pads values are ignored."
// spec: ConvTranspose-11,22: "If not present, the dilation defaults to 1 along each spatial axis."
// spec: ConvTranspose-11,22: "If not present, the stride defaults to 1 along each spatial axis."
TEST_CASE("ConvTranspose, every version: kernel from W, pads 0 by default and [begin, end]; output_shape overrides pads") {
  const Tensor x = f32({1, 1, 2}, {1, 2});
  const Tensor w = f32({1, 1, 2}, {1, 1});
  for (int64_t v : {1, 11, 22}) {
    INFO("ConvTranspose-", v);
    CHECK(floats(run("ConvTranspose", v, {x, w})) == std::vector<float>{1, 3, 2});
    CHECK(floats(run("ConvTranspose", v, {x, w}, ints("pads", {1, 0}))) == std::vector<float>{3, 2});
    CHECK(floats(run("ConvTranspose", v, {x, w}, ints("pads", {0, 1}))) == std::vector<float>{1, 3});
    CHECK(floats(run("ConvTranspose", v, {x, w}, [](OpTester& t) {
            t.attribute("pads", std::vector<int64_t>{1, 0}).attribute("output_shape", std::vector<int64_t>{3});
          })) == std::vector<float>{1, 3, 2});
    CHECK_THROWS_AS(run("ConvTranspose", v, {x, w}, [](OpTester& t) {
                      t.attribute("pads", std::vector<int64_t>{1, 0}).attribute("auto_pad", "SAME_UPPER");
                    }),
                    Error);
  }
}

// spec: ConvTranspose-*: "The number of channels in the output should be equal to W.shape[1] * group (assuming zero based indices of the shape array)"
// spec: ConvTranspose-11,22: "Each padding value in "output_padding" must be less than the corresponding stride/dilation dimension."
// spec: ConvTranspose-11,22: "By default, this attribute is a zero vector."
// spec: ConvTranspose-11,22: "It only controls the selection of the computed values, so changing this attribute only adds or removes output elements."
TEST_CASE("ConvTranspose: W.shape[1] * group output channels; output_padding 0 by default, below the stride, adding elements") {
  const Tensor x = f32({1, 1, 2}, {1, 2});
  for (int64_t v : {1, 11, 22}) {
    INFO("ConvTranspose-", v);
    CHECK(run("ConvTranspose", v, {x, f32({1, 3, 2}, {1, 1, 1, 1, 1, 1})}).shape() == Shape{1, 3, 3});
    CHECK(run("ConvTranspose", v, {f32({1, 2, 2}, {1, 2, 3, 4}), f32({2, 1, 2}, {1, 1, 1, 1})},
              [](OpTester& t) { t.attribute("group", int64_t{2}); })
              .shape() == Shape{1, 2, 3});
    if (v < 11) continue;
    const Tensor w = f32({1, 1, 2}, {1, 1});
    // Stride 2: x[0] lands on 0 and 1, x[1] on 2 and 3: [1, 1, 2, 2]; output_padding 1 adds a 0.
    CHECK(floats(run("ConvTranspose", v, {x, w}, ints("strides", {2}))) == std::vector<float>{1, 1, 2, 2});
    CHECK(floats(run("ConvTranspose", v, {x, w}, [](OpTester& t) {
            t.attribute("strides", std::vector<int64_t>{2}).attribute("output_padding", std::vector<int64_t>{1});
          })) == std::vector<float>{1, 1, 2, 2, 0});
    CHECK_THROWS_AS(run("ConvTranspose", v, {x, w}, ints("output_padding", {1})), Error);
  }
}

// A = [[1, 2], [3, 4]], B = [[5, 6], [7, 8]]: AB = [[19, 22], [43, 50]]; A'B = [[26, 30], [38, 44]];
// AB' = [[17, 23], [39, 53]].
// spec: Gemm-1,6: "Scalar multiplier for the product of input tensors A * B, the default value is 1.0."
// spec: Gemm-1,6: "Scalar multiplier for input tensor C, the default value is 1.0."
// spec: Gemm-7,9,11,13: "Scalar multiplier for the product of input tensors A * B."
// spec: Gemm-7,9,11,13: "Scalar multiplier for input tensor C."
// spec: Gemm-*: "Whether A should be transposed"
// spec: Gemm-*: "Whether B should be transposed"
TEST_CASE("Gemm, every version: alpha and beta 1 by default; transA and transB") {
  const Tensor a = f32({2, 2}, {1, 2, 3, 4});
  const Tensor b = f32({2, 2}, {5, 6, 7, 8});
  const Tensor c = f32({2, 2}, {1, 1, 1, 1});
  for (int64_t v : {1, 6, 7, 9, 11, 13}) {
    INFO("Gemm-", v);
    CHECK(floats(run("Gemm", v, {a, b, c})) == std::vector<float>{20, 23, 44, 51});
    CHECK(floats(run("Gemm", v, {a, b, c}, [](OpTester& t) { t.attribute("alpha", 2.0f).attribute("beta", 3.0f); })) ==
          std::vector<float>{41, 47, 89, 103});
    CHECK(floats(run("Gemm", v, {a, b, c}, [](OpTester& t) { t.attribute("transA", int64_t{1}); })) == std::vector<float>{27, 31, 39, 45});
    CHECK(floats(run("Gemm", v, {a, b, c}, [](OpTester& t) { t.attribute("transB", int64_t{1}); })) == std::vector<float>{18, 24, 40, 54});
  }
}

// spec: Gemm-1,6: "Whether C should be broadcasted"
// spec: Gemm-7,9,11,13: "This operator supports **unidirectional broadcasting** (tensor C should be unidirectional broadcastable to tensor A * B)"
// spec: Gemm-7,9,11: "The shape of C should be unidirectional broadcastable to (M, N)."
// spec: Gemm-7,9,11: "The shape of A should be (M, K) if transA is 0, or (K, M) if transA is non-zero."
// spec: Gemm-7,9,11: "The shape of B should be (K, N) if transB is 0, or (N, K) if transB is non-zero."
// spec: Gemm-11,13: "An empty string may be used in the place of an actual argument's name to indicate a missing argument."
TEST_CASE("Gemm: C broadcast (with broadcast = 1 at 1 and 6), shapes checked, C optional from 11") {
  const Tensor a = f32({2, 2}, {1, 2, 3, 4});
  const Tensor b = f32({2, 2}, {5, 6, 7, 8});
  const Tensor row = f32({2}, {1, 2});
  for (int64_t v : {1, 6, 7, 9, 11, 13}) {
    INFO("Gemm-", v);
    const auto broadcast = [v](OpTester& t) {
      if (v < 7) t.attribute("broadcast", int64_t{1});
    };
    CHECK(floats(run("Gemm", v, {a, b, row}, broadcast)) == std::vector<float>{20, 24, 44, 52});
    if (v < 7) CHECK_THROWS_AS(run("Gemm", v, {a, b, row}), Error);
    CHECK_THROWS_AS(run("Gemm", v, {a, b, f32({3}, {1, 2, 3})}, broadcast), Error);
    CHECK_THROWS_AS(run("Gemm", v, {f32({2, 3}, {1, 2, 3, 4, 5, 6}), b, row}, broadcast), Error);
    CHECK_THROWS_AS(run("Gemm", v, {a, f32({3, 2}, {1, 2, 3, 4, 5, 6}), row}, broadcast), Error);
    if (v >= 11) CHECK(floats(run("Gemm", v, {a, b, std::nullopt})) == std::vector<float>{19, 22, 43, 50});
  }
}

// A = [[1, 2]], B = [[3], [4]]: 1 * 3 + 2 * 4 = 11; a_zero_point 1: 0 * 3 + 1 * 4 = 4; b_zero_point 3:
// 1 * 0 + 2 * 1 = 2. 255 * 255 = 65025 is kept whole in int32.
// spec: MatMulInteger-10: "It's optional and default value is 0."
// spec: MatMulInteger-10: "It could be a scalar or N-D tensor."
// spec: MatMulInteger-10: "Scalar refers to per tensor quantization whereas N-D refers to per row quantization."
// spec: MatMulInteger-10: "It could be a scalar or a N-D tensor, Scalar refers to per tensor quantization whereas N-D refers to per col quantization."
// spec: MatMulInteger-10: "The production MUST never overflow."
TEST_CASE("MatMulInteger-10: zero points 0 by default, per tensor or per row / column; products in int32") {
  const Tensor a = u8({1, 2}, {1, 2});
  const Tensor b = u8({2, 1}, {3, 4});
  CHECK(int32s(run("MatMulInteger", 10, {a, b})) == std::vector<int32_t>{11});
  CHECK(int32s(run("MatMulInteger", 10, {a, b, u8({}, {1})})) == std::vector<int32_t>{4});
  CHECK(int32s(run("MatMulInteger", 10, {a, b, u8({1}, {1})})) == std::vector<int32_t>{4});
  CHECK(int32s(run("MatMulInteger", 10, {a, b, std::nullopt, u8({}, {3})})) == std::vector<int32_t>{2});
  CHECK(int32s(run("MatMulInteger", 10, {a, b, std::nullopt, u8({1}, {3})})) == std::vector<int32_t>{2});
  CHECK(int32s(run("MatMulInteger", 10, {u8({1, 1}, {255}), u8({1, 1}, {255})})) == std::vector<int32_t>{65025});
}

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
  CHECK(int32s(run("ConvInteger", 10, {u8({1, 1, 2}, {255, 255}), u8({1, 1, 2}, {255, 255})})) == std::vector<int32_t>{130050});
  CHECK_THROWS_AS(run("ConvInteger", 10, {x, u8({1, 2, 2}, {1, 1, 1, 1})}), Error);
}

// spec: Det-*: "The output is a tensor of shape `[*]`, containing the determinants of all input submatrices. e.g., When the input is 2-D, the output is a scalar(shape is empty: `[]`)."
TEST_CASE("Det, every version: a scalar for one matrix, one determinant per matrix of a batch") {
  for (int64_t v : {11, 22}) {
    INFO("Det-", v);
    const Tensor one = run("Det", v, {f32({2, 2}, {1, 2, 3, 4})});
    CHECK(one.shape() == Shape{});
    CHECK(one.data_as<float>()[0] == -2.0f);
    const Tensor batch = run("Det", v, {f32({2, 2, 2}, {1, 2, 3, 4, 2, 0, 0, 3})});
    CHECK(batch.shape() == Shape{2});
    CHECK(floats(batch) == std::vector<float>{-2, 6});
  }
}

// Image [2, 2], block [1, 2]: two blocks (rows 0 and 1); column k of block l goes to pixel (l, k).
// Input [1, 2, 2] = [[1, 2], [3, 4]] (element k, block l): image [[1, 3], [2, 4]].
// spec: Col2Im-18: "If not present, the dilation defaults to 1 along each spatial axis of the image."
// spec: Col2Im-18: "If not present, the padding defaults to 0 along start and end of each spatial axis."
// spec: Col2Im-18: "If not present, the stride defaults to 1 along each spatial axis."
// spec: Col2Im-18: "The shape of the spatial dimensions of the image after rearranging the column blocks.This is a 1-dimensional tensor with size of at least 2"
// spec: Col2Im-18: "The shape of the block to apply on the input.This is a 1-dimensional tensor of size of at least 2"
TEST_CASE("Col2Im-18: strides, dilations 1 and pads 0 by default; image and block shapes of at least 2 elements") {
  const Tensor cols = f32({1, 2, 2}, {1, 2, 3, 4});
  const Tensor image = Tensor::from_values<int64_t>(T::Int64, {2}, {2, 2});
  const Tensor block = Tensor::from_values<int64_t>(T::Int64, {2}, {1, 2});
  const Tensor y = run("Col2Im", 18, {cols, image, block});
  REQUIRE(y.shape() == Shape{1, 1, 2, 2});
  CHECK(floats(y) == std::vector<float>{1, 3, 2, 4});
  CHECK_THROWS_AS(run("Col2Im", 18, {cols, Tensor::from_values<int64_t>(T::Int64, {1}, {4}), Tensor::from_values<int64_t>(T::Int64, {1}, {2})}),
                  Error);
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
