// Fuzz target: the JSON tensor format of `onnx-ref run` inputs. The first byte picks the element
// type the model would declare (or none), the rest is JSON text. An accepted tensor must survive
// tensor_to_json, printing, parsing and tensor_from_json bit for bit.
#include <cstddef>
#include <cstdint>
#include <optional>

#include <nlohmann/json.hpp>

#include "fuzz_check.h"
#include "runtime/tensor_json.h"

using namespace onnx_ref;
using json = nlohmann::json;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const int code = data[0] % (kMaxElementTypeCode + 1);
  const std::optional<ElementType> declared = code ? element_type_from_code(code) : std::nullopt;
  const json value = json::parse(data + 1, data + size, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) return 0;
  // {"file": ...} reads a tensor file from disk; the tensor-file target covers those readers, and
  // leaving it out keeps this target from touching the file system.
  if (value.is_object() && value.contains("file")) return 0;

  Tensor tensor;
  try {
    tensor = tensor_from_json(value, {"input 'x'", {}, declared});
  } catch (const Error& e) {
    fuzz::check_error(e);
    return 0;
  }
  fuzz::require(!declared || tensor.type() == *declared, "the tensor's type differs from the declared one");

  // strict: the writer must never produce text that is not valid UTF-8.
  const std::string text = tensor_to_json(tensor).dump(-1, ' ', false, json::error_handler_t::strict);
  const Tensor back = tensor_from_json(json::parse(text), {"round trip", {}, tensor.type()});
  fuzz::require(back.identical_to(tensor), "tensor_to_json -> tensor_from_json changed the tensor");
  return 0;
}
