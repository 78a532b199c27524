// The ai.onnx.preview.training optimizers (Adagrad, Adam, Momentum): every output against the spec's
// pseudo code evaluated here in MPFR, one rounding per operation at the element type's precision
// (scalars at 53 bits); the layout of several tensors; and the rules (counts, types, shapes, mode).
#include <doctest/doctest.h>

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
  ModelBuilder b(1, "ai.onnx.preview.training");
  b.opset_import("", 22);
  std::vector<std::string> in_names, out_names;
  std::map<std::string, Value> feeds;
  for (size_t i = 0; i < inputs.size(); ++i) {
    in_names.push_back("i" + std::to_string(i));
    b.input(in_names.back(), inputs[i].type(), inputs[i].shape());
    feeds.emplace(in_names.back(), inputs[i]);
  }
  for (size_t i = 0; i < outputs; ++i) {
    out_names.push_back("o" + std::to_string(i));
    b.output(out_names.back());
  }
  auto& node = b.node(op, in_names, out_names, "ai.onnx.preview.training");
  if (attrs) attrs(node);
  std::vector<Tensor> result;
  for (auto& o : b.build().run(feeds)) result.push_back(o.second.tensor());
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
  for (size_t i = 0; i < n; ++i) v.push_back(type == T::Float ? static_cast<double>(static_cast<float>(d(rng))) : d(rng));
  return v;
}

int precision_of(T type) { return type == T::Float ? 24 : 53; }

}  // namespace

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
    check(x1, g1, h1, out[0], out[2]);
    check(x2, g2, h2, out[1], out[3]);
  }
}

TEST_CASE("Adam: every operation of the pseudo code rounded once, with and without bias correction") {
  std::mt19937_64 rng(2);
  for (T type : {T::Float, T::Double}) {
    for (int64_t t : {0, 7}) {
      CAPTURE(name_of(type));
      CAPTURE(t);
      const Steps s{precision_of(type)}, d{53};
      const float norm = 0.001f, post = 0.02f, alpha = 0.95f, beta = 0.1f, eps = 1e-7f;
      const double R = type == T::Float ? static_cast<double>(0.1f) : 0.1;
      const auto x = random_values(rng, 6, -2, 2, type), g = random_values(rng, 6, -3, 3, type),
                 v = random_values(rng, 6, -1, 1, type), h = random_values(rng, 6, 0, 4, type);
      const auto out = run_optimizer(
          "Adam", {scalar_r(type, R), scalar_t(t), vec(type, x), vec(type, g), vec(type, v), vec(type, h)}, 3,
          [&](onnx::NodeProto& n) {
            set_float_attribute(n, "norm_coefficient", norm);
            set_float_attribute(n, "norm_coefficient_post", post);
            set_float_attribute(n, "alpha", alpha);
            set_float_attribute(n, "beta", beta);
            set_float_attribute(n, "epsilon", eps);
          });
      REQUIRE(out.size() == 3);
      double ra = R;
      if (t > 0) {
        const double bt = power(Rounded(beta, 64), static_cast<double>(t), 53).get();
        const double at = power(Rounded(alpha, 64), static_cast<double>(t), 53).get();
        ra = d.div(d.mul(R, d.sqrt(d.sub(1, bt))), d.sub(1, at));
      }
      std::vector<double> wx, wv, wh;
      for (size_t i = 0; i < x.size(); ++i) {
        const double gr = s.add(s.mul(norm, x[i]), g[i]);
        const double vn = s.add(s.mul(alpha, v[i]), s.mul(d.sub(1, alpha), gr));
        const double hn = s.add(s.mul(beta, h[i]), s.mul(s.mul(d.sub(1, beta), gr), gr));
        const double hs = s.add(s.sqrt(hn), eps);
        const double xn = s.sub(x[i], s.div(s.mul(ra, vn), hs));
        wx.push_back(s.mul(d.sub(1, post), xn));
        wv.push_back(vn);
        wh.push_back(hn);
      }
      CHECK(training_values(out[0]) == wx);
      CHECK(training_values(out[1]) == wv);
      CHECK(training_values(out[2]) == wh);
    }
  }
}

TEST_CASE("Momentum: standard and Nesterov, first step and later steps") {
  std::mt19937_64 rng(3);
  for (T type : {T::Float, T::Double})
    for (const char* mode : {"standard", "nesterov"})
      for (int64_t t : {0, 4}) {
        CAPTURE(name_of(type));
        CAPTURE(mode);
        CAPTURE(t);
        const Steps s{precision_of(type)};
        const float norm = 0.001f, alpha = 0.95f, beta = 0.1f;
        const double R = type == T::Float ? static_cast<double>(0.1f) : 0.1;
        const auto x = random_values(rng, 4, -2, 2, type), g = random_values(rng, 4, -3, 3, type),
                   v = random_values(rng, 4, -1, 1, type);
        const auto out = run_optimizer("Momentum", {scalar_r(type, R), scalar_t(t), vec(type, x), vec(type, g), vec(type, v)},
                                       2, [&](onnx::NodeProto& n) {
                                         set_float_attribute(n, "norm_coefficient", norm);
                                         set_float_attribute(n, "alpha", alpha);
                                         set_float_attribute(n, "beta", beta);
                                         set_string_attribute(n, "mode", mode);
                                       });
        std::vector<double> wx, wv;
        const double ba = t > 0 ? static_cast<double>(beta) : 1.0;
        for (size_t i = 0; i < x.size(); ++i) {
          const double gr = s.add(s.mul(norm, x[i]), g[i]);
          const double vn = s.add(s.mul(alpha, v[i]), s.mul(ba, gr));
          const double step = std::string(mode) == "nesterov" ? s.add(gr, s.mul(alpha, vn)) : vn;
          wx.push_back(s.sub(x[i], s.mul(R, step)));
          wv.push_back(vn);
        }
        CHECK(training_values(out[0]) == wx);
        CHECK(training_values(out[1]) == wv);
      }
}

TEST_CASE("Training optimizers: counts, shapes, scalars and modes are one-line errors") {
  const Tensor r = scalar_r(T::Float, 0.1), t = scalar_t(0), x = vec(T::Float, {1, 2}), g = vec(T::Float, {3, 4});
  auto momentum = [](onnx::NodeProto& n) {
    set_float_attribute(n, "norm_coefficient", 0);
    set_float_attribute(n, "alpha", 0.9f);
    set_float_attribute(n, "beta", 1);
    set_string_attribute(n, "mode", "standard");
  };
  // Five inputs for Adagrad but three outputs.
  CHECK_THROWS_WITH_AS(run_optimizer("Adagrad", {r, t, x, g, x}, 3, {}),
                       doctest::Contains("optimizes 1 tensor(s), so it has 2 outputs"), Error);
  // Six inputs do not make lists of three.
  CHECK_THROWS_WITH_AS(run_optimizer("Adagrad", {r, t, x, g, x, x}, 2, {}), doctest::Contains("3 lists of n tensors"), Error);
  // A gradient of another shape.
  CHECK_THROWS_WITH_AS(run_optimizer("Adagrad", {r, t, x, vec(T::Float, {1, 2, 3}), x}, 2, {}),
                       doctest::Contains("they must have one type and shape"), Error);
  // R must be one element.
  CHECK_THROWS_WITH_AS(run_optimizer("Momentum", {vec(T::Float, {0.1, 0.2}), t, x, g, x}, 2, momentum),
                       doctest::Contains("R must be a scalar"), Error);
  // An unknown mode is refused when the model loads.
  CHECK_THROWS_WITH_AS(run_optimizer("Momentum", {r, t, x, g, x}, 2,
                                     [](onnx::NodeProto& n) {
                                       set_float_attribute(n, "norm_coefficient", 0);
                                       set_float_attribute(n, "alpha", 0.9f);
                                       set_float_attribute(n, "beta", 1);
                                       set_string_attribute(n, "mode", "heavy_ball");
                                     }),
                       doctest::Contains("attribute 'mode' must be \"standard\" or \"nesterov\", got 'heavy_ball'"), Error);
  // Momentum's attributes are required.
  CHECK_THROWS_AS(run_optimizer("Momentum", {r, t, x, g, x}, 2, {}), Error);
  // Gradient is not implemented: refused with the loader's message.
  CHECK_THROWS_WITH_AS(run_optimizer("Gradient", {x}, 1,
                                     [](onnx::NodeProto& n) {
                                       auto* a = n.add_attribute();
                                       a->set_name("xs");
                                       a->set_type(onnx::AttributeProto::STRINGS);
                                       a->add_strings("i0");
                                       set_string_attribute(n, "y", "i0");
                                     }),
                       doctest::Contains("ai.onnx.preview.training:Gradient"), Error);
}
