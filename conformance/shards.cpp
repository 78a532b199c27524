// Splitting tests into shards and merging the shards' reports.
#include "conformance/shards.h"

#include <algorithm>
#include <fstream>
#include <numeric>
#include <set>

#include <nlohmann/json.hpp>

#include "runtime/error.h"

namespace onnx_ref {

namespace fs = std::filesystem;

namespace {

// What a test costs to run, estimated by the bytes of its files (model and data sets).
uint64_t estimated_cost(const BackendTest& test) {
  uint64_t bytes = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(test.dir, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    if (it->is_regular_file(ec)) bytes += it->file_size(ec);
  return bytes;
}

TestStatus status_from_name(const std::string& name, bool* expected_failure) {
  *expected_failure = false;
  if (name == "passed") return TestStatus::Passed;
  if (name == "failed") return TestStatus::Failed;
  if (name == "skipped") return TestStatus::Skipped;
  if (name == "expected failure") {
    *expected_failure = true;
    return TestStatus::Failed;
  }
  throw Error("unknown test status '" + name + "'");
}

}  // namespace

ShardSpec parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  ShardSpec s;
  try {
    if (slash == std::string::npos) throw std::invalid_argument("no slash");
    size_t used = 0;
    s.index = std::stoi(text.substr(0, slash), &used);
    if (used != slash) throw std::invalid_argument("trailing");
    const std::string count = text.substr(slash + 1);
    s.count = std::stoi(count, &used);
    if (used != count.size()) throw std::invalid_argument("trailing");
  } catch (const std::exception&) {
    throw Error("--shard " + quote_text(text) + ": expected K/N, e.g. 2/4");
  }
  if (s.count < 1 || s.index < 1 || s.index > s.count)
    throw Error("--shard " + quote_text(text) + ": K/N needs 1 <= K <= N");
  return s;
}

std::vector<BackendTest> select_shard(const std::vector<BackendTest>& tests, const ShardSpec& shard) {
  std::vector<uint64_t> cost(tests.size());
  for (size_t i = 0; i < tests.size(); ++i) cost[i] = estimated_cost(tests[i]);
  std::vector<size_t> order(tests.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (cost[a] != cost[b]) return cost[a] > cost[b];
    return tests[a].dir < tests[b].dir;
  });
  std::vector<uint64_t> load(shard.count, 0);
  std::vector<bool> mine(tests.size(), false);
  for (size_t i : order) {
    const size_t target = std::min_element(load.begin(), load.end()) - load.begin();
    load[target] += cost[i] + 1;  // + 1: empty folders still spread
    mine[i] = static_cast<int>(target) == shard.index - 1;
  }
  std::vector<BackendTest> out;
  for (size_t i = 0; i < tests.size(); ++i)
    if (mine[i]) out.push_back(tests[i]);
  return out;
}

std::string unsharded_command(const std::string& command) {
  const auto at = command.find(" --shard ");
  if (at == std::string::npos) return command;
  const auto end = command.find(' ', at + 9);
  return command.substr(0, at) + (end == std::string::npos ? "" : command.substr(end));
}

std::vector<TestResult> merge_json_reports(const std::vector<fs::path>& reports, RunDetails* run) {
  std::vector<TestResult> results;
  std::set<std::string> seen;
  bool first = true;
  for (const auto& path : reports) {
    std::ifstream in(path);
    if (!in) throw Error(path.string() + ": cannot be read");
    nlohmann::json report;
    try {
      report = nlohmann::json::parse(in);
      const auto& r = report.at("run");
      RunDetails details;
      details.command = unsharded_command(r.at("command").get<std::string>());
      details.version = r.at("version").get<std::string>();
      details.date = r.at("date").get<std::string>();
      details.rtol = r.at("rtol").get<double>();
      details.atol = r.at("atol").get<double>();
      details.expect = r.at("expect").get<std::string>();
      if (first) {
        *run = details;
        first = false;
      } else if (details.rtol != run->rtol || details.atol != run->atol || details.expect != run->expect ||
                 details.command != run->command) {
        throw Error("its run differs from the first report's (" + details.command + " vs " + run->command + ")");
      }
      for (const auto& t : report.at("tests")) {
        TestResult result;
        result.test.name = t.at("name").get<std::string>();
        result.test.dir = t.at("path").get<std::string>();
        bool expected_failure = false;
        result.status = status_from_name(t.at("status").get<std::string>(), &expected_failure);
        result.message = t.at("message").get<std::string>();
        result.kernels = t.at("kernels").get<std::vector<std::string>>();
        result.seconds = t.at("seconds").get<double>();
        if (expected_failure) result.expected_reason = t.value("expected_reason", std::string());
        if (!seen.insert(result.test.dir.string()).second)
          throw Error("the test " + quote_text(result.test.dir.string()) + " is in more than one report");
        results.push_back(std::move(result));
      }
    } catch (const nlohmann::json::exception& e) {
      throw Error(path.string() + ": not an onnx-ref test --report file: " + e.what());
    } catch (const Error& e) {
      throw Error(path.string() + ": " + e.what());
    }
  }
  std::stable_sort(results.begin(), results.end(),
                   [](const TestResult& a, const TestResult& b) { return a.test.dir < b.test.dir; });
  return results;
}

}  // namespace onnx_ref
