// onnx-ref run MODEL [INPUTS]: run a model and print (or write) its outputs.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>

#include <cstdio>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "gemm/dot.h"
#include "interpreter/feeds.h"
#include "interpreter/profile_calls.h"
#include "runtime/error.h"
#include "runtime/npy.h"
#include "runtime/tensor_json.h"
#include "runtime/tensor_proto.h"
#include "runtime/value_proto.h"

namespace onnx_ref::cli {

namespace {

struct RunOptions {
  std::string model, inputs, output_dir, format = "pb";
  int64_t max_json_elements = 1'000'000;
  onnx_ref::RunOptions run;
  std::vector<std::string> expose;  // --outputs
  std::string trace_dir;            // --trace
  int64_t trace_calls = 100;        // --trace-calls
  bool profile = false;             // --profile
  int64_t repeat = 1;               // --repeat
  std::string profile_json;         // --profile-json FILE
  bool random_inputs = false;
  std::vector<std::string> dims;  // --dim NAME=VALUE
  LoadOptions load;               // --sort-nodes, --allow-deprecated
};

// --trace DIR: every node's outputs in the backend-test layout, DIR/node_K/output_J.pb (K the
// node's index in the graph, J the output's position, the value's name inside the file), and
// DIR/index.json listing node -> operator version -> files.
void check_trace_dir(const std::filesystem::path& dir) {
  std::error_code ec;
  if (std::filesystem::exists(dir, ec) && !std::filesystem::is_directory(dir, ec))
    throw Error(quote_text(dir.string()) + " exists and is not a folder; give a folder for --trace");
  std::filesystem::create_directories(dir, ec);
  if (ec) throw Error("cannot create the folder " + quote_text(dir.string()) + " for --trace: " + ec.message());
}

void write_trace(const Model& model, const std::vector<std::pair<std::string, Value>>& values,
                 const std::filesystem::path& dir) {
  std::error_code ec;
  std::map<std::string, const Value*> by_name;
  for (const auto& [name, value] : values) by_name.emplace(name, &value);
  const auto& graph = model.proto().graph();
  nlohmann::json index = nlohmann::json::array();
  size_t files = 0;
  for (int k = 0; k < graph.node_size(); ++k) {
    const auto& node = graph.node(k);
    const std::filesystem::path node_dir = dir / ("node_" + std::to_string(k));
    nlohmann::json outputs = nlohmann::json::array();
    for (int j = 0; j < node.output_size(); ++j) {
      auto it = by_name.find(node.output(j));
      if (node.output(j).empty() || it == by_name.end()) continue;
      std::filesystem::create_directories(node_dir, ec);
      if (ec) throw Error("cannot create the folder " + quote_text(node_dir.string()) + ": " + ec.message());
      const std::string file = "node_" + std::to_string(k) + "/output_" + std::to_string(j) + ".pb";
      write_value_file(dir / file, *it->second, it->first);
      outputs.push_back({{"name", it->first}, {"file", file}, {"type", it->second->describe()}});
      ++files;
    }
    const std::string label =
        static_cast<size_t>(k) < model.nodes().size() ? model.nodes()[static_cast<size_t>(k)].op->label() : "";
    index.push_back({{"node", k},
                     {"name", node.name()},
                     {"op_type", node.op_type()},
                     {"domain", node.domain()},
                     {"version", label},
                     {"outputs", outputs}});
  }
  std::ofstream out(dir / "index.json");
  out << index.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  if (!out) throw Error(quote_text((dir / "index.json").string()) + ": cannot be written");
  std::cerr << "onnx-ref: traced " << files << " value(s) of " << graph.node_size() << " node(s) into " << dir.string()
            << "\n";
}

// The values computed inside subgraphs and function bodies, written as they are computed:
// DIR/subgraphs/<segment>/call_C/node_K/output_J.pb, where <segment> is the holding node and graph
// attribute ("node_5/body", nested as node_5/body/call_0/node_2/then_branch/...) and C counts the
// graph's runs within one run of the graph holding it. Each graph's first `max_calls` runs are
// written (a Loop of a million iterations would otherwise fill the disk); DIR/subgraphs.json lists
// every written node in execution order with its graph path, call and files.
class SubgraphTraceWriter final : public RunTrace {
 public:
  SubgraphTraceWriter(std::filesystem::path root, int64_t max_calls) : root_(std::move(root)), max_calls_(max_calls) {
    frames_.push_back({"", "", 0, true, {}});
  }

  void enter_graph(const void* graph, const std::string& segment, const std::string& path) override {
    Frame& parent = frames_.back();
    const int64_t call = parent.calls[graph]++;
    const bool written = parent.written && call < max_calls_;
    if (parent.written && !written) ++skipped_calls_;
    frames_.push_back({parent.dir + segment + "/call_" + std::to_string(call) + "/", path, call, written, {}});
  }

  void leave_graph() override { frames_.pop_back(); }

  void node_outputs(size_t node_index, const std::string& node_name, const std::string& op_type,
                    const std::string& domain, const std::string& op_label, const std::vector<std::string>& names,
                    const std::vector<Value>& values) override {
    const Frame& frame = frames_.back();
    if (!frame.written) return;
    const std::string node_dir = frame.dir + "node_" + std::to_string(node_index) + "/";
    nlohmann::json outputs = nlohmann::json::array();
    for (size_t j = 0; j < names.size() && j < values.size(); ++j) {
      if (names[j].empty()) continue;
      const std::string file = "subgraphs/" + node_dir + "output_" + std::to_string(j) + ".pb";
      std::error_code ec;
      std::filesystem::create_directories((root_ / file).parent_path(), ec);
      if (ec)
        throw Error("cannot create the folder " + quote_text((root_ / file).parent_path().string()) + ": " +
                    ec.message());
      write_value_file(root_ / file, values[j], names[j]);
      outputs.push_back({{"name", names[j]}, {"file", file}, {"type", values[j].describe()}});
      ++files_;
    }
    index_.push_back({{"graph", frame.path},
                      {"call", frame.call},
                      {"node", node_index},
                      {"name", node_name},
                      {"op_type", op_type},
                      {"domain", domain},
                      {"version", op_label},
                      {"outputs", outputs}});
  }

  // Writes DIR/subgraphs.json when any subgraph ran; returns whether one did.
  bool finish() const {
    if (index_.empty() && skipped_calls_ == 0) return false;
    std::ofstream out(root_ / "subgraphs.json");
    out << index_.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    if (!out) throw Error(quote_text((root_ / "subgraphs.json").string()) + ": cannot be written");
    return true;
  }
  size_t files() const { return files_; }
  int64_t skipped_calls() const { return skipped_calls_; }

 private:
  struct Frame {
    std::string dir;   // below DIR/subgraphs, ending in "/" ("" for the model's graph)
    std::string path;  // the graph's readable path
    int64_t call;
    bool written;                          // this run of the graph is within every enclosing graph's max_calls
    std::map<const void*, int64_t> calls;  // runs of each graph held by this one, so far
  };
  std::filesystem::path root_;
  int64_t max_calls_;
  std::vector<Frame> frames_;
  nlohmann::json index_ = nlohmann::json::array();
  size_t files_ = 0;
  int64_t skipped_calls_ = 0;
};

void write_outputs(const std::vector<std::pair<std::string, Value>>& outputs, const RunOptions& options) {
  const std::filesystem::path dir(options.output_dir);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!std::filesystem::is_directory(dir)) throw Error(dir.string() + ": cannot create the folder");
  std::string summary;
  for (size_t k = 0; k < outputs.size(); ++k) {
    const auto& [name, value] = outputs[k];
    std::filesystem::path file = dir / ("output_" + std::to_string(k) + "." + options.format);
    if (!value.is_tensor()) {
      if (options.format == "npy")
        throw Error("output " + quote_text(name) + " is " + value.type().to_string() +
                    ", which a .npy file cannot hold; use --format pb");
      write_value_file(file, value, name);
      summary += file.string() + "  " + name + "  " + value.describe() + "\n";
      continue;
    }
    const Tensor& tensor = value.tensor();
    if (options.format == "npy") {
      if (!npy_supports(tensor.type()))
        throw Error("output " + quote_text(name) + " is " + tensor.describe() +
                    ", which NumPy has no dtype for; use --format pb");
      write_npy(file, tensor);
    } else {
      write_tensor_file(file, tensor, name);
    }
    summary += file.string() + "  " + name + "  " + tensor.describe() + "\n";
  }
  std::cout << summary;
}

// JSON on one line with a space after each separating comma and colon.
std::string compact_json(const nlohmann::json& v) {
  std::string s = v.dump(-1, ' ', false, nlohmann::json::error_handler_t::strict);
  std::string spaced;
  bool in_string = false;
  for (size_t i = 0; i < s.size(); ++i) {
    spaced += s[i];
    if (s[i] == '"' && (i == 0 || s[i - 1] != '\\')) in_string = !in_string;
    if (!in_string && s[i] == ',') spaced += ' ';
  }
  return spaced;
}

// One tensor on one line, keys in reading order: {"dtype": ..., "shape": [...], "data": [...]}.
std::string render_tensor(const Tensor& tensor) {
  const nlohmann::json j = tensor_to_json(tensor);
  const auto compact = compact_json;
  return "{\"dtype\": " + compact(j.at("dtype")) + ", \"shape\": " + compact(j.at("shape")) +
         ", \"data\": " + compact(j.at("data")) + "}";
}

// "map": {"keys": [...], "values": [...]}, elements written as a tensor's data.
std::string render_map_body(const MapEntries& map) {
  return "\"map\": {\"keys\": " + compact_json(tensor_to_json(map.keys).at("data")) +
         ", \"values\": " + compact_json(tensor_to_json(map.values).at("data")) + "}";
}

// Elements a value holds, for the --max-json-elements limit.
int64_t value_element_count(const Value& value) {
  if (value.is_tensor()) return value.tensor().element_count();
  if (value.is_optional()) return value.has_element() ? value_element_count(value.element()) : 0;
  if (value.is_map()) return 2 * value.map_entries().size();
  int64_t n = 0;
  if (value.is_map_sequence()) {
    for (const auto& m : value.maps()) n += 2 * m.size();
    return n;
  }
  for (const auto& t : value.items()) n += t.element_count();
  return n;
}

// A tensor as render_tensor prints it; a sequence as {"sequence": [tensor, ...], "dtype": ...}; an
// optional as {"optional": null, "type": ...} when empty or {"optional": value} when not.
// A map as {"key_type": ..., "value_type": ..., "map": {"keys": [...], "values": [...]}}; a sequence
// of maps as {"key_type": ..., "value_type": ..., "sequence": [{"map": ...}, ...]}.
std::string render_value(const Value& value) {
  if (value.is_tensor()) return render_tensor(value.tensor());
  const std::string map_types = "{\"key_type\": \"" + std::string(name_of(value.type().key)) +
                                "\", \"value_type\": \"" + std::string(name_of(value.type().elem)) + "\", ";
  if (value.is_map()) return map_types + render_map_body(value.map_entries()) + "}";
  if (value.is_map_sequence()) {
    std::string s = map_types + "\"sequence\": [";
    for (size_t i = 0; i < value.maps().size(); ++i) s += (i ? ", {" : "{") + render_map_body(value.maps()[i]) + "}";
    return s + "]}";
  }
  if (value.is_optional()) {
    if (!value.has_element()) return "{\"optional\": null, \"type\": \"" + value.type().to_string() + "\"}";
    return "{\"optional\": " + render_value(value.element()) + "}";
  }
  std::string s = "{\"dtype\": \"" + std::string(name_of(value.type().elem)) + "\", \"sequence\": [";
  for (size_t i = 0; i < value.items().size(); ++i) s += (i ? ", " : "") + render_tensor(value.items()[i]);
  return s + "]}";
}

// An output name as a JSON key. Names come from the model file and protobuf does not check that
// they are UTF-8; JSON text must be, so such a name is refused rather than printed altered.
std::string json_key(const std::string& name) {
  try {
    return nlohmann::json(name).dump();
  } catch (const nlohmann::json::type_error&) {
    throw Error(
        "output " + quote_text(name) +
        " has a name that is not valid UTF-8, so it cannot be a JSON key; write the outputs with --output-dir DIR");
  }
}

std::string milliseconds(int64_t nanoseconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", static_cast<double>(nanoseconds) / 1e6);
  return text;
}

// One row of the profile tables: time, share of the kernels' time, calls, what.
std::string profile_line(const std::string& time, const std::string& share, const std::string& calls,
                         const std::string& what) {
  char text[64];
  std::snprintf(text, sizeof text, "%12s %7s %7s  ", time.c_str(), share.c_str(), calls.c_str());
  return text + what + "\n";
}

std::string percent(int64_t part, int64_t whole) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f%%",
                100.0 * static_cast<double>(part) / static_cast<double>(std::max<int64_t>(whole, 1)));
  return text;
}

// --profile: on stderr, after the run, every node by time (calls summed), then every operator
// version by the time of its nodes that hold no graphs, so no time is counted twice there.
void print_profile(const RunProfile& profile, int64_t load_ns, int64_t run_ns) {
  std::vector<const RunProfile::Row*> rows;
  int64_t kernels = 0;
  std::map<std::string, std::pair<int64_t, int64_t>> by_op;  // nanoseconds, calls
  for (const auto& row : profile.rows()) {
    rows.push_back(&row);
    if (row.top_level) kernels += row.nanoseconds;
    if (!row.holds_graphs) {
      by_op[row.op].first += row.nanoseconds;
      by_op[row.op].second += row.calls;
    }
  }
  std::stable_sort(rows.begin(), rows.end(), [](auto* a, auto* b) { return a->nanoseconds > b->nanoseconds; });
  std::string text = "onnx-ref: profile: load " + milliseconds(load_ns) + " ms, run " + milliseconds(run_ns) +
                     " ms, of which kernels " + milliseconds(kernels) + " ms\n";
  text += profile_line("time (ms)", "share", "calls",
                       "node (If, Loop, Scan and function calls include their graphs' nodes)");
  for (const auto* row : rows)
    text += profile_line(milliseconds(row->nanoseconds), percent(row->nanoseconds, kernels), std::to_string(row->calls),
                         row->node);
  std::vector<std::pair<std::string, std::pair<int64_t, int64_t>>> ops(by_op.begin(), by_op.end());
  std::stable_sort(ops.begin(), ops.end(),
                   [](const auto& a, const auto& b) { return a.second.first > b.second.first; });
  text += profile_line("time (ms)", "share", "calls", "operator version (nodes holding graphs left out)");
  for (const auto& op : ops)
    text += profile_line(milliseconds(op.second.first), percent(op.second.first, kernels),
                         std::to_string(op.second.second), op.first);
  const gemm::GemmStats gemm = gemm::gemm_totals();
  if (gemm.outputs > 0)
    text += "onnx-ref: profile: GEMM engine: " + std::to_string(gemm.outputs) + " outputs, " +
            std::to_string(gemm.compensated) + " decided by the compensated recheck, " +
            std::to_string(gemm.exact_fallbacks) + " by the exact sum\n";
  std::cerr << text;
}

// --repeat: the load time and the per-run times on stderr.
void print_repeat_times(std::vector<int64_t> ns, int64_t load_ns) {
  std::sort(ns.begin(), ns.end());
  const size_t n = ns.size();
  const double median = n % 2 ? static_cast<double>(ns[n / 2])
                              : (static_cast<double>(ns[n / 2 - 1]) + static_cast<double>(ns[n / 2])) / 2;
  std::cerr << "onnx-ref: " << n << " runs after a load of " << milliseconds(load_ns) << " ms: per run min "
            << milliseconds(ns.front()) << " ms, median " << milliseconds(static_cast<int64_t>(median)) << " ms, max "
            << milliseconds(ns.back()) << " ms\n";
}

// --profile-json FILE: every kernel call as a complete event ("ph": "X") of the Chrome trace event
// format, which chrome://tracing and Perfetto show as a timeline. Calls inside subgraphs nest
// under the If, Loop, Scan or function call holding them, since their times lie within its call.
void write_profile_json(const std::string& path, const RunProfile& profile, const ProfileCalls& calls,
                        int64_t run_start_ns) {
  nlohmann::json events = nlohmann::json::array();
  events.push_back(
      {{"name", "process_name"}, {"ph", "M"}, {"pid", 1}, {"tid", 1}, {"args", {{"name", "onnx-ref run"}}}});
  for (const auto& call : calls.calls()) {
    const RunProfile::Row& row = profile.rows()[call.row];
    events.push_back(
        {{"name", row.node},
         {"cat", row.op},
         {"ph", "X"},
         {"pid", 1},
         {"tid", 1},
         {"ts", static_cast<double>(call.start_ns - run_start_ns) / 1000.0},
         {"dur", static_cast<double>(call.nanoseconds) / 1000.0},
         {"args", {{"operator", row.op}, {"top_level", row.top_level}, {"holds_graphs", row.holds_graphs}}}});
  }
  std::ofstream out(path);
  out << nlohmann::json{{"traceEvents", events}, {"displayTimeUnit", "ms"}}.dump(
             1, ' ', false, nlohmann::json::error_handler_t::replace)
      << "\n";
  if (!out) throw Error(quote_text(path) + ": cannot be written");
}

int run_command(const RunOptions& options) {
  if (options.random_inputs && !options.inputs.empty()) throw Error("run takes INPUTS or --random-inputs, not both");
  ExposedValues exposed{options.expose, !options.trace_dir.empty()};
  using Clock = std::chrono::steady_clock;
  const auto load_start = Clock::now();
  const Model model = Model::load_file(options.model, exposed, with_program_limits(options.load));
  const auto load_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - load_start).count();
  Feeds feeds;
  if (!options.inputs.empty()) feeds = load_feeds(model, options.inputs);
  if (options.random_inputs) feeds = random_feeds(model, options.run.seed, parse_dim_options(options.dims));
  RunProfile profile;
  onnx_ref::RunOptions run_options = options.run;
  run_options.max_memory = program_run_options().max_memory;
  run_options.timeout_seconds = program_run_options().timeout_seconds;
  if (options.profile || !options.profile_json.empty()) run_options.profile = &profile;
  std::optional<ProfileCalls> calls;
  if (!options.profile_json.empty()) calls.emplace(profile);
  std::optional<SubgraphTraceWriter> subgraph_trace;
  if (!options.trace_dir.empty()) {
    check_trace_dir(options.trace_dir);
    subgraph_trace.emplace(options.trace_dir, options.trace_calls);
    run_options.trace = &*subgraph_trace;
  }
  // --repeat N: the loaded model runs N times on the same feeds (steady state, as a session's run
  // in other runtimes); the profile and the outputs are the last run's.
  std::vector<int64_t> run_times;
  for (int64_t r = 1; r < options.repeat; ++r) {
    onnx_ref::RunOptions warm = run_options;
    warm.profile = nullptr;
    warm.trace = nullptr;
    const auto start = Clock::now();
    model.run(feeds, warm);
    run_times.push_back(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count());
  }
  const auto run_start = Clock::now();
  auto outputs = model.run(feeds, run_options);
  const int64_t last_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - run_start).count();
  run_times.push_back(last_ns);
  if (options.profile) print_profile(profile, load_ns, last_ns);
  if (!options.profile_json.empty())
    write_profile_json(options.profile_json, profile, *calls,
                       std::chrono::duration_cast<std::chrono::nanoseconds>(run_start.time_since_epoch()).count());
  if (options.repeat > 1) print_repeat_times(run_times, load_ns);
  if (!options.trace_dir.empty()) {
    write_trace(model, outputs, options.trace_dir);
    if (subgraph_trace->finish()) {
      std::cerr << "onnx-ref: traced " << subgraph_trace->files() << " value(s) inside subgraphs into "
                << (std::filesystem::path(options.trace_dir) / "subgraphs").string();
      if (const int64_t skipped = subgraph_trace->skipped_calls())
        std::cerr << " (" << skipped << " graph run(s) past --trace-calls " << options.trace_calls << " not written)";
      std::cerr << "\n";
    }
    // What is printed or written stays the graph's outputs and those --outputs named.
    outputs.resize(model.shown_output_count());
  }
  if (!options.output_dir.empty()) {
    write_outputs(outputs, options);
    return 0;
  }
  int64_t elements = 0;
  for (const auto& [name, value] : outputs) {
    elements += value_element_count(value);
    if (elements > options.max_json_elements)
      throw Error(
          "output " + quote_text(name) + " brings the outputs to more than " +
          std::to_string(options.max_json_elements) +
          " elements, too many to print as JSON; write them with --output-dir DIR, or raise --max-json-elements");
  }
  // The whole document is rendered before anything is printed, so an error leaves stdout empty.
  std::string text = "{\"outputs\": {";
  for (size_t k = 0; k < outputs.size(); ++k)
    text += (k ? ",\n  " : "\n  ") + json_key(outputs[k].first) + ": " + render_value(outputs[k].second);
  text += "\n}}\n";
  std::cout << text;
  return 0;
}

}  // namespace

Command add_run_command(CLI::App& app) {
  auto options = std::make_shared<RunOptions>();
  auto* cmd = app.add_subcommand("run", "Run a model and print its outputs as JSON");
  cmd->add_option("model", options->model, "The model (.onnx)")->required();
  cmd->add_option("inputs", options->inputs,
                  "A JSON file of inputs (- for standard input), or a test_data_set_N folder of input_K.pb files");
  cmd->add_option("--output-dir", options->output_dir,
                  "Write output_K.pb (or .npy) files here instead of printing JSON");
  cmd->add_option("--format", options->format, "File format with --output-dir")
      ->check(CLI::IsMember({"pb", "npy"}))
      ->capture_default_str();
  cmd->add_option("--threads", options->run.threads,
                  "Worker threads for the kernels; every result bit is the same for any count")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd->add_option("--seed", options->run.seed, "Seed of the run's random streams (operators without a seed attribute)")
      ->capture_default_str();
  cmd->add_option("--max-iterations", options->run.max_loop_iterations,
                  "Loop iterations allowed in the run, over every Loop node")
      ->check(CLI::Range(int64_t{0}, INT64_MAX))
      ->capture_default_str();
  cmd->add_option("--max-json-elements", options->max_json_elements, "Refuse to print more elements than this as JSON")
      ->capture_default_str();
  cmd->add_option("--outputs", options->expose,
                  "Also return these values of the graph (node outputs, inputs, initializers), after its outputs")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd->add_option("--trace", options->trace_dir,
                  "Write every node's outputs to DIR/node_K/output_J.pb (backend-test layout) with DIR/index.json "
                  "naming node, version "
                  "and files; values inside subgraphs go to DIR/subgraphs/... with DIR/subgraphs.json");
  cmd->add_option("--trace-calls", options->trace_calls,
                  "With --trace: write the values of each subgraph's first N runs per run of the graph holding it")
      ->check(CLI::Range(int64_t{0}, INT64_MAX))
      ->capture_default_str();
  cmd->add_flag("--profile", options->profile,
                "Print every node's time (calls summed) and every operator version's, sorted by time, on stderr");
  cmd->add_option(
         "--repeat", options->repeat,
         "Load once and run N times on the same inputs; print the per-run times (min, median, max) on stderr and "
         "write the last run's outputs")
      ->check(CLI::Range(int64_t{1}, int64_t{1'000'000}))
      ->capture_default_str();
  cmd->add_option("--profile-json", options->profile_json,
                  "Write every kernel call (inside subgraphs too) to FILE in the Chrome trace event format "
                  "(chrome://tracing, Perfetto)");
  cmd->add_flag("--random-inputs", options->random_inputs,
                "Feed random inputs made from the declared types and shapes (seeded by --seed)");
  cmd->add_option("--dim", options->dims, "With --random-inputs: fix a symbolic dimension, NAME=VALUE (repeatable)")
      ->allow_extra_args(false);
  add_load_options(cmd, options->load);
  return [options] { return run_command(*options); };
}

}  // namespace onnx_ref::cli
