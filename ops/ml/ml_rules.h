#pragma once
// Rules shared by the ai.onnx.ml operators that take and give tensors: the rows of a feature
// tensor, the post_transform of scores, floating attribute lists given as FLOATS or as a
// *_as_tensor TENSOR, and exact sums rounded once to the output format.
//
// Scores are rounded at one named point before a post_transform: each score (an exact sum of leaf
// weights, coefficients times features, ...) is rounded once to the output type; the transform is
// then the correctly rounded function of that rounded score:
//  - LOGISTIC: 1 / (1 + e^-s) (numeric/elementary.h);
//  - SOFTMAX: the softmax of the row (ops/softmax/softmax_lines.cpp);
//  - SOFTMAX_ZERO: a score exactly 0 stays 0 and the others are the softmax of the row's nonzero
//    scores; a row of zeros gives 0.5 everywhere (as ONNX's reference and onnxruntime);
//  - PROBIT: sqrt(2) erfinv(2s - 1), the inverse of the standard normal distribution function
//    (probit_rounded below); outside [0, 1] it is NaN, at 0 and 1 -inf and +inf.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "numeric/elementary.h"
#include "numeric/exact_sum.h"
#include "ops/registry.h"

namespace onnx_ref::ml {

inline constexpr const char* kMlDomain = "ai.onnx.ml";
// The feature types most ai.onnx.ml operators take: tensor(double), (float), (int32), (int64).
inline const TypeSet kMlFeatureTypes{ElementType::Float, ElementType::Double, ElementType::Int32, ElementType::Int64};
inline const TypeSet kMlLabelTypes{ElementType::Int64, ElementType::String};

enum class PostTransform { None, Softmax, Logistic, SoftmaxZero, Probit };

// The string attribute's value ("NONE", "SOFTMAX", "LOGISTIC", "SOFTMAX_ZERO", "PROBIT"); Error
// naming the attribute otherwise.
PostTransform post_transform_from_name(const std::string& name);
// TreeEnsemble-5's integer code (0 to 4).
PostTransform post_transform_from_code(int64_t code);

// A feature tensor seen as rows: rank 1 is one row of x.shape[0] features, rank 2 is [N, F]; other
// ranks are refused (naming `what`).
struct FeatureRows {
  int64_t rows = 0, features = 0;
};
FeatureRows feature_rows(const Tensor& x, const char* what);
// Row `row` of x (float16, float, double, int32 or int64) as exact long doubles (64 significant
// bits at least: every int64 and every double is exact).
void read_feature_row(const Tensor& x, int64_t row, int64_t features, std::vector<long double>& out);

// Every element of a float16, float or double tensor attribute as a double (exact); Error naming
// the attribute for another type.
std::vector<double> tensor_attribute_doubles(const Tensor& t, const std::string& attribute);
// The FLOATS attribute `name`, or `name`_as_tensor when the version has it and the node sets it
// (both set: Error). Empty when neither is set.
std::vector<double> floats_or_tensor(const Attributes& attrs, const std::string& name, bool has_tensor_form);
// An optional INTS attribute, empty when absent.
std::vector<int64_t> ints_or_empty(const Attributes& attrs, const std::string& name);
std::vector<float> floats_or_empty(const Attributes& attrs, const std::string& name);
std::vector<std::string> strings_or_empty(const Attributes& attrs, const std::string& name);

// A classifier's label type variable T2 (an OpVersion::attribute_type): string when
// classlabels_strings is set, otherwise int64.
std::optional<ElementType> classifier_label_type(const Attributes& attrs, const std::string& type_var);

// The output type of a string <-> int64 mapping (CategoryMapper, LabelEncoder-1): int64 for string
// X, string for int64 X (OpVersion::infer_outputs).
std::vector<std::optional<ValueType>> string_int64_swapped(const Attributes&,
                                                           const std::vector<std::optional<ValueType>>& in, size_t);

// Each string of X looked up in `index`; `fallback` where it is not found.
Tensor look_up_strings(const Tensor& x, const std::unordered_map<std::string, int64_t>& index, int64_t fallback);

// The exact sum (divided by `divisor` when it is above 1) rounded once to `format`.
double round_sum(const ExactSum& sum, numeric::Format format, uint32_t divisor = 1);

// Applies `transform` to the scores [rows, count] of `scores` (float16, float or double, each
// already a value of that type), returning the transformed tensor of the same type and shape.
Tensor apply_post_transform(const Tensor& scores, PostTransform transform);

// Adds x * w to `sum` exactly (x a feature, exact as a long double: split into two doubles, each
// product kept as TwoProduct's two parts; exact unless a product falls below 2^-968, where its low
// part is under ExactSum's 2^-1074 resolution).
void add_exact_product(ExactSum& sum, long double x, double w);

// The linear scores of X ([N, F] or [F]): Y[n, r] = sum_f X[n, f] coefficients[r * F + f] +
// intercepts[r], exact and rounded once to float; `what` names the operator's rows ("targets",
// "classes") in errors. coefficients must hold a whole number of rows of F; intercepts none or one
// per row.
Tensor linear_scores(const Tensor& x, const std::vector<float>& coefficients, const std::vector<float>& intercepts,
                     int64_t rows, const char* what);

// probit(p) = sqrt(2) erfinv(2p - 1) correctly rounded to `format` (p exact as a double).
double probit_rounded(double p, numeric::Format format);

// A tensor of `type` (float16, float or double) and `shape` holding `values`, each already a value
// of that type.
Tensor floating_tensor(ElementType type, Shape shape, const std::vector<double>& values);

}  // namespace onnx_ref::ml
