// The output geometry of ConvTranspose (see conv_transpose_rules.h).
#include "ops/linalg/conv_transpose_rules.h"

#include <string>

#include "runtime/error.h"

namespace onnx_ref {

TransposedAxis conv_transpose_axis(int64_t in, int64_t kernel, int64_t stride, int64_t dilation, int64_t pad_begin,
                                   int64_t pad_end, int64_t output_padding, std::optional<int64_t> output_size,
                                   AutoPad auto_pad, size_t axis) {
  constexpr int64_t limit = int64_t{1} << 62;
  const std::string where = " (spatial axis " + std::to_string(axis) + ")";
  auto in_range = [&](int64_t v, int64_t lo, const char* what) {
    if (v < lo || v >= limit)
      throw Error(std::string(what) + " " + std::to_string(v) + " must be in [" + std::to_string(lo) + ", 2^62)" +
                  where);
  };
  in_range(in, 1, "input size");
  in_range(kernel, 1, "kernel size");
  in_range(stride, 1, "stride");
  in_range(dilation, 1, "dilation");
  in_range(pad_begin, 0, "pad");
  in_range(pad_end, 0, "pad");
  if (output_padding < 0 || output_padding >= std::max(stride, dilation))
    throw Error("output_padding " + std::to_string(output_padding) +
                " must be in [0, max(stride, dilation) = " + std::to_string(std::max(stride, dilation)) + ")" + where);
  if (output_size) in_range(*output_size, 0, "output_shape value");
  const __int128 ek = static_cast<__int128>(kernel - 1) * dilation + 1;
  const __int128 full = static_cast<__int128>(stride) * (in - 1) + output_padding + ek;
  if (ek >= limit || full >= limit) throw Error("ConvTranspose output beyond 2^62" + where);
  TransposedAxis a;
  if (output_size || auto_pad == AutoPad::SameUpper || auto_pad == AutoPad::SameLower) {
    const __int128 out = output_size ? *output_size : static_cast<__int128>(in) * stride;
    if (out >= limit) throw Error("ConvTranspose output beyond 2^62" + where);
    a.out = static_cast<int64_t>(out);
    const int64_t total = static_cast<int64_t>(full - out);
    const int64_t half = total >= 0 ? total / 2 : -((-total + 1) / 2);  // floor(total / 2)
    a.pad_begin = auto_pad == AutoPad::SameUpper ? half : total - half;
    a.pad_end = total - a.pad_begin;
    return a;
  }
  if (auto_pad == AutoPad::NotSet) {
    a.pad_begin = pad_begin;
    a.pad_end = pad_end;
  }
  const __int128 out = full - a.pad_begin - a.pad_end;
  if (out < 0)
    throw Error("pads " + std::to_string(a.pad_begin) + " and " + std::to_string(a.pad_end) +
                " are larger than the full output (" + std::to_string(static_cast<int64_t>(full)) + ")" + where);
  a.out = static_cast<int64_t>(out);
  return a;
}

}  // namespace onnx_ref
