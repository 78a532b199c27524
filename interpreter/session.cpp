#include "interpreter/session.h"

namespace onnx_ref {

Session Session::from_file(const std::filesystem::path& path) { return Session(Model::load_file(path)); }

Session Session::from_bytes(const std::string& bytes, const std::filesystem::path& base_dir) {
  return Session(Model::load_bytes(bytes, base_dir, "<model bytes>"));
}

std::vector<std::string> Session::input_names() const {
  std::vector<std::string> names;
  for (const auto& v : model_.required_inputs()) names.push_back(v.name);
  return names;
}

std::vector<std::string> Session::output_names() const {
  std::vector<std::string> names;
  for (const auto& v : model_.outputs()) names.push_back(v.name);
  return names;
}

std::map<std::string, Tensor> Session::run(const std::map<std::string, Tensor>& feeds) const {
  std::map<std::string, Tensor> outputs;
  for (auto& [name, tensor] : model_.run(feeds)) outputs.emplace(name, std::move(tensor));
  return outputs;
}

}  // namespace onnx_ref
