#pragma once
// The plain-text manifest of tests expected not to pass (`onnx-ref test --expect FILE`):
//
//   # comment
//   failed  test_reshape_foo        why it is expected to fail
//   skipped v1.12.0/test_conv_basic Conv is not implemented
//
// A pattern matches a test whose path ends with it, component by component, so a bare test name
// covers that test in every release folder. Tests not listed are expected to pass.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "conformance/harness.h"

namespace onnx_ref {

struct Expectation {
  TestStatus status;
  std::string pattern;
  std::string reason;
  int line = 0;
  mutable int matched = 0;
};

class Expectations {
 public:
  static Expectations parse(const std::string& text, const std::string& origin);
  // Reads a regular file of at most kMaxManifestBytes; anything else is an Error.
  static Expectations load(const std::filesystem::path& path);
  static constexpr uint64_t kMaxManifestBytes = uint64_t{16} << 20;
  // The entry that covers `test`, or nullptr (then the test is expected to pass).
  const Expectation* find(const BackendTest& test) const;
  const std::vector<Expectation>& entries() const { return entries_; }

 private:
  std::vector<Expectation> entries_;
};

}  // namespace onnx_ref
