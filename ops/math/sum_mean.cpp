// Sum and Mean: exact sums rounded once (ops/math/sum_mean.h).
#include "ops/math/sum_mean.h"

#include <atomic>
#include <cmath>

#include "numeric/exact_sum.h"
#include "ops/float_dispatch.h"
#include "ops/math/elementwise.h"
#include "ops/type_sets.h"

namespace onnx_ref::math {
namespace {

// Element offsets of each input for each output element, walked as an odometer: a stretched
// dimension has stride 0.
class BroadcastWalk {
 public:
  BroadcastWalk(const Shape& out, const std::vector<Shape>& ins) : out_(out), index_(out.size(), 0) {
    const size_t rank = out.size();
    for (const Shape& s : ins) {
      std::vector<int64_t> strides(rank, 0);
      int64_t stride = 1;
      for (size_t d = 0; d < s.size(); ++d) {
        const size_t od = rank - 1 - d;
        const int64_t dim = s[s.size() - 1 - d];
        strides[od] = dim == 1 ? 0 : stride;
        stride *= dim;
      }
      strides_.push_back(std::move(strides));
    }
    offsets_.assign(ins.size(), 0);
  }
  const std::vector<int64_t>& offsets() const { return offsets_; }
  void next() {
    for (size_t d = out_.size(); d-- > 0;) {
      for (size_t k = 0; k < offsets_.size(); ++k) offsets_[k] += strides_[k][d];
      if (++index_[d] < out_[d]) return;
      for (size_t k = 0; k < offsets_.size(); ++k) offsets_[k] -= strides_[k][d] * out_[d];
      index_[d] = 0;
    }
  }

 private:
  Shape out_;
  std::vector<int64_t> index_;
  std::vector<std::vector<int64_t>> strides_;
  std::vector<int64_t> offsets_;
};

template <class S>
S round_sum(const ExactSum& sum, SumKind kind, uint32_t n) {
  constexpr bool is_double = std::is_same_v<S, double>;
  if (kind == SumKind::Mean) return narrow<S>(sum.round_quotient(n, !is_double));
  return narrow<S>(is_double ? sum.round_nearest() : sum.round_odd());
}

}  // namespace

Kernel sum_mean_kernel(SumKind kind, bool broadcasting) {
  return [kind, broadcasting](const KernelContext& ctx) -> std::vector<Value> {
    const size_t n = ctx.input_count();
    const std::vector<Shape> shapes = variadic_input_shapes(ctx, broadcasting);
    if (n > 0xffffffffu) throw Error("more than 2^32 - 1 inputs");
    const Shape out_shape = broadcast_output_shape(shapes);
    if (n == 1) return {ctx.input(0)};  // x and x / 1 are x: no rounding
    const Tensor& first = ctx.input(0);
    return {dispatch_float(first.type(), "Sum/Mean", [&](auto tag) -> Tensor {
      using S = typename decltype(tag)::type;
      Tensor out = Tensor::uninitialized(first.type(), out_shape);
      S* po = reinterpret_cast<S*>(out.mutable_data());
      std::vector<const S*> data;
      for (size_t i = 0; i < n; ++i) data.push_back(ctx.input(i).template data_as<S>());
      BroadcastWalk walk(out_shape, shapes);
      const int64_t count = out.element_count();
      if constexpr (std::is_same_v<S, float> || std::is_same_v<S, double>) {
        // Two inputs of the same shape: IEEE addition in S is the exact sum rounded once. An
        // exact zero is +0 here as the exact sum gives it (IEEE gives -0 for -0 + -0), and
        // infinities and NaN take the exact path below.
        if (kind == SumKind::Sum && n == 2 && shapes[0] == out_shape && shapes[1] == out_shape) {
          const S* a = data[0];
          const S* b = data[1];
          std::atomic<bool> all_finite{true};
          for_each_chunk(count, [&](int64_t begin, int64_t end) {
            bool finite = true;
            for (int64_t o = begin; o < end; ++o) {
              const S y = a[o] + b[o];
              po[o] = y == 0 ? S(0) : y;
              finite = finite && std::isfinite(y);
            }
            if (!finite) all_finite = false;
          });
          if (all_finite) return out;
        }
      }
      for (int64_t o = 0; o < count; ++o, walk.next()) {
        ExactSum sum;
        const auto& offsets = walk.offsets();
        for (size_t k = 0; k < n; ++k) sum.add(widen(data[k][offsets[k]]));
        po[o] = round_sum<S>(sum, kind, static_cast<uint32_t>(n));
      }
      return out;
    })};
  };
}

void register_sum_mean(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                       const std::string& output, SumKind kind) {
  using type_sets::kFloats;
  registry.add(variadic_version(op_type, output, 1, kFloats, true, sum_mean_kernel(kind, false)));
  registry.add(variadic_version(op_type, output, 6, kFloats, false, sum_mean_kernel(kind, false)));
  registry.add(variadic_version(op_type, output, 8, kFloats, false, sum_mean_kernel(kind, true)));
  registry.add(variadic_version(op_type, output, 13, type_sets::kFloatsIR4, false, sum_mean_kernel(kind, true)));
  registry.declare_accuracy(op_type, accuracy);
}

}  // namespace onnx_ref::math
