#pragma once
// External data of a TensorProto (data_location = EXTERNAL): its key/value entries, the checks
// ONNX's docs/ExternalDataSecurity.md asks for before a file is opened, and a read-only mapping of
// the bytes into storage of their own.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <onnx/onnx_pb.h>

#include "runtime/tensor.h"

namespace onnx_ref {

struct ExternalDataInfo {
  std::string location;
  std::optional<uint64_t> offset;
  std::optional<uint64_t> length;
};

// Closes a POSIX file descriptor when it goes out of scope.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor();
  int get() const { return fd_; }
  // Gives up ownership (for a stream that closes the descriptor itself).
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }

 private:
  int fd_;
};

// Reads `size` bytes from `offset` of the open file `fd` into `out`. Files are read, never mapped:
// a mapped file that shrinks while the process runs ends it with SIGBUS, and a read that comes up
// short is an Error instead ("<what>: the file changed while it was read ..."), like any failed read.
void read_file_range(int fd, uint64_t offset, uint64_t size, std::byte* out, const std::string& what);
// The `size` bytes of `fd` from its start, as a string (charged to the run's memory budget while
// it is being read, runtime/run_limits.h).
std::string read_whole_file(int fd, uint64_t size, const std::string& what);

// A byte count or offset: decimal digits only (no sign, space or hex prefix) that fit in uint64.
std::optional<uint64_t> parse_decimal_u64(std::string_view text);

// Reads the external_data entries: `location` is required; `offset`, `length`, `checksum` and
// `basepath` (written by ONNX's Python helper, ignored here) are optional; any other key, or a key
// given twice, is an Error.
ExternalDataInfo parse_external_data(const google::protobuf::RepeatedPtrField<onnx::StringStringEntryProto>& entries);

// The file `location` names inside `base_dir`. Refuses, without opening anything: an empty
// `base_dir`, an empty, absolute or NUL-holding location, a `..` component, a final symlink, a
// missing file, a path that resolves outside `base_dir` (symlinks in any folder on the way are
// followed), a file that is not regular, and a file with more than one hard link.
std::filesystem::path resolve_external_data_path(const std::filesystem::path& base_dir, const std::string& location);

// Storage for `needed_bytes` bytes of `info.location` from `info.offset`, read into owned storage
// (charged to the current run's budget; `alignment` is kept for callers, owned storage is aligned
// for every element type). `what` describes the tensor ("float[2, 3]") for messages. A length
// that differs from `needed_bytes` is refused before the file is opened; offset and length are
// checked against the size of the file that was opened.
std::shared_ptr<const Storage> map_external_data(const std::filesystem::path& base_dir, const ExternalDataInfo& info,
                                                 uint64_t needed_bytes, size_t alignment, const std::string& what);

}  // namespace onnx_ref
