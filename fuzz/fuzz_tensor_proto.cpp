// Fuzz target: bytes -> onnx::TensorProto -> tensor_from_proto, then tensor_to_proto and back must
// give the identical tensor. The same bytes also go through read_tensor_file (the checks on the
// wire format of .pb files, and external data next to the file), and an accepted tensor through
// write_tensor_file and back.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "fuzz_check.h"
#include "runtime/tensor_proto.h"

using namespace onnx_ref;
namespace fs = std::filesystem;

namespace {

// A private scratch folder per fuzzing process (under $TMPDIR; scripts/fuzz.sh points that into
// build-fuzz/). It only holds the current input (input.pb) while it is read, so external data can
// name nothing else, and every run sees the same folder contents.
const fs::path& scratch() {
  static const fs::path dir = [] {
    std::string pattern = (fs::temp_directory_path() / "onnx-ref-fuzz-XXXXXX").string();
    if (!mkdtemp(pattern.data())) fuzz::finding("cannot create a scratch folder");
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(scratch(), ec);
    });
    return fs::path(pattern);
  }();
  return dir;
}

void write_file(const fs::path& path, const uint8_t* data, size_t size) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f || std::fwrite(data, 1, size, f) != size || std::fclose(f) != 0) fuzz::finding("cannot write", path.c_str());
}

// The tensor survives tensor_to_proto and tensor_from_proto unchanged.
void check_proto_round_trip(const Tensor& tensor, const std::string& name) {
  const onnx::TensorProto again = tensor_to_proto(tensor, name);
  const Tensor back = tensor_from_proto(again);  // an Error here escapes: the writer's output must read back
  fuzz::require(back.identical_to(tensor), "tensor_to_proto -> tensor_from_proto changed the tensor");
}

// The file reader (as `onnx-ref test` and `run` use it), and the writer back through it.
void check_file(const uint8_t* data, size_t size, const Tensor* from_message) {
  const fs::path input = scratch() / "input.pb";
  write_file(input, data, size);
  // Removed again whatever happens, so the folder is empty between runs.
  const std::unique_ptr<const fs::path, void (*)(const fs::path*)> remove_input(&input, [](const fs::path* p) {
    std::error_code ec;
    fs::remove(*p, ec);
  });
  Tensor tensor;
  std::string name;
  try {
    tensor = read_tensor_file(input, &name);
  } catch (const Error& e) {
    fuzz::check_error(e);
    return;
  }
  // External data (refused by tensor_from_proto without a folder) is the only reason to differ.
  if (from_message)
    fuzz::require(tensor.identical_to(*from_message), "read_tensor_file and tensor_from_proto disagree");
  const fs::path output = scratch() / "output.pb";
  write_tensor_file(output, tensor, name);
  const Tensor back = read_tensor_file(output);
  fs::remove(output);
  fuzz::require(back.identical_to(tensor), "write_tensor_file -> read_tensor_file changed the tensor");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto proto = std::make_shared<onnx::TensorProto>();
  if (!proto->ParseFromArray(data, static_cast<int>(size))) return 0;
  std::optional<Tensor> tensor;
  try {
    // With the message as owner, raw_data is used in place: the zero-copy path.
    tensor = tensor_from_proto(*proto, {}, proto);
  } catch (const Error& e) {
    fuzz::check_error(e);
  }
  if (tensor) check_proto_round_trip(*tensor, proto->name());
  check_file(data, size, tensor ? &*tensor : nullptr);
  return 0;
}
