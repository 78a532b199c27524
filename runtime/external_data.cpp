#include "runtime/external_data.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <system_error>

#include "runtime/error.h"
#include "runtime/run_limits.h"

namespace onnx_ref {

namespace fs = std::filesystem;

std::optional<uint64_t> parse_decimal_u64(std::string_view text) {
  if (text.empty()) return std::nullopt;
  uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    if (__builtin_mul_overflow(value, 10u, &value) ||
        __builtin_add_overflow(value, static_cast<uint64_t>(c - '0'), &value))
      return std::nullopt;
  }
  return value;
}

void read_file_range(int fd, uint64_t offset, uint64_t size, std::byte* out, const std::string& what) {
  uint64_t done = 0;
  while (done < size) {
    const size_t chunk = static_cast<size_t>(std::min<uint64_t>(size - done, uint64_t{1} << 30));
    const ssize_t got = pread(fd, out + done, chunk, static_cast<off_t>(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw Error(what + ": cannot be read: " + std::strerror(errno));
    if (got == 0)
      throw Error(what + ": the file changed while it was read (it ends at byte " + std::to_string(offset + done) +
                  ", not " + std::to_string(offset + size) + ")");
    done += static_cast<uint64_t>(got);
  }
}

std::string read_whole_file(int fd, uint64_t size, const std::string& what) {
  const MemoryCharge charge = charge_memory(size, what);
  std::string bytes;
  try {
    bytes.resize(static_cast<size_t>(size));
  } catch (const std::bad_alloc&) {
    throw Error(what + ": its " + std::to_string(size) + " bytes are more memory than can be allocated");
  }
  read_file_range(fd, 0, size, reinterpret_cast<std::byte*>(bytes.data()), what);
  return bytes;
}

FileDescriptor::~FileDescriptor() {
  if (fd_ >= 0) close(fd_);
}

namespace {

std::string describe(const std::string& location) { return "external data " + quote_text(location); }

std::string describe_at(const ExternalDataInfo& info) {
  return describe(info.location) + " at offset " + std::to_string(info.offset.value_or(0));
}

uint64_t parse_count_entry(const std::string& location, const std::string& key, const std::string& value) {
  auto parsed = parse_decimal_u64(value);
  if (!parsed)
    throw Error(describe(location) + ": " + key + " " + quote_text(value) +
                " is not a plain decimal number (digits only, no sign, no spaces, at most 2^64 - 1)");
  return *parsed;
}

}  // namespace

ExternalDataInfo parse_external_data(const google::protobuf::RepeatedPtrField<onnx::StringStringEntryProto>& entries) {
  std::optional<std::string> location, offset, length, checksum, basepath;
  for (const auto& entry : entries) {
    const std::string& key = entry.key();
    std::optional<std::string>* slot = key == "location"   ? &location
                                       : key == "offset"   ? &offset
                                       : key == "length"   ? &length
                                       : key == "checksum" ? &checksum
                                       : key == "basepath" ? &basepath
                                                           : nullptr;
    if (!slot)
      throw Error("external data has an unknown key " + quote_text(key) +
                  " (known keys: location, offset, length, checksum)");
    if (*slot) throw Error("external data key " + quote_text(key) + " is given twice");
    *slot = entry.value();
  }
  // `checksum` (SHA-1 of the bytes) is accepted but not verified: checking it would read every
  // byte up front, which the lazy mapping exists to avoid. `basepath` may be stored by ONNX's
  // Python helper; the folder used here is always the caller's, never one taken from the file.
  if (!location) throw Error("external data has no 'location' entry");
  ExternalDataInfo info;
  info.location = *location;
  if (offset) info.offset = parse_count_entry(info.location, "offset", *offset);
  if (length) info.length = parse_count_entry(info.location, "length", *length);
  return info;
}

fs::path resolve_external_data_path(const fs::path& base_dir, const std::string& location) {
  const std::string what = describe(location);
  if (base_dir.empty())
    throw Error(what + " is refused: external data is only read relative to a model or tensor file's folder");
  if (location.empty()) throw Error("external data location is empty");
  if (location.find('\0') != std::string::npos) throw Error(what + " holds a NUL byte");
  const fs::path relative(location);
  if (relative.is_absolute() || relative.has_root_name() || relative.has_root_directory())
    throw Error(what + " is an absolute path; it must be relative to the folder " + quote_text(base_dir.string()));
  for (const auto& part : relative)
    if (part == "..")
      throw Error(what + " has a '..' component; it must stay inside the folder " + quote_text(base_dir.string()));

  std::error_code ec;
  const fs::path base = fs::canonical(base_dir, ec);
  if (ec) throw Error(what + ": the folder " + quote_text(base_dir.string()) + " cannot be resolved: " + ec.message());
  const fs::path candidate = base / relative;

  // A final-component symlink is refused outright, even one that stays inside the folder: it is
  // the classic way to make a model read a file its author could not otherwise name.
  const fs::file_status link_status = fs::symlink_status(candidate, ec);
  if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory)
    throw Error(what + " cannot be inspected: " + ec.message());
  if (fs::is_symlink(link_status)) throw Error(what + " is a symbolic link; symbolic links are refused");
  if (!fs::exists(link_status)) throw Error(what + " does not exist in the folder " + quote_text(base.string()));

  // Symlinked folders on the way are followed, and the result must still lie inside the folder.
  const fs::path resolved = fs::weakly_canonical(candidate, ec);
  if (ec) throw Error(what + " cannot be resolved: " + ec.message());
  const auto base_end = std::mismatch(base.begin(), base.end(), resolved.begin(), resolved.end()).first;
  if (base_end != base.end())
    throw Error(what + " resolves to " + quote_text(resolved.string()) + ", outside the folder " +
                quote_text(base.string()));

  if (!fs::is_regular_file(link_status)) throw Error(what + " is not a regular file");
  // A second hard link can make a file inside the folder alias one outside it.
  const auto links = fs::hard_link_count(resolved, ec);
  if (ec) throw Error(what + " cannot be inspected: " + ec.message());
  if (links > 1)
    throw Error(what + " has " + std::to_string(links) + " hard links; files with more than one are refused");
  return resolved;
}

namespace {

void check_length_before_opening(const ExternalDataInfo& info, uint64_t needed_bytes, const std::string& what) {
  if (info.length && *info.length != needed_bytes)
    throw Error(describe_at(info) + ": length " + std::to_string(*info.length) + " does not match the " +
                std::to_string(needed_bytes) + " bytes " + what + " needs");
}

// Checks offset and length against the opened file; returns the number of bytes to use.
uint64_t check_range(const ExternalDataInfo& info, uint64_t file_size, uint64_t needed_bytes, const std::string& what) {
  const uint64_t offset = info.offset.value_or(0);
  const std::string file_size_text = " (the file has " + std::to_string(file_size) + " bytes)";
  if (offset > file_size) throw Error(describe_at(info) + ": the offset is past the end of the file" + file_size_text);
  if (info.length) {
    uint64_t end = 0;
    if (__builtin_add_overflow(offset, *info.length, &end) || end > file_size)
      throw Error(describe_at(info) + ": length " + std::to_string(*info.length) +
                  " from the offset passes the end of the file" + file_size_text);
    return *info.length;
  }
  const uint64_t available = file_size - offset;
  if (available != needed_bytes)
    throw Error(describe_at(info) + ": the " + std::to_string(available) +
                " bytes from the offset to the end of the file" + " do not match the " + std::to_string(needed_bytes) +
                " bytes " + what + " needs");
  return available;
}

}  // namespace

std::shared_ptr<const Storage> map_external_data(const fs::path& base_dir, const ExternalDataInfo& info,
                                                 uint64_t needed_bytes, size_t alignment, const std::string& what) {
  const fs::path path = resolve_external_data_path(base_dir, info.location);
  check_length_before_opening(info, needed_bytes, what);

  // O_NOFOLLOW closes the window between the symlink check above and this open for the last
  // component; fstat below re-checks what was actually opened.
  FileDescriptor fd(open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY));
  if (fd.get() < 0) throw Error(describe(info.location) + " cannot be opened: " + std::strerror(errno));
  struct stat st {};
  if (fstat(fd.get(), &st) != 0) throw Error(describe(info.location) + " cannot be inspected: " + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) throw Error(describe(info.location) + " is not a regular file");
  if (st.st_nlink > 1)
    throw Error(describe(info.location) + " has " + std::to_string(st.st_nlink) +
                " hard links; files with more than one are refused");

  const uint64_t bytes = check_range(info, static_cast<uint64_t>(st.st_size), needed_bytes, what);
  if (bytes == 0) return Storage::allocate(0);

  (void)alignment;  // owned storage comes from operator new, aligned for every element type
  auto storage = Storage::allocate_uninitialized(static_cast<size_t>(bytes), describe(info.location));
  read_file_range(fd.get(), info.offset.value_or(0), bytes, storage->mutable_data(), describe_at(info));
  return storage;
}

}  // namespace onnx_ref
