#pragma once
// Hand-written node recipes for the operator versions the generic recipe and the seeds cannot
// reach: required attributes (Reshape-1's shape, the ai.onnx.ml models' coefficients and trees),
// sequence, map and no-input operators, and inputs whose values carry meaning (positions, scales).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

#include "conformance/suite_values.h"
#include "ops/registry.h"

namespace onnx_ref::suite {

struct RecipeInput {
  Shape shape = {};
  std::optional<ElementType> type = {};  // nullopt: the recipe's varied element type
  std::vector<double> values = {};       // fixed values (cycled); empty: flavored values
  // Overrides the above: the whole value from the varied type.
  std::function<Value(ElementType)> make = nullptr;
  bool omitted = false;  // an optional input left out (an empty name in the node)
};

struct OpRecipe {
  std::string what = {};
  // The type variable whose allowed types the recipe goes over: an input's or (no inputs) an output's.
  std::string type_var = {};
  std::function<void(onnx::NodeProto&, ElementType)> attributes = nullptr;
  std::vector<RecipeInput> inputs = {};
  bool vary_flavors = true;  // false: ordinary values only (values with meaning)
};

// The recipes for `version` (none for most versions).
std::vector<OpRecipe> op_recipes(const OpVersion& version);

}  // namespace onnx_ref::suite
