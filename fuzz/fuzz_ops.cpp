// Fuzz target: one node of any registered operator version, with inputs, attribute values and
// tensor data all taken from the fuzz bytes, through the loader and the executor. Where fuzz_model
// mutates whole model files (and mostly meets the parser), this one reaches every kernel with
// hostile indices, axes, pads, repeats, shapes and attribute values. A refusal is an onnx_ref::Error
// on one line; anything else (a crash, a sanitizer report, an exception of another type, a
// kernel's wrong output count or type) is a finding.
#include <fuzzer/FuzzedDataProvider.h>

#include <climits>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

#include "fuzz_check.h"
#include "interpreter/model.h"
#include "ops/registry.h"
#include "runtime/tensor_proto.h"

using namespace onnx_ref;

namespace {

// A kernel asked for more is refused with an Error instead of allocating it.
constexpr uint64_t kMemoryLimit = uint64_t{64} << 20;

int64_t interesting_int(FuzzedDataProvider& in) {
  static const int64_t values[] = {0, 1, -1, 2, -2, 3, 4, INT64_MIN, INT64_MAX, INT32_MIN, INT32_MAX, 1 << 20};
  if (in.ConsumeBool()) return values[in.ConsumeIntegralInRange<size_t>(0, std::size(values) - 1)];
  return in.ConsumeIntegralInRange<int64_t>(-8, 8);
}

// Strings that mean something to some operator (Pad modes, DepthToSpace modes, reductions, Cast-1
// type names, recurrent directions and activations), or a few arbitrary bytes.
std::string interesting_string(FuzzedDataProvider& in) {
  static const char* const values[] = {"constant", "reflect", "edge",          "wrap", "DCR",     "CRD",
                                       "none",     "add",     "mul",           "max",  "min",     "FLOAT",
                                       "INT64",    "STRING",  "FLOAT16",       "BOOL", "up",      "nearest",
                                       "forward",  "reverse", "bidirectional", "Tanh", "Sigmoid", "HardSigmoid"};
  if (in.ConsumeBool()) return values[in.ConsumeIntegralInRange<size_t>(0, std::size(values) - 1)];
  return in.ConsumeRandomLengthString(8);
}

// A small tensor of `type`: rank 0 to 3, dims 0 to 4, bytes from the input.
Tensor make_tensor(FuzzedDataProvider& in, ElementType type) {
  Shape shape(in.ConsumeIntegralInRange<size_t>(0, 3));
  for (auto& d : shape) d = in.ConsumeIntegralInRange<int64_t>(0, 4);
  Tensor t = Tensor::zeros(type, shape);
  if (type == ElementType::String) {
    auto& strings = t.mutable_strings();
    for (auto& s : strings) s = interesting_string(in);
    return t;
  }
  if (t.element_count() == 0) return t;
  std::vector<uint8_t> bytes = in.ConsumeBytes<uint8_t>(t.bytes().size());
  bytes.resize(t.bytes().size());
  if (type == ElementType::Bool)
    for (auto& b : bytes) b &= 1;
  if (is_sub_byte(type)) {  // unused high bits of the last byte are zero
    const int used = static_cast<int>((t.element_count() * bits_of(type)) % 8);
    if (used) bytes.back() &= static_cast<uint8_t>((1u << used) - 1);
  }
  std::memcpy(t.mutable_data(), bytes.data(), bytes.size());
  // Index-like int64 inputs: mostly small values, so that kernels get past the bounds checks too.
  if (type == ElementType::Int64 && in.ConsumeBool())
    for (int64_t i = 0; i < t.element_count(); ++i)
      reinterpret_cast<int64_t*>(t.mutable_data())[i] = interesting_int(in);
  return t;
}

void set_attribute(FuzzedDataProvider& in, onnx::AttributeProto* a, const AttributeSpec& spec, const OpVersion& op) {
  a->set_name(spec.name);
  switch (spec.type) {
    case AttrType::Int:
      a->set_type(onnx::AttributeProto::INT);
      a->set_i(interesting_int(in));
      break;
    case AttrType::Float:
      a->set_type(onnx::AttributeProto::FLOAT);
      a->set_f(in.ConsumeFloatingPoint<float>());
      break;
    case AttrType::String:
      a->set_type(onnx::AttributeProto::STRING);
      a->set_s(interesting_string(in));
      break;
    case AttrType::Ints: {
      a->set_type(onnx::AttributeProto::INTS);
      const size_t n = in.ConsumeIntegralInRange<size_t>(0, 6);
      for (size_t i = 0; i < n; ++i) a->add_ints(interesting_int(in));
      break;
    }
    case AttrType::Floats: {
      a->set_type(onnx::AttributeProto::FLOATS);
      const size_t n = in.ConsumeIntegralInRange<size_t>(0, 4);
      for (size_t i = 0; i < n; ++i) a->add_floats(in.ConsumeFloatingPoint<float>());
      break;
    }
    case AttrType::Strings: {
      a->set_type(onnx::AttributeProto::STRINGS);
      const size_t n = in.ConsumeIntegralInRange<size_t>(0, 4);
      for (size_t i = 0; i < n; ++i) a->add_strings(interesting_string(in));
      break;
    }
    case AttrType::Tensor:
    case AttrType::SparseTensor: {
      // A tensor of some type the version knows, usually one element (Constant's value, ConstantOfShape's).
      std::vector<ElementType> types;
      for (const auto& c : op.type_constraints)
        for (ElementType t : c.allowed.types()) types.push_back(t);
      const ElementType type =
          types.empty() ? ElementType::Float : types[in.ConsumeIntegralInRange<size_t>(0, types.size() - 1)];
      a->set_type(onnx::AttributeProto::TENSOR);
      *a->mutable_t() = tensor_to_proto(make_tensor(in, type));
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::vector<const OpVersion*> versions = [] {
    set_tensor_memory_limit(kMemoryLimit);
    return Registry::builtin().all();
  }();
  FuzzedDataProvider in(data, size);
  const OpVersion& op = *versions[in.ConsumeIntegralInRange<size_t>(0, versions.size() - 1)];

  auto proto = std::make_shared<onnx::ModelProto>();
  proto->set_ir_version(10);
  auto* opset = proto->add_opset_import();
  opset->set_domain(op.domain);
  opset->set_version(op.since_version);
  auto* graph = proto->mutable_graph();
  graph->set_name("fuzz");
  auto* node = graph->add_node();
  node->set_op_type(op.op_type);
  node->set_domain(op.domain);
  node->set_name("n");

  // Inputs: every formal input (optional ones present or left out, variadic ones 1 to 3 times),
  // each of a type its constraint allows (now and then any type, to reach the type checks).
  std::map<std::string, Value> feeds;
  size_t count = op.inputs.size();
  if (!op.inputs.empty() && op.inputs.back().option == ParamOption::Variadic)
    count += in.ConsumeIntegralInRange<size_t>(0, 2);
  for (size_t i = 0; i < count; ++i) {
    const FormalParam& param = *op.input_param(i);
    if (param.option == ParamOption::Optional && in.ConsumeBool()) {
      node->add_input("");
      continue;
    }
    std::vector<ElementType> types = op.constraint(param.type_var).allowed.types();
    if (types.empty() || in.ConsumeIntegralInRange<int>(0, 15) == 0)
      types = {ElementType::Float, ElementType::Int64, ElementType::Int32, ElementType::Bool, ElementType::String};
    const ElementType type = types[in.ConsumeIntegralInRange<size_t>(0, types.size() - 1)];
    const std::string name = "x" + std::to_string(i);
    node->add_input(name);
    graph->add_input()->set_name(name);
    feeds.emplace(name, make_tensor(in, type));
  }
  for (const auto& spec : op.attributes)
    if (in.ConsumeBool()) set_attribute(in, node->add_attribute(), spec, op);
  size_t outputs = op.outputs.size();
  if (!op.outputs.empty() && op.outputs.back().option == ParamOption::Variadic)
    outputs += in.ConsumeIntegralInRange<size_t>(0, 3);
  for (size_t i = 0; i < outputs; ++i) {
    const std::string name = "y" + std::to_string(i);
    node->add_output(name);
    graph->add_output()->set_name(name);
  }

  try {
    const Model model = Model::from_proto(proto, {}, "<fuzz>");
    const auto results = model.run(feeds);
    fuzz::require(results.size() == outputs, "run returned a different number of outputs");
  } catch (const Error& e) {
    fuzz::check_error(e);
  }
  return 0;
}
