// onnx-ref test --shard K/N: every test in exactly one shard, the same split every time, balanced
// by the tests' file sizes; and the --shard text's rule.
#include <doctest/doctest.h>

#include <fstream>
#include <set>

#include "conformance/shards.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

namespace fs = std::filesystem;

// Test folders whose model.onnx holds `sizes[i]` bytes.
std::vector<BackendTest> make_tests(const fs::path& root, const std::vector<size_t>& sizes) {
  std::vector<BackendTest> tests;
  for (size_t i = 0; i < sizes.size(); ++i) {
    const fs::path dir = root / ("test_" + std::to_string(10 + i));
    fs::create_directories(dir);
    std::ofstream(dir / "model.onnx") << std::string(sizes[i], 'x');
    tests.push_back({dir.filename().string(), dir});
  }
  return tests;
}

}  // namespace

TEST_CASE("--shard takes K/N with 1 <= K <= N") {
  CHECK(parse_shard("2/4").index == 2);
  CHECK(parse_shard("2/4").count == 4);
  CHECK_THROWS_WITH_AS(parse_shard("5/4"), "--shard '5/4': K/N needs 1 <= K <= N", Error);
  CHECK_THROWS_WITH_AS(parse_shard("0/4"), "--shard '0/4': K/N needs 1 <= K <= N", Error);
  CHECK_THROWS_AS(parse_shard("2"), Error);
  CHECK_THROWS_AS(parse_shard("2/x"), Error);
  CHECK_THROWS_AS(parse_shard("1/2/3"), Error);
}

TEST_CASE("shards partition the tests, keep discovery order and balance the bytes") {
  const fs::path root = fs::temp_directory_path() / "onnx_ref_shards_test";
  fs::remove_all(root);
  // Largest first to the lightest shard (each test also counts 1): 900 -> 1 (901); 500 -> 2 (501);
  // 400 -> 2 (902); 300 -> 1 (1202); 200 -> 2 (1103); 100 -> 2 (1204). Shard 1 = {900, 300},
  // shard 2 = {100, 500, 200, 400}: 1200 bytes each.
  const auto tests = make_tests(root, {100, 900, 300, 500, 200, 400});
  const auto one = select_shard(tests, {1, 2});
  const auto two = select_shard(tests, {2, 2});
  std::vector<std::string> names_one, names_two;
  for (const auto& t : one) names_one.push_back(t.name);
  for (const auto& t : two) names_two.push_back(t.name);
  CHECK(names_one == std::vector<std::string>{"test_11", "test_12"});
  CHECK(names_two == std::vector<std::string>{"test_10", "test_13", "test_14", "test_15"});
  CHECK(select_shard(tests, {1, 1}).size() == tests.size());
  // More shards than tests: some are empty, none holds a test twice.
  std::set<std::string> seen;
  size_t total = 0;
  for (int k = 1; k <= 8; ++k)
    for (const auto& t : select_shard(tests, {k, 8})) {
      seen.insert(t.name);
      ++total;
    }
  CHECK(total == tests.size());
  CHECK(seen.size() == tests.size());
  fs::remove_all(root);
}

TEST_CASE("a merged report names the unsharded run") {
  CHECK(unsharded_command("onnx-ref test --rtol 0.001 -j 2 --shard 3/4 suite") ==
        "onnx-ref test --rtol 0.001 -j 2 suite");
  CHECK(unsharded_command("onnx-ref test suite") == "onnx-ref test suite");
}

}  // namespace onnx_ref
