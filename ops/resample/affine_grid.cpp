// ONNX AffineGrid, every version (20). Correctly rounded: each output coordinate is the exact value
// of theta times the homogeneous base position, rounded once to the element type (exact rationals
// in GMP, ops/resample/round_mpq.h). A row of theta holding an
// infinity or NaN gives what IEEE arithmetic gives (an infinity, or NaN).
//
// The base positions along an axis of n points are evenly spaced in [-1, 1]: with align_corners = 1
// the corner points sit at -1 and 1, position i is (2 i - (n - 1)) / (n - 1); with align_corners = 0
// they are pixel centres, (2 i + 1 - n) / n. An axis of one point is at 0 in both cases (as
// PyTorch's affine_grid, which the spec follows, does). 2-D: theta (N, 2, 3) and size (N, C, H, W)
// give grid (N, H, W, 2) whose last axis is (x', y') = theta (x_w, y_h, 1); 3-D: theta (N, 3, 4)
// and size (N, C, D, H, W) give (N, D, H, W, 3) from (x_w, y_h, z_d, 1).
#include <algorithm>
#include <cmath>
#include <string>

#include <gmpxx.h>

#include "ops/resample/register.h"
#include "ops/resample/round_mpq.h"
#include "ops/type_sets.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// The base position of point i of n along an axis.
mpq_class affine_grid_base(int64_t i, int64_t n, bool align_corners) {
  if (n <= 1) return 0;
  mpq_class q = align_corners ? mpq_class(mpz_class(2 * i - (n - 1)), mpz_class(n - 1))
                              : mpq_class(mpz_class(2 * i + 1 - n), mpz_class(n));
  q.canonicalize();
  return q;
}

// The kernel takes `align_corners`, parsed at load.
std::vector<Value> affine_grid_kernel(const KernelContext& ctx, bool align_corners) {
  const Tensor& theta = ctx.input(0);
  const Tensor& size = ctx.input(1);
  if (size.rank() != 1 || (size.shape()[0] != 4 && size.shape()[0] != 5))
    throw Error("size must be 1-D with 4 entries (N, C, H, W) or 5 (N, C, D, H, W), but it is " + size.describe());
  const auto spatial = static_cast<size_t>(size.shape()[0] - 2);
  std::vector<int64_t> dims(static_cast<size_t>(size.shape()[0]));
  for (size_t i = 0; i < dims.size(); ++i) {
    dims[i] = read_int64(ElementType::Int64, size.data(), static_cast<int64_t>(i));
    if (dims[i] < 0) throw Error("size[" + std::to_string(i) + "] = " + std::to_string(dims[i]) + " is negative");
  }
  const auto rows = static_cast<int64_t>(spatial), cols = rows + 1;
  if (theta.rank() != 3 || theta.shape()[0] != dims[0] || theta.shape()[1] != rows || theta.shape()[2] != cols)
    throw Error("theta is " + theta.describe() + " but size " + shape_to_string(dims) + " calls for [" +
                std::to_string(dims[0]) + ", " + std::to_string(rows) + ", " + std::to_string(cols) + "]");
  Shape out_shape{dims[0]};
  for (size_t d = 0; d < spatial; ++d) out_shape.push_back(dims[2 + d]);
  out_shape.push_back(rows);
  Tensor out = Tensor::uninitialized(theta.type(), out_shape);
  if (out.element_count() == 0) return {out};
  // base[a][i]: position i along spatial axis a, axes innermost first (x along W, y along H, z).
  uint64_t positions = 0;
  for (size_t a = 0; a < spatial; ++a) positions += static_cast<uint64_t>(dims[2 + a]);
  const MemoryCharge base_charge = charge_memory(
      checked_bytes(positions, sizeof(mpq_class) + 32, "AffineGrid's base grid"), "AffineGrid's base grid");
  std::vector<std::vector<mpq_class>> base(spatial);
  for (size_t a = 0; a < spatial; ++a) {
    const int64_t n = dims[2 + spatial - 1 - a];
    for (int64_t i = 0; i < n; ++i) base[a].push_back(affine_grid_base(i, n, align_corners));
  }
  dispatch_real(theta.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (is_float_storage<S>) {
      const S* th = reinterpret_cast<const S*>(theta.data());
      S* o = reinterpret_cast<S*>(out.mutable_data());
      const int64_t points = out.element_count() / (dims[0] * rows);
      std::vector<int64_t> at(spatial, 0);  // index along each spatial axis, innermost first
      std::vector<mpq_class> m(static_cast<size_t>(rows * cols));
      for (int64_t n = 0; n < dims[0]; ++n) {
        std::vector<bool> finite_row(static_cast<size_t>(rows), true);
        for (int64_t k = 0; k < rows * cols; ++k) {
          const double e = widen(th[n * rows * cols + k]);
          if (std::isfinite(e))
            m[static_cast<size_t>(k)] = mpq_class(e);
          else
            finite_row[static_cast<size_t>(k / cols)] = false;
        }
        std::fill(at.begin(), at.end(), 0);
        for (int64_t p = 0; p < points; ++p) {
          for (int64_t r = 0; r < rows; ++r) {
            if (!finite_row[static_cast<size_t>(r)]) {
              // An infinity or NaN in the row: IEEE arithmetic decides (inf, or NaN from inf * 0 or inf - inf).
              double v = widen(th[n * rows * cols + r * cols + rows]);
              for (size_t a = 0; a < spatial; ++a)
                v += widen(th[n * rows * cols + r * cols + static_cast<int64_t>(a)]) *
                     base[a][static_cast<size_t>(at[a])].get_d();
              *o++ = narrow<S>(v);
              continue;
            }
            mpq_class v = m[static_cast<size_t>(r * cols + rows)];
            for (size_t a = 0; a < spatial; ++a)
              v += m[static_cast<size_t>(r * cols) + a] * base[a][static_cast<size_t>(at[a])];
            *o++ = round_mpq_once<S>(v);
          }
          for (size_t a = 0; a < spatial; ++a) {
            if (++at[a] < static_cast<int64_t>(base[a].size())) break;
            at[a] = 0;
          }
        }
      }
    } else {
      throw std::logic_error("AffineGrid: a non-float theta");
    }
  });
  return {out};
}

}  // namespace

void register_affine_grid(Registry& registry) {
  OpVersion v;
  v.op_type = "AffineGrid";
  v.since_version = 20;
  v.inputs = {{"theta", "T1"}, {"size", "T2"}};
  v.outputs = {{"grid", "T1"}};
  v.attributes = {{"align_corners", AttrType::Int, false, int64_t{0}}};
  v.type_constraints = {{"T1", type_sets::kFloatsIR4}, {"T2", type_sets::kInt64}};
  v.set_kernel([](const Attributes& a) { return a.get_flag("align_corners"); }, affine_grid_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("AffineGrid", {AccuracyKind::CorrectlyRounded,
                                           "each coordinate the exact theta times the base position, rounded once"});
}

}  // namespace onnx_ref
