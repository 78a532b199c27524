// ONNX HannWindow, every version (17). The window, its coefficients and its accuracy contract
// (correctly rounded) are in ops/signal/cosine_window.h, shared with the other cosine windows.
#include "ops/signal/cosine_window.h"
#include "ops/signal/register.h"

namespace onnx_ref {

void register_hann_window(Registry& registry) {
  registry.add(cosine_window_version(kHannCoefficients));
  registry.declare_accuracy("HannWindow",
                            {AccuracyKind::CorrectlyRounded, "the exact window coefficients rounded once"});
}

}  // namespace onnx_ref
