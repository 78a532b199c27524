// ONNX HammingWindow, every version (17). The window, its coefficients and its accuracy contract
// (correctly rounded) are in ops/signal/cosine_window.h, shared with the other cosine windows.
#include "ops/signal/cosine_window.h"
#include "ops/signal/register.h"

namespace onnx_ref {

void register_hamming_window(Registry& registry) {
  registry.add(cosine_window_version(kHammingCoefficients));
  registry.declare_accuracy("HammingWindow",
                            {AccuracyKind::CorrectlyRounded, "the exact window coefficients rounded once"});
}

}  // namespace onnx_ref
