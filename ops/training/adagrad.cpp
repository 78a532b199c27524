// ai.onnx.preview.training Adagrad-1: one ADAGRAD step for n tensors, inputs
// R, T, X_1..X_n, G_1..G_n, H_1..H_n, outputs X_new_1..n, H_new_1..n. Per element, as the spec's
// pseudo code writes it:
//   r = R / (1 + T * decay_factor)                 (scalars, double)
//   G_regularized = norm_coefficient * X + G
//   H_new = H + G_regularized * G_regularized
//   H_adaptive = Sqrt(H_new) + epsilon
//   X_new = X - r * G_regularized / H_adaptive     ((r * G_regularized) / H_adaptive)
// Contract: rounded at named points, every operation above one rounding (ops/training/
// optimizer_rules.h). X, G and H of one tensor share its type (float or double) and shape.
#include "ops/training/optimizer_rules.h"
#include "ops/training/register.h"

namespace onnx_ref {

namespace {

// The attributes, parsed at load (float32 values, taken exactly).
struct AdagradParams {
  double decay, eps, norm;
};

AdagradParams parse_adagrad_params(const Attributes& attrs) {
  return {std::get<float>(attrs.get("decay_factor")), std::get<float>(attrs.get("epsilon")),
          std::get<float>(attrs.get("norm_coefficient"))};
}

std::vector<Value> adagrad_kernel(const KernelContext& ctx, const AdagradParams& params) {
  namespace tr = training;
  const size_t n = tr::tensor_count(ctx.input_count(), ctx.output_count(), 3, 2, "Adagrad");
  const double R = tr::scalar_input(ctx, 0, "R"), T = tr::scalar_input(ctx, 1, "T");
  const double eps = params.eps, norm = params.norm;
  const double r = tr::div<double>(R, tr::add<double>(1.0, tr::mul<double>(T, params.decay)));
  return tr::update_groups(ctx, n, 3, 2, "Adagrad", [&](size_t i, std::vector<Tensor>& made) {
    const Tensor& x = ctx.input(2 + i);
    const Tensor& g = ctx.input(2 + n + i);
    const Tensor& h = ctx.input(2 + 2 * n + i);
    tr::dispatch_float_or_double(x.type(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      const S *px = x.data_as<S>(), *pg = g.data_as<S>(), *ph = h.data_as<S>();
      S* pxn = reinterpret_cast<S*>(made[0].mutable_data());
      S* phn = reinterpret_cast<S*>(made[1].mutable_data());
      for (int64_t e = 0; e < x.element_count(); ++e) {
        const double gr = tr::add<S>(tr::mul<S>(norm, px[e]), pg[e]);
        const double hn = tr::add<S>(ph[e], tr::mul<S>(gr, gr));
        const double ha = tr::add<S>(tr::sqrt<S>(hn), eps);
        pxn[e] = static_cast<S>(tr::sub<S>(px[e], tr::div<S>(tr::mul<S>(r, gr), ha)));
        phn[e] = static_cast<S>(hn);
      }
    });
  });
}

}  // namespace

void register_adagrad(Registry& registry) {
  OpVersion v = training::optimizer_version("Adagrad", 3, 2);
  v.attributes = {{"decay_factor", AttrType::Float, false, 0.0f},
                  {"epsilon", AttrType::Float, false, 1e-6f},
                  {"norm_coefficient", AttrType::Float, false, 0.0f}};
  v.set_kernel(parse_adagrad_params, adagrad_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("Adagrad",
                            {AccuracyKind::RoundedAtNamedPoints,
                             "each step of the spec's update formula rounded once, in order; the scalar learning-rate "
                             "steps correctly rounded in double"},
                            {}, "ai.onnx.preview.training");
}

}  // namespace onnx_ref
