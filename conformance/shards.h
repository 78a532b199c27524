#pragma once
// Sharded conformance runs (onnx-ref test --shard K/N) and merging their reports back into one
// (onnx-ref report merge): CI matrices split a suite over jobs this way.
#include <filesystem>
#include <string>
#include <vector>

#include "conformance/harness.h"
#include "conformance/reports.h"

namespace onnx_ref {

struct ShardSpec {
  int index = 1;  // K, from 1
  int count = 1;  // N
};
// "K/N" with 1 <= K <= N; Error otherwise.
ShardSpec parse_shard(const std::string& text);

// The tests of shard K of N, in discovery order. Every test is in exactly one shard, decided by the
// whole list alone: tests go, largest estimated cost first (the bytes of the folder's files; ties
// by path), to the shard with the least cost so far (ties to the lowest shard).
std::vector<BackendTest> select_shard(const std::vector<BackendTest>& tests, const ShardSpec& shard);

// " --shard K/N" removed from a report's command, so a merged report names the unsharded run.
std::string unsharded_command(const std::string& command);

// The results and run details of JSON reports (write_json_report's format), merged into one run in
// discovery order (by path). Error for a file that is not such a report, for reports of different
// tolerances or manifests, and for a test that two reports hold.
std::vector<TestResult> merge_json_reports(const std::vector<std::filesystem::path>& reports, RunDetails* run);

}  // namespace onnx_ref
