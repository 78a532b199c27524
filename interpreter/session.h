#pragma once
// The embeddable session: load a model from a file or bytes, run it with named tensors, get named
// tensors back. Every refusal is an onnx_ref::Error with the same one-line message the command
// prints. No protobuf type shows here: the loaded Model (interpreter/model.h) stays inside.
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/exposed_values.h"
#include "interpreter/load_options.h"
#include "runtime/run_context.h"
#include "runtime/tensor.h"
#include "runtime/value.h"

namespace onnx_ref {

class Model;

class Session {
 public:
  // `exposed` values of the model's graph (intermediate ones too) become outputs after its own.
  // `load`: the loader's opt-ins (interpreter/load_options.h: sorting nodes, deprecated versions).
  static Session from_file(const std::filesystem::path& path, const ExposedValues& exposed = {},
                           const LoadOptions& load = {});
  // `base_dir` is where external data files are looked up (empty: external data is refused).
  // `origin` leads every error message (Python names the graph of an onnx.ModelProto there).
  static Session from_bytes(const std::string& bytes, const std::filesystem::path& base_dir = {},
                            const ExposedValues& exposed = {}, const LoadOptions& load = {},
                            const std::string& origin = "<model bytes>");

  std::vector<std::string> input_names() const;   // inputs that must be fed, in graph order
  std::vector<std::string> output_names() const;  // in graph order
  // Tensors in, tensors out; an output that is a sequence or an optional is an Error here.
  std::map<std::string, Tensor> run(const std::map<std::string, Tensor>& feeds, const RunOptions& options = {}) const;
  // Any values in (tensors, sequences, optionals), the graph outputs out in graph order.
  // `options`: threads, the seed of random streams, the Loop iteration limit (runtime/run_context.h).
  std::vector<std::pair<std::string, Value>> run_values(const std::map<std::string, Value>& feeds,
                                                        const RunOptions& options = {}) const;
  // The loaded model, for code inside onnx-ref's tree (include interpreter/model.h to use it).
  const Model& model() const { return *model_; }

 private:
  explicit Session(std::shared_ptr<const Model> model) : model_(std::move(model)) {}
  std::shared_ptr<const Model> model_;
};

}  // namespace onnx_ref
