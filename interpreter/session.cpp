#include "interpreter/session.h"

#include "interpreter/model.h"
#include "runtime/error.h"

namespace onnx_ref {

Session Session::from_file(const std::filesystem::path& path, const ExposedValues& exposed, const LoadOptions& load) {
  return Session(std::make_shared<const Model>(Model::load_file(path, exposed, load)));
}

Session Session::from_bytes(const std::string& bytes, const std::filesystem::path& base_dir,
                            const ExposedValues& exposed, const LoadOptions& load, const std::string& origin) {
  return Session(std::make_shared<const Model>(Model::load_bytes(bytes, base_dir, origin, exposed, load)));
}

std::vector<std::string> Session::input_names() const {
  std::vector<std::string> names;
  for (const auto& v : model_->required_inputs()) names.push_back(v.name);
  return names;
}

std::vector<std::string> Session::output_names() const {
  std::vector<std::string> names;
  for (const auto& v : model_->outputs()) names.push_back(v.name);
  return names;
}

std::map<std::string, Tensor> Session::run(const std::map<std::string, Tensor>& feeds,
                                           const RunOptions& options) const {
  std::map<std::string, Tensor> outputs;
  for (auto& [name, value] : model_->run({feeds.begin(), feeds.end()}, options)) {
    if (!value.is_tensor())
      throw Error("output " + quote_text(name) + " is " + value.type().to_string() +
                  "; use run_values for sequences and optionals");
    outputs.emplace(name, value.tensor());
  }
  return outputs;
}

std::vector<std::pair<std::string, Value>> Session::run_values(const std::map<std::string, Value>& feeds,
                                                               const RunOptions& options) const {
  return model_->run(feeds, options);
}

}  // namespace onnx_ref
