// ONNX STFT, every version (17).
// signal is [batch, length, 1] (real) or [batch, length, 2] (complex); frame_step (at least 1)
// the hop; window an optional 1-D weight of the frame's length; frame_length the optional DFT size
// N. N is frame_length, else the window's length, else the signal's length (one frame, as ONNX's
// reference does); a window whose length differs from frame_length is refused (the spec slides the
// window over the frames that are transformed). frames = 1 + floor((length - N) / frame_step), which
// needs length >= N. The output is [batch, frames, bins, 2], bins = floor(N / 2) + 1 when
// onesided = 1 (the default), N otherwise; the spec says a complex signal has no onesided output,
// so onesided = 1 with a complex signal is refused.
// Frame f, bin k: sum_n x[f * frame_step + n] w[n] e^(-2 pi j k n / N).
//
// Contract: correctly rounded from correctly rounded twiddle factors (ops/signal/dft_core.h): the
// window products are exact too, so each output is the exact sum of x w t rounded once.
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

// The kernel takes `onesided`, parsed at load.
std::vector<Value> stft_kernel(const KernelContext& ctx, bool onesided) {
  const Tensor& x = ctx.input(0);
  if (x.rank() != 3 || (x.shape()[2] != 1 && x.shape()[2] != 2))
    throw Error("signal must be [batch, length, 1] (real) or [batch, length, 2] (complex), but it is " + x.describe());
  const int64_t batch = x.shape()[0], length = x.shape()[1], parts = x.shape()[2];
  const int64_t step = signal_scalar_int(ctx.input(1), "frame_step");
  if (step < 1) throw Error("frame_step = " + std::to_string(step) + " must be at least 1");
  const Tensor* window = ctx.has_input(2) ? &ctx.input(2) : nullptr;
  if (window && window->rank() != 1) throw Error("window must be 1-D, but it is " + window->describe());
  if (window && window->type() != x.type())
    throw Error("window must have the signal's type " + std::string(name_of(x.type())) + ", but it is " +
                window->describe());
  int64_t n = window ? window->shape()[0] : length;
  if (ctx.has_input(3)) {
    n = signal_scalar_int(ctx.input(3), "frame_length", true);  // "A scalar"
    if (n < 1) throw Error("frame_length = " + std::to_string(n) + " must be at least 1");
    if (window && window->shape()[0] != n)
      throw Error("the window's length " + std::to_string(window->shape()[0]) +
                  " differs from frame_length = " + std::to_string(n));
  }
  if (n < 1) throw Error("the frame length is 0 (an empty window or signal)");
  if (length < n)
    throw Error("the signal's length " + std::to_string(length) + " is shorter than one frame of " + std::to_string(n));
  if (onesided && parts == 2)
    throw Error("onesided = 1 needs a real signal (last dimension 1); a complex signal " + x.describe() +
                " has no onesided transform (set onesided = 0)");
  const int64_t frames = 1 + (length - n) / step;
  const int64_t bins = onesided ? n / 2 + 1 : n;
  check_dft_work(n, batch * frames, bins, n);
  Tensor out = Tensor::zeros(x.type(), {batch, frames, bins, 2});
  if (out.element_count() == 0) return {out};
  const MemoryCharge samples_charge = charge_scratch<double>(
      static_cast<uint64_t>(x.element_count() + (window ? window->element_count() : 0)), "the STFT's widened input");
  const std::vector<double> samples = signal_samples(x);
  const std::vector<double> weights = window ? signal_samples(*window) : std::vector<double>{};
  const DftTwiddles twiddles = dft_twiddles(n);
  dispatch_signal_float(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    S* y = reinterpret_cast<S*>(out.mutable_data());
    parallel_for(batch * frames, 1, [&](int64_t begin, int64_t end) {
      for (int64_t l = begin; l < end; ++l) {
        const int64_t b = l / frames, f = l % frames;
        DftLine line;
        line.data = samples.data() + (b * length + f * step) * parts;
        line.stride = parts;
        line.complex = parts == 2;
        line.weight = window ? weights.data() : nullptr;
        line.count = n;
        dft_transform_line<S>(line, twiddles, false, bins, y + l * bins * 2, 2);
      }
    });
  });
  return {out};
}

}  // namespace

void register_stft(Registry& registry) {
  OpVersion v;
  v.op_type = "STFT";
  v.since_version = 17;
  v.inputs = {{"signal", "T1"},
              {"frame_step", "T2"},
              {"window", "T1", ParamOption::Optional},
              {"frame_length", "T2", ParamOption::Optional}};
  v.outputs = {{"output", "T1"}};
  v.attributes = {{"onesided", AttrType::Int, false, int64_t{1}}};
  v.type_constraints = {{"T1", type_sets::kFloatsIR4}, {"T2", type_sets::kInt32Int64}};
  v.set_kernel([](const Attributes& attrs) { return attrs.get_flag("onesided"); }, stft_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy(
      "STFT", {AccuracyKind::RoundedAtNamedPoints,
               "twiddle factors correctly rounded to double; each output the exact sum of x w t rounded once"});
}

}  // namespace onnx_ref
