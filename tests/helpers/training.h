// The ai.onnx.preview.training optimizers (Adagrad, Adam, Momentum): every output against the spec's
// pseudo code evaluated here in MPFR, one rounding per operation at the element type's precision
// (scalars at 53 bits); the layout of several tensors; and the rules (counts, types, shapes, mode).
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <mpfr.h>

#include <cmath>
#include <functional>
#include <map>
#include <random>

#include "model_builder.h"
#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

// A number held by MPFR at a fixed precision, every operation rounded once to it.
class Rounded {
 public:
  Rounded(double v, int prec) : prec_(prec) {
    mpfr_init2(v_, prec);
    mpfr_set_d(v_, v, MPFR_RNDN);
  }
  Rounded(const Rounded& o) : prec_(o.prec_) {
    mpfr_init2(v_, prec_);
    mpfr_set(v_, o.v_, MPFR_RNDN);
  }
  ~Rounded() { mpfr_clear(v_); }
  double get() const { return mpfr_get_d(v_, MPFR_RNDN); }
  friend Rounded op(const Rounded& a, const Rounded& b, int prec,
                    int (*f)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t)) {
    Rounded r(0, prec);
    f(r.v_, a.v_, b.v_, MPFR_RNDN);
    return r;
  }
  friend Rounded root(const Rounded& a, int prec) {
    Rounded r(0, prec);
    mpfr_sqrt(r.v_, a.v_, MPFR_RNDN);
    return r;
  }
  friend Rounded power(const Rounded& a, double t, int prec) {
    Rounded r(0, prec);
    mpfr_t e;
    mpfr_init2(e, 64);
    mpfr_set_d(e, t, MPFR_RNDN);
    mpfr_pow(r.v_, a.v_, e, MPFR_RNDN);
    mpfr_clear(e);
    return r;
  }

 private:
  int prec_;
  mpfr_t v_;
};

// The pseudo code's operations at precision p (each operand first taken exactly at 64 bits or more).
struct Steps {
  int p;
  Rounded val(double v) const { return Rounded(v, 64); }
  double add(double a, double b) const { return op(val(a), val(b), p, mpfr_add).get(); }
  double sub(double a, double b) const { return op(val(a), val(b), p, mpfr_sub).get(); }
  double mul(double a, double b) const { return op(val(a), val(b), p, mpfr_mul).get(); }
  double div(double a, double b) const { return op(val(a), val(b), p, mpfr_div).get(); }
  double sqrt(double a) const { return root(val(a), p).get(); }
};

using Attrs = std::function<void(onnx::NodeProto&)>;

std::vector<Tensor> run_optimizer(const std::string& op, const std::vector<Tensor>& inputs, size_t outputs,
                                  const Attrs& attrs) {
  testing::OpTester t(op, 1, "ai.onnx.preview.training");
  t.opset_import("", 22);
  for (const auto& i : inputs) t.input(Value(i));
  t.outputs(outputs);
  if (attrs) t.edit_node(attrs);
  std::vector<Tensor> result;
  for (auto& v : t.run()) result.push_back(v.tensor());
  return result;
}

std::vector<double> training_values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.element_count(); ++i)
    v.push_back(t.type() == T::Float ? t.data_as<float>()[i] : t.data_as<double>()[i]);
  return v;
}

Tensor vec(T type, const std::vector<double>& v) {
  const Shape s{static_cast<int64_t>(v.size())};
  if (type == T::Double) return Tensor::from_values<double>(type, s, v);
  return Tensor::from_values<float>(type, s, std::vector<float>(v.begin(), v.end()));
}

Tensor scalar_r(T type, double r) {
  if (type == T::Double) return Tensor::from_values<double>(type, {}, {r});
  return Tensor::from_values<float>(type, {}, {static_cast<float>(r)});
}

Tensor scalar_t(int64_t t) { return Tensor::from_values<int64_t>(T::Int64, {}, {t}); }

std::vector<double> random_values(std::mt19937_64& rng, size_t n, double lo, double hi, T type) {
  std::uniform_real_distribution<double> d(lo, hi);
  std::vector<double> v;
  for (size_t i = 0; i < n; ++i)
    v.push_back(type == T::Float ? static_cast<double>(static_cast<float>(d(rng))) : d(rng));
  return v;
}

int precision_of(T type) { return type == T::Float ? 24 : 53; }

}  // namespace
