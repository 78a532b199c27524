// onnx-ref compare MODEL INPUTS REFERENCE_DIR: runs the model, keeping every node's outputs, and
// compares them with another runtime's values of the same names, node by node in execution order.
// It names the first node whose output departs beyond the tolerance: the bisection a backend
// developer would otherwise do by hand.
//
// REFERENCE_DIR is searched at any depth for .pb files (a TensorProto, keyed by the name it holds,
// or by its file name without .pb when it holds none) and .npy files (keyed by file name without
// .npy). An `onnx-ref run --trace DIR` folder is such a folder; its values inside subgraphs
// (subgraphs/node_K/ATTR/call_C/node_J/output_I.pb) are compared by that path with the values this
// run computes at the same place. A folder of `run --output-dir` files (output_K.pb holds the name;
// output_K.npy is the model's output K) is one too.
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include "cli/commands.h"
#include "conformance/harness.h"
#include "interpreter/feeds.h"
#include "runtime/error.h"
#include "runtime/npy.h"
#include "runtime/tensor_proto.h"
#include "runtime/value_proto.h"

namespace onnx_ref::cli {

namespace {

struct CompareOptions {
  std::string model, inputs, reference;
  Tolerance tolerance;
  onnx_ref::RunOptions run;
  LoadOptions load;  // --sort-nodes, --allow-deprecated
};

std::map<std::string, std::filesystem::path> reference_files(const std::filesystem::path& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec))
    throw Error(quote_text(dir.string()) + " is not a folder of .pb or .npy files");
  std::map<std::string, std::filesystem::path> files;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
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

// One compared value: a row of the table.
struct Row {
  std::string node, op, value;
  TensorErrors errors;
  bool type_or_shape_differs = false;
};

Row compare_value(std::string node, std::string op, const std::string& name, const Tensor& ours, const Tensor& expected,
                  const Tolerance& tolerance) {
  Row row{std::move(node), std::move(op), quote_text(name), measure_errors(ours, expected, tolerance), false};
  row.type_or_shape_differs = ours.type() != expected.type() || ours.shape() != expected.shape();
  return row;
}

Tensor read_reference(const std::filesystem::path& path) {
  return path.extension() == ".npy" ? read_npy(path) : read_tensor_file(path);
}

// The values computed inside subgraphs and function bodies, compared as they are computed with the
// reference's file at the same trace path (run --trace's layout: see SubgraphTraceWriter in
// run_command.cpp). Rows are kept per node of the model's graph holding them.
class SubgraphComparer final : public RunTrace {
 public:
  SubgraphComparer(std::filesystem::path reference, const Tolerance& tolerance)
      : reference_(std::move(reference)), tolerance_(tolerance) {
    frames_.push_back({"", "", {}});
  }
  void enter_graph(const void* graph, const std::string& segment, const std::string& path) override {
    Frame& parent = frames_.back();
    const int64_t call = parent.calls[graph]++;
    frames_.push_back({parent.dir + segment + "/call_" + std::to_string(call) + "/",
                       path + " \u203a call " + std::to_string(call),
                       {}});
  }
  void leave_graph() override { frames_.pop_back(); }
  void node_outputs(size_t node_index, const std::string& node_name, const std::string&, const std::string&,
                    const std::string& op_label, const std::vector<std::string>& names,
                    const std::vector<Value>& values) override {
    const Frame& frame = frames_.back();
    for (size_t j = 0; j < names.size() && j < values.size(); ++j) {
      if (names[j].empty() || !values[j].is_tensor()) continue;
      const std::filesystem::path file =
          reference_ / "subgraphs" /
          (frame.dir + "node_" + std::to_string(node_index) + "/output_" + std::to_string(j) + ".pb");
      std::error_code ec;
      if (!std::filesystem::is_regular_file(file, ec)) continue;
      const std::string who = frame.path + " \u203a #" + std::to_string(node_index) +
                              (node_name.empty() ? "" : " " + quote_text(node_name));
      const size_t top = static_cast<size_t>(std::stoul(frame.dir.substr(5)));  // "node_K/..."
      rows_[top].push_back(
          compare_value(who, op_label, names[j], values[j].tensor(), read_tensor_file(file), tolerance_));
    }
  }
  // Rows inside the graphs of the model's node `k`, in execution order.
  const std::vector<Row>* rows_of(size_t k) const {
    auto it = rows_.find(k);
    return it == rows_.end() ? nullptr : &it->second;
  }

 private:
  struct Frame {
    std::string dir, path;
    std::map<const void*, int64_t> calls;
  };
  std::filesystem::path reference_;
  Tolerance tolerance_;
  std::vector<Frame> frames_;
  std::map<size_t, std::vector<Row>> rows_;
};

// The table with every column padded to its widest cell.
void print_table(const std::vector<std::vector<std::string>>& cells) {
  std::vector<size_t> width;
  for (const auto& row : cells)
    for (size_t c = 0; c < row.size(); ++c) {
      if (width.size() <= c) width.push_back(0);
      width[c] = std::max(width[c], row[c].size());
    }
  for (const auto& row : cells) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      line += row[c];
      if (c + 1 < row.size()) line += std::string(width[c] - row[c].size() + 2, ' ');
    }
    std::cout << line << "\n";
  }
}

int compare_command(const CompareOptions& options) {
  options.tolerance.check();
  auto references = reference_files(options.reference);
  const Model model = Model::load_file(options.model, ExposedValues{{}, true}, with_program_limits(options.load));
  // run --output-dir --format npy writes output_K.npy for the model's output K, which holds no name.
  for (size_t k = 0; k < model.outputs().size(); ++k) {
    const std::string key = "output_" + std::to_string(k);
    auto it = references.find(key);
    if (it != references.end() && it->second.extension() == ".npy" && !references.count(model.outputs()[k].name)) {
      references.emplace(model.outputs()[k].name, it->second);
      references.erase(key);
    }
  }
  const Feeds feeds = load_feeds(model, options.inputs);
  std::error_code ec;
  std::optional<SubgraphComparer> inside;
  onnx_ref::RunOptions run = options.run;
  run.max_memory = program_run_options().max_memory;
  run.timeout_seconds = program_run_options().timeout_seconds;
  if (std::filesystem::is_regular_file(std::filesystem::path(options.reference) / "subgraphs.json", ec)) {
    inside.emplace(options.reference, options.tolerance);
    run.trace = &*inside;
  }
  const auto values = model.run(feeds, run);
  std::map<std::string, const Value*> by_name;
  for (const auto& [name, value] : values) by_name.emplace(name, &value);

  const auto& graph = model.proto().graph();
  std::vector<Row> rows;
  for (int k = 0; k < graph.node_size(); ++k) {
    if (inside)
      if (const auto* nested = inside->rows_of(static_cast<size_t>(k)))
        rows.insert(rows.end(), nested->begin(), nested->end());
    const auto& node = graph.node(k);
    const std::string label = static_cast<size_t>(k) < model.nodes().size()
                                  ? model.nodes()[static_cast<size_t>(k)].op->label()
                                  : node.op_type();
    const std::string who = "#" + std::to_string(k) + (node.name().empty() ? "" : " " + quote_text(node.name()));
    for (const auto& name : node.output()) {
      auto ref = references.find(name);
      auto ours = by_name.find(name);
      if (name.empty() || ref == references.end() || ours == by_name.end()) continue;
      if (!ours->second->is_tensor()) continue;  // sequences and optionals: no .pb/.npy counterpart here
      rows.push_back(
          compare_value(who, label, name, ours->second->tensor(), read_reference(ref->second), options.tolerance));
    }
  }
  if (rows.empty())
    throw Error(quote_text(options.reference) + " holds no value named like a node output of the model's graph");

  std::vector<std::vector<std::string>> cells{
      {"node", "operator", "value", "max abs", "max rel", "max ulp", "verdict"}};
  int departing = 0;
  std::string first;
  for (const auto& r : rows) {
    const TensorErrors& e = r.errors;
    if (r.type_or_shape_differs) {
      // No element errors exist between values of different types or shapes: the verdict says what differs.
      cells.push_back({r.node, r.op, r.value, "-", "-", "-", "DEPARTS: " + *e.mismatch});
    } else {
      cells.push_back({r.node, r.op, r.value, number(e.max_abs), number(e.max_rel),
                       e.max_ulp ? std::to_string(*e.max_ulp) : "-", e.mismatch ? "DEPARTS" : "ok"});
    }
    if (e.mismatch && departing++ == 0)
      first =
          (r.node.starts_with("#") ? "node " : "") + r.node + " (" + r.op + ") output " + r.value + ": " + *e.mismatch;
  }
  print_table(cells);
  std::cout << rows.size() << " value(s) compared, " << departing << " beyond atol " << number(options.tolerance.atol)
            << ", rtol " << number(options.tolerance.rtol) << "\n";
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
  auto* cmd = app.add_subcommand(
      "compare",
      "Compare every node's outputs with another runtime's values of the same names (a folder of .pb/.npy) "
      "and name the first node that departs");
  cmd->add_option("model", options->model, "The model (.onnx)")->required();
  cmd->add_option("inputs", options->inputs, "A JSON file of inputs, a test_data_set_N folder, or one .npy/.pb file")
      ->required();
  cmd->add_option("reference", options->reference,
                  "A folder of the other runtime's values: NAME.pb / NAME.npy at any depth, a run --trace folder "
                  "(subgraph values by their trace path) or a run --output-dir folder")
      ->required();
  cmd->add_option("--rtol", options->tolerance.rtol, "Relative tolerance")->capture_default_str();
  cmd->add_option("--atol", options->tolerance.atol, "Absolute tolerance")->capture_default_str();
  cmd->add_option("--threads", options->run.threads, "Worker threads for the kernels")->check(CLI::Range(1, 256));
  add_load_options(cmd, options->load);
  return [options] { return compare_command(*options); };
}

}  // namespace onnx_ref::cli
