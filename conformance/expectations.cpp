#include "conformance/expectations.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
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
  // A regular file of bounded size: /dev/zero or a FIFO would otherwise be read forever. O_NONBLOCK
  // keeps the open of a FIFO from waiting for a writer; it is refused by the check after it.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) throw Error(quote_text(path.string()) + ": cannot be read: " + std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw Error(quote_text(path.string()) + ": cannot be inspected: " + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) throw Error(quote_text(path.string()) + ": not a regular file (a manifest is a text file)");
  if (static_cast<uint64_t>(st.st_size) > kMaxManifestBytes)
    throw Error(quote_text(path.string()) + ": " + std::to_string(st.st_size) +
                " bytes, more than a manifest may have (" + std::to_string(kMaxManifestBytes) + ")");
  std::string text(static_cast<size_t>(st.st_size), '\0');
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t got = ::read(fd, text.data() + done, text.size() - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) throw Error(quote_text(path.string()) + ": cannot be read to the end (the file changed?)");
    done += static_cast<size_t>(got);
  }
  return parse(text, path.string());
}

const Expectation* Expectations::find(const BackendTest& test) const {
  for (const auto& e : entries_) {
    const std::filesystem::path pattern(e.pattern);
    auto p = pattern.end(), t = test.dir.end();
    bool match = true;
    while (p != pattern.begin()) {
      --p;
      if (p->empty()) continue;  // a trailing slash
      if (t == test.dir.begin()) {
        match = false;
        break;
      }
      --t;
      while (t->empty() && t != test.dir.begin()) --t;
      if (*p != *t) {
        match = false;
        break;
      }
    }
    if (match) {
      ++e.matched;
      return &e;
    }
  }
  return nullptr;
}

}  // namespace onnx_ref
