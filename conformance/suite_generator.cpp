// The generator's loop: versions in registry order, each on its own worker, manifest in that order.
#include "conformance/suite_generator.h"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <mutex>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "conformance/suite_recipes.h"
#include "conformance/suite_seeds.h"
#include "conformance/suite_writer.h"
#include "ops/registry.h"
#include "runtime/error.h"

namespace onnx_ref::suite {

namespace fs = std::filesystem;

namespace {

std::vector<const OpVersion*> selected_versions(const SuiteOptions& options) {
  const Registry& registry = Registry::builtin();
  std::vector<const OpVersion*> out;
  for (const OpVersion* v : registry.all()) {
    if (!options.ops.empty() && std::find(options.ops.begin(), options.ops.end(), v->op_type) == options.ops.end())
      continue;
    if (options.domain_set && canonical_domain(v->domain) != canonical_domain(options.domain)) continue;
    if (options.opset && registry.resolve(v->domain, v->op_type, *options.opset) != v) continue;
    out.push_back(v);
  }
  return out;
}

// Refusal tests written for each deprecated version (one per seed or recipe is plenty: they all
// check the same rule).
constexpr size_t kDeprecatedRefusals = 4;

struct VersionResult {
  std::vector<nlohmann::json> entries;
  size_t tests = 0, refusals = 0;
};

VersionResult generate_version(const OpVersion& version, const std::vector<SeedCase>* seeds,
                               const SuiteOptions& options) {
  VersionResult result;
  std::set<std::string> names;
  auto unique_name = [&](const std::string& what) {
    std::string name = test_name(version, what);
    for (int k = 2; names.count(name); ++k) name = test_name(version, what + "_" + std::to_string(k));
    return name;
  };
  const size_t cap = static_cast<size_t>(options.max_tests_per_version);
  const size_t max_tries = cap * 6 + 24;
  auto candidates = version_candidates(version, seeds, options.seed);
  // A deprecated version is refused by a strict loader (ONNX's checker refuses it, and onnx-ref
  // does without --allow-deprecated), so its cases are refusal tests naming the replacement.
  if (version.deprecated) {
    if (candidates.size() > kDeprecatedRefusals) candidates.resize(kDeprecatedRefusals);
    for (Candidate& c : candidates) c.must_refuse = true;
  }
  size_t tries = 0;
  for (const Candidate& c : candidates) {
    if (c.must_refuse) {
      const std::string name = unique_name(c.what);
      if (auto entry = write_case(version, c, name, options.out)) {
        names.insert(name);
        result.entries.push_back(std::move(*entry));
        ++result.refusals;
      }
      continue;
    }
    if (result.tests >= cap || tries++ >= max_tries) break;
    const std::string name = unique_name(c.what);
    if (auto entry = write_case(version, c, name, options.out)) {
      names.insert(name);
      result.entries.push_back(std::move(*entry));
      ++result.tests;
    }
  }
  for (const Candidate& c : refusal_candidates(version, seeds)) {
    const std::string name = unique_name(c.what);
    if (auto entry = write_case(version, c, name, options.out)) {
      names.insert(name);
      result.entries.push_back(std::move(*entry));
      ++result.refusals;
    }
  }
  return result;
}

}  // namespace

SuiteSummary generate_suite(const SuiteOptions& options) {
  const auto versions = selected_versions(options);
  if (versions.empty()) throw Error("gen-suite: no operator version matches the given --op, --domain and --opset");
  std::error_code ec;
  if (fs::exists(options.out, ec) && !fs::is_directory(options.out, ec))
    throw Error(quote_text(options.out.string()) + " exists and is not a folder");
  for (const char* part : {"node", "node-errors"}) fs::remove_all(options.out / part, ec);
  fs::remove(options.out / "manifest.json", ec);
  fs::create_directories(options.out / "node", ec);
  if (ec) throw Error("cannot create the folder " + quote_text((options.out / "node").string()) + ": " + ec.message());

  const SeedIndex seeds = load_seeds(options.seed_roots);
  std::vector<VersionResult> results(versions.size());
  std::atomic<size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_lock;
  auto worker = [&] {
    for (size_t i; (i = next++) < versions.size();) {
      try {
        const OpVersion& v = *versions[i];
        auto it = seeds.find({canonical_domain(v.domain), v.op_type});
        results[i] = generate_version(v, it == seeds.end() ? nullptr : &it->second, options);
      } catch (...) {
        std::lock_guard<std::mutex> lock(failure_lock);
        if (!failure) failure = std::current_exception();
      }
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < options.jobs; ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);

  SuiteSummary summary;
  summary.versions = versions.size();
  nlohmann::json tests = nlohmann::json::array();
  for (size_t i = 0; i < versions.size(); ++i) {
    summary.tests += results[i].tests;
    summary.refusals += results[i].refusals;
    if (results[i].tests || (versions[i]->deprecated && results[i].refusals))
      ++summary.versions_covered;
    else
      summary.uncovered.push_back(versions[i]->label());
    for (auto& e : results[i].entries) tests.push_back(std::move(e));
  }
  nlohmann::json manifest = {
      {"generator", "onnx-ref gen-suite"},
      {"seed", options.seed},
      {"goldens", "onnx-ref's outputs: each version's accuracy contract (onnx-ref ops) is deterministic"},
      {"tolerance_rules",
       {{"exact", "bit for bit (a NaN matches any NaN)"},
        {"ulp", "at most `ulp` units in the last place of the output type from the golden"},
        {"gemm",
         "within `ulp` ulps, or within `atol` = k u max|golden| (k: the largest input's element count, u = 2^-24)"},
        {"random", "same type and shape; values drawn from the documented distribution"}}},
      {"tests", std::move(tests)}};
  std::ofstream(options.out / "manifest.json") << manifest.dump(1) << "\n";
  return summary;
}

}  // namespace onnx_ref::suite
