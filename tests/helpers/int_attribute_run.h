// One node run through OpTester with integer attributes (and auto_pad), its outputs as tensors:
// shared by the conv/pool helpers (conv_pool.h) and the quantization helpers (quant.h).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "op_tester.h"

namespace {

struct IntAttribute {
  std::string name;
  std::vector<int64_t> values;
  bool scalar = false;  // an INT attribute (values[0]) rather than INTS
};

// An input given as nullopt is left out (empty name).
inline std::vector<onnx_ref::Tensor> run_with_int_attributes(const std::string& op, int64_t opset,
                                                             const std::vector<std::optional<onnx_ref::Tensor>>& inputs,
                                                             const std::vector<IntAttribute>& attrs, size_t outputs,
                                                             const std::string& auto_pad) {
  onnx_ref::testing::OpTester t(op, opset);
  for (const auto& i : inputs) t.input(i ? std::optional<onnx_ref::Value>(*i) : std::nullopt);
  t.outputs(outputs);
  for (const auto& a : attrs) {
    if (a.scalar)
      t.attribute(a.name, a.values[0]);
    else
      t.attribute(a.name, a.values);
  }
  if (!auto_pad.empty()) t.attribute("auto_pad", auto_pad);
  std::vector<onnx_ref::Tensor> result;
  for (auto& v : t.run()) result.push_back(v.tensor());
  return result;
}

}  // namespace
