#pragma once
// What CumSum and CumProd share: the axis input, the `exclusive` and `reverse` attributes, and the
// walk along each line of the axis. The operator supplies a Scan: given one line (count elements,
// `stride` apart, already oriented by `reverse`) it writes the running results.
#include <cstdint>
#include <functional>
#include <string>

#include "ops/registry.h"

namespace onnx_ref {

// One line: element j at in[j * stride] (j counted in scan order), result j at out[j * stride].
// exclusive: result j covers elements 0 .. j-1 (result 0 is the identity), else 0 .. j.
struct CumulativeLine {
  const std::byte* in;
  std::byte* out;
  int64_t count;
  int64_t stride;  // in elements; negative for reverse
  bool exclusive;
};
using CumulativeScan = std::function<void(ElementType type, const CumulativeLine& line)>;

// The CumSum or CumProd version `since` over element types `types`.
OpVersion make_cumulative_version(const std::string& op_type, int since, const TypeSet& types, CumulativeScan scan);

}  // namespace onnx_ref
