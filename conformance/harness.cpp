// Discovering and running ONNX backend-test folders.
#include "conformance/harness.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstring>
#include <fstream>
#include <map>
#include <set>

#include "conformance/random_outputs.h"
#include "interpreter/feeds.h"
#include "interpreter/model.h"
#include "runtime/error.h"
#include "runtime/tensor_proto.h"
#include "runtime/value_proto.h"

namespace onnx_ref {

namespace fs = std::filesystem;

namespace {

bool is_test_dir(const fs::path& dir, BackendTest::Layout* layout) {
  std::error_code ec;
  if (fs::is_regular_file(dir / "model.onnx", ec)) {
    *layout = BackendTest::Layout::Model;
    return true;
  }
  if (fs::is_regular_file(dir / "node.pb", ec)) {
    *layout = BackendTest::Layout::NodePb;
    return true;
  }
  return false;
}

struct NamedTensor {
  std::string name;  // may be empty
  Value tensor;
  fs::path file;
};

// Output files hold what the model declares at that position: a TensorProto, or a SequenceProto or
// OptionalProto for a declared sequence or optional (`outputs` may be empty: all tensors).
std::vector<NamedTensor> read_tensors(const std::vector<fs::path>& files, const std::vector<ValueInfo>& declared = {}) {
  std::vector<NamedTensor> tensors;
  for (size_t i = 0; i < files.size(); ++i) {
    NamedTensor t;
    ValueType type = ValueType::tensor(ElementType::Undefined);
    if (i < declared.size() && declared[i].kind != ValueKind::Tensor)
      type = {declared[i].kind, declared[i].type.value_or(ElementType::Undefined),
              declared[i].key.value_or(ElementType::Undefined)};
    t.tensor = read_value_file(files[i], type, &t.name);
    t.file = files[i];
    tensors.push_back(std::move(t));
  }
  return tensors;
}

// Maps match when they have the same keys, whatever their order, and each key's values match.
std::optional<std::string> compare_maps(const MapEntries& actual, const MapEntries& expected,
                                        const Tolerance& tolerance) {
  if (actual.keys.type() != expected.keys.type() || actual.values.type() != expected.values.type() ||
      actual.size() != expected.size())
    return "got " + actual.describe() + ", expected " + expected.describe();
  const MapEntries a = actual.sorted_by_key(), e = expected.sorted_by_key();
  if (!a.keys.identical_to(e.keys)) return std::string("the maps have different keys");
  if (auto diff = compare_tensors(a.values, e.values, tolerance)) return "map values in key order: " + *diff;
  return std::nullopt;
}

// Sequences match item by item, optionals when both are empty or their elements match.
std::optional<std::string> compare_values(const Value& actual, const Value& expected, const Tolerance& tolerance) {
  if (actual.is_tensor() && expected.is_tensor()) return compare_tensors(actual.tensor(), expected.tensor(), tolerance);
  if (!(actual.type().kind == expected.type().kind))
    return "got " + actual.describe() + ", expected " + expected.describe();
  if (actual.is_optional()) {
    if (actual.has_element() != expected.has_element())
      return "got " + actual.describe() + ", expected " + expected.describe();
    if (!actual.has_element()) return std::nullopt;
    return compare_values(actual.element(), expected.element(), tolerance);
  }
  if (actual.type().is_map_kind() && !(actual.type() == expected.type()))
    return "got " + actual.describe() + ", expected " + expected.describe();
  if (actual.is_map()) return compare_maps(actual.map_entries(), expected.map_entries(), tolerance);
  if (actual.is_map_sequence()) {
    const auto& a = actual.maps();
    const auto& e = expected.maps();
    if (a.size() != e.size())
      return "got a sequence of " + std::to_string(a.size()) + " maps, expected " + std::to_string(e.size());
    for (size_t i = 0; i < a.size(); ++i)
      if (auto diff = compare_maps(a[i], e[i], tolerance)) return "sequence item " + std::to_string(i) + ": " + *diff;
    return std::nullopt;
  }
  const auto& a = actual.items();
  const auto& e = expected.items();
  if (a.size() != e.size())
    return "got a sequence of " + std::to_string(a.size()) + " tensors, expected " + std::to_string(e.size());
  for (size_t i = 0; i < a.size(); ++i)
    if (auto diff = compare_tensors(a[i], e[i], tolerance)) return "sequence item " + std::to_string(i) + ": " + *diff;
  return std::nullopt;
}

// Outputs in `random` (conformance/random_outputs.h) are compared by type, shape and support.
std::optional<std::string> compare_outputs(const std::vector<std::pair<std::string, Value>>& actual,
                                           const std::vector<NamedTensor>& expected, const Tolerance& tolerance,
                                           const std::map<std::string, RandomSupport>& random = {}) {
  if (actual.size() != expected.size())
    return "the model has " + std::to_string(actual.size()) + " output(s), the test expects " +
           std::to_string(expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    // Match by name where the expected tensor names a model output, otherwise by position.
    size_t k = i;
    for (size_t j = 0; j < actual.size(); ++j)
      if (!expected[i].name.empty() && actual[j].first == expected[i].name) k = j;
    const auto r = random.find(actual[k].first);
    if (r != random.end() && actual[k].second.is_tensor() && expected[i].tensor.is_tensor()) {
      if (auto diff = compare_random_tensor(actual[k].second.tensor(), expected[i].tensor.tensor(), r->second))
        return "output " + quote_text(actual[k].first) + " (random): " + *diff;
      continue;
    }
    if (auto diff = compare_values(actual[k].second, expected[i].tensor, tolerance))
      return "output " + quote_text(actual[k].first) + ": " + *diff;
  }
  return std::nullopt;
}

// The old layout has a NodeProto only: wrap it in a one-node model at `opset`, typed from the inputs.
Model model_from_node_pb(const fs::path& dir, const std::vector<NamedTensor>& inputs, int64_t opset) {
  const fs::path file = dir / "node.pb";
  std::ifstream in(file, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  onnx::NodeProto node;
  if (bytes.empty() || !node.ParseFromString(bytes) || node.op_type().empty())
    throw Error(file.string() + ": not a NodeProto");
  auto model = std::make_shared<onnx::ModelProto>();
  model->set_ir_version(3);
  model->add_opset_import()->set_version(opset);
  auto* graph = model->mutable_graph();
  graph->set_name(dir.filename().string());
  *graph->add_node() = node;
  for (int i = 0; i < node.input_size(); ++i) {
    if (static_cast<size_t>(i) >= inputs.size())
      throw Error(dir.string() + ": input_" + std::to_string(i) + ".pb is missing");
    auto* input = graph->add_input();
    input->set_name(node.input(i));
    auto* type = input->mutable_type()->mutable_tensor_type();
    const Tensor& tensor = inputs[static_cast<size_t>(i)].tensor.tensor();
    type->set_elem_type(code_of(tensor.type()));
    for (int64_t d : tensor.shape()) type->mutable_shape()->add_dim()->set_dim_value(d);
  }
  for (const auto& name : node.output()) graph->add_output()->set_name(name);
  return Model::from_proto(model, {}, file.string());
}

// ONNX 1.9 to 1.18 wrote the bfloat16 values of their Cast/CastLike tests as uint16 TensorProtos
// holding the bfloat16 bit patterns (the generator had no numpy bfloat16). A uint16 file at a
// position the model declares tensor(bfloat16) is read as those bits; nothing else is reinterpreted.
Value as_declared_bfloat16(const Value& value, const std::optional<ElementType>& declared) {
  if (declared != ElementType::BFloat16 || !value.is_tensor() || value.tensor().type() != ElementType::UInt16)
    return value;
  const Tensor& t = value.tensor();
  return Tensor::from_storage(ElementType::BFloat16, t.shape(), t.storage());
}

void run_model_layout(const BackendTest& test, const Tolerance& tolerance, const LoadOptions& load,
                      const RunOptions& run, TestResult& result) {
  const Model model = Model::load_file(test.dir / "model.onnx", ExposedValues{}, load);
  result.kernels = model.kernel_labels();
  std::vector<fs::path> sets;
  for (const auto& entry : fs::directory_iterator(test.dir))
    if (entry.is_directory() && entry.path().filename().string().rfind("test_data_set_", 0) == 0)
      sets.push_back(entry.path());
  std::sort(sets.begin(), sets.end());
  if (sets.empty()) throw Error(test.dir.string() + ": no test_data_set_N folder");
  for (const auto& set : sets) {
    auto expected = read_tensors(numbered_pb_files(set, "output_"), model.outputs());
    for (size_t i = 0; i < expected.size() && i < model.outputs().size(); ++i)
      expected[i].tensor = as_declared_bfloat16(expected[i].tensor, model.outputs()[i].type);
    Feeds feeds = feeds_from_pb_folder(model, set);
    for (const auto& input : model.required_inputs())
      if (auto it = feeds.find(input.name); it != feeds.end())
        it->second = as_declared_bfloat16(it->second, input.type);
    const auto actual = model.run(feeds, run);
    if (auto diff = compare_outputs(actual, expected, tolerance, random_output_supports(model))) {
      result.status = TestStatus::Failed;
      result.message = set.filename().string() + ": " + *diff;
      return;
    }
  }
  result.status = TestStatus::Passed;
}

void run_node_layout(const BackendTest& test, const Tolerance& tolerance, int64_t opset, const RunOptions& run,
                     TestResult& result) {
  const auto inputs = read_tensors(numbered_pb_files(test.dir, "input_"));
  const auto expected = read_tensors(numbered_pb_files(test.dir, "output_"));
  const Model model = model_from_node_pb(test.dir, inputs, opset);
  result.kernels = model.kernel_labels();
  std::map<std::string, Value> feeds;
  for (size_t i = 0; i < model.required_inputs().size(); ++i)
    feeds.emplace(model.required_inputs()[i].name, inputs[i].tensor);
  const auto actual = model.run(feeds, run);
  if (auto diff = compare_outputs(actual, expected, tolerance)) {
    result.status = TestStatus::Failed;
    result.message = *diff;
    return;
  }
  result.status = TestStatus::Passed;
}

std::string read_refusal_rule(const fs::path& dir) {
  std::ifstream in(dir / kRefusalMarkerFile);
  std::string rule;
  std::getline(in, rule);
  return rule;
}

}  // namespace

namespace {

// Walks `dir` (a real folder, not a symlink) depth first. Each folder is visited once, by device
// and inode, so a bind mount of a folder inside itself cannot loop either.
void walk_for_tests(const fs::path& dir, std::vector<BackendTest>& tests, std::vector<DiscoveryProblem>& problems,
                    std::set<std::pair<dev_t, ino_t>>& visited) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) {
    problems.push_back({dir, std::string("cannot be searched: ") + std::strerror(errno)});
    return;
  }
  if (!visited.insert({st.st_dev, st.st_ino}).second) {
    problems.push_back({dir, "is a folder already searched (a mount or link loop)"});
    return;
  }
  std::error_code ec;
  fs::directory_iterator it(dir, ec), end;
  if (ec) {
    problems.push_back({dir, "cannot be read: " + ec.message()});
    return;
  }
  std::vector<fs::path> subfolders;
  for (; it != end; it.increment(ec)) {
    if (ec) break;
    const fs::path& path = it->path();
    if (path.native().size() >= PATH_MAX) {
      problems.push_back({path, "is a path of " + std::to_string(path.native().size()) +
                                    " bytes, longer than PATH_MAX (" + std::to_string(PATH_MAX) + ")"});
      continue;
    }
    std::error_code type_ec;
    const fs::file_status own = it->symlink_status(type_ec);
    if (type_ec) {
      problems.push_back({path, "cannot be inspected: " + type_ec.message()});
      continue;
    }
    if (fs::is_symlink(own)) {
      // Not followed (a link may point back up); a link that cannot resolve because it loops is
      // reported, since a test folder behind it would otherwise vanish unseen.
      (void)fs::status(path, type_ec);
      if (type_ec == std::errc::too_many_symbolic_link_levels) problems.push_back({path, "is a symlink loop"});
      continue;
    }
    if (fs::is_directory(own)) subfolders.push_back(path);
  }
  if (ec) problems.push_back({dir, "cannot be read to the end: " + ec.message()});
  std::sort(subfolders.begin(), subfolders.end());
  for (const auto& sub : subfolders) {
    BackendTest::Layout layout;
    if (is_test_dir(sub, &layout))
      tests.push_back({sub.filename().string(), sub, layout});
    else
      walk_for_tests(sub, tests, problems, visited);
  }
}

}  // namespace

std::vector<BackendTest> discover_tests(const std::vector<fs::path>& roots, std::vector<DiscoveryProblem>* problems) {
  std::vector<BackendTest> tests;
  std::vector<DiscoveryProblem> found_problems;
  for (const auto& root : roots) {
    std::error_code ec;
    const bool is_folder = fs::is_directory(root, ec);
    if (ec == std::errc::too_many_symbolic_link_levels) throw Error(root.string() + ": a symlink loop");
    if (!is_folder) throw Error(root.string() + ": " + (fs::exists(root, ec) ? "not a folder" : "no such folder"));
    BackendTest::Layout layout;
    if (is_test_dir(root, &layout)) {
      tests.push_back({fs::path(root).lexically_normal().filename().string(), root, layout});
      continue;
    }
    std::set<std::pair<dev_t, ino_t>> visited;
    walk_for_tests(root, tests, found_problems, visited);
  }
  std::sort(tests.begin(), tests.end(), [](const auto& a, const auto& b) { return a.dir < b.dir; });
  if (problems) *problems = std::move(found_problems);
  return tests;
}

std::string_view status_name(TestStatus status) {
  switch (status) {
    case TestStatus::Passed:
      return "passed";
    case TestStatus::Failed:
      return "failed";
    case TestStatus::Skipped:
      return "skipped";
  }
  return "?";
}

std::string_view report_status(const TestResult& result) {
  return result.is_expected_failure() ? "expected failure" : status_name(result.status);
}

TestResult run_backend_test(const BackendTest& test, const Tolerance& tolerance, int64_t node_pb_opset,
                            const LoadOptions& load, const RunOptions& run) {
  TestResult result;
  result.test = test;
  const auto start = std::chrono::steady_clock::now();
  // A refusal test (gen-suite's node-errors): a strict implementation refuses its model or inputs
  // with an error; running it is the failure.
  std::error_code ec;
  const bool refusal = fs::is_regular_file(test.dir / kRefusalMarkerFile, ec);
  try {
    if (test.layout == BackendTest::Layout::Model)
      run_model_layout(test, tolerance, load, run, result);
    else
      run_node_layout(test, tolerance, node_pb_opset, run, result);
    if (refusal) {
      result.status = TestStatus::Failed;
      result.message = "ran, but a strict implementation refuses it: " + read_refusal_rule(test.dir);
    }
  } catch (const UnsupportedError& e) {
    result.status = TestStatus::Skipped;
    result.message = e.what();
    // Scored under what is missing ("Foo at opset 17 (not implemented)"), not one catch-all row.
    if (result.kernels.empty() && !e.missing().empty()) result.kernels = {e.missing()};
  } catch (const Error& e) {
    result.status = TestStatus::Failed;
    result.message = e.what();
    if (result.kernels.empty() && !e.operator_version().empty()) result.kernels = {e.operator_version()};
    if (refusal) {
      result.status = TestStatus::Passed;
      result.message = "refused as expected: " + result.message;
    }
  } catch (const std::exception& e) {
    result.status = TestStatus::Failed;
    result.message = std::string("internal error: ") + e.what();
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace onnx_ref
