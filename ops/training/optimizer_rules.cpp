// The shared layout rules of the training optimizers (see optimizer_rules.h).
#include "ops/training/optimizer_rules.h"

namespace onnx_ref::training {

double scalar_input(const KernelContext& ctx, size_t index, const char* name) {
  const Tensor& t = ctx.input(index);
  if (t.element_count() != 1)
    throw Error(std::string(name) + " must be a scalar (one element), but it is " + t.describe());
  switch (t.type()) {
    case ElementType::Float:
      return t.data_as<float>()[0];
    case ElementType::Double:
      return t.data_as<double>()[0];
    case ElementType::Int64:
      return static_cast<double>(t.data_as<int64_t>()[0]);
    default:
      throw std::logic_error("optimizer: unexpected scalar type");
  }
}

size_t tensor_count(size_t input_count, size_t output_count, size_t per_tensor, size_t outputs_per_tensor,
                    const std::string& op) {
  if (input_count < 2 + per_tensor || (input_count - 2) % per_tensor != 0)
    throw Error(op + " takes R, T and then " + std::to_string(per_tensor) +
                " lists of n tensors (the tensors, their gradients and states), but it has " +
                std::to_string(input_count) + " inputs");
  const size_t n = (input_count - 2) / per_tensor;
  if (output_count != outputs_per_tensor * n)
    throw Error(op + " optimizes " + std::to_string(n) + " tensor(s), so it has " +
                std::to_string(outputs_per_tensor * n) + " outputs (" + std::to_string(outputs_per_tensor) +
                " lists of " + std::to_string(n) + "), but the node has " + std::to_string(output_count));
  return n;
}

OpVersion optimizer_version(const std::string& op, size_t per_tensor, size_t outputs_per_tensor) {
  OpVersion v;
  v.domain = kTrainingDomain;
  v.op_type = op;
  v.since_version = 1;
  v.inputs = {{"R", "T1"}, {"T", "T2"}, {"inputs", "T3", ParamOption::Variadic, 1, false}};
  v.outputs = {{"outputs", "T3", ParamOption::Variadic, 1, false}};
  v.type_constraints = {{"T1", TypeSet{ElementType::Float, ElementType::Double}},
                        {"T2", TypeSet{ElementType::Int64}},
                        {"T3", TypeSet{ElementType::Float, ElementType::Double}}};
  v.infer_outputs = [op, per_tensor, outputs_per_tensor](
                        const Attributes&, const std::vector<std::optional<ValueType>>& inputs, size_t output_count) {
    const size_t n = tensor_count(inputs.size(), output_count, per_tensor, outputs_per_tensor, op);
    std::vector<std::optional<ValueType>> out;
    for (size_t i = 0; i < output_count; ++i) out.push_back(inputs[2 + i % n]);
    return out;
  };
  return v;
}

void check_group(const KernelContext& ctx, size_t n, size_t i, size_t per_tensor, const std::string& op) {
  const Tensor& x = ctx.input(2 + i);
  for (size_t k = 1; k < per_tensor; ++k) {
    const size_t j = 2 + k * n + i;
    const Tensor& t = ctx.input(j);
    if (t.type() != x.type() || t.shape() != x.shape())
      throw Error(op + "'s input " + std::to_string(j) + " is " + t.describe() +
                  ", but the tensor it belongs to (input " + std::to_string(2 + i) + ") is " + x.describe() +
                  ": they must have one type and shape");
  }
}

}  // namespace onnx_ref::training
