// ai.onnx.preview.training Adam-1: one Adam step for n tensors, inputs R, T, X_1..n, G_1..n,
// V_1..n, H_1..n, outputs X_final_1..n, V_new_1..n, H_new_1..n. Per element, as the spec's pseudo
// code writes it:
//   G_regularized = norm_coefficient * X + G
//   V_new = alpha * V + (1 - alpha) * G_regularized
//   H_new = beta * H + (1 - beta) * G_regularized * G_regularized    (((1 - beta) * G) * G)
//   H_sqrt = Sqrt(H_new) + epsilon
//   R_adjusted = T > 0 ? R * Sqrt(1 - beta^T) / (1 - alpha^T) : R    (scalars, double)
//   X_new = X - R_adjusted * V_new / H_sqrt                          ((R_adjusted * V_new) / H_sqrt)
//   X_final = (1 - norm_coefficient_post) * X_new
// Contract: rounded at named points, every operation above one rounding (ops/training/
// optimizer_rules.h; alpha^T and beta^T correctly rounded powers). X, G, V and H of one tensor share
// its type (float or double) and shape.
#include "numeric/elementary.h"
#include "ops/training/optimizer_rules.h"
#include "ops/training/register.h"

namespace onnx_ref {

namespace {

// The attributes, parsed at load (float32 values, taken exactly).
struct AdamParams {
  double alpha, beta, eps, norm, post;
};

AdamParams parse_adam_params(const Attributes& attrs) {
  return {std::get<float>(attrs.get("alpha")), std::get<float>(attrs.get("beta")),
          std::get<float>(attrs.get("epsilon")), std::get<float>(attrs.get("norm_coefficient")),
          std::get<float>(attrs.get("norm_coefficient_post"))};
}

std::vector<Value> adam_kernel(const KernelContext& ctx, const AdamParams& params) {
  namespace tr = training;
  const size_t n = tr::tensor_count(ctx.input_count(), ctx.output_count(), 4, 3, "Adam");
  const double R = tr::scalar_input(ctx, 0, "R"), T = tr::scalar_input(ctx, 1, "T");
  const double alpha = params.alpha, beta = params.beta, eps = params.eps, norm = params.norm, post = params.post;
  const double one_minus_alpha = tr::sub<double>(1.0, alpha);
  const double one_minus_beta = tr::sub<double>(1.0, beta);
  const double keep = tr::sub<double>(1.0, post);
  double r_adjusted = R;
  if (T > 0) {
    const double beta_t = numeric::evaluate<numeric::Fn::Pow>(beta, {T, 0, 0});
    const double alpha_t = numeric::evaluate<numeric::Fn::Pow>(alpha, {T, 0, 0});
    r_adjusted = tr::div<double>(tr::mul<double>(R, tr::sqrt<double>(tr::sub<double>(1.0, beta_t))),
                                 tr::sub<double>(1.0, alpha_t));
  }
  return tr::update_groups(ctx, n, 4, 3, "Adam", [&](size_t i, std::vector<Tensor>& made) {
    const Tensor& x = ctx.input(2 + i);
    const Tensor& g = ctx.input(2 + n + i);
    const Tensor& v = ctx.input(2 + 2 * n + i);
    const Tensor& h = ctx.input(2 + 3 * n + i);
    tr::dispatch_float_or_double(x.type(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      const S *px = x.data_as<S>(), *pg = g.data_as<S>(), *pv = v.data_as<S>(), *ph = h.data_as<S>();
      S* pxf = reinterpret_cast<S*>(made[0].mutable_data());
      S* pvn = reinterpret_cast<S*>(made[1].mutable_data());
      S* phn = reinterpret_cast<S*>(made[2].mutable_data());
      for (int64_t e = 0; e < x.element_count(); ++e) {
        const double gr = tr::add<S>(tr::mul<S>(norm, px[e]), pg[e]);
        const double vn = tr::add<S>(tr::mul<S>(alpha, pv[e]), tr::mul<S>(one_minus_alpha, gr));
        const double hn = tr::add<S>(tr::mul<S>(beta, ph[e]), tr::mul<S>(tr::mul<S>(one_minus_beta, gr), gr));
        const double hs = tr::add<S>(tr::sqrt<S>(hn), eps);
        const double xn = tr::sub<S>(px[e], tr::div<S>(tr::mul<S>(r_adjusted, vn), hs));
        pxf[e] = static_cast<S>(tr::mul<S>(keep, xn));
        pvn[e] = static_cast<S>(vn);
        phn[e] = static_cast<S>(hn);
      }
    });
  });
}

}  // namespace

void register_adam(Registry& registry) {
  OpVersion v = training::optimizer_version("Adam", 4, 3);
  v.attributes = {{"alpha", AttrType::Float, false, 0.9f},
                  {"beta", AttrType::Float, false, 0.999f},
                  {"epsilon", AttrType::Float, false, 1e-6f},
                  {"norm_coefficient", AttrType::Float, false, 0.0f},
                  {"norm_coefficient_post", AttrType::Float, false, 0.0f}};
  v.set_kernel(parse_adam_params, adam_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy(
      "Adam",
      {AccuracyKind::RoundedAtNamedPoints,
       "each step of the spec's update formula rounded once, in order; alpha^T and beta^T correctly rounded powers"},
      {}, "ai.onnx.preview.training");
}

}  // namespace onnx_ref
