// ai.onnx.preview.training Momentum-1: one step of stochastic gradient descent with momentum for n
// tensors, inputs R, T, X_1..n, G_1..n, V_1..n, outputs X_new_1..n, V_new_1..n. Per element, as
// the spec's pseudo code writes it:
//   G_regularized = norm_coefficient * X + G
//   beta_adjusted = T > 0 ? beta : 1
//   V_new = alpha * V + beta_adjusted * G_regularized
//   mode "standard": X_new = X - R * V_new
//   mode "nesterov": X_new = X - R * (G_regularized + alpha * V_new)
// Any other mode is an Error (the spec names these two). Contract: rounded at named points, every
// operation above one rounding (ops/training/optimizer_rules.h). X, G and V of one tensor share its
// type (float or double) and shape.
#include "ops/training/optimizer_rules.h"
#include "ops/training/register.h"

namespace onnx_ref {

namespace {

bool momentum_is_nesterov(const Attributes& attrs) {
  const std::string& mode = std::get<std::string>(attrs.get("mode"));
  if (mode == "standard") return false;
  if (mode == "nesterov") return true;
  throw Error("attribute 'mode' must be \"standard\" or \"nesterov\", got " + quote_text(mode));
}

// The attributes, parsed and checked at load (float32 values, taken exactly).
struct MomentumParams {
  double alpha, beta, norm;
  bool nesterov;
};

MomentumParams parse_momentum_params(const Attributes& attrs) {
  return {std::get<float>(attrs.get("alpha")), std::get<float>(attrs.get("beta")),
          std::get<float>(attrs.get("norm_coefficient")), momentum_is_nesterov(attrs)};
}

std::vector<Value> momentum_kernel(const KernelContext& ctx, const MomentumParams& params) {
  namespace tr = training;
  const size_t n = tr::tensor_count(ctx.input_count(), ctx.output_count(), 3, 2, "Momentum");
  const double R = tr::scalar_input(ctx, 0, "R"), T = tr::scalar_input(ctx, 1, "T");
  const double alpha = params.alpha;
  const double beta_adjusted = T > 0 ? params.beta : 1.0;
  const double norm = params.norm;
  const bool nesterov = params.nesterov;
  return tr::update_groups(ctx, n, 3, 2, "Momentum", [&](size_t i, std::vector<Tensor>& made) {
    const Tensor& x = ctx.input(2 + i);
    const Tensor& g = ctx.input(2 + n + i);
    const Tensor& v = ctx.input(2 + 2 * n + i);
    tr::dispatch_float_or_double(x.type(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      const S *px = x.data_as<S>(), *pg = g.data_as<S>(), *pv = v.data_as<S>();
      S* pxn = reinterpret_cast<S*>(made[0].mutable_data());
      S* pvn = reinterpret_cast<S*>(made[1].mutable_data());
      for (int64_t e = 0; e < x.element_count(); ++e) {
        const double gr = tr::add<S>(tr::mul<S>(norm, px[e]), pg[e]);
        const double vn = tr::add<S>(tr::mul<S>(alpha, pv[e]), tr::mul<S>(beta_adjusted, gr));
        const double step = nesterov ? tr::add<S>(gr, tr::mul<S>(alpha, vn)) : vn;
        pxn[e] = static_cast<S>(tr::sub<S>(px[e], tr::mul<S>(R, step)));
        pvn[e] = static_cast<S>(vn);
      }
    });
  });
}

}  // namespace

void register_momentum(Registry& registry) {
  OpVersion v = training::optimizer_version("Momentum", 3, 2);
  v.attributes = {{"alpha", AttrType::Float, true},
                  {"beta", AttrType::Float, true},
                  {"mode", AttrType::String, true},
                  {"norm_coefficient", AttrType::Float, true}};
  v.set_kernel(parse_momentum_params, momentum_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy(
      "Momentum", {AccuracyKind::RoundedAtNamedPoints, "each step of the spec's update formula rounded once, in order"},
      {}, "ai.onnx.preview.training");
}

}  // namespace onnx_ref
