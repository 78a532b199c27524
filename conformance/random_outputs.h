#pragma once
// Outputs drawn from random streams cannot match the official tests' numbers: ONNX generated them
// with numpy's generators, and the spec fixes no stream (ops/random/random_rules.h says what
// onnx-ref draws). Such outputs are compared by what the spec does fix: element type, shape, and
// the support of the distribution. The support is found by a small analysis of the model's graph:
//  - RandomUniform(Like) gives values in [low, high]; RandomNormal(Like) finite values;
//    Bernoulli 0 or 1; Multinomial whole numbers in [0, class_size - 1] (the input's last dimension,
//    when the model declares it; otherwise from 0 up);
//  - a comparison or logical operator reading a random value gives 0 or 1 (false, true); Cast,
//    CastLike and Identity keep the support of their first input;
//  - any other operator reading a random value gives a random value of unknown support: only its
//    type and shape are compared.
// Every other output is compared as usual (conformance/harness.h).
#include <map>
#include <optional>
#include <string>

#include "interpreter/model.h"
#include "runtime/tensor.h"

namespace onnx_ref {

struct RandomSupport {
  bool bounded = false;  // false: unknown, only type and shape are checked
  double low = 0, high = 0;
  bool integral = false;  // whole numbers only
};

// The graph outputs of the model's graph that depend on random draws, by name.
std::map<std::string, RandomSupport> random_output_supports(const Model& model);

// nullopt when `actual` has the expected type and shape and every element lies in the support.
std::optional<std::string> compare_random_tensor(const Tensor& actual, const Tensor& expected,
                                                 const RandomSupport& support);

}  // namespace onnx_ref
