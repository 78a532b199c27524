// LSTM, GRU and RNN against an oracle written apart from them: GNU MPFR at 1000 bits evaluates the
// spec's equations (the gate sums exactly, sigmoid and tanh to 1000 bits) and rounds each named
// point of the contract (ops/recurrent/recurrent_rules.h) to float once, emulating IEEE float with
// mpfr_subnormalize (tests/mpfr_oracle.h). Results must agree bit for bit.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include <mpfr.h>
#include "op_tester.h"

#include <cstring>
#include <functional>

#include "model_builder.h"
#include "mpfr_oracle.h"
#include "runtime/cast.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

// ---- the oracle ------------------------------------------------------------------------------

class Big {
 public:
  Big() {
    mpfr_init2(v_, 1000);
    mpfr_set_zero(v_, 1);
  }
  explicit Big(double x) : Big() { mpfr_set_d(v_, x, MPFR_RNDN); }
  Big(const Big& o) : Big() { mpfr_set(v_, o.v_, MPFR_RNDN); }
  Big& operator=(const Big& o) {
    mpfr_set(v_, o.v_, MPFR_RNDN);
    return *this;
  }
  ~Big() { mpfr_clear(v_); }
  mpfr_ptr get() { return v_; }
  mpfr_srcptr get() const { return v_; }

 private:
  mpfr_t v_;
};

// Exact at 1000 bits for the float data of these tests (products of floats have 48 bits; the sums
// span far fewer than 1000 bits of exponent).
Big operator+(const Big& a, const Big& b) {
  Big r;
  mpfr_add(r.get(), a.get(), b.get(), MPFR_RNDN);
  return r;
}
Big operator*(const Big& a, const Big& b) {
  Big r;
  mpfr_mul(r.get(), a.get(), b.get(), MPFR_RNDN);
  return r;
}

float to_float(const Big& v, int ternary = 0) {
  return static_cast<float>(oracle::round_ieee(v.get(), ternary, numeric::Format::Float));
}
float o_mul(float a, float b) { return to_float(Big(a) * Big(b)); }
float o_add(float a, float b) { return to_float(Big(a) + Big(b)); }
float o_one_minus(float a) { return to_float(Big(1.0) + Big(-static_cast<double>(a))); }
float o_sigmoid(float x) {  // 1 / (1 + e^-x)
  Big t(-static_cast<double>(x));
  mpfr_exp(t.get(), t.get(), MPFR_RNDN);
  mpfr_add_ui(t.get(), t.get(), 1, MPFR_RNDN);
  mpfr_ui_div(t.get(), 1, t.get(), MPFR_RNDN);
  return to_float(t, 1);
}
float o_tanh(float x) {
  Big t(x);
  mpfr_tanh(t.get(), t.get(), MPFR_RNDN);
  return to_float(t, x == 0 ? 0 : 1);
}

// Row-major matrices of floats as the operators take them.
struct Mat {
  int64_t rows = 0, cols = 0;
  std::vector<float> v;
  float at(int64_t r, int64_t c) const { return v[static_cast<size_t>(r * cols + c)]; }
};

// The exact value of x·W[gate rows]^T + h·R[...]^T + Wb + Rb (+ p ∘ c) at unit j, rounded once.
float o_gate(const std::vector<float>& x, const std::vector<float>& h, const Mat& w, const Mat& r,
             const std::vector<float>& wb, const std::vector<float>& rb, int64_t row, float peep = 0, float cell = 0) {
  Big s;
  for (size_t k = 0; k < x.size(); ++k) s = s + Big(x[k]) * Big(w.at(row, static_cast<int64_t>(k)));
  for (size_t k = 0; k < h.size(); ++k) s = s + Big(h[k]) * Big(r.at(row, static_cast<int64_t>(k)));
  s = s + Big(wb[static_cast<size_t>(row)]) + Big(rb[static_cast<size_t>(row)]) + Big(peep) * Big(cell);
  return to_float(s);
}

// Deterministic floats in [-1, 1) with full 24-bit significands.
std::vector<float> data(size_t n, uint32_t seed) {
  std::vector<float> v(n);
  uint32_t s = seed;
  for (auto& x : v) {
    s = s * 1664525u + 1013904223u;
    x = static_cast<float>(static_cast<int32_t>(s >> 8) - (1 << 23)) * 0x1p-23f;
  }
  return v;
}

// ---- running one node ------------------------------------------------------------------------

Tensor floats(Shape shape, const std::vector<float>& v) {
  return Tensor::from_values<float>(T::Float, std::move(shape), v);
}

std::vector<float> values(const Tensor& t) {
  std::vector<float> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(float));
  return v;
}

void set_string(onnx::NodeProto& node, const std::string& name, const std::string& value) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRING);
  a->set_s(value);
}

void set_strings(onnx::NodeProto& node, const std::string& name, const std::vector<std::string>& values) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRINGS);
  for (const auto& v : values) a->add_strings(v);
}

// Inputs by position; a null optional is an empty name. Returns the named outputs' tensors.
std::vector<Tensor> run_recurrent(const std::string& op, int64_t opset,
                                  const std::vector<std::optional<Tensor>>& inputs, size_t outputs,
                                  const std::function<void(onnx::NodeProto&)>& attrs) {
  testing::OpTester t(op, opset);
  for (const auto& i : inputs) t.input(i ? std::optional<Value>(*i) : std::nullopt);
  t.outputs(outputs).edit_node(attrs);
  std::vector<Tensor> result;
  for (auto& v : t.run()) result.push_back(v.tensor());
  return result;
}

}  // namespace
