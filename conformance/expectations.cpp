#include "conformance/expectations.h"

#include <fstream>
#include <sstream>

#include "runtime/error.h"

namespace onnx_ref {

Expectations Expectations::parse(const std::string& text, const std::string& origin) {
  Expectations result;
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::istringstream words(line);
    std::string status, pattern;
    if (!(words >> status) || status[0] == '#') continue;
    const std::string where = origin + ":" + std::to_string(number);
    Expectation e;
    if (status == "failed")
      e.status = TestStatus::Failed;
    else if (status == "skipped")
      e.status = TestStatus::Skipped;
    else
      throw Error(where + ": expected status 'failed' or 'skipped', got '" + status + "'");
    if (!(words >> pattern)) throw Error(where + ": a test name or path must follow '" + status + "'");
    std::getline(words >> std::ws, e.reason);
    if (e.reason.empty()) throw Error(where + ": give a reason after the test name");
    e.pattern = pattern;
    e.line = number;
    result.entries_.push_back(std::move(e));
  }
  return result;
}

Expectations Expectations::load(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw Error(path.string() + ": cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), path.string());
}

const Expectation* Expectations::find(const BackendTest& test) const {
  for (const auto& e : entries_) {
    const std::filesystem::path pattern(e.pattern);
    auto p = pattern.end(), t = test.dir.end();
    bool match = true;
    while (p != pattern.begin()) {
      --p;
      if (p->empty()) continue;  // a trailing slash
      if (t == test.dir.begin()) { match = false; break; }
      --t;
      while (t->empty() && t != test.dir.begin()) --t;
      if (*p != *t) { match = false; break; }
    }
    if (match) {
      ++e.matched;
      return &e;
    }
  }
  return nullptr;
}

}  // namespace onnx_ref
