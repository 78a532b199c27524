// The ai.onnx.ml operators besides the trees: Binarizer, ArrayFeatureExtractor, LabelEncoder,
// LinearRegressor, LinearClassifier, Scaler, Imputer, FeatureVectorizer, Normalizer,
// OneHotEncoder, CategoryMapper. Expected values are hand-computed (exact in binary) or exact
// rationals rounded once to float (Python's fractions through mpmath, written as hex literals).
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "ops/registry.h"
#include "runtime/error.h"

using namespace onnx_ref;
using T = ElementType;

namespace {

Attributes ml_op_defaults(const std::string& op, int since) {
  Attributes a;
  const OpVersion* v = Registry::builtin().resolve("ai.onnx.ml", op, since);
  REQUIRE(v);
  REQUIRE(v->since_version == since);
  for (const auto& spec : v->attributes)
    if (spec.default_value) a.set(spec.name, *spec.default_value);
  return a;
}

std::vector<Value> run_ml_op(const std::string& op, int since, const std::vector<Tensor>& xs, const Attributes& attrs,
                             size_t outputs = 1) {
  const OpVersion* v = Registry::builtin().resolve("ai.onnx.ml", op, since);
  REQUIRE(v);
  if (v->check_attributes) v->check_attributes(attrs);
  std::vector<std::optional<Value>> inputs;
  for (const auto& x : xs) inputs.push_back(Value(x));
  KernelContext ctx(attrs, inputs, outputs);
  return v->kernel(ctx);
}

std::string ml_op_error(const std::string& op, int since, const std::vector<Tensor>& xs, const Attributes& attrs, size_t outputs = 1) {
  try {
    run_ml_op(op, since, xs, attrs, outputs);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

template <class V>
std::vector<V> ml_op_values(const Tensor& t) {
  return std::vector<V>(t.data_as<V>(), t.data_as<V>() + t.element_count());
}

Tensor ml_floats(Shape shape, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(shape), v); }
Tensor ml_int64s(Shape shape, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(T::Int64, std::move(shape), v); }
Tensor ml_strings(Shape shape, std::vector<std::string> v) { return Tensor::from_strings(std::move(shape), std::move(v)); }

}  // namespace

TEST_CASE("Binarizer: greater than the threshold is 1, NaN is 0") {
  Attributes a = ml_op_defaults("Binarizer", 1);
  a.set("threshold", 0.5f);
  CHECK(ml_op_values<float>(run_ml_op("Binarizer", 1, {ml_floats({3}, {0.5f, 0.6f, NAN})}, a)[0].tensor()) ==
        std::vector<float>{0, 1, 0});
  CHECK(ml_op_values<int64_t>(run_ml_op("Binarizer", 1, {ml_int64s({2}, {0, 1})}, a)[0].tensor()) == std::vector<int64_t>{0, 1});
}

TEST_CASE("ArrayFeatureExtractor: picks along the last axis, checked indices") {
  const Attributes a = ml_op_defaults("ArrayFeatureExtractor", 1);
  const Tensor z = run_ml_op("ArrayFeatureExtractor", 1, {ml_floats({2, 3}, {0, 1, 2, 3, 4, 5}), ml_int64s({2}, {2, 0})}, a)[0].tensor();
  CHECK(z.shape() == Shape{2, 2});
  CHECK(ml_op_values<float>(z) == std::vector<float>{2, 0, 5, 3});
  const Tensor s = run_ml_op("ArrayFeatureExtractor", 1, {ml_strings({3}, {"a", "b", "c"}), ml_int64s({1}, {1})}, a)[0].tensor();
  CHECK(s.shape() == Shape{1, 1});
  CHECK(s.strings() == std::vector<std::string>{"b"});
  CHECK(ml_op_error("ArrayFeatureExtractor", 1, {ml_floats({2, 3}, {0, 1, 2, 3, 4, 5}), ml_int64s({1}, {3})}, a) ==
        "index 3 (Y[0]) is outside X's last dimension of 3");
}

// spec: LabelEncoder-4: "A default tensor. {"_Unused"} if values_* has string type, {-1} if values_* has integral type, and {-0.f} if values_* has float type."
TEST_CASE("LabelEncoder: versions 1, 2 and 4, NaN keys, repeated keys, defaults, lengths") {
  Attributes v1 = ml_op_defaults("LabelEncoder", 1);
  v1.set("classes_strings", std::vector<std::string>{"a", "b", "a"});
  CHECK(ml_op_values<int64_t>(run_ml_op("LabelEncoder", 1, {ml_strings({3}, {"b", "z", "a"})}, v1)[0].tensor()) ==
        std::vector<int64_t>{1, -1, 0});
  CHECK(run_ml_op("LabelEncoder", 1, {ml_int64s({2}, {2, 5})}, v1)[0].tensor().strings() == std::vector<std::string>{"a", "_Unused"});

  Attributes v2 = ml_op_defaults("LabelEncoder", 2);
  v2.set("keys_floats", std::vector<float>{NAN, 0.0f, 1.5f});
  v2.set("values_strings", std::vector<std::string>{"nan", "zero", "x"});
  CHECK(run_ml_op("LabelEncoder", 2, {ml_floats({4}, {-NAN, -0.0f, 1.5f, 2})}, v2)[0].tensor().strings() ==
        std::vector<std::string>{"nan", "zero", "x", "_Unused"});
  Attributes rep = ml_op_defaults("LabelEncoder", 2);
  rep.set("keys_int64s", std::vector<int64_t>{1, 1});
  rep.set("values_int64s", std::vector<int64_t>{10, 20});
  CHECK(ml_op_values<int64_t>(run_ml_op("LabelEncoder", 2, {ml_int64s({2}, {1, 2})}, rep)[0].tensor()) == std::vector<int64_t>{20, -1});
  Attributes bad = ml_op_defaults("LabelEncoder", 2);
  bad.set("keys_strings", std::vector<std::string>{"a", "b", "c"});
  bad.set("values_int64s", std::vector<int64_t>{1, 2});
  CHECK(ml_op_error("LabelEncoder", 2, {ml_strings({1}, {"a"})}, bad) == "attribute 'keys_strings' has 3 values, 'values_int64s' 2");

  Attributes v4 = ml_op_defaults("LabelEncoder", 4);
  v4.set("keys_tensor", Tensor::from_values<int32_t>(T::Int32, {2}, {1, 2}));
  v4.set("values_tensor", Tensor::from_values<double>(T::Double, {2}, {0.5, 1.5}));
  const Tensor y = run_ml_op("LabelEncoder", 4, {Tensor::from_values<int32_t>(T::Int32, {2}, {2, 3})}, v4)[0].tensor();
  REQUIRE(y.type() == T::Double);
  CHECK(y.data_as<double>()[0] == 1.5);
  CHECK(y.data_as<double>()[1] == 0.0);
  CHECK(std::signbit(y.data_as<double>()[1]));
  CHECK(ml_op_error("LabelEncoder", 4, {ml_int64s({1}, {2})}, v4) == "X holds int64 but the keys ('keys_tensor') are int32");
}

TEST_CASE("LinearRegressor and LinearClassifier: exact dot products, binary scores") {
  Attributes r = ml_op_defaults("LinearRegressor", 1);
  r.set("targets", int64_t{2});
  r.set("coefficients", std::vector<float>{1, 1, 1, 2, 0, 0});
  r.set("intercepts", std::vector<float>{0.5f, -1});
  // 1e8 + 1 - 1e8 is 1 exactly (in float, left to right, it would be 0); 2e8 - 1 rounds to 2e8.
  CHECK(ml_op_values<float>(run_ml_op("LinearRegressor", 1, {ml_floats({1, 3}, {1e8f, 1, -1e8f})}, r)[0].tensor()) ==
        std::vector<float>{1.5f, 2e8f});
  r.set("coefficients", std::vector<float>{1, 1});
  CHECK(ml_op_error("LinearRegressor", 1, {ml_floats({1, 3}, {1, 2, 3})}, r) ==
        "attribute 'coefficients' has 2 values, not 2 targets times 3 features");

  Attributes c = ml_op_defaults("LinearClassifier", 1);
  c.set("coefficients", std::vector<float>{1, -1});
  c.set("intercepts", std::vector<float>{0});
  c.set("classlabels_ints", std::vector<int64_t>{0, 1});
  auto out = run_ml_op("LinearClassifier", 1, {ml_floats({2, 2}, {3, 1, 1, 3})}, c, 2);
  CHECK(ml_op_values<int64_t>(out[0].tensor()) == std::vector<int64_t>{1, 0});
  CHECK(ml_op_values<float>(out[1].tensor()) == std::vector<float>{-2, 2, 2, -2});
  c.set("post_transform", std::string("LOGISTIC"));
  out = run_ml_op("LinearClassifier", 1, {ml_floats({2, 2}, {3, 1, 1, 3})}, c, 2);
  CHECK(ml_op_values<float>(out[1].tensor()) == std::vector<float>{0x1.e84152p-4f, 0x1.c2f7d6p-1f, 0x1.c2f7d6p-1f, 0x1.e84152p-4f});

  Attributes m = ml_op_defaults("LinearClassifier", 1);
  m.set("coefficients", std::vector<float>{1, 0, 0, 1, 1, 1});
  m.set("intercepts", std::vector<float>{0, 0, -10});
  m.set("classlabels_strings", std::vector<std::string>{"a", "b", "c"});
  out = run_ml_op("LinearClassifier", 1, {ml_floats({2, 2}, {3, 1, 1, 30})}, m, 2);
  CHECK(out[0].tensor().strings() == std::vector<std::string>{"a", "b"});
  CHECK(ml_op_values<float>(out[1].tensor()) == std::vector<float>{3, 1, -6, 1, 30, 21});
}

TEST_CASE("Scaler: (x - offset) * scale rounded once") {
  Attributes a = ml_op_defaults("Scaler", 1);
  a.set("offset", std::vector<float>{0, 1});
  a.set("scale", std::vector<float>{3});
  // 3 (2^24 + 1) = 50331651 rounds to 50331652 (float's spacing is 4 there); rounding x first gives 50331648.
  const Tensor x = ml_int64s({1, 2}, {16777217, 1});
  CHECK(ml_op_values<float>(run_ml_op("Scaler", 1, {x}, a)[0].tensor()) == std::vector<float>{50331652.0f, 0});
  a.set("offset", std::vector<float>{0, 1, 2});
  CHECK(ml_op_error("Scaler", 1, {x}, a) == "attribute 'offset' has 3 values, not 1 or the 2 features of X's last dimension");
}

// spec: FeatureVectorizer-1: "Inputs are copied to the output maintaining the order of the input arguments."
// spec: FeatureVectorizer-1: "All inputs must be integers or floats, while the output will be all floating point values."
// spec: CategoryMapper-1: "If the int default value is set, it will convert strings to integers."
TEST_CASE("Imputer, FeatureVectorizer, OneHotEncoder, CategoryMapper") {
  Attributes im = ml_op_defaults("Imputer", 1);
  im.set("replaced_value_float", NAN);
  im.set("imputed_value_floats", std::vector<float>{7, 8});
  CHECK(ml_op_values<float>(run_ml_op("Imputer", 1, {ml_floats({2, 2}, {1, NAN, NAN, 4})}, im)[0].tensor()) ==
        std::vector<float>{1, 8, 7, 4});
  Attributes ii = ml_op_defaults("Imputer", 1);
  ii.set("imputed_value_int64s", std::vector<int64_t>{9});
  CHECK(ml_op_values<int64_t>(run_ml_op("Imputer", 1, {ml_int64s({2}, {0, 5})}, ii)[0].tensor()) == std::vector<int64_t>{9, 5});

  Attributes fv = ml_op_defaults("FeatureVectorizer", 1);
  fv.set("inputdimensions", std::vector<int64_t>{2, 1});
  const Tensor y = run_ml_op("FeatureVectorizer", 1, {ml_int64s({2, 2}, {1, 2, 3, 16777217}), ml_int64s({2, 1}, {5, 6})}, fv)[0].tensor();
  CHECK(y.shape() == Shape{2, 3});
  CHECK(ml_op_values<float>(y) == std::vector<float>{1, 2, 5, 3, 16777216, 6});
  CHECK(ml_op_error("FeatureVectorizer", 1, {ml_int64s({2, 2}, {1, 2, 3, 4}), ml_int64s({1, 1}, {5})}, fv) ==
        "input 1 has 1 rows, input 0 2");

  Attributes oh = ml_op_defaults("OneHotEncoder", 1);
  oh.set("cats_int64s", std::vector<int64_t>{3, 1, 4});
  const Tensor h = run_ml_op("OneHotEncoder", 1, {ml_floats({2, 2}, {1.7f, 4, 9, 3})}, oh)[0].tensor();
  CHECK(h.shape() == Shape{2, 2, 3});
  CHECK(ml_op_values<float>(h) == std::vector<float>{0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0});
  oh.set("zeros", int64_t{0});
  CHECK(ml_op_error("OneHotEncoder", 1, {ml_floats({2, 2}, {1.7f, 4, 9, 3})}, oh) ==
        "element 2 of X is none of the categories and 'zeros' is 0");

  Attributes cm = ml_op_defaults("CategoryMapper", 1);
  cm.set("cats_strings", std::vector<std::string>{"a", "b"});
  cm.set("cats_int64s", std::vector<int64_t>{5, 6});
  CHECK(ml_op_values<int64_t>(run_ml_op("CategoryMapper", 1, {ml_strings({2}, {"b", "q"})}, cm)[0].tensor()) ==
        std::vector<int64_t>{6, -1});
  CHECK(run_ml_op("CategoryMapper", 1, {ml_int64s({2}, {5, 7})}, cm)[0].tensor().strings() == std::vector<std::string>{"a", "_Unused"});
}

TEST_CASE("Normalizer: MAX, L1, L2 rows, a zero row kept") {
  const Tensor x = ml_floats({2, 2}, {3, -4, 0, 0});
  Attributes a = ml_op_defaults("Normalizer", 1);
  CHECK(ml_op_values<float>(run_ml_op("Normalizer", 1, {x}, a)[0].tensor()) == std::vector<float>{1, -0x1.555556p+0f, 0, 0});
  a.set("norm", std::string("L1"));
  CHECK(ml_op_values<float>(run_ml_op("Normalizer", 1, {x}, a)[0].tensor()) == std::vector<float>{0x1.b6db6ep-2f, -0x1.24924ap-1f, 0, 0});
  a.set("norm", std::string("L2"));
  CHECK(ml_op_values<float>(run_ml_op("Normalizer", 1, {x}, a)[0].tensor()) == std::vector<float>{0x1.333334p-1f, -0x1.99999ap-1f, 0, 0});
  a.set("norm", std::string("L3"));
  CHECK(ml_op_error("Normalizer", 1, {x}, a) == "attribute 'norm' = 'L3' is none of MAX, L1, L2");
}

TEST_CASE("SVMRegressor: LINEAR, POLY, RBF, SIGMOID kernels, linear mode, one_class") {
  Attributes a = ml_op_defaults("SVMRegressor", 1);
  a.set("n_supports", int64_t{2});
  a.set("support_vectors", std::vector<float>{1, 2, 0, 1});
  a.set("coefficients", std::vector<float>{0.5f, -1});
  a.set("rho", std::vector<float>{0.25f});
  // 0.5 (2 + 6) - 3 + 0.25
  CHECK(ml_op_values<float>(run_ml_op("SVMRegressor", 1, {ml_floats({1, 2}, {2, 3})}, a)[0].tensor()) == std::vector<float>{1.25f});
  Attributes p = ml_op_defaults("SVMRegressor", 1);
  p.set("kernel_type", std::string("POLY"));
  p.set("kernel_params", std::vector<float>{1, 1, 2});
  p.set("n_supports", int64_t{1});
  p.set("support_vectors", std::vector<float>{3, 4});
  p.set("coefficients", std::vector<float>{2});
  p.set("rho", std::vector<float>{-1});
  // 2 (1 * 11 + 1)^2 - 1
  CHECK(ml_op_values<float>(run_ml_op("SVMRegressor", 1, {ml_floats({1, 2}, {1, 2})}, p)[0].tensor()) == std::vector<float>{287});
  p.set("one_class", int64_t{1});
  CHECK(ml_op_values<float>(run_ml_op("SVMRegressor", 1, {ml_floats({1, 2}, {1, 2})}, p)[0].tensor()) == std::vector<float>{1});
  // SIGMOID: 2 tanh(1 * 2 + 1), tanh rounded to double, the score to float.
  p.set("one_class", int64_t{0});
  p.set("kernel_type", std::string("SIGMOID"));
  p.set("support_vectors", std::vector<float>{1, 0.5f});
  p.set("rho", std::vector<float>{0});
  CHECK(ml_op_values<float>(run_ml_op("SVMRegressor", 1, {ml_floats({1, 2}, {1, 2})}, p)[0].tensor()) ==
        std::vector<float>{0x1.fd77d2p+0f});
  // RBF with gamma 1/2: exp(0) + exp(-2), exp rounded to double, the sum to float.
  Attributes r = ml_op_defaults("SVMRegressor", 1);
  r.set("kernel_type", std::string("RBF"));
  r.set("kernel_params", std::vector<float>{0.5f, 0, 0});
  r.set("n_supports", int64_t{2});
  r.set("support_vectors", std::vector<float>{1, 1, 1, 3});
  r.set("coefficients", std::vector<float>{1, 1});
  r.set("rho", std::vector<float>{0});
  CHECK(ml_op_values<float>(run_ml_op("SVMRegressor", 1, {ml_floats({1, 2}, {1, 1})}, r)[0].tensor()) ==
        std::vector<float>{0x1.22a556p+0f});
  // Linear mode: x . coefficients + rho, exact: 1e8 + 1 - 1e8 + 0.5.
  Attributes l = ml_op_defaults("SVMRegressor", 1);
  l.set("coefficients", std::vector<float>{1, 1, 1});
  l.set("rho", std::vector<float>{0.5f});
  CHECK(ml_op_values<float>(run_ml_op("SVMRegressor", 1, {ml_floats({1, 3}, {1e8f, 1, -1e8f})}, l)[0].tensor()) ==
        std::vector<float>{1.5f});
  l.set("kernel_type", std::string("CUBIC"));
  CHECK(ml_op_error("SVMRegressor", 1, {ml_floats({1, 3}, {1, 1, 1})}, l) == "attribute 'kernel_type' = 'CUBIC' is none of LINEAR, POLY, RBF, SIGMOID");
}
