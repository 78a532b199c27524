// ONNX DFT, every version (17, 20).
// 17 takes the axis as an attribute (default 1), 20 as an optional scalar int64 input (default -2);
// both accept axes in [-r, -2] and [0, r - 2] for an input of rank r, whose last dimension is 1
// (real samples) or 2 (real and imaginary parts). dft_length (at least 1) zero-pads or truncates the
// signal along the axis to N samples; without it N is the axis' length (which must then be at least
// 1). The output has N bins along the axis (floor(N / 2) + 1 with onesided = 1) and a last
// dimension of 2. onesided = 1 with inverse = 0 needs a real input: the spec says a complex input
// cannot give a onesided output, so that is refused rather than truncated as ONNX's reference does;
// it keeps bins 0 .. floor(N / 2) of the forward transform. onesided = 1 with inverse = 1 is the
// IRFFT: "only complex input is supported and a full real signal is returned" (DFT-17, DFT-20), so a
// real input is refused; the input's bins are the onesided half of a Hermitian spectrum, N
// defaults to 2 * (signal_dim_axis - 1), bins 0 .. floor(N / 2) are used (zero beyond the input's),
// the others are the conjugates X[N - k] = conj(X[k]), and the output is the real part of the
// inverse transform, shape [..., N, 1] (numpy's irfft, as ONNX's reference computes it: the
// imaginary parts of bin 0 and bin N / 2 do not contribute).
// The inverse transform is the spec's x[n] = 1/N sum_k e^(2 pi j k n / N) y[k].
//
// Contract: correctly rounded from correctly rounded twiddle factors (ops/signal/dft_core.h).
#include <algorithm>
#include <string>

#include "ops/signal/dft_core.h"
#include "ops/signal/register.h"
#include "ops/signal/signal_rules.h"
#include "ops/signal/signal_samples.h"
#include "ops/type_sets.h"
#include "runtime/error.h"
#include "runtime/parallel_for.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// The IRFFT of the onesided complex spectrum x along `axis`, N output samples: real, [..., N, 1].
Tensor irfft_kernel(const Tensor& x, int64_t axis, int64_t n) {
  const int64_t rank = x.rank();
  const int64_t length = x.shape()[axis];
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= x.shape()[d];
  for (int64_t d = axis + 1; d < rank - 1; ++d) inner *= x.shape()[d];
  check_dft_work(n, outer * inner, n, n);
  Shape out_shape = x.shape();
  out_shape[axis] = n;
  out_shape[rank - 1] = 1;
  Tensor out = Tensor::zeros(x.type(), out_shape);
  if (out.element_count() == 0) return out;
  const MemoryCharge samples_charge =
      charge_scratch<double>(static_cast<uint64_t>(x.element_count()), "the DFT's widened input");
  const std::vector<double> samples = signal_samples(x);
  const DftTwiddles twiddles = dft_twiddles(n);
  const int64_t used = std::min(length, n / 2 + 1);  // bins 0 .. floor(N / 2) of the input, zero beyond
  dispatch_signal_float(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    S* y = reinterpret_cast<S*>(out.mutable_data());
    parallel_for(outer * inner, 1, [&](int64_t begin, int64_t end) {
      const MemoryCharge line_charge = charge_scratch<double>(4 * static_cast<uint64_t>(n), "the IRFFT's line buffers");
      std::vector<double> spectrum(static_cast<size_t>(2 * n));
      std::vector<S> full(static_cast<size_t>(2 * n));
      for (int64_t l = begin; l < end; ++l) {
        const int64_t o = l / inner, i = l % inner;
        const double* in = samples.data() + (o * length * inner + i) * 2;
        std::fill(spectrum.begin(), spectrum.end(), 0.0);
        // The Hermitian spectrum: X[k] for k <= N / 2, conj(X[N - k]) above.
        for (int64_t k = 0; k < used; ++k) {
          spectrum[2 * k] = in[k * inner * 2];
          spectrum[2 * k + 1] = in[k * inner * 2 + 1];
        }
        for (int64_t k = n / 2 + 1; k < n; ++k) {
          spectrum[2 * k] = spectrum[2 * (n - k)];
          spectrum[2 * k + 1] = -spectrum[2 * (n - k) + 1];
        }
        // Bin 0 and bin N / 2 pair with themselves: their imaginary parts meet sin(pi m) = 0 (the
        // twiddles are exact there), so they add nothing to the real part, as in numpy's irfft.
        DftLine line;
        line.data = spectrum.data();
        line.stride = 2;
        line.complex = true;
        line.count = n;
        dft_transform_line<S>(line, twiddles, true, n, full.data(), 2);
        for (int64_t t = 0; t < n; ++t) y[o * n * inner + t * inner + i] = full[static_cast<size_t>(2 * t)];
      }
    });
  });
  return out;
}

// The attributes, parsed at load; DFT-20 takes its axis from an input (default -2).
struct DftParams {
  int64_t axis = -2;
  bool inverse = false, onesided = false;
};

DftParams parse_dft_params(const Attributes& attrs, int since_version) {
  return {since_version < 20 ? attrs.get_int("axis") : int64_t{-2}, attrs.get_flag("inverse"),
          attrs.get_flag("onesided")};
}

std::vector<Value> dft_kernel(const KernelContext& ctx, const DftParams& params, int since_version) {
  const Tensor& x = ctx.input(0);
  const int64_t rank = x.rank();
  if (rank < 2)
    throw Error("the input must have a signal dimension and a last dimension of 1 or 2, but it is " + x.describe());
  const int64_t parts = x.shape()[rank - 1];
  if (parts != 1 && parts != 2)
    throw Error("the input's last dimension must be 1 (real) or 2 (complex), but it is " + x.describe());
  int64_t axis = params.axis;
  if (since_version >= 20 && ctx.has_input(2)) {
    const Tensor& a = ctx.input(2);
    // DFT-20: "The axis as a scalar".
    if (a.rank() != 0) throw Error("axis must be a scalar (rank 0), but it is " + a.describe());
    axis = *a.data_as<int64_t>();
  }
  if (!((axis >= -rank && axis <= -2) || (axis >= 0 && axis <= rank - 2)))
    throw Error("axis = " + std::to_string(axis) + " is out of range: for an input of rank " + std::to_string(rank) +
                " it must be in [" + std::to_string(-rank) + ", -2] or [0, " + std::to_string(rank - 2) +
                "] (the last dimension holds the real and imaginary parts)");
  if (axis < 0) axis += rank;
  const int64_t length = x.shape()[axis];
  const bool inverse = params.inverse;
  const bool onesided = params.onesided;
  const bool irfft = onesided && inverse;
  if (irfft && parts == 1)
    throw Error("onesided = 1 with inverse = 1 (IRFFT) needs a complex input (last dimension 2), but it is " +
                x.describe() + ": only complex input is supported");
  if (onesided && !inverse && parts == 2)
    throw Error("onesided = 1 needs a real input (last dimension 1); a complex input " + x.describe() +
                " has no onesided transform");
  int64_t n = irfft ? 2 * (length - 1) : length;
  if (ctx.has_input(1)) {
    n = signal_scalar_int(ctx.input(1), "dft_length", true);
    if (n < 1) throw Error("dft_length = " + std::to_string(n) + " must be at least 1");
  } else if (n < 1) {
    throw Error(irfft ? "the signal axis " + std::to_string(axis) + " has length " + std::to_string(length) +
                            ", so the default IRFFT length 2 * (" + std::to_string(length) + " - 1) is below 1"
                      : "the signal axis " + std::to_string(axis) + " has length 0 and no dft_length is given");
  }
  if (irfft) return {irfft_kernel(x, axis, n)};
  const int64_t bins = onesided ? n / 2 + 1 : n;
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= x.shape()[d];
  for (int64_t d = axis + 1; d < rank - 1; ++d) inner *= x.shape()[d];
  check_dft_work(n, outer * inner, bins, std::min(length, n));
  Shape out_shape = x.shape();
  out_shape[axis] = bins;
  out_shape[rank - 1] = 2;
  Tensor out = Tensor::zeros(x.type(), out_shape);
  if (out.element_count() == 0) return {out};
  const MemoryCharge samples_charge =
      charge_scratch<double>(static_cast<uint64_t>(x.element_count()), "the DFT's widened input");
  const std::vector<double> samples = signal_samples(x);
  const DftTwiddles twiddles = dft_twiddles(n);
  dispatch_signal_float(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    S* y = reinterpret_cast<S*>(out.mutable_data());
    parallel_for(outer * inner, 1, [&](int64_t begin, int64_t end) {
      for (int64_t l = begin; l < end; ++l) {
        const int64_t o = l / inner, i = l % inner;
        DftLine line;
        line.data = samples.data() + (o * length * inner + i) * parts;
        line.stride = inner * parts;
        line.complex = parts == 2;
        line.count = length;
        dft_transform_line<S>(line, twiddles, inverse, bins, y + (o * bins * inner + i) * 2, inner * 2);
      }
    });
  });
  return {out};
}

OpVersion dft_version(int since_version) {
  OpVersion v;
  v.op_type = "DFT";
  v.since_version = since_version;
  v.inputs = {{"input", "T1"}, {"dft_length", "T2", ParamOption::Optional}};
  if (since_version >= 20) v.inputs.push_back({"axis", "tensor(int64)", ParamOption::Optional});
  v.outputs = {{"output", "T1"}};
  v.attributes = {{"inverse", AttrType::Int, false, int64_t{0}}, {"onesided", AttrType::Int, false, int64_t{0}}};
  if (since_version < 20) v.attributes.insert(v.attributes.begin(), {"axis", AttrType::Int, false, int64_t{1}});
  v.type_constraints = {{"T1", type_sets::kFloatsIR4}, {"T2", type_sets::kInt32Int64}};
  if (since_version >= 20) v.type_constraints.push_back({"tensor(int64)", type_sets::kInt64, "tensor(int64)"});
  v.set_kernel([since_version](const Attributes& attrs) { return parse_dft_params(attrs, since_version); },
               [since_version](const KernelContext& ctx, const DftParams& params) {
                 return dft_kernel(ctx, params, since_version);
               });
  return v;
}

}  // namespace

void register_dft(Registry& registry) {
  registry.add(dft_version(17));
  registry.add(dft_version(20));
  registry.declare_accuracy("DFT", {AccuracyKind::RoundedAtNamedPoints,
                                    "twiddle factors correctly rounded to double; each output the exact sum of x t "
                                    "(over N for the inverse) rounded once"});
}

}  // namespace onnx_ref
