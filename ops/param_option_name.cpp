#include "ops/param_option_name.h"

namespace onnx_ref {

std::string_view param_option_name(ParamOption option) {
  switch (option) {
    case ParamOption::Single:
      return "single";
    case ParamOption::Optional:
      return "optional";
    case ParamOption::Variadic:
      return "variadic";
  }
  return "?";
}

}  // namespace onnx_ref
