// onnx-ref make-test MODEL INPUTS DIR: write a golden test case in the ONNX backend-test layout
// (DIR/model.onnx, DIR/test_data_set_N/input_K.pb and output_K.pb).
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "interpreter/feeds.h"
#include "interpreter/node_order.h"
#include "runtime/error.h"
#include "runtime/tensor_proto.h"
#include "runtime/value_proto.h"

namespace onnx_ref::cli {

namespace fs = std::filesystem;

namespace {

struct MakeTestOptions {
  std::vector<std::string> positionals;  // MODEL [INPUTS] DIR
  bool random_inputs = false;
  uint64_t seed = 0;
  std::vector<std::string> dims;  // NAME=VALUE
  LoadOptions load;               // --sort-nodes, --allow-deprecated
};

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path.string() + ": cannot be read");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void copy_file_checked(const fs::path& from, const fs::path& to) {
  fs::create_directories(to.parent_path());
  std::error_code ec;
  fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
  if (ec) throw Error("cannot copy " + from.string() + " to " + to.string() + ": " + ec.message());
}

// A test case's folder must be a folder or not exist yet: checked before the model runs, so a
// mistyped path costs nothing, and created (with its parents) only when there is something to write.
void check_test_folder(const fs::path& dir) {
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    throw Error(quote_text(dir.string()) + " exists and is not a folder; give a folder for the test case");
}

void prepare_test_folder(const fs::path& dir) {
  check_test_folder(dir);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw Error("cannot create the folder " + quote_text(dir.string()) + ": " + ec.message());
}

// DIR/model.onnx is the model itself; external data files come along at the same relative paths
// (the loader has already refused any location that leaves the model's folder).
void place_model(const Model& model, const fs::path& model_path, const fs::path& dir, bool sort_nodes) {
  const fs::path target = dir / "model.onnx";
  std::string bytes = read_bytes(model_path);
  // With --sort-nodes the test case holds the sorted model, so that it runs without the opt-in.
  if (onnx::ModelProto original; sort_nodes && original.ParseFromString(bytes) && graph_out_of_order(original.graph()))
    bytes = model.proto().SerializeAsString();
  std::error_code ec;
  if (fs::exists(target, ec)) {
    if (read_bytes(target) != bytes)
      throw Error(target.string() + " holds a different model; give a new folder for this test case");
    return;
  }
  prepare_test_folder(dir);
  std::ofstream(target, std::ios::binary) << bytes;
  const fs::path source_dir = model_path.parent_path();
  for (const auto& init : model.proto().graph().initializer()) {
    if (init.data_location() != onnx::TensorProto::EXTERNAL) continue;
    for (const auto& entry : init.external_data())
      if (entry.key() == "location" && !fs::exists(dir / entry.value()))
        copy_file_checked(source_dir / entry.value(), dir / entry.value());
  }
}

int make_test_command(const MakeTestOptions& options) {
  const size_t expected = options.random_inputs ? 2 : 3;
  if (options.positionals.size() != expected)
    throw Error(options.random_inputs ? "make-test --random-inputs takes MODEL DIR"
                                      : "make-test takes MODEL INPUTS DIR (or MODEL DIR with --random-inputs)");
  const fs::path model_path = options.positionals.front();
  const fs::path dir = options.positionals.back();
  check_test_folder(dir);
  const Model model = Model::load_file(model_path, ExposedValues{}, with_program_limits(options.load));
  const Feeds feeds = options.random_inputs ? random_feeds(model, options.seed, parse_dim_options(options.dims))
                                            : load_feeds(model, options.positionals[1]);
  const auto outputs = model.run(feeds, program_run_options());

  place_model(model, model_path, dir, options.load.sort_nodes);
  int n = 0;
  while (fs::exists(dir / ("test_data_set_" + std::to_string(n)))) ++n;
  const fs::path set = dir / ("test_data_set_" + std::to_string(n));
  prepare_test_folder(set);
  // Inputs in the order of the graph inputs that must be fed, then any initializer-backed input
  // that was fed; every file carries its input's name.
  int k = 0;
  for (const auto* list : {&model.required_inputs(), &model.optional_inputs()})
    for (const auto& input : *list)
      if (auto it = feeds.find(input.name); it != feeds.end())
        write_value_file(set / ("input_" + std::to_string(k++) + ".pb"), it->second, input.name);
  for (size_t i = 0; i < outputs.size(); ++i)
    write_value_file(set / ("output_" + std::to_string(i) + ".pb"), outputs[i].second, outputs[i].first);
  std::cout << "wrote " << set.string() << ": " << k << " input(s), " << outputs.size() << " output(s)\n";
  return 0;
}

}  // namespace

Command add_make_test_command(CLI::App& app) {
  auto options = std::make_shared<MakeTestOptions>();
  auto* cmd = app.add_subcommand(
      "make-test", "Write a golden test case (model.onnx + test_data_set_N) in the ONNX backend-test layout");
  cmd->add_option("args", options->positionals, "MODEL INPUTS DIR, or MODEL DIR with --random-inputs")->required();
  cmd->add_flag("--random-inputs", options->random_inputs, "Make the inputs from the declared types and shapes");
  cmd->add_option("--seed", options->seed, "Seed for --random-inputs")->capture_default_str();
  cmd->add_option("--dim", options->dims, "Fix a symbolic dimension, NAME=VALUE (repeatable)")->allow_extra_args(false);
  add_load_options(cmd, options->load);
  return [options] { return make_test_command(*options); };
}

}  // namespace onnx_ref::cli
