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
#include "ops/linalg/register.h"
#include "ops/linalg/conv_transpose_rules.h"
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

ConvTransposePlan plan_conv_transpose(const KernelContext& ctx, int since) {
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
  p.group = ctx.attrs.get_int("group");
  if (p.group < 1) throw Error("attribute 'group' must be at least 1, got " + std::to_string(p.group));
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
  p.w = read_window_attrs(ctx.attrs, r, &p.kernel, true, false);
  std::vector<int64_t> output_padding(r, 0);
  if (ctx.attrs.has("output_padding")) {
    output_padding = ctx.attrs.get_ints("output_padding");
    if (output_padding.size() != r)
      throw Error("attribute 'output_padding' " + conv_transpose_ints_text(output_padding) + " must have " +
                  std::to_string(r) + " values, one per spatial axis");
  }
  // output_shape names the spatial sizes. ConvTranspose-11 and -22 say it "should not include
  // dimensions for batch size and channels": only r values. ONNX's early tests (ConvTranspose-1,
  // whose text does not say so) also write N and C in front, read as the same spatial sizes when
  // N and C are the output's.
  std::optional<std::vector<int64_t>> output_shape;
  if (ctx.attrs.has("output_shape")) {
    const auto& given = ctx.attrs.get_ints("output_shape");
    if (since < 11 && given.size() == r + 2 && given[0] == p.N && given[1] == p.M)
      output_shape.emplace(given.begin() + 2, given.end());
    else if (given.size() == r)
      output_shape = given;
    else
      throw Error("attribute 'output_shape' " + conv_transpose_ints_text(given) + " must have " + std::to_string(r) +
                  " values, one per spatial axis" +
                  (since < 11 ? " (or N, C and those)" : " (it should not include dimensions for batch size and channels)"));
  }
  Shape out{p.N, p.M};
  for (size_t i = 0; i < r; ++i) {
    p.axes.push_back(conv_transpose_axis(p.in_spatial[i], p.kernel[i], p.w.strides[i], p.w.dilations[i], p.w.pads[i],
                                         p.w.pads[r + i], output_padding[i],
                                         output_shape ? std::optional<int64_t>((*output_shape)[i]) : std::nullopt,
                                         p.w.auto_pad, i));
    p.out_spatial.push_back(p.axes[i].out);
    out.push_back(p.axes[i].out);
  }
  if (ctx.has_input(2) && ctx.input(2).shape() != Shape{p.M})
    throw Error("ConvTranspose's B must have shape [" + std::to_string(p.M) + "], but it is " + ctx.input(2).describe());
  if (!checked_element_count(out)) throw Error("ConvTranspose output " + shape_to_string(out) + " is too large to count");
  p.in_size = *checked_element_count(p.in_spatial);
  p.out_size = *checked_element_count(p.out_spatial);
  p.kernel_size = *checked_element_count(p.kernel);
  return p;
}

// The gather matrix of one (image, group): row (c, kernel tap), column output position; the input
// element that tap carries to that position, or zero.
template <class S>
void conv_transpose_gather(const ConvTransposePlan& p, const S* x, S* col) {
  const size_t r = p.in_spatial.size();
  std::vector<int64_t> tap(r, 0), opos(r, 0);
  std::vector<std::vector<int64_t>> source(r);  // per axis: the input position of each output position
  uint64_t entries = 0;
  for (size_t a = 0; a < r; ++a) entries += static_cast<uint64_t>(p.out_spatial[a]);
  const MemoryCharge source_charge = charge_scratch<int64_t>(entries, "ConvTranspose's gather tables");
  for (int64_t kk = 0; kk < p.kernel_size; ++kk) {
    for (size_t a = 0; a < r; ++a) {
      source[a].resize(static_cast<size_t>(p.out_spatial[a]));
      for (int64_t o = 0; o < p.out_spatial[a]; ++o)
        source[a][o] = conv_transpose_source(o, tap[a], p.axes[a], p.in_spatial[a], p.w.strides[a], p.w.dilations[a]);
    }
    for (int64_t c = 0; c < p.Cg; ++c) {
      const S* xc = x + c * p.in_size;
      S* dst = col + (c * p.kernel_size + kk) * p.out_size;
      std::fill(opos.begin(), opos.end(), 0);
      for (int64_t o = 0; o < p.out_size; ++o) {
        int64_t flat = 0;
        bool reached = true;
        for (size_t a = 0; a < r; ++a) {
          const int64_t i = source[a][opos[a]];
          if (i < 0) {
            reached = false;
            break;
          }
          flat = flat * p.in_spatial[a] + i;
        }
        if (reached) dst[o] = xc[flat];
        else std::memset(static_cast<void*>(dst + o), 0, sizeof(S));  // +0 in every floating format
        for (size_t a = r; a-- > 0;) {
          if (++opos[a] < p.out_spatial[a]) break;
          opos[a] = 0;
        }
      }
    }
    for (size_t a = r; a-- > 0;) {
      if (++tap[a] < p.kernel[a]) break;
      tap[a] = 0;
    }
  }
}

// The same gather matrix for the tiled engine, packed a block at a time (floating types but
// double): the input position each tap carries to each output position is tabulated per axis
// (kernel x output length), so neither the matrix nor any per-element search is needed.
template <class S>
class GatherSource final : public gemm::PanelSource {
 public:
  GatherSource(const ConvTransposePlan& p, const S* x) : p_(p), x_(x) {
    const size_t r = p.in_spatial.size();
    uint64_t entries = 0;
    for (size_t a = 0; a < r; ++a) entries += static_cast<uint64_t>(p.kernel[a] * p.out_spatial[a]);
    charge_ = charge_scratch<int64_t>(entries, "ConvTranspose's gather tables");
    source_.resize(r);
    for (size_t a = 0; a < r; ++a) {
      source_[a].resize(static_cast<size_t>(p.kernel[a] * p.out_spatial[a]));
      for (int64_t k = 0; k < p.kernel[a]; ++k)
        for (int64_t o = 0; o < p.out_spatial[a]; ++o)
          source_[a][static_cast<size_t>(k * p.out_spatial[a] + o)] =
              conv_transpose_source(o, k, p.axes[a], p.in_spatial[a], p.w.strides[a], p.w.dilations[a]);
    }
  }

  void pack(int64_t k0, int64_t kc, int64_t j0, int64_t nc, double* out) const override {
    constexpr int64_t width = gemm::kPanelWidth;
    const int64_t strips = (nc + width - 1) / width;
    const size_t r = p_.in_spatial.size();
    const int64_t last = p_.out_spatial[r - 1];
    thread_local std::vector<double> row;
    row.assign(static_cast<size_t>(strips * width), 0.0);
    std::vector<int64_t> tap(r), opos(r);
    std::vector<const int64_t*> table(r);
    for (int64_t kk = 0; kk < kc; ++kk) {
      const int64_t k = k0 + kk;
      const S* xc = x_ + (k / p_.kernel_size) * p_.in_size;
      for (int64_t t = k % p_.kernel_size, a = static_cast<int64_t>(r) - 1; a >= 0; --a) {
        tap[static_cast<size_t>(a)] = t % p_.kernel[static_cast<size_t>(a)];
        t /= p_.kernel[static_cast<size_t>(a)];
      }
      for (size_t a = 0; a < r; ++a) table[a] = source_[a].data() + tap[a] * p_.out_spatial[a];
      // Runs along the last axis: the outer axes fix the input offset (or no input) for a run.
      for (int64_t j = j0; j < j0 + nc;) {
        int64_t rest = j / last, offset = 0;
        bool reached = true;
        for (size_t a = r - 1; a-- > 0;) {
          opos[a] = rest % p_.out_spatial[a];
          rest /= p_.out_spatial[a];
        }
        for (size_t a = 0; a + 1 < r; ++a) {
          const int64_t i = table[a][opos[a]];
          reached = reached && i >= 0;
          offset = offset * p_.in_spatial[a] + (i < 0 ? 0 : i);
        }
        const int64_t o0 = j % last, o1 = std::min(last, o0 + (j0 + nc - j));
        double* d = row.data() + (j - j0);
        const S* src = xc + offset * p_.in_spatial[r - 1];
        const int64_t* inner = table[r - 1];
        for (int64_t o = o0; o < o1; ++o) {
          const int64_t i = inner[o];
          d[o - o0] = reached && i >= 0 ? widen(src[i]) : 0.0;
        }
        j += o1 - o0;
      }
      for (int64_t s = 0; s < strips; ++s)
        std::memcpy(out + (s * kc + kk) * width, row.data() + s * width, sizeof(double) * width);
    }
  }

  double at(int64_t k, int64_t j) const override {
    const size_t r = p_.in_spatial.size();
    int64_t t = k % p_.kernel_size, rest = j, flat = 0;
    std::vector<int64_t> tap(r), opos(r);
    for (size_t a = r; a-- > 0;) {
      tap[a] = t % p_.kernel[a];
      t /= p_.kernel[a];
      opos[a] = rest % p_.out_spatial[a];
      rest /= p_.out_spatial[a];
    }
    for (size_t a = 0; a < r; ++a) {
      const int64_t i = source_[a][static_cast<size_t>(tap[a] * p_.out_spatial[a] + opos[a])];
      if (i < 0) return 0.0;
      flat = flat * p_.in_spatial[a] + i;
    }
    return widen(x_[(k / p_.kernel_size) * p_.in_size + flat]);
  }

 private:
  const ConvTransposePlan& p_;
  const S* x_;
  MemoryCharge charge_;
  std::vector<std::vector<int64_t>> source_;
};

std::vector<Value> conv_transpose(const KernelContext& ctx, int since) {
  const ConvTransposePlan p = plan_conv_transpose(ctx, since);
  const Tensor& x = ctx.input(0);
  Shape out_shape{p.N, p.M};
  out_shape.insert(out_shape.end(), p.out_spatial.begin(), p.out_spatial.end());
  Tensor out = Tensor::uninitialized(x.type(), out_shape);  // refuses absurd sizes before allocating
  if (out.element_count() == 0) return {out};
  const int64_t K = p.Cg * p.kernel_size;
  // Allocated as tensors so that their sizes are checked like any output's.
  // Floating types but double pack the gather matrix block by block (GatherSource).
  const bool streamed = K > 0 && (x.type() == ElementType::Float || x.type() == ElementType::Float16 ||
                                  x.type() == ElementType::BFloat16);
  Tensor col = K == 0 || streamed ? Tensor() : Tensor::uninitialized(x.type(), {K, p.out_size});
  Tensor wg = K == 0 ? Tensor() : Tensor::uninitialized(x.type(), {p.Mg, K});
  dispatch_real(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (!is_float_storage<S>) {
      throw std::logic_error("ConvTranspose: no kernel for " + std::string(name_of(x.type())));
    } else {
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
          if (pcol) conv_transpose_gather(p, px + (n * p.C + g * p.Cg) * p.in_size, pcol);
          gemm::GemmArgs<S> a;
          a.M = p.Mg;
          a.N = p.out_size;
          a.K = K;
          a.A = {pwg, K, 1};
          a.B = {pcol, p.out_size, 1};
          if (pb) {
            a.has_c = true;
            a.beta = 1;
            a.C = {pb + g * p.Mg, 1, 0};
          }
          a.Y = py + (n * p.M + g * p.Mg) * p.out_size;
          if constexpr (!std::is_same_v<S, double>) {
            if (streamed) {
              gemm::gemm_packed(a, GatherSource<S>(p, px + (n * p.C + g * p.Cg) * p.in_size));
              continue;
            }
          }
          gemm::gemm(a);
        }
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
  v.check_attributes = [](const Attributes& attrs) { parse_auto_pad(std::get<std::string>(attrs.get("auto_pad"))); };
  v.kernel = [since](const KernelContext& ctx) { return conv_transpose(ctx, since); };
  return v;
}

}  // namespace

void register_conv_transpose(Registry& registry) {
  registry.add(conv_transpose_version(1, type_sets::kFloats));
  registry.add(conv_transpose_version(11, type_sets::kFloats));
  registry.add(conv_transpose_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("ConvTranspose",
                            {AccuracyKind::CorrectlyRounded, "each output the exact sum of the products reaching it plus the bias, rounded once"});
}

}  // namespace onnx_ref
