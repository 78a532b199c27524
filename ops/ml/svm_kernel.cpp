// The support vector kernels shared by SVMRegressor and SVMClassifier (ops/ml/svm_kernel.h).
#include "ops/ml/svm_kernel.h"

#include <cmath>
#include <string>

#include "numeric/elementary.h"
#include "numeric/exact_sum.h"
#include "ops/ml/ml_rules.h"
#include "runtime/error.h"

namespace onnx_ref::ml {

SvmKernel svm_kernel_type(const Attributes& attrs) {
  const auto& name = std::get<std::string>(attrs.get("kernel_type"));
  if (name == "LINEAR") return SvmKernel::Linear;
  if (name == "POLY") return SvmKernel::Poly;
  if (name == "RBF") return SvmKernel::Rbf;
  if (name == "SIGMOID") return SvmKernel::Sigmoid;
  throw Error("attribute 'kernel_type' = " + quote_text(name) + " is none of LINEAR, POLY, RBF, SIGMOID");
}

SvmKernelParams svm_kernel_params(const Attributes& attrs) {
  const auto params = floats_or_empty(attrs, "kernel_params");
  if (params.empty()) return {};
  if (params.size() != 3)
    throw Error("attribute 'kernel_params' has " + std::to_string(params.size()) +
                " values, not 3 (gamma, coef0, degree)");
  if (params[2] != std::trunc(params[2]))
    throw Error("the degree in 'kernel_params' must be a whole number, got " + std::to_string(params[2]));
  return {params[0], params[1], params[2]};
}

double svm_kernel_value(SvmKernel kernel, const SvmKernelParams& params, const std::vector<long double>& x,
                        const float* v) {
  ExactSum d;
  for (size_t f = 0; f < x.size(); ++f) {
    if (kernel == SvmKernel::Rbf) {
      const double hi = static_cast<double>(x[f]);
      add_exact_product(d, x[f], hi);
      add_exact_product(d, x[f], static_cast<double>(x[f] - hi));
      add_exact_product(d, x[f], -2.0 * v[f]);
      add_exact_product(d, v[f], v[f]);
    } else {
      add_exact_product(d, x[f], v[f]);
    }
  }
  const double dot = d.round_nearest();
  if (kernel == SvmKernel::Linear) return dot;
  ExactSum t;
  if (kernel == SvmKernel::Rbf) {
    add_exact_product(t, dot, -params.gamma);
    return numeric::exp<double>(t.round_nearest());
  }
  add_exact_product(t, dot, params.gamma);
  t.add(params.coef0);
  const double base = t.round_nearest();
  return kernel == SvmKernel::Poly ? numeric::pow<double>(base, params.degree) : numeric::tanh<double>(base);
}

}  // namespace onnx_ref::ml
