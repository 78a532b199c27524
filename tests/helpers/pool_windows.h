#pragma once
// An independent statement of the pools' windows for the oracle tests of AveragePool and MaxPool:
// every output's taps listed one by one from the ONNX formulas (explicit pads only), and a one-node
// run of the pool at a chosen thread count.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "op_tester.h"

namespace pool_windows {
using namespace onnx_ref;
using namespace onnx_ref::testing;

struct PoolCase {
  Shape x_shape;                                          // [N, C, spatial...]
  std::vector<int64_t> kernel, strides, dilations, pads;  // pads: begins, then ends
  bool ceil_mode = false;
  bool include_pad = false;
};

// ONNX (AveragePool-19, MaxPool-12): output_spatial_shape[i] = floor or ceil((input_spatial_shape[i]
// + pad_shape[i] - dilation[i] * (kernel_shape[i] - 1) - 1) / strides_spatial_shape[i] + 1), and with
// ceil_mode "sliding windows that would start in the right padded region are ignored".
inline std::vector<int64_t> out_spatial(const PoolCase& c) {
  std::vector<int64_t> out;
  const size_t r = c.kernel.size();
  for (size_t a = 0; a < r; ++a) {
    const int64_t in = c.x_shape[a + 2], pb = c.pads[a], pe = c.pads[a + r];
    const int64_t span = in + pb + pe - c.dilations[a] * (c.kernel[a] - 1) - 1;
    int64_t n = span / c.strides[a] + 1;
    if (c.ceil_mode && span % c.strides[a] != 0) {
      ++n;
      if ((n - 1) * c.strides[a] >= in + pb) --n;
    }
    out.push_back(n);
  }
  return out;
}

struct Window {
  std::vector<int64_t> taps;  // flat indices into X of the offsets reading the input, row-major kernel order
  int64_t padded_count = 0;   // offsets within the padded extent (count_include_pad's divisor)
};

// Every output's window, in row-major output order over [N, C, out...].
inline std::vector<Window> windows(const PoolCase& c) {
  const size_t r = c.kernel.size();
  const std::vector<int64_t> out = out_spatial(c);
  int64_t in_size = 1, out_size = 1, k_size = 1;
  for (size_t a = 0; a < r; ++a) {
    in_size *= c.x_shape[a + 2];
    out_size *= out[a];
    k_size *= c.kernel[a];
  }
  std::vector<Window> result;
  for (int64_t nc = 0; nc < c.x_shape[0] * c.x_shape[1]; ++nc)
    for (int64_t o = 0; o < out_size; ++o) {
      Window w;
      for (int64_t k = 0; k < k_size; ++k) {
        int64_t orest = o, krest = k, flat = 0, in_stride = 1;
        bool inside = true, in_extent = true;
        for (size_t a = r; a-- > 0;) {
          const int64_t oa = orest % out[a], ka = krest % c.kernel[a];
          orest /= out[a];
          krest /= c.kernel[a];
          const int64_t coord = oa * c.strides[a] - c.pads[a] + ka * c.dilations[a];
          const int64_t in = c.x_shape[a + 2];
          if (coord < 0 || coord >= in) inside = false;
          if (coord < -c.pads[a] || coord >= in + c.pads[a + r]) in_extent = false;
          flat += coord * in_stride;
          in_stride *= in;
        }
        if (inside) w.taps.push_back(nc * in_size + flat);
        w.padded_count += in_extent;
      }
      result.push_back(std::move(w));
    }
  return result;
}

// The pool `op` at `version` on x, with the case's attributes, on `threads` threads.
inline std::vector<Value> run_pool(const char* op, int64_t version, const PoolCase& c, const Tensor& x, int threads,
                                   size_t outputs = 1) {
  OpTester t(op, version);
  t.input(Value(x))
      .attribute("kernel_shape", c.kernel)
      .attribute("strides", c.strides)
      .attribute("dilations", c.dilations)
      .attribute("pads", c.pads)
      .attribute("ceil_mode", int64_t{c.ceil_mode})
      .outputs(outputs);
  if (std::string(op) == "AveragePool") t.attribute("count_include_pad", int64_t{c.include_pad});
  RunOptions options;
  options.threads = threads;
  t.run_options(options);
  return t.run();
}

// The cases the oracle tests sweep: 1, 2 and 3 spatial axes, pads on either side, strides 1 to 3,
// dilations, ceil_mode, rows long enough for the kernels' blocks of outputs.
inline std::vector<PoolCase> sweep() {
  return {
      {{1, 3, 37}, {3}, {1}, {1}, {1, 1}},
      {{2, 2, 41}, {4}, {3}, {2}, {2, 3}, true},
      {{1, 3, 9, 29}, {3, 3}, {1, 1}, {1, 1}, {1, 1, 1, 1}},
      {{1, 2, 11, 35}, {3, 3}, {2, 2}, {1, 1}, {0, 1, 1, 0}, true},
      {{1, 2, 8, 40}, {2, 5}, {1, 3}, {2, 1}, {1, 2, 0, 2}, true},
      {{1, 2, 7, 33}, {3, 2}, {2, 1}, {1, 3}, {1, 0, 1, 2}},
      {{1, 2, 4, 5, 27}, {2, 3, 3}, {1, 2, 1}, {1, 1, 2}, {1, 0, 1, 0, 1, 2}, true},
      // Large enough for the kernels to split their rows into several chunks (parallel_for) on 2
      // and 3 threads, so the thread counts see different cuts.
      {{1, 4, 64, 64}, {3, 3}, {1, 1}, {1, 1}, {1, 1, 1, 1}},
      {{1, 3, 70, 66}, {3, 3}, {2, 2}, {1, 1}, {0, 0, 1, 1}, true},
  };
}

}  // namespace pool_windows
