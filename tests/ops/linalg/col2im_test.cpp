// Col2Im: the spec's example, and overlapping blocks with strides, dilations and pads against a
// scatter loop written here (the kernel gathers; the loop scatters each block element forward).
#include <doctest/doctest.h>

#include <cstring>

#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

template <class V>
std::vector<V> col2im_values(const Tensor& t) {
  std::vector<V> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(V));
  return v;
}

Tensor col2im_run(const Tensor& in, const std::vector<int64_t>& image, const std::vector<int64_t>& block,
                  const std::vector<std::pair<std::string, std::vector<int64_t>>>& attrs = {}) {
  return run_single_node("Col2Im", 18,
                         {in, Tensor::from_values<int64_t>(T::Int64, {static_cast<int64_t>(image.size())}, image),
                          Tensor::from_values<int64_t>(T::Int64, {static_cast<int64_t>(block.size())}, block)},
                         [&](onnx::NodeProto& n) {
                           for (const auto& a : attrs) set_ints(n, a.first, a.second);
                         });
}

}  // namespace

TEST_CASE("Col2Im: the spec's example (blocks of one row)") {
  const std::vector<float> in{1, 6, 11, 16, 21, 2, 7, 12, 17, 22, 3, 8, 13, 18, 23, 4, 9, 14, 19, 24, 5, 0, 15, 20, 25};
  const Tensor y = col2im_run(Tensor::from_values<float>(T::Float, {1, 5, 5}, in), {5, 5}, {1, 5});
  REQUIRE(y.shape() == Shape{1, 1, 5, 5});
  CHECK(col2im_values<float>(y) ==
        std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25});
}

TEST_CASE("Col2Im: overlapping blocks, strides, dilations and pads against a scatter loop") {
  // Image 5x6, block 2x3, strides 1x2, dilations 2x1, pads 1 0 0 1; N = 2, C = 2.
  const int64_t H = 5, W = 6, bh = 2, bw = 3, sh = 1, sw = 2, dh = 2, dw = 1, pt = 1, pl = 0, pb = 0, pr = 1;
  const int64_t nh = (H + pt + pb - ((bh - 1) * dh + 1)) / sh + 1, nw = (W + pl + pr - ((bw - 1) * dw + 1)) / sw + 1;
  const int64_t N = 2, C = 2, K = bh * bw, L = nh * nw;
  std::vector<int32_t> in(static_cast<size_t>(N * C * K * L));
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int32_t>(i * 31 % 97) - 40;
  std::vector<int32_t> expect(static_cast<size_t>(N * C * H * W), 0);
  for (int64_t nc = 0; nc < N * C; ++nc)
    for (int64_t ky = 0; ky < bh; ++ky)
      for (int64_t kx = 0; kx < bw; ++kx)
        for (int64_t by = 0; by < nh; ++by)
          for (int64_t bx = 0; bx < nw; ++bx) {
            const int64_t y = by * sh - pt + ky * dh, x = bx * sw - pl + kx * dw;
            if (y < 0 || y >= H || x < 0 || x >= W) continue;
            expect[static_cast<size_t>((nc * H + y) * W + x)] +=
                in[static_cast<size_t>((nc * K + ky * bw + kx) * L + by * nw + bx)];
          }
  // pads {1, 0, 0, 1}: begins (1, 0), then ends (0, 1), as the loop above reads them.
  // spec: Col2Im-18: "`pads` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...], where xi_begin is the number of pixels added at the beginning of axis `i` and xi_end is the number of pixels added at the end of axis `i`."
  const Tensor y = col2im_run(Tensor::from_values<int32_t>(T::Int32, {N, C * K, L}, in), {H, W}, {bh, bw},
                              {{"strides", {sh, sw}}, {"dilations", {dh, dw}}, {"pads", {pt, pl, pb, pr}}});
  REQUIRE(y.shape() == Shape{N, C, H, W});
  CHECK(col2im_values<int32_t>(y) == expect);
  // float: image position 2 gathers 1, 2^-24 and 2^-24 from three blocks: exactly 1 + 2^-23 (adding
  // in float in order would give 1).
  const Tensor f = col2im_run(
      Tensor::from_values<float>(T::Float, {1, 3, 3}, {0, 0, 1, 0, 0x1p-24f, 0, 0x1p-24f, 0, 0}), {1, 5}, {1, 3});
  CHECK(col2im_values<float>(f) == std::vector<float>{0, 0, 1.0f + 0x1p-23f, 0, 0});
}

TEST_CASE("Col2Im: shapes that do not fit are one-line errors") {
  const Tensor in = Tensor::from_values<float>(T::Float, {1, 4, 4}, std::vector<float>(16, 1));
  CHECK_THROWS_WITH_AS(col2im_run(in, {3, 3}, {2, 2, 1}), doctest::Contains("must have one length, at least 2"), Error);
  CHECK_THROWS_WITH_AS(col2im_run(in, {3, 4}, {2, 2}), doctest::Contains("must have L = 6 blocks"), Error);
  CHECK_THROWS_WITH_AS(col2im_run(in, {3, 3}, {3, 1}), doctest::Contains("(the block size) along axis 1"), Error);
  CHECK_THROWS_WITH_AS(col2im_run(in, {3, 3}, {2, 2}, {{"strides", {1}}}), doctest::Contains("attribute 'strides'"),
                       Error);
  // An unbatched input (C * prod(block), L) is refused.
  // spec: Col2Im-18: "Col2Im behaves similarly to PyTorch's fold https://pytorch.org/docs/stable/generated/torch.nn.Fold.html, but it only supports *batched* multi-dimensional image tensors."
  CHECK_THROWS_AS(col2im_run(Tensor::from_values<float>(T::Float, {4, 4}, std::vector<float>(16, 1)), {3, 3}, {2, 2}),
                  Error);
  // Three 1x1 blocks at stride 2 fit an image of width 5 and one of width 6: only image_shape tells
  // which (the last column of the wider one is not covered, so it is 0).
  // spec: Col2Im-18: "NOTE: Although specifying image_shape looks redundant because it could be calculated from convolution formulas, it is required as input"
  const Tensor three = Tensor::from_values<float>(T::Float, {1, 1, 3}, {1, 2, 3});
  CHECK(col2im_values<float>(col2im_run(three, {1, 5}, {1, 1}, {{"strides", {1, 2}}})) ==
        std::vector<float>{1, 0, 2, 0, 3});
  CHECK(col2im_values<float>(col2im_run(three, {1, 6}, {1, 1}, {{"strides", {1, 2}}})) ==
        std::vector<float>{1, 0, 2, 0, 3, 0});
}

// spec: Col2Im-18: "T : tensor(uint8), tensor(uint16), tensor(uint32), tensor(uint64), tensor(int8), tensor(int16), tensor(int32), tensor(int64), tensor(bfloat16), tensor(float16), tensor(float), tensor(double), tensor(string)"
TEST_CASE("Col2Im-18: string blocks are rearranged where no two overlap, refused where they do") {
  // Image [1, 4], blocks [1, 2], stride 2: two blocks, columns [C * 2, L = 2] = [[a, c], [b, d]].
  const Tensor cols = Tensor::from_strings({1, 2, 2}, {"a", "c", "b", "d"});
  const Tensor y = col2im_run(cols, {1, 4}, {1, 2}, {{"strides", {1, 2}}});
  REQUIRE(y.shape() == Shape{1, 1, 1, 4});
  CHECK(y.strings() == std::vector<std::string>{"a", "b", "c", "d"});
  // Stride 3 over an image of 5: blocks at 0-1 and 3-4, element 2 uncovered: "".
  const Tensor gap = col2im_run(cols, {1, 5}, {1, 2}, {{"strides", {1, 3}}});
  CHECK(gap.strings() == std::vector<std::string>{"a", "b", "", "c", "d"});
  // Stride 1 over an image of 3: blocks at 0-1 and 1-2 share element 1.
  CHECK_THROWS_WITH_AS(col2im_run(cols, {1, 3}, {1, 2}), doctest::Contains("strings have no sum"), Error);
}

// Image [2, 2], block [1, 2]: two blocks (rows 0 and 1); column k of block l goes to pixel (l, k).
// Input [1, 2, 2] = [[1, 2], [3, 4]] (element k, block l): image [[1, 3], [2, 4]].
// spec: Col2Im-18: "If not present, the dilation defaults to 1 along each spatial axis of the image."
// spec: Col2Im-18: "If not present, the padding defaults to 0 along start and end of each spatial axis."
// spec: Col2Im-18: "If not present, the stride defaults to 1 along each spatial axis."
// spec: Col2Im-18: "The shape of the spatial dimensions of the image after rearranging the column blocks.This is a 1-dimensional tensor with size of at least 2"
// spec: Col2Im-18: "The shape of the block to apply on the input.This is a 1-dimensional tensor of size of at least 2"
TEST_CASE("Col2Im-18: strides, dilations 1 and pads 0 by default; image and block shapes of at least 2 elements") {
  const Tensor cols = Tensor::from_values<float>(T::Float, {1, 2, 2}, {1, 2, 3, 4});
  const Tensor y = col2im_run(cols, {2, 2}, {1, 2});
  REQUIRE(y.shape() == Shape{1, 1, 2, 2});
  CHECK(col2im_values<float>(y) == std::vector<float>{1, 3, 2, 4});
  CHECK_THROWS_AS(col2im_run(cols, {4}, {2}), Error);
}
