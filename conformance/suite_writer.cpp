// Running and writing gen-suite's test folders.
#include "conformance/suite_writer.h"

#include <algorithm>
#include <cmath>
#include <fstream>

#include "interpreter/model.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/value_proto.h"

namespace onnx_ref::suite {

namespace fs = std::filesystem;

namespace {

void set_tensor_type(onnx::TypeProto_Tensor* t, ElementType elem, const Shape* shape) {
  t->set_elem_type(code_of(elem));
  if (!shape) return;
  auto* s = t->mutable_shape();
  for (int64_t d : *shape) s->add_dim()->set_dim_value(d);
}

// The declared type of a graph input or output holding `value` (with its shape for a tensor).
void set_value_type(onnx::TypeProto* type, const Value& value) {
  type->Clear();
  const ValueType& vt = value.type();
  switch (vt.kind) {
    case ValueKind::Tensor:
      set_tensor_type(type->mutable_tensor_type(), vt.elem, &value.tensor().shape());
      break;
    case ValueKind::Sequence:
      set_tensor_type(type->mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type(), vt.elem, nullptr);
      break;
    case ValueKind::OptionalTensor:
      set_tensor_type(type->mutable_optional_type()->mutable_elem_type()->mutable_tensor_type(), vt.elem, nullptr);
      break;
    case ValueKind::OptionalSequence:
      set_tensor_type(type->mutable_optional_type()
                          ->mutable_elem_type()
                          ->mutable_sequence_type()
                          ->mutable_elem_type()
                          ->mutable_tensor_type(),
                      vt.elem, nullptr);
      break;
    case ValueKind::Map: {
      auto* m = type->mutable_map_type();
      m->set_key_type(code_of(vt.key));
      set_tensor_type(m->mutable_value_type()->mutable_tensor_type(), vt.elem, nullptr);
      break;
    }
    case ValueKind::MapSequence: {
      auto* m = type->mutable_sequence_type()->mutable_elem_type()->mutable_map_type();
      m->set_key_type(code_of(vt.key));
      set_tensor_type(m->mutable_value_type()->mutable_tensor_type(), vt.elem, nullptr);
      break;
    }
  }
}

// The oldest IR version that holds the opset and element types, so older backends load the model.
int64_t ir_version_for(const OpVersion& version, const Candidate& c) {
  int64_t ir = c.model.ir_version();
  if (version.domain.empty()) {
    const int s = version.since_version;
    ir = std::max<int64_t>(ir, s <= 12   ? 7
                               : s <= 18 ? 8
                               : s <= 20 ? 9
                               : s <= 22 ? 10
                               : s <= 23 ? 11
                               : s <= 24 ? 12
                                         : 13);
  } else {
    ir = std::max<int64_t>(ir, 8);
  }
  for (const auto& [name, value] : c.feeds) {
    switch (value.type().elem) {
      case ElementType::Float8E4M3FN:
      case ElementType::Float8E4M3FNUZ:
      case ElementType::Float8E5M2:
      case ElementType::Float8E5M2FNUZ:
        ir = std::max<int64_t>(ir, 9);
        break;
      case ElementType::Int4:
      case ElementType::UInt4:
        ir = std::max<int64_t>(ir, 10);
        break;
      case ElementType::Float4E2M1:
        ir = std::max<int64_t>(ir, 11);
        break;
      case ElementType::Float8E8M0:
        ir = std::max<int64_t>(ir, 12);
        break;
      case ElementType::Int2:
      case ElementType::UInt2:
        ir = std::max<int64_t>(ir, 13);
        break;
      default:
        break;
    }
  }
  return std::min<int64_t>(ir, kMaxIrVersion);
}

bool is_floating(ElementType t) {
  const ElementKind k = info(t).kind;
  return k == ElementKind::Float || k == ElementKind::Complex;
}

bool has_floating(const std::vector<std::pair<std::string, Value>>& values) {
  for (const auto& [name, v] : values)
    if (is_floating(v.type().elem)) return true;
  return false;
}

// Versions whose float32 results add up many terms: a float32 kernel's error grows with their
// number (the GEMM bound, |error| <= k u sum |terms|).
bool accumulates(const std::string& op) {
  static const char* kPrefixes[] = {"Reduce",
                                    "MatMul",
                                    "Gemm",
                                    "Conv",
                                    "Einsum",
                                    "Det",
                                    "LSTM",
                                    "GRU",
                                    "RNN",
                                    "Attention",
                                    "CumSum",
                                    "CumProd",
                                    "Sum",
                                    "Mean",
                                    "Softmax",
                                    "LogSoftmax",
                                    "BatchNormalization",
                                    "LayerNormalization",
                                    "InstanceNormalization",
                                    "GroupNormalization",
                                    "RMSNormalization",
                                    "MeanVarianceNormalization",
                                    "LpNormalization",
                                    "LRN",
                                    "AveragePool",
                                    "GlobalAveragePool",
                                    "LpPool",
                                    "GlobalLpPool",
                                    "DFT",
                                    "STFT",
                                    "Col2Im",
                                    "DeformConv",
                                    "RoiAlign",
                                    "NegativeLogLikelihoodLoss",
                                    "SoftmaxCrossEntropyLoss",
                                    "Resize",
                                    "Upsample",
                                    "GridSample",
                                    "AffineGrid",
                                    "LinearAttention",
                                    "FlexAttention",
                                    "CausalConv",
                                    "TfIdf",
                                    "SVM",
                                    "Linear",
                                    "TreeEnsemble",
                                    "MelWeightMatrix",
                                    "Normalizer",
                                    "Adam",
                                    "Adagrad",
                                    "Momentum",
                                    "Range",
                                    "Pow"};
  for (const char* p : kPrefixes)
    if (op.starts_with(p)) return true;
  return false;
}

// IEEE operations: a float32 kernel gives the correctly rounded result itself.
bool ieee_exact(const std::string& op) {
  static const char* kOps[] = {"Add",  "Sub",  "Mul",      "Div",        "Sqrt", "Neg",   "Abs",
                               "Relu", "Max",  "Min",      "Floor",      "Ceil", "Round", "Sign",
                               "Clip", "Cast", "CastLike", "Reciprocal", "Mod",  "Fmod"};
  return std::find(std::begin(kOps), std::end(kOps), op) != std::end(kOps);
}

double max_abs_finite(const std::vector<std::pair<std::string, Value>>& values) {
  double m = 0;
  for (const auto& [name, v] : values) {
    if (!v.is_tensor() || info(v.tensor().type()).kind != ElementKind::Float) continue;
    const Tensor& t = v.tensor();
    for (int64_t i = 0; i < t.element_count(); ++i) {
      const double x = std::fabs(read_real(t.type(), t.data(), i));
      if (std::isfinite(x)) m = std::max(m, x);
    }
  }
  return m;
}

int64_t largest_input(const std::vector<std::pair<std::string, Value>>& inputs) {
  int64_t k = 1;
  for (const auto& [name, v] : inputs)
    if (v.is_tensor()) k = std::max(k, v.tensor().element_count());
  return k;
}

std::string sanitized(const std::string& what) {
  std::string s = what;
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_' && ch != '-' && ch != '.') ch = '_';
  return s;
}

void write_bytes(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  if (!out) throw Error("cannot write " + path.string());
}

}  // namespace

std::string test_name(const OpVersion& version, const std::string& what) {
  const std::string domain = canonical_domain(version.domain);
  return "test_" + (domain.empty() ? "" : domain + ".") + version.op_type + "_v" +
         std::to_string(version.since_version) + "_" + sanitized(what);
}

nlohmann::json backend_tolerance(const OpVersion& version, const std::vector<std::pair<std::string, Value>>& inputs,
                                 const std::vector<std::pair<std::string, Value>>& outputs) {
  if (version.accuracy.kind == AccuracyKind::Random) return {{"rule", "random"}};
  if (version.accuracy.kind == AccuracyKind::Exact || !has_floating(outputs)) return {{"rule", "exact"}};
  if (accumulates(version.op_type)) {
    const int64_t k = largest_input(inputs);
    const double u = std::ldexp(1.0, -24);
    return {{"rule", "gemm"}, {"k", k}, {"ulp", 4}, {"atol", static_cast<double>(k) * u * max_abs_finite(outputs)}};
  }
  if (version.accuracy.kind == AccuracyKind::CorrectlyRounded && ieee_exact(version.op_type))
    return {{"rule", "ulp"}, {"ulp", 0}};
  if (version.accuracy.kind == AccuracyKind::CorrectlyRounded) return {{"rule", "ulp"}, {"ulp", 4}};
  return {{"rule", "ulp"}, {"ulp", 16}};
}

std::optional<nlohmann::json> write_case(const OpVersion& version, const Candidate& candidate, const std::string& name,
                                         const fs::path& out) {
  onnx::ModelProto model = candidate.model;
  model.set_ir_version(ir_version_for(version, candidate));
  if (!model.has_producer_name()) model.set_producer_name("onnx-ref gen-suite");
  auto* graph = model.mutable_graph();
  for (int i = 0; i < graph->input_size(); ++i)
    for (const auto& [feed_name, value] : candidate.feeds)
      if (graph->input(i).name() == feed_name) set_value_type(graph->mutable_input(i)->mutable_type(), value);
  for (auto& output : *graph->mutable_output()) output.clear_type();
  std::map<std::string, Value> feeds(candidate.feeds.begin(), candidate.feeds.end());
  std::vector<std::pair<std::string, Value>> outputs;
  std::string refusal;
  try {
    const Model loaded = Model::load_bytes(model.SerializeAsString(), {}, "<gen-suite>");
    outputs = loaded.run(feeds);
  } catch (const UnsupportedError&) {
    return std::nullopt;
  } catch (const Error& e) {
    refusal = e.what();
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (candidate.must_refuse != !refusal.empty()) return std::nullopt;
  for (auto& output : *graph->mutable_output())
    for (const auto& [out_name, value] : outputs)
      if (output.name() == out_name) set_value_type(output.mutable_type(), value);

  const fs::path dir = out / (candidate.must_refuse ? "node-errors" : "node") / name;
  const fs::path set = dir / "test_data_set_0";
  fs::create_directories(set);
  write_bytes(dir / "model.onnx", model.SerializeAsString());
  for (size_t k = 0; k < candidate.feeds.size(); ++k)
    write_value_file(set / ("input_" + std::to_string(k) + ".pb"), candidate.feeds[k].second, candidate.feeds[k].first);
  for (size_t k = 0; k < outputs.size(); ++k)
    write_value_file(set / ("output_" + std::to_string(k) + ".pb"), outputs[k].second, outputs[k].first);
  nlohmann::json entry = {{"name", name},
                          {"kind", candidate.must_refuse ? "node-errors" : "node"},
                          {"domain", canonical_domain(version.domain)},
                          {"op", version.op_type},
                          {"version", version.since_version},
                          {"contract", accuracy_kind_name(version.accuracy.kind)}};
  if (candidate.must_refuse) {
    // The rule without the model's origin, which names no file here.
    std::string rule = refusal;
    if (rule.starts_with("<gen-suite>: ")) rule = rule.substr(13);
    write_bytes(dir / kRefusalMarkerFile, rule + "\n");
    entry["rule"] = rule;
  } else {
    entry["tolerance"] = backend_tolerance(version, candidate.feeds, outputs);
  }
  return entry;
}

}  // namespace onnx_ref::suite
