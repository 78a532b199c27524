// ONNX ConvTranspose, every version (1, 11, 22): N-D transposed convolution with groups, strides,
// dilations, pads, output_padding, output_shape and auto_pad (geometry: conv_transpose_rules.h).
// Contract: correctly rounded — each output is the exact sum of the exact products that reach it,
// plus the bias, rounded once to the element type (nearest, ties to even); positions no product
// reaches hold the bias (or +0). Computed in gather form so that each output is one dot product on
// the checked GEMM engine (gemm/dot.h): per (image, group), W's group slice transposed
// [M/group, C/group * kernel] times a gather matrix [C/group * kernel, output positions] whose
// entry (c, tap, o) is the input element that tap carries to o, or zero. For float, float16 and
// bfloat16 that matrix is packed block by block as the engine needs it, never stored whole.
//   1, 11: float16, float, double.  22: + bfloat16.
#include <cstring>
#include <vector>

#include "gemm/dot.h"
#include "gemm/panel_source.h"
#include "ops/float_dispatch.h"
#include "ops/linalg/conv_transpose_rules.h"
#include "ops/linalg/register.h"
#include "ops/linalg/tap_gather.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

struct ConvTransposePlan {
  int64_t N = 0, C = 0, M = 0, group = 1, Cg = 0, Mg = 0;
  Shape in_spatial, kernel, out_spatial;
  std::vector<TransposedAxis> axes;
  WindowAttrs w;
  int64_t in_size = 1, out_size = 1, kernel_size = 1;
};

std::string conv_transpose_ints_text(const std::vector<int64_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

// ConvTranspose's attributes, parsed at load; the counts, which depend on X's rank, per call.
struct ConvTransposeParams {
  int since = 1;
  int64_t group = 1;
  WindowSpec window;
  std::optional<std::vector<int64_t>> output_padding, output_shape;  // nullopt: not set
};

ConvTransposeParams parse_conv_transpose_params(const Attributes& attrs, int since) {
  ConvTransposeParams params;
  params.since = since;
  params.group = attrs.get_int("group");
  if (params.group < 1) throw Error("attribute 'group' must be at least 1, got " + std::to_string(params.group));
  params.window = parse_window_spec(attrs, true, false);
  if (attrs.has("output_padding")) params.output_padding = attrs.get_ints("output_padding");
  if (attrs.has("output_shape")) params.output_shape = attrs.get_ints("output_shape");
  return params;
}

ConvTransposePlan plan_conv_transpose(const KernelContext& ctx, const ConvTransposeParams& params) {
  const int since = params.since;
  const Tensor& x = ctx.input(0);
  const Tensor& wt = ctx.input(1);
  if (x.rank() < 3)
    throw Error("ConvTranspose needs X of rank 3 or more [N, C, spatial...], but it is " + x.describe());
  if (wt.rank() != x.rank())
    throw Error("ConvTranspose's W must have X's rank " + std::to_string(x.rank()) +
                " [C, M/group, kernel...], but it is " + wt.describe());
  ConvTransposePlan p;
  p.N = x.shape()[0];
  p.C = x.shape()[1];
  p.group = params.group;
  if (wt.shape()[0] != p.C)
    throw Error("W " + wt.describe() + " must have X's " + std::to_string(p.C) + " channels as its first dimension");
  if (p.C % p.group != 0)
    throw Error("group " + std::to_string(p.group) + " must divide X's channels (" + std::to_string(p.C) + ")");
  p.Cg = p.C / p.group;
  p.Mg = wt.shape()[1];
  const __int128 m = static_cast<__int128>(p.Mg) * p.group;
  if (m >= (int64_t{1} << 62)) throw Error("ConvTranspose output channels beyond 2^62");
  p.M = static_cast<int64_t>(m);
  const size_t r = x.rank() - 2;
  p.in_spatial.assign(x.shape().begin() + 2, x.shape().end());
  p.kernel.assign(wt.shape().begin() + 2, wt.shape().end());
  p.w = window_attrs(params.window, r, &p.kernel);
  std::vector<int64_t> output_padding(r, 0);
  if (params.output_padding) {
    output_padding = *params.output_padding;
    if (output_padding.size() != r)
      throw Error("attribute 'output_padding' " + conv_transpose_ints_text(output_padding) + " must have " +
                  std::to_string(r) + " values, one per spatial axis");
  }
  // output_shape names the spatial sizes. ConvTranspose-11 and -22 say it "should not include
  // dimensions for batch size and channels": only r values. ONNX's early tests (ConvTranspose-1,
  // whose text does not say so) also write N and C in front, read as the same spatial sizes when
  // N and C are the output's.
  std::optional<std::vector<int64_t>> output_shape;
  if (params.output_shape) {
    const auto& given = *params.output_shape;
    if (since < 11 && given.size() == r + 2 && given[0] == p.N && given[1] == p.M)
      output_shape.emplace(given.begin() + 2, given.end());
    else if (given.size() == r)
      output_shape = given;
    else
      throw Error(
          "attribute 'output_shape' " + conv_transpose_ints_text(given) + " must have " + std::to_string(r) +
          " values, one per spatial axis" +
          (since < 11 ? " (or N, C and those)" : " (it should not include dimensions for batch size and channels)"));
  }
  Shape out{p.N, p.M};
  for (size_t i = 0; i < r; ++i) {
    p.axes.push_back(conv_transpose_axis(
        p.in_spatial[i], p.kernel[i], p.w.strides[i], p.w.dilations[i], p.w.pads[i], p.w.pads[r + i], output_padding[i],
        output_shape ? std::optional<int64_t>((*output_shape)[i]) : std::nullopt, p.w.auto_pad, i));
    p.out_spatial.push_back(p.axes[i].out);
    out.push_back(p.axes[i].out);
  }
  if (ctx.has_input(2) && ctx.input(2).shape() != Shape{p.M})
    throw Error("ConvTranspose's B must have shape [" + std::to_string(p.M) + "], but it is " +
                ctx.input(2).describe());
  if (!checked_element_count(out))
    throw Error("ConvTranspose output " + shape_to_string(out) + " is too large to count");
  p.in_size = *checked_element_count(p.in_spatial);
  p.out_size = *checked_element_count(p.out_spatial);
  p.kernel_size = *checked_element_count(p.kernel);
  return p;
}

// Adds the group's bias (B[first + m] for output row m) to a product's arguments, when there is one.
template <class S>
void add_bias(gemm::GemmArgs<S>& a, const S* pb, int64_t first) {
  if (!pb) return;
  a.has_c = true;
  a.beta = 1;
  a.C = {pb + first, 1, 0};
}

// Two spatial axes with stride == kernel, dilation 1, no padding and an output of exactly in *
// stride: output (oh, ow) receives one tap per input channel, tap (oh % KH, ow % KW) of input
// (oh / KH, ow / KW). Each phase (kh, kw) is then a 1x1 convolution,
//   Y[m, ih * KH + kh, iw * KW + kw] = B[m] + sum over c of W[c, m, kh, kw] X[c, ih, iw],
// a product with K = C/group instead of the gather form's C/group * kernel (whose other taps are
// all zeros). The same exact sums, so the same outputs rounded once.
bool phases_split(const ConvTransposePlan& p) {
  if (p.in_spatial.size() != 2 || p.Cg == 0) return false;
  for (size_t a = 0; a < 2; ++a)
    if (p.kernel[a] != p.w.strides[a] || p.w.dilations[a] != 1 || p.axes[a].pad_begin != 0 ||
        p.out_spatial[a] != p.in_spatial[a] * p.kernel[a])
      return false;
  return true;
}

template <class S>
void conv_transpose_phases(const ConvTransposePlan& p, const S* px, const S* pw, const S* pb, S* py, S* pwph, S* pyph) {
  const int64_t KH = p.kernel[0], KW = p.kernel[1], W = p.in_spatial[1], OW = p.out_spatial[1];
  const int64_t HW = p.in_size;
  for (int64_t g = 0; g < p.group; ++g)
    for (int64_t kh = 0; kh < KH; ++kh)
      for (int64_t kw = 0; kw < KW; ++kw) {
        // W[g * Cg + c, m, kh, kw] becomes row m, column c.
        for (int64_t m = 0; m < p.Mg; ++m)
          for (int64_t c = 0; c < p.Cg; ++c)
            pwph[m * p.Cg + c] = pw[((g * p.Cg + c) * p.Mg + m) * p.kernel_size + kh * KW + kw];
        for (int64_t n = 0; n < p.N; ++n) {
          gemm::GemmArgs<S> a;
          a.M = p.Mg;
          a.N = HW;
          a.K = p.Cg;
          a.A = {pwph, p.Cg, 1};
          a.B = {px + (n * p.C + g * p.Cg) * HW, HW, 1};
          add_bias(a, pb, g * p.Mg);
          a.Y = pyph;
          gemm::gemm(a);
          for (int64_t m = 0; m < p.Mg; ++m) {
            S* ym = py + (n * p.M + g * p.Mg + m) * p.out_size + kh * OW + kw;
            const S* src = pyph + m * HW;
            for (int64_t i = 0; i < HW; ++i) ym[(i / W) * KH * OW + (i % W) * KW] = src[i];
          }
        }
      }
}

std::vector<Value> conv_transpose(const KernelContext& ctx, const ConvTransposeParams& params) {
  const ConvTransposePlan p = plan_conv_transpose(ctx, params);
  const Tensor& x = ctx.input(0);
  Shape out_shape{p.N, p.M};
  out_shape.insert(out_shape.end(), p.out_spatial.begin(), p.out_spatial.end());
  Tensor out = Tensor::uninitialized(x.type(), out_shape);  // refuses absurd sizes before allocating
  if (out.element_count() == 0) return {out};
  const int64_t K = p.Cg * p.kernel_size;
  if (phases_split(p)) {
    // Allocated as tensors so that their sizes are checked like any output's.
    Tensor wph = Tensor::uninitialized(x.type(), {p.Mg, p.Cg});
    Tensor yph = Tensor::uninitialized(x.type(), {p.Mg, p.in_size});
    dispatch_float(x.type(), "ConvTranspose", [&](auto tag) {
      using S = typename decltype(tag)::type;
      conv_transpose_phases<S>(p, x.data_as<S>(), ctx.input(1).template data_as<S>(),
                               ctx.has_input(2) ? ctx.input(2).template data_as<S>() : nullptr,
                               reinterpret_cast<S*>(out.mutable_data()), reinterpret_cast<S*>(wph.mutable_data()),
                               reinterpret_cast<S*>(yph.mutable_data()));
    });
    return {out};
  }
  const linalg::TapTables taps =
      linalg::tap_tables(p.in_spatial, p.kernel, p.out_spatial, [&](size_t a, int64_t k, int64_t o) {
        return conv_transpose_source(o, k, p.axes[a], p.in_spatial[a], p.w.strides[a], p.w.dilations[a]);
      });
  // Allocated as tensors so that their sizes are checked like any output's.
  // Floating types but double pack the gather matrix block by block (TapGatherSource).
  const bool streamed = K > 0 && (x.type() == ElementType::Float || x.type() == ElementType::Float16 ||
                                  x.type() == ElementType::BFloat16);
  Tensor col = K == 0 || streamed ? Tensor() : Tensor::uninitialized(x.type(), {K, p.out_size});
  Tensor wg = K == 0 ? Tensor() : Tensor::uninitialized(x.type(), {p.Mg, K});
  dispatch_float(x.type(), "ConvTranspose", [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* px = x.data_as<S>();
    const S* pw = ctx.input(1).template data_as<S>();
    const S* pb = ctx.has_input(2) ? ctx.input(2).template data_as<S>() : nullptr;
    S* py = reinterpret_cast<S*>(out.mutable_data());
    S* pcol = K == 0 || streamed ? nullptr : reinterpret_cast<S*>(col.mutable_data());
    S* pwg = K == 0 ? nullptr : reinterpret_cast<S*>(wg.mutable_data());
    for (int64_t g = 0; g < p.group; ++g) {
      // W[g*Cg + c, m, tap] becomes row m, column (c, tap).
      for (int64_t c = 0; c < p.Cg; ++c)
        for (int64_t m = 0; m < p.Mg; ++m)
          std::memcpy(static_cast<void*>(pwg + m * K + c * p.kernel_size),
                      pw + ((g * p.Cg + c) * p.Mg + m) * p.kernel_size, sizeof(S) * p.kernel_size);
      for (int64_t n = 0; n < p.N; ++n) {
        if (pcol) linalg::gather_taps(taps, p.Cg, px + (n * p.C + g * p.Cg) * p.in_size, pcol);
        gemm::GemmArgs<S> a;
        a.M = p.Mg;
        a.N = p.out_size;
        a.K = K;
        a.A = {pwg, K, 1};
        a.B = {pcol, p.out_size, 1};
        add_bias(a, pb, g * p.Mg);
        a.Y = py + (n * p.M + g * p.Mg) * p.out_size;
        if constexpr (!std::is_same_v<S, double>) {
          if (streamed) {
            gemm::gemm_packed(a, linalg::TapGatherSource<S>(taps, px + (n * p.C + g * p.Cg) * p.in_size));
            continue;
          }
        }
        gemm::gemm(a);
      }
    }
  });
  return {out};
}

OpVersion conv_transpose_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "ConvTranspose";
  v.since_version = since;
  v.inputs = {{"X", "T"}, {"W", "T"}, {"B", "T", ParamOption::Optional}};
  v.outputs = {{"Y", "T"}};
  v.attributes = {{"auto_pad", AttrType::String, false, std::string("NOTSET")},
                  {"dilations", AttrType::Ints},
                  {"group", AttrType::Int, false, int64_t{1}},
                  {"kernel_shape", AttrType::Ints},
                  {"output_padding", AttrType::Ints},
                  {"output_shape", AttrType::Ints},
                  {"pads", AttrType::Ints},
                  {"strides", AttrType::Ints}};
  v.type_constraints = {{"T", types}};
  v.set_kernel([since](const Attributes& attrs) { return parse_conv_transpose_params(attrs, since); }, conv_transpose);
  return v;
}

}  // namespace

void register_conv_transpose(Registry& registry) {
  registry.add(conv_transpose_version(1, type_sets::kFloats));
  registry.add(conv_transpose_version(11, type_sets::kFloats));
  registry.add(conv_transpose_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("ConvTranspose",
                            {AccuracyKind::CorrectlyRounded,
                             "each output the exact sum of the products reaching it plus the bias, rounded once"});
}

}  // namespace onnx_ref
