// Unit tests of ops/training/adagrad.cpp.
#include <functional>
#include <string>
#include <vector>
#include "helpers/training.h"

TEST_CASE("Adagrad: every operation of the pseudo code rounded once, two tensors of float and double") {
  std::mt19937_64 rng(1);
  for (T type : {T::Float, T::Double}) {
    CAPTURE(name_of(type));
    const Steps s{precision_of(type)}, d{53};
    const float norm = 0.001f, eps = 1e-5f, decay = 0.1f;
    const double R = type == T::Float ? static_cast<double>(0.1f) : 0.1;
    const int64_t t = 3;
    const auto x1 = random_values(rng, 5, -2, 2, type), g1 = random_values(rng, 5, -3, 3, type),
               h1 = random_values(rng, 5, 0, 4, type);
    const auto x2 = random_values(rng, 2, -2, 2, type), g2 = random_values(rng, 2, -3, 3, type),
               h2 = random_values(rng, 2, 0, 4, type);
    const auto out = run_optimizer("Adagrad",
                                   {scalar_r(type, R), scalar_t(t), vec(type, x1), vec(type, x2), vec(type, g1),
                                    vec(type, g2), vec(type, h1), vec(type, h2)},
                                   4, [&](onnx::NodeProto& n) {
                                     set_float_attribute(n, "norm_coefficient", norm);
                                     set_float_attribute(n, "epsilon", eps);
                                     set_float_attribute(n, "decay_factor", decay);
                                   });
    REQUIRE(out.size() == 4);
    // spec: Adagrad-1: "// Compute a scalar learning-rate factor."
    const double r = d.div(R, d.add(1, d.mul(static_cast<double>(t), decay)));
    auto check = [&](const std::vector<double>& x, const std::vector<double>& g, const std::vector<double>& h,
                     const Tensor& xn, const Tensor& hn) {
      std::vector<double> want_x, want_h;
      for (size_t i = 0; i < x.size(); ++i) {
        const double gr = s.add(s.mul(norm, x[i]), g[i]);
        const double h_new = s.add(h[i], s.mul(gr, gr));
        const double ha = s.add(s.sqrt(h_new), eps);
        want_x.push_back(s.sub(x[i], s.div(s.mul(r, gr), ha)));
        want_h.push_back(h_new);
      }
      CHECK(xn.type() == type);
      CHECK(training_values(xn) == want_x);
      CHECK(training_values(hn) == want_h);
    };
    // spec: Adagrad-1: "More specifically, we can view "X" as a concatenation of "X_1" and "X_2" (of course, their gradient and accumulate gradient should be concatenated too) and then just reuse the entire pseudo code."
    check(x1, g1, h1, out[0], out[2]);
    check(x2, g2, h2, out[1], out[3]);
  }
}

// ---- moved from optimizer_defaults_test.cpp ----
// Adagrad-1 and Adam-1 (ai.onnx.preview.training): the attribute defaults and the scalar inputs of
// the ONNX 1.22.0 text, each check citing its sentence. A default is checked by comparing the node
// without the attribute with the node given the text's value, and with another value, which must
// differ.

namespace optimizer_defaults_tests {

// The optimizer's outputs as doubles, with `attr` set to `value` unless `attr` is empty.
std::vector<double> step(const std::string& op, const std::string& attr, float value, int64_t t = 1) {
  const Tensor r = scalar_r(T::Float, 0.1), count = scalar_t(t), x = vec(T::Float, {1, -2}), g = vec(T::Float, {3, 4});
  const Tensor h = vec(T::Float, {0.5, 0.25});
  std::vector<Tensor> inputs = {r, count, x, g, h};
  if (op == "Adam") inputs.push_back(vec(T::Float, {0.125, 0.5}));
  const auto out = run_optimizer(op, inputs, op == "Adam" ? 3 : 2, [&](onnx::NodeProto& n) {
    if (!attr.empty()) set_float_attribute(n, attr, value);
  });
  std::vector<double> values;
  for (const Tensor& o : out)
    for (int64_t i = 0; i < o.element_count(); ++i) values.push_back(o.data_as<float>()[i]);
  return values;
}

void check_default(const std::string& op, const std::string& attr, float value, float other) {
  INFO(op, " ", attr);
  CHECK(step(op, "", 0) == step(op, attr, value));
  CHECK(step(op, "", 0) != step(op, attr, other));
}

// spec: Adagrad-1: "Default to 0 so that increasing update counts doesn't reduce the learning rate."
// spec: Adagrad-1: "Default to 0, which means no regularization."
// spec: Adagrad-1: "Small scalar to avoid dividing by zero."
// spec: Adam-1: "Default to 0.9."
// spec: Adam-1: "Default to 0.999."
// spec: Adam-1: "Default to 0, which means no regularization."
// spec: Adam-1: "Small scalar to avoid dividing by zero."
TEST_CASE("Adagrad-1, Adam-1: the attributes' defaults") {
  check_default("Adagrad", "decay_factor", 0.0f, 0.5f);
  check_default("Adagrad", "norm_coefficient", 0.0f, 1.0f);
  check_default("Adagrad", "epsilon", 1e-6f, 1.0f);
  check_default("Adam", "alpha", 0.9f, 0.5f);
  check_default("Adam", "beta", 0.999f, 0.5f);
  check_default("Adam", "norm_coefficient", 0.0f, 1.0f);
  check_default("Adam", "norm_coefficient_post", 0.0f, 1.0f);
  check_default("Adam", "epsilon", 1e-6f, 1.0f);
}

// spec: Adagrad-1: "It should be a scalar."
// spec: Adam-1: "It should be a scalar."
TEST_CASE("Adagrad-1, Adam-1: R and T are scalars") {
  const Tensor x = vec(T::Float, {1, -2}), g = vec(T::Float, {3, 4});
  for (const std::string op : {"Adagrad", "Adam"}) {
    INFO(op);
    std::vector<Tensor> tail = {x, g, x};
    if (op == "Adam") tail.push_back(x);
    std::vector<Tensor> two_r = {vec(T::Float, {0.1, 0.2}), scalar_t(0)};
    two_r.insert(two_r.end(), tail.begin(), tail.end());
    CHECK_THROWS_AS(run_optimizer(op, two_r, op == "Adam" ? 3 : 2, {}), Error);
    std::vector<Tensor> two_t = {scalar_r(T::Float, 0.1), Tensor::from_values<int64_t>(T::Int64, {2}, {0, 1})};
    two_t.insert(two_t.end(), tail.begin(), tail.end());
    CHECK_THROWS_AS(run_optimizer(op, two_t, op == "Adam" ? 3 : 2, {}), Error);
  }
}

}  // namespace optimizer_defaults_tests
