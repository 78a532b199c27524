// onnx-ref compare MODEL INPUTS REFERENCE_DIR: runs the model, keeping every node's outputs, and
// compares them with another runtime's values of the same names, node by node in execution order.
// It names the first node whose output departs beyond the tolerance: the bisection a backend
// developer would otherwise do by hand.
//
// REFERENCE_DIR is searched at any depth for .pb files (a TensorProto, keyed by the name it holds,
// or by its file name without .pb when it holds none) and .npy files (keyed by file name without
// .npy). An `onnx-ref run --trace DIR` folder is such a folder.
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/commands.h"
#include "interpreter/feeds.h"
#include "conformance/harness.h"
#include "runtime/error.h"
#include "runtime/npy.h"
#include "runtime/tensor_proto.h"

namespace onnx_ref::cli {

namespace {

struct CompareOptions {
  std::string model, inputs, reference;
  Tolerance tolerance;
  onnx_ref::RunOptions run;
};

std::map<std::string, std::filesystem::path> reference_files(const std::filesystem::path& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) throw Error(quote_text(dir.string()) + " is not a folder of .pb or .npy files");
  std::map<std::string, std::filesystem::path> files;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, ec); !ec && it != std::filesystem::recursive_directory_iterator();
       it.increment(ec)) {
    // An `onnx-ref run --trace` folder's values inside subgraphs repeat their names once per call,
    // and only the model's graph is compared.
    if (it.depth() == 0 && it->path().filename() == "subgraphs" && it->is_directory(ec) &&
        std::filesystem::is_regular_file(dir / "subgraphs.json", ec)) {
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file(ec)) continue;
    const auto& path = it->path();
    std::string key;
    if (path.extension() == ".pb") {
      read_tensor_file(path, &key);
      if (key.empty()) key = path.stem().string();
    } else if (path.extension() == ".npy") {
      key = path.stem().string();
    } else {
      continue;
    }
    if (!files.emplace(key, path).second)
      throw Error(quote_text(path.string()) + " holds the value " + quote_text(key) + ", which " +
                  quote_text(files[key].string()) + " holds too");
  }
  if (ec) throw Error("cannot read the folder " + quote_text(dir.string()) + ": " + ec.message());
  return files;
}

std::string number(double v) {
  std::ostringstream s;
  s << std::setprecision(3) << v;
  return s.str();
}

int compare_command(const CompareOptions& options) {
  options.tolerance.check();
  const auto references = reference_files(options.reference);
  const Model model = Model::load_file(options.model, ExposedValues{{}, true}, program_max_nodes());
  const Feeds feeds = load_feeds(model, options.inputs);
  onnx_ref::RunOptions run = options.run;
  run.max_memory = program_run_options().max_memory;
  run.timeout_seconds = program_run_options().timeout_seconds;
  const auto values = model.run(feeds, run);
  std::map<std::string, const Value*> by_name;
  for (const auto& [name, value] : values) by_name.emplace(name, &value);

  const auto& graph = model.proto().graph();
  std::cout << "node  operator  value  max abs  max rel  max ulp  verdict\n";
  int compared = 0, departing = 0;
  std::string first;
  for (int k = 0; k < graph.node_size(); ++k) {
    const auto& node = graph.node(k);
    const std::string label = static_cast<size_t>(k) < model.nodes().size() ? model.nodes()[static_cast<size_t>(k)].op->label() : node.op_type();
    const std::string who = "#" + std::to_string(k) + (node.name().empty() ? "" : " " + quote_text(node.name()));
    for (const auto& name : node.output()) {
      auto ref = references.find(name);
      auto ours = by_name.find(name);
      if (name.empty() || ref == references.end() || ours == by_name.end()) continue;
      if (!ours->second->is_tensor()) continue;  // sequences and optionals: no .pb/.npy counterpart here
      const Tensor expected = ref->second.extension() == ".npy" ? read_npy(ref->second) : read_tensor_file(ref->second);
      const TensorErrors e = measure_errors(ours->second->tensor(), expected, options.tolerance);
      ++compared;
      std::cout << who << "  " << label << "  " << quote_text(name) << "  " << number(e.max_abs) << "  " << number(e.max_rel) << "  "
                << (e.max_ulp ? std::to_string(*e.max_ulp) : "-") << "  " << (e.mismatch ? "DEPARTS" : "ok") << "\n";
      if (e.mismatch && departing++ == 0)
        first = "node " + who + " (" + label + ") output " + quote_text(name) + ": " + *e.mismatch;
    }
  }
  if (compared == 0)
    throw Error(quote_text(options.reference) + " holds no value named like a node output of the model's graph");
  std::cout << compared << " value(s) compared, " << departing << " beyond atol " << number(options.tolerance.atol) << ", rtol "
            << number(options.tolerance.rtol) << "\n";
  if (departing) {
    std::cout << "first departure: " << first << "\n";
    return 1;
  }
  std::cout << "no node departs\n";
  return 0;
}

}  // namespace

Command add_compare_command(CLI::App& app) {
  auto options = std::make_shared<CompareOptions>();
  auto* cmd = app.add_subcommand("compare",
                                 "Compare every node's outputs with another runtime's values of the same names (a folder of .pb/.npy) "
                                 "and name the first node that departs");
  cmd->add_option("model", options->model, "The model (.onnx)")->required();
  cmd->add_option("inputs", options->inputs, "A JSON file of inputs, or a test_data_set_N folder")->required();
  cmd->add_option("reference", options->reference, "A folder of the other runtime's values: NAME.pb / NAME.npy at any depth")->required();
  cmd->add_option("--rtol", options->tolerance.rtol, "Relative tolerance")->capture_default_str();
  cmd->add_option("--atol", options->tolerance.atol, "Absolute tolerance")->capture_default_str();
  cmd->add_option("--threads", options->run.threads, "Worker threads for the kernels")->check(CLI::Range(1, 256));
  return [options] { return compare_command(*options); };
}

}  // namespace onnx_ref::cli
