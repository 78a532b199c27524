#include "ops/image/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_image_ops(Registry& registry) { register_image_decoder(registry); }

}  // namespace onnx_ref
