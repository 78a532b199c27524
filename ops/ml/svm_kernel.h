#pragma once
// The kernels K(x, v) of the ai.onnx.ml support vector machines (SVMRegressor, SVMClassifier), with
// kernel_params = [gamma, coef0, degree] (all 0 when not given; degree a whole number):
// LINEAR x . v, POLY (gamma x . v + coef0)^degree, RBF exp(-gamma |x - v|^2), SIGMOID
// tanh(gamma x . v + coef0).
//
// Rounded at named points: the dot product x . v (RBF: |x - v|^2, expanded as x^2 - 2xv + v^2 and
// summed exactly) is exact and rounded once to double; gamma d + coef0 (POLY, SIGMOID) and -gamma d
// (RBF) are exact and rounded once to double; the power, exp and tanh are correctly rounded to
// double (numeric/elementary.h).
#include <vector>

#include "ops/registry.h"

namespace onnx_ref::ml {

enum class SvmKernel { Linear, Poly, Rbf, Sigmoid };

struct SvmKernelParams {
  double gamma = 0, coef0 = 0, degree = 0;
};

// The kernel_type attribute; Error naming it when it is none of the four names.
SvmKernel svm_kernel_type(const Attributes& attrs);
// The kernel_params attribute: none or 3 values, the degree a whole number; Error otherwise.
SvmKernelParams svm_kernel_params(const Attributes& attrs);
// K(x, v) for the feature row x (exact long doubles) and the support vector v (x.size() floats).
double svm_kernel_value(SvmKernel kernel, const SvmKernelParams& params, const std::vector<long double>& x,
                        const float* v);

}  // namespace onnx_ref::ml
