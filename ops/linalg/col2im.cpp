// ONNX Col2Im-18: column blocks [N, C * prod(block_shape), L] folded back into an image
// [N, C, image_shape...], as PyTorch's fold. Contract: correctly rounded — each image element is
// the exact sum of the block elements that land on it, rounded once to the element type (nearest,
// ties to even; complex: each part apart); integers wrap (two's complement), bool is the logical or;
// an element no block covers is 0. Strings (Col2Im-18's T includes tensor(string)) have no sum: an
// element one block covers is that block's string, one no block covers is the empty string, and
// one that two blocks land on is refused.
// Rules: image_shape and block_shape are 1-D int64 of one length, at least 2 (the spec: "size of at
// least 2"); each axis's blocks follow the sliding-window rule of ops/window_rules.h (block length
// dilated, pads, strides), their count along the axes multiplies to L, and the blocks are ordered
// lexicographically. The second input axis is C times the block size.
#include <cstring>

#include "numeric/exact_sum.h"
#include "ops/linalg/register.h"
#include "ops/type_sets.h"
#include "ops/window_rules.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

namespace {

std::vector<int64_t> col2im_read_ints(const Tensor& t, const std::string& name) {
  if (t.rank() != 1) throw Error(name + " must be a 1-D tensor, but it is " + t.describe());
  const int64_t* p = t.data_as<int64_t>();
  return std::vector<int64_t>(p, p + t.element_count());
}

std::vector<int64_t> col2im_attr(const Attributes& attrs, const std::string& name, size_t count, int64_t fallback) {
  if (!attrs.has(name)) return std::vector<int64_t>(count, fallback);
  const std::vector<int64_t>& v = attrs.get_ints(name);
  if (v.size() != count)
    throw Error("attribute '" + name + "' " + shape_to_string(v) + " must have " + std::to_string(count) + " values");
  return v;
}

struct Col2ImPlan {
  int64_t N = 0, C = 0, L = 0, K = 1, image_size = 1;
  Shape image, block, strides, dilations, pads, blocks;  // blocks: the count along each axis
};

Col2ImPlan plan_col2im(const KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  Col2ImPlan p;
  p.image = col2im_read_ints(ctx.input(1), "image_shape");
  p.block = col2im_read_ints(ctx.input(2), "block_shape");
  if (p.image.size() != p.block.size() || p.image.size() < 2)
    throw Error("image_shape " + shape_to_string(p.image) + " and block_shape " + shape_to_string(p.block) +
                " must have one length, at least 2");
  const size_t r = p.image.size();
  p.strides = col2im_attr(ctx.attrs, "strides", r, 1);
  p.dilations = col2im_attr(ctx.attrs, "dilations", r, 1);
  p.pads = col2im_attr(ctx.attrs, "pads", 2 * r, 0);
  if (in.rank() != 3) throw Error("input must have rank 3 [N, C * prod(block_shape), L], but it is " + in.describe());
  for (size_t d = 0; d < r; ++d) {
    if (p.image[d] < 0) throw Error("image_shape " + shape_to_string(p.image) + " has a negative length");
    if (p.block[d] < 1) throw Error("block_shape " + shape_to_string(p.block) + " must be at least 1 along each axis");
    const AxisWindow w = window_axis(p.image[d], p.block[d], p.strides[d], p.dilations[d], p.pads[d], p.pads[r + d],
                                     AutoPad::NotSet, false, d);
    p.blocks.push_back(w.out);
  }
  const auto k = checked_element_count(p.block);
  const auto l = checked_element_count(p.blocks);
  const auto img = checked_element_count(p.image);
  if (!k || !l || !img) throw Error("block_shape, image_shape or the block count is too large to count");
  p.K = *k;
  p.L = *l;
  p.image_size = *img;
  p.N = in.shape()[0];
  if (in.shape()[1] % p.K != 0)
    throw Error("input " + in.describe() + " must have C * " + std::to_string(p.K) + " (the block size) along axis 1");
  p.C = in.shape()[1] / p.K;
  if (in.shape()[2] != p.L)
    throw Error("input " + in.describe() + " must have L = " + std::to_string(p.L) +
                " blocks along axis 2 for image_shape " + shape_to_string(p.image) + " and block_shape " +
                shape_to_string(p.block));
  return p;
}

// Calls add(input offset within one (n, c) plane) for every block element landing on image
// position `pos` (row-major coordinates `coord`), in kernel-offset order.
template <class F>
void col2im_sources(const Col2ImPlan& p, const std::vector<int64_t>& coord, std::vector<int64_t>& koff, F&& add) {
  const size_t r = p.image.size();
  std::fill(koff.begin(), koff.end(), 0);
  for (int64_t k = 0; k < p.K; ++k) {
    int64_t l = 0;
    bool hit = true;
    for (size_t d = 0; d < r && hit; ++d) {
      const int64_t t = coord[d] + p.pads[d] - koff[d] * p.dilations[d];
      if (t < 0 || t % p.strides[d] != 0 || t / p.strides[d] >= p.blocks[d])
        hit = false;
      else
        l = l * p.blocks[d] + t / p.strides[d];
    }
    if (hit) add(k * p.L + l);
    for (size_t d = r; d-- > 0;) {
      if (++koff[d] < p.block[d]) break;
      koff[d] = 0;
    }
  }
}

// Strings are rearranged, not added: each image element takes the one block element landing on it.
Tensor col2im_strings(const Col2ImPlan& p, const Tensor& in, Tensor y) {
  const std::vector<std::string>& x = in.strings();
  std::vector<std::string>& out = y.mutable_strings();
  const size_t r = p.image.size();
  std::vector<int64_t> coord(r, 0), koff(r, 0);
  for (int64_t pos = 0; pos < p.image_size; ++pos) {
    int64_t source = -1, count = 0;
    col2im_sources(p, coord, koff, [&](int64_t off) {
      if (count++ == 0) source = off;
    });
    if (count > 1)
      throw Error("image element " + shape_to_string(coord) + " is covered by " + std::to_string(count) +
                  " blocks: overlapping blocks are added, and strings have no sum");
    if (count == 1)
      for (int64_t nc = 0; nc < p.N * p.C; ++nc)
        out[static_cast<size_t>(nc * p.image_size + pos)] = x[static_cast<size_t>(nc * p.K * p.L + source)];
    for (size_t d = r; d-- > 0;) {
      if (++coord[d] < p.image[d]) break;
      coord[d] = 0;
    }
  }
  return y;
}

std::vector<Value> col2im(const KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const Col2ImPlan p = plan_col2im(ctx);
  Shape out_shape{p.N, p.C};
  out_shape.insert(out_shape.end(), p.image.begin(), p.image.end());
  Tensor y = Tensor::zeros(in.type(), out_shape);
  if (in.type() == ElementType::String) return {col2im_strings(p, in, std::move(y))};
  const bool complex = in.type() == ElementType::Complex64 || in.type() == ElementType::Complex128;
  const ElementType lane_type = in.type() == ElementType::Complex64    ? ElementType::Float
                                : in.type() == ElementType::Complex128 ? ElementType::Double
                                                                       : in.type();
  const int64_t lanes = complex ? 2 : 1;
  const size_t r = p.image.size();
  dispatch_real(lane_type, [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* px = reinterpret_cast<const S*>(in.data());
    S* py = reinterpret_cast<S*>(y.mutable_data());
    std::vector<int64_t> coord(r, 0), koff(r, 0);
    for (int64_t pos = 0; pos < p.image_size; ++pos) {
      for (int64_t nc = 0; nc < p.N * p.C; ++nc)
        for (int64_t lane = 0; lane < lanes; ++lane) {
          const S* plane = px + nc * p.K * p.L * lanes + lane;
          S& out = py[(nc * p.image_size + pos) * lanes + lane];
          if constexpr (is_float_storage<S>) {
            ExactSum sum;
            col2im_sources(p, coord, koff, [&](int64_t off) { sum.add(widen(plane[off * lanes])); });
            out = narrow<S>(std::is_same_v<S, double> ? sum.round_nearest() : sum.round_odd());
          } else if constexpr (std::is_same_v<S, BoolByte>) {
            bool any = false;
            col2im_sources(p, coord, koff, [&](int64_t off) { any = any || plane[off * lanes].value != 0; });
            out.value = any ? 1 : 0;
          } else {
            uint64_t acc = 0;
            col2im_sources(p, coord, koff, [&](int64_t off) { acc += static_cast<uint64_t>(plane[off * lanes]); });
            out = static_cast<S>(acc);
          }
        }
      for (size_t d = r; d-- > 0;) {
        if (++coord[d] < p.image[d]) break;
        coord[d] = 0;
      }
    }
  });
  return {std::move(y)};
}

}  // namespace

void register_col2im(Registry& registry) {
  OpVersion v;
  v.op_type = "Col2Im";
  v.since_version = 18;
  v.inputs = {{"input", "T"}, {"image_shape", "tensor(int64)"}, {"block_shape", "tensor(int64)"}};
  v.outputs = {{"output", "T"}};
  v.attributes = {{"dilations", AttrType::Ints}, {"pads", AttrType::Ints}, {"strides", AttrType::Ints}};
  v.type_constraints = {{"T", type_sets::kAllTensorTypesIR4},
                        {"tensor(int64)", TypeSet{ElementType::Int64}, "tensor(int64)"}};
  v.kernel = col2im;
  registry.add(std::move(v));
  registry.declare_accuracy(
      "Col2Im", {AccuracyKind::CorrectlyRounded,
                 "each image element the exact sum of the block elements on it, rounded once; integers wrap"});
}

}  // namespace onnx_ref
