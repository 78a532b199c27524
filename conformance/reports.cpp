#include "conformance/reports.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "runtime/error.h"

namespace onnx_ref {

namespace {

// Sort key: domain, op, then the version as a number (Reshape-5 before Reshape-14).
std::tuple<std::string, std::string, long> label_key(const std::string& label) {
  const auto colon = label.rfind(':');
  const std::string domain = colon == std::string::npos ? "" : label.substr(0, colon);
  const std::string rest = colon == std::string::npos ? label : label.substr(colon + 1);
  const auto dash = rest.rfind('-');
  if (dash == std::string::npos) return {"~", label, 0};
  return {domain, rest.substr(0, dash), std::strtol(rest.c_str() + dash + 1, nullptr, 10)};
}

std::ofstream open_for_writing(const std::filesystem::path& path) {
  std::ofstream out(path);
  if (!out) throw Error(path.string() + ": cannot be written");
  return out;
}

// Text for an XML 1.0 attribute or element, always well-formed UTF-8: markup characters as
// entities, valid UTF-8 sequences of characters XML allows kept, and every other byte (control
// bytes, bytes of no valid sequence, U+FFFE and U+FFFF) written as the visible text \xNN, so that
// names holding arbitrary bytes stay readable and distinct.
std::string xml_escape(const std::string& s) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  auto escape_byte = [&](unsigned char c) {
    out += "\\x";
    out += hex[c >> 4];
    out += hex[c & 15];
  };
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '&':
        out += "&amp;";
        ++i;
        continue;
      case '<':
        out += "&lt;";
        ++i;
        continue;
      case '>':
        out += "&gt;";
        ++i;
        continue;
      case '"':
        out += "&quot;";
        ++i;
        continue;
      case '\'':
        out += "&apos;";
        ++i;
        continue;
      case '\n':
        out += "&#10;";
        ++i;
        continue;
      case '\t':
        out += "&#9;";
        ++i;
        continue;
      default:
        break;
    }
    if (c < 0x80) {
      if (c < 0x20 || c == 0x7f)
        escape_byte(c);
      else
        out += static_cast<char>(c);
      ++i;
      continue;
    }
    // The length of a well-formed sequence starting here (RFC 3629: no overlong forms, no
    // surrogates, nothing past U+10FFFF), 0 if none.
    size_t length = 0;
    uint32_t code = 0;
    if (c >= 0xc2 && c <= 0xdf)
      length = 2, code = c & 0x1f;
    else if (c >= 0xe0 && c <= 0xef)
      length = 3, code = c & 0x0f;
    else if (c >= 0xf0 && c <= 0xf4)
      length = 4, code = c & 0x07;
    bool valid = length > 0 && i + length <= s.size();
    for (size_t k = 1; valid && k < length; ++k) {
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xc0) != 0x80) valid = false;
      code = (code << 6) | (d & 0x3f);
    }
    if (valid &&
        ((length == 3 && (code < 0x800 || (code >= 0xd800 && code <= 0xdfff) || code == 0xfffe || code == 0xffff)) ||
         (length == 4 && (code < 0x10000 || code > 0x10ffff))))
      valid = false;
    if (!valid) {
      escape_byte(c);
      ++i;
      continue;
    }
    out.append(s, i, length);
    i += length;
  }
  return out;
}

}  // namespace

void Score::add(const TestResult& result) {
  if (result.is_expected_failure())
    ++expected;
  else if (result.status == TestStatus::Passed)
    ++passed;
  else if (result.status == TestStatus::Failed)
    ++failed;
  else
    ++skipped;
}

std::vector<std::pair<std::string, Score>> scoreboard(const std::vector<TestResult>& results) {
  std::map<std::string, Score> scores;
  for (const auto& r : results) {
    if (r.kernels.empty()) scores[kNoOperator].add(r);
    for (const auto& k : r.kernels) scores[k].add(r);
  }
  std::vector<std::pair<std::string, Score>> board(scores.begin(), scores.end());
  std::sort(board.begin(), board.end(),
            [](const auto& a, const auto& b) { return label_key(a.first) < label_key(b.first); });
  return board;
}

std::string format_scoreboard(const std::vector<std::pair<std::string, Score>>& board) {
  size_t width = 16;
  bool any_expected = false;
  for (const auto& [label, s] : board) {
    width = std::max(width, label.size());
    any_expected = any_expected || s.expected > 0;
  }
  std::ostringstream out;
  auto cell = [](int n) {
    std::string s = std::to_string(n);
    return std::string(8 - std::min<size_t>(8, s.size()), ' ') + s;
  };
  // The column of expected failures appears when a manifest listed some.
  out << "operator version" << std::string(width - 16, ' ') << "  passed  failed skipped"
      << (any_expected ? " expected" : "") << "\n";
  for (const auto& [label, s] : board) {
    out << label << std::string(width - label.size(), ' ') << cell(s.passed) << cell(s.failed) << cell(s.skipped);
    // Streamed, not " " + cell(...): GCC 12 reports a false -Wrestrict on "literal" + string&&.
    if (any_expected) out << ' ' << cell(s.expected);
    out << "\n";
  }
  return out.str();
}

bool natural_less(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
      size_t i2 = i, j2 = j;
      while (i2 < a.size() && std::isdigit(static_cast<unsigned char>(a[i2]))) ++i2;
      while (j2 < b.size() && std::isdigit(static_cast<unsigned char>(b[j2]))) ++j2;
      const long x = std::stol(a.substr(i, i2 - i)), y = std::stol(b.substr(j, j2 - j));
      if (x != y) return x < y;
      i = i2;
      j = j2;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

std::string test_source(const TestResult& result) { return result.test.dir.parent_path().filename().string(); }

std::string format_conformance_table(const std::vector<TestResult>& results) {
  std::map<std::string, std::vector<TestResult>> by_folder;
  for (const auto& r : results) by_folder[test_source(r)].push_back(r);
  std::vector<std::string> folders;
  for (const auto& [folder, _] : by_folder) folders.push_back(folder);
  std::sort(folders.begin(), folders.end(), natural_less);
  std::ostringstream out;
  out << "| tests from | operator version | passed |\n|---|---|---|\n";
  for (const auto& folder : folders)
    for (const auto& [label, s] : scoreboard(by_folder[folder]))
      out << "| " << folder << " | " << label << " | " << s.passed << " / "
          << (s.passed + s.failed + s.skipped + s.expected) << " |\n";
  return out.str();
}

void write_json_report(const std::filesystem::path& path, const std::vector<TestResult>& results,
                       const RunDetails& run) {
  nlohmann::json tests = nlohmann::json::array();
  Score total;
  for (const auto& r : results) {
    total.add(r);
    nlohmann::json test = {{"name", r.test.name},  {"path", r.test.dir.string()}, {"status", report_status(r)},
                           {"message", r.message}, {"kernels", r.kernels},        {"seconds", r.seconds}};
    if (r.is_expected_failure()) test["expected_reason"] = *r.expected_reason;
    tests.push_back(std::move(test));
  }
  nlohmann::json board = nlohmann::json::object();
  for (const auto& [label, s] : scoreboard(results))
    board[label] = {
        {"passed", s.passed}, {"failed", s.failed}, {"skipped", s.skipped}, {"expected_failures", s.expected}};
  nlohmann::json report = {{"run",
                            {{"command", run.command},
                             {"version", run.version},
                             {"date", run.date},
                             {"rtol", run.rtol},
                             {"atol", run.atol},
                             {"expect", run.expect}}},
                           {"tests", tests},
                           {"summary",
                            {{"passed", total.passed},
                             {"failed", total.failed},
                             {"skipped", total.skipped},
                             {"expected_failures", total.expected},
                             {"total", results.size()}}},
                           {"scoreboard", board}};
  auto out = open_for_writing(path);
  // Messages may quote bytes from broken files; replace invalid UTF-8 rather than fail the report.
  out << report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

void write_junit_report(const std::filesystem::path& path, const std::vector<TestResult>& results,
                        const RunDetails& run) {
  Score total;
  double seconds = 0;
  for (const auto& r : results) {
    total.add(r);
    seconds += r.seconds;
  }
  auto out = open_for_writing(path);
  // JUnit has no expected failure: like pytest's xfail, it is reported as skipped, with the
  // manifest's reason first in its message.
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<testsuite name=\"onnx-ref\" tests=\"" << results.size() << "\" failures=\"" << total.failed
      << "\" errors=\"0\" skipped=\"" << total.skipped + total.expected << "\" time=\"" << seconds << "\" timestamp=\""
      << xml_escape(run.date) << "\">\n"
      << "  <properties><property name=\"command\" value=\"" << xml_escape(run.command)
      << "\"/><property name=\"version\" value=\"" << xml_escape(run.version) << "\"/></properties>\n";
  for (const auto& r : results) {
    out << "  <testcase classname=\"" << xml_escape(r.test.dir.parent_path().filename().string()) << "\" name=\""
        << xml_escape(r.test.name) << "\" time=\"" << r.seconds << "\"";
    if (r.status == TestStatus::Passed) {
      out << "/>\n";
      continue;
    }
    const char* tag = r.status == TestStatus::Failed && !r.is_expected_failure() ? "failure" : "skipped";
    const std::string message =
        r.is_expected_failure() ? "expected failure (" + *r.expected_reason + "): " + r.message : r.message;
    out << ">\n    <" << tag << " message=\"" << xml_escape(message) << "\"/>\n  </testcase>\n";
  }
  out << "</testsuite>\n";
}

}  // namespace onnx_ref
