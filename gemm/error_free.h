#pragma once
// Error-free transformations the dot-product paths (dot.cpp, tiled.cpp) share.
#include <cmath>

#include "numeric/exact_sum.h"

namespace onnx_ref::gemm {

// s + e = a + b exactly, s = fl(a + b) (Knuth's TwoSum; no condition on the magnitudes).
inline void two_sum(double a, double b, double& s, double& e) {
  s = a + b;
  const double bb = s - a;
  e = (a - (s - bb)) + (b - bb);
}

// x * y added to `sum` exactly as two doubles, the product and its FMA residual (exact when the
// product is finite and does not underflow); an infinite or NaN product is added alone.
inline void add_product(ExactSum& sum, double x, double y) {
  const double h = x * y;
  sum.add(h);
  if (std::isfinite(h)) sum.add(std::fma(x, y, -h));
}

}  // namespace onnx_ref::gemm
