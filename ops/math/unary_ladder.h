#pragma once
// Version ladders of unary element-wise operators (Relu, Floor, IsNaN, LeakyRelu, ...): one call
// registers every version, each step naming its since_version and the types it allows, so a
// version table reads like the spec's history of the operator.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.h"

namespace onnx_ref::math {

struct UnaryStep {
  int since;
  TypeSet types;
  bool consumed_inputs = false;  // the legacy attribute, accepted and ignored
};

// The formal names of a ladder: X of T to Y of T unless said otherwise; `out_types` set gives the
// output its own type variable (IsNaN's T2 = bool).
struct UnaryNames {
  std::string input = "X";
  std::string output = "Y";
  std::string input_var = "T";
  std::string output_var = "T";
  std::optional<TypeSet> output_types = std::nullopt;
};

// Gives a version its kernel: one whose attributes are parsed once per node, at load
// (OpVersion::set_kernel), as set_unary_attr_kernel does.
using KernelSetter = std::function<void(OpVersion&)>;

// `accuracy` is the operator file's contract, declared for every version the ladder registers.
void register_unary_ladder(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                           const std::vector<UnaryStep>& steps, const std::vector<AttributeSpec>& attributes,
                           const KernelSetter& set_kernel, const UnaryNames& names = {});
// The same for a kernel that reads no attribute.
void register_unary_ladder(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                           const std::vector<UnaryStep>& steps, const std::vector<AttributeSpec>& attributes,
                           const Kernel& kernel, const UnaryNames& names = {});

}  // namespace onnx_ref::math
