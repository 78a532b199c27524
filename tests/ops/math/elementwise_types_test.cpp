// Unit tests: every allowed type of the newer element-wise operators (ops/math/elementwise.h).
#include "helpers/activation_ops.h"

TEST_CASE("new element-wise operators: every allowed type of every version runs") {
  for (const char* op : {"Relu",       "LeakyRelu",
                         "PRelu",      "HardSigmoid",
                         "HardSwish",  "ThresholdedRelu",
                         "Clip",       "Floor",
                         "Ceil",       "Round",
                         "Sign",       "Reciprocal",
                         "Sum",        "Mean",
                         "IsNaN",      "IsInf",
                         "Mod",        "And",
                         "Or",         "Xor",
                         "BitwiseAnd", "BitwiseOr",
                         "BitwiseXor", "BitwiseNot",
                         "BitShift",   "GreaterOrEqual",
                         "Softsign",   "Shrink",
                         "LessOrEqual"}) {
    for (const OpVersion* v : Registry::builtin().versions("", op)) {
      const std::string var = v->inputs[0].type_var;
      for (ElementType type : v->constraint(var).allowed.types()) {
        CAPTURE(v->label());
        CAPTURE(name_of(type));
        Tensor x = Tensor::zeros(type, {2});
        x.mutable_data()[0] = std::byte{1};
        std::vector<std::optional<Tensor>> inputs{x};
        const bool binary = v->inputs.size() == 2 || v->inputs[0].option == ParamOption::Variadic;
        if (binary) inputs.push_back(x);
        Attrs attrs;
        if (std::string(op) == "Mod" && type != T::Bool &&
            !(type == T::Int8 || type == T::Int16 || type == T::Int32 || type == T::Int64 || type == T::UInt8 ||
              type == T::UInt16 || type == T::UInt32 || type == T::UInt64))
          attrs.ints.push_back({"fmod", 1});
        if (std::string(op) == "Mod" && attrs.ints.empty())
          inputs[1] = Tensor::zeros(type, {2}), inputs[1]->mutable_data()[0] = std::byte{1},
          inputs[1]->mutable_data()[inputs[1]->bytes().size() / 2] = std::byte{1};
        if (std::string(op) == "BitShift") attrs.strings.push_back({"direction", "LEFT"});
        const Tensor y = run(op, v->since_version, inputs, attrs);
        CHECK(y.shape() == Shape{2});
      }
    }
  }
}
