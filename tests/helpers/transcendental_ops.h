// The correctly rounded element-wise operators (ops/math/transcendental.h, ops/math/pow.cpp,
// ops/activation/) through a loaded model: results against the MPFR oracle (tests/mpfr_oracle.h)
// and hand values, attributes taken exactly as float32, Pow's mixed types and integer wrapping,
// and every refusal.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "helpers/element_values.h"
#include "model_builder.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"
#include "tests/mpfr_oracle.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;
using numeric::Fn;
using numeric::Format;

namespace {

void set_float(onnx::NodeProto& node, const std::string& name, float value) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(value);
}

void set_string(onnx::NodeProto& node, const std::string& name, const std::string& value) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRING);
  a->set_s(value);
}

struct Attr {
  std::string name;
  float f = 0;
  std::string s = {};
  bool is_string = false;
};

Tensor run_op(const std::string& op, int64_t opset, const std::vector<Tensor>& inputs,
              const std::vector<Attr>& attrs = {}) {
  testing::OpTester t(op, opset);
  for (const auto& i : inputs) t.input(Value(i));
  for (const auto& a : attrs) {
    if (a.is_string)
      t.attribute(a.name, a.s);
    else
      t.attribute(a.name, a.f);
  }
  const auto out = t.run();
  REQUIRE(out.size() == 1);
  return out[0].tensor();
}

// A spread of float inputs: zeros, tiny, moderate, large, both signs.
std::vector<float> spread() {
  std::vector<float> xs = {0.0f, -0.0f, 0x1p-149f, 1e-30f, 1e-7f, 0.1f,  0.5f,  0.75f,  1.0f,  1.5f,
                           2.0f, 3.0f,  7.5f,      10.0f,  20.0f, 50.0f, 88.0f, 100.0f, 1e10f, 3e38f};
  const size_t n = xs.size();
  for (size_t i = 0; i < n; ++i) xs.push_back(-xs[i]);
  return xs;
}

struct OpCase {
  const char* op;
  int opset;
  Fn fn;
  numeric::Args args;
  std::vector<Attr> attrs;
};

}  // namespace
