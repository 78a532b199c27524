// TensorProto reading and writing: every typed field for every type it serves, raw_data for all 26
// types, count and range errors, zero-copy raw_data, external data and its security refusals, and
// tensor files (streamed writing, the official node-test files, corrupt files).
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "runtime/error.h"
#include "runtime/external_data.h"
#include "runtime/tensor_proto.h"

#include <onnx/onnx-data_pb.h>  // SequenceProto, for a file of the wrong kind
#include <onnx/onnx_pb.h>       // ModelProto: which test files the model declares as sequences

using namespace onnx_ref;
namespace fs = std::filesystem;
using Proto = onnx::TensorProto;

namespace {

// A fresh folder under the system temp folder, removed with everything in it at the end.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    path_ = fs::temp_directory_path() /
            ("onnx_ref_proto_test_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_);
    path_ = fs::canonical(path_);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
};

void write_file(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  REQUIRE(out.good());
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

Proto make_proto(ElementType type, const Shape& shape, const std::string& name = "") {
  Proto proto;
  proto.set_data_type(code_of(type));
  for (int64_t d : shape) proto.add_dims(d);
  if (!name.empty()) proto.set_name(name);
  return proto;
}

std::string bytes_of(const Tensor& tensor) {
  return std::string(reinterpret_cast<const char*>(tensor.data()), tensor.bytes().size());
}

Tensor tensor_of_bytes(ElementType type, const Shape& shape, const std::string& bytes) {
  auto storage = Storage::allocate(bytes.size());
  if (!bytes.empty()) std::memcpy(storage->mutable_data(), bytes.data(), bytes.size());
  return Tensor::from_storage(type, shape, storage);
}

template <class T>
std::string le_bytes(const std::vector<T>& values) {
  return std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

// Valid bytes for `count` elements of any numeric type: bools are 0 or 1 and the unused bits of a
// packed last byte are zero.
std::string sample_bytes(ElementType type, int64_t count) {
  std::string bytes(storage_bytes(type, static_cast<uint64_t>(count)), '\0');
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>((i * 37 + 11) & 0xff);
  if (type == ElementType::Bool)
    for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i % 3 == 1);
  if (is_sub_byte(type) && !bytes.empty()) {
    const int bits = bits_of(type);
    const int used = static_cast<int>(count % (8 / bits));
    if (used) bytes.back() = static_cast<char>(static_cast<unsigned char>(bytes.back()) & ((1u << (used * bits)) - 1));
  }
  return bytes;
}

// Watches one file for being opened, to show that a refused location was never opened.
class OpenWatcher {
 public:
  explicit OpenWatcher(const fs::path& path) {
    fd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    REQUIRE(fd_ >= 0);
    REQUIRE(inotify_add_watch(fd_, path.c_str(), IN_OPEN | IN_ACCESS) >= 0);
  }
  OpenWatcher(const OpenWatcher&) = delete;
  OpenWatcher& operator=(const OpenWatcher&) = delete;
  ~OpenWatcher() { close(fd_); }
  bool saw_open() {
    alignas(inotify_event) char buffer[4096];
    bool seen = false;
    ssize_t n;
    while ((n = read(fd_, buffer, sizeof buffer)) > 0) seen = true;
    return seen;
  }

 private:
  int fd_ = -1;
};

void add_external(Proto& proto, const std::string& key, const std::string& value) {
  auto* entry = proto.add_external_data();
  entry->set_key(key);
  entry->set_value(value);
}

Proto external_proto(ElementType type, const Shape& shape, const std::string& location, const std::string& offset = "",
                     const std::string& length = "") {
  Proto proto = make_proto(type, shape, "w");
  proto.set_data_location(Proto::EXTERNAL);
  add_external(proto, "location", location);
  if (!offset.empty()) add_external(proto, "offset", offset);
  if (!length.empty()) add_external(proto, "length", length);
  return proto;
}

TensorReadOptions options_for(const TempDir& dir) {
  TensorReadOptions options;
  options.external_data_dir = dir.path();
  return options;
}

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

const std::string kShared = ONNX_REF_SHARED_DIR;
const std::string kReshapeReduced = kShared + "/onnx-node-tests/v1.12.0/test_reshape_reduced_dims/test_data_set_0/";

}  // namespace

// ---- Typed fields ----

// ---- raw_data ----

// ---- External data ----

// ---- Tensor files ----
