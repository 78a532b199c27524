// DeformConv: the spec's examples, random cases in 1-D, 2-D and 3-D against an exact rational oracle
// written here (GMP rationals, rounded once by MPFR), sums that sit next to a rounding tie, thread
// invariance, and the rules on shapes and offsets.
#include <doctest/doctest.h>

#include <gmpxx.h>
#include <mpfr.h>

#include <cmath>
#include <cstring>
#include <random>

#include "helpers/deform_conv_rules.h"
#include "node_runner.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"
#include "runtime/parallel_for.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

// A deformable convolution case with its values as doubles (each exact in the element type).
struct DeformCase {
  T type = T::Float;
  int64_t N = 1, C = 1, M = 1, group = 1, offset_group = 1;
  std::vector<int64_t> in, kernel, out, strides, dilations, pads;
  std::vector<double> x, w, offset, bias, mask;  // bias, mask empty: left out
  bool has_bias = false, has_mask = false;
};

int64_t deform_prod(const std::vector<int64_t>& v) {
  int64_t p = 1;
  for (int64_t d : v) p *= d;
  return p;
}

Tensor deform_tensor(T type, const Shape& shape, const std::vector<double>& v) {
  if (type == T::Double) return Tensor::from_values<double>(type, shape, v);
  if (type == T::Float) return Tensor::from_values<float>(type, shape, std::vector<float>(v.begin(), v.end()));
  std::vector<uint16_t> bits;
  for (double d : v) bits.push_back(static_cast<uint16_t>(encode_small_float(type, d)));
  return Tensor::from_values<uint16_t>(type, shape, bits);
}

std::vector<double> deform_values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.element_count(); ++i) {
    if (t.type() == T::Double)
      v.push_back(t.data_as<double>()[i]);
    else if (t.type() == T::Float)
      v.push_back(t.data_as<float>()[i]);
    else
      v.push_back(decode_small_float(t.type(), t.data_as<uint16_t>()[i]));
  }
  return v;
}

Tensor deform_run(const DeformCase& c, int opset = 22) {
  const size_t r = c.in.size();
  Shape xs{c.N, c.C}, ws{c.M, c.C / c.group}, os{c.N, c.offset_group * deform_prod(c.kernel) * static_cast<int64_t>(r)},
      ms{c.N, c.offset_group * deform_prod(c.kernel)};
  xs.insert(xs.end(), c.in.begin(), c.in.end());
  ws.insert(ws.end(), c.kernel.begin(), c.kernel.end());
  os.insert(os.end(), c.out.begin(), c.out.end());
  ms.insert(ms.end(), c.out.begin(), c.out.end());
  std::vector<std::optional<Tensor>> inputs{deform_tensor(c.type, xs, c.x), deform_tensor(c.type, ws, c.w),
                                            deform_tensor(c.type, os, c.offset)};
  inputs.push_back(c.has_bias ? std::optional<Tensor>(deform_tensor(c.type, {c.M}, c.bias)) : std::nullopt);
  if (c.has_mask) inputs.push_back(deform_tensor(c.type, ms, c.mask));
  return run_single_node("DeformConv", opset, inputs, [&](onnx::NodeProto& n) {
    if (!c.strides.empty()) set_ints(n, "strides", c.strides);
    if (!c.dilations.empty()) set_ints(n, "dilations", c.dilations);
    if (!c.pads.empty()) set_ints(n, "pads", c.pads);
    if (c.group != 1) set_int(n, "group", c.group);
    if (c.offset_group != 1) set_int(n, "offset_group", c.offset_group);
  });
}

int deform_precision(T type) {
  switch (type) {
    case T::Float16:
      return 11;
    case T::BFloat16:
      return 8;
    case T::Float:
      return 24;
    default:
      return 53;
  }
}

// The exact value of every output as a rational, rounded once by MPFR (normal range only).
std::vector<double> deform_oracle(const DeformCase& c) {
  const size_t r = c.in.size();
  const int64_t K = deform_prod(c.kernel), O = deform_prod(c.out), I = deform_prod(c.in);
  const int64_t Cg = c.C / c.group, Mg = c.M / c.group, Cog = c.C / c.offset_group;
  auto at = [&](std::vector<int64_t> dims, int64_t flat, size_t a) {
    for (size_t b = dims.size(); b-- > a + 1;) flat /= dims[b];
    return flat % dims[a];
  };
  std::vector<double> result;
  for (int64_t n = 0; n < c.N; ++n)
    for (int64_t oc = 0; oc < c.M; ++oc)
      for (int64_t o = 0; o < O; ++o) {
        mpq_class sum = c.has_bias ? mpq_class(c.bias[static_cast<size_t>(oc)]) : mpq_class(0);
        const int64_t g = oc / Mg;
        for (int64_t cl = 0; cl < Cg; ++cl) {
          const int64_t ch = g * Cg + cl, og = ch / Cog;
          for (int64_t k = 0; k < K; ++k) {
            // Per axis: the lower corner and the rational fraction t.
            std::vector<mpz_class> lower(r);
            std::vector<mpq_class> frac(r);
            for (size_t a = 0; a < r; ++a) {
              const int64_t stride = c.strides.empty() ? 1 : c.strides[a];
              const int64_t dil = c.dilations.empty() ? 1 : c.dilations[a];
              const int64_t pad = c.pads.empty() ? 0 : c.pads[a];
              const double off = c.offset[static_cast<size_t>(
                  ((n * c.offset_group + og) * K + k) * static_cast<int64_t>(r) * O + static_cast<int64_t>(a) * O + o)];
              mpq_class pos(off);
              pos += at(c.out, o, a) * stride - pad + at(c.kernel, k, a) * dil;
              mpz_fdiv_q(lower[a].get_mpz_t(), pos.get_num_mpz_t(), pos.get_den_mpz_t());
              frac[a] = pos - mpq_class(lower[a]);
            }
            mpq_class sample = 0;
            for (unsigned bits = 0; bits < (1u << r); ++bits) {
              mpq_class weight = 1;
              int64_t flat = 0;
              bool inside = true;
              for (size_t a = 0; a < r; ++a) {
                const bool up = (bits >> a) & 1u;
                weight *= up ? frac[a] : mpq_class(1 - frac[a]);
                const mpz_class idx = lower[a] + (up ? 1 : 0);
                if (idx < 0 || idx >= c.in[a])
                  inside = false;
                else
                  flat = flat * c.in[a] + idx.get_si();
              }
              if (inside && weight != 0)
                sample += weight * mpq_class(c.x[static_cast<size_t>((n * c.C + ch) * I + flat)]);
            }
            const double m =
                c.has_mask ? c.mask[static_cast<size_t>(((n * c.offset_group + og) * K + k) * O + o)] : 1.0;
            sum += sample * mpq_class(m) * mpq_class(c.w[static_cast<size_t>((oc * Cg + cl) * K + k)]);
          }
        }
        mpfr_t y;
        mpfr_init2(y, deform_precision(c.type));
        mpfr_set_q(y, sum.get_mpq_t(), MPFR_RNDN);
        result.push_back(mpfr_get_d(y, MPFR_RNDN));
        mpfr_clear(y);
      }
  return result;
}

// Random values exact in the type: whole multiples of 2^-scale with `bits` significant bits.
std::vector<double> deform_random(std::mt19937_64& rng, size_t n, int bits, int scale, double integral_share = 0) {
  std::uniform_int_distribution<int64_t> d(-(int64_t{1} << (bits - 1)), (int64_t{1} << (bits - 1)) - 1);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<double> v;
  for (size_t i = 0; i < n; ++i) {
    const double x = std::ldexp(static_cast<double>(d(rng)), -scale);
    v.push_back(u(rng) < integral_share ? std::round(x) : x);
  }
  return v;
}

DeformCase deform_random_case(std::mt19937_64& rng, T type, std::vector<int64_t> in, std::vector<int64_t> kernel,
                              std::vector<int64_t> strides, std::vector<int64_t> dilations, std::vector<int64_t> pads,
                              int64_t N, int64_t C, int64_t M, int64_t group, int64_t offset_group) {
  DeformCase c;
  c.type = type;
  c.N = N, c.C = C, c.M = M, c.group = group, c.offset_group = offset_group;
  c.in = in, c.kernel = kernel, c.strides = strides, c.dilations = dilations, c.pads = pads;
  const size_t r = in.size();
  for (size_t a = 0; a < r; ++a) {
    const int64_t ek = (kernel[a] - 1) * (dilations.empty() ? 1 : dilations[a]) + 1;
    const int64_t padded = in[a] + (pads.empty() ? 0 : pads[a] + pads[r + a]);
    c.out.push_back((padded - ek) / (strides.empty() ? 1 : strides[a]) + 1);
  }
  const int bits = deform_precision(type) < 24 ? deform_precision(type) : 24;
  const int64_t K = deform_prod(kernel), O = deform_prod(c.out);
  c.x = deform_random(rng, static_cast<size_t>(N * C * deform_prod(in)), bits, bits - 4);
  c.w = deform_random(rng, static_cast<size_t>(M * (C / group) * K), bits, bits - 2);
  // Offsets within about +-3 pixels, a quarter of them whole (one corner per axis).
  c.offset =
      deform_random(rng, static_cast<size_t>(N * offset_group * K * static_cast<int64_t>(r) * O), bits, bits - 3, 0.25);
  c.has_bias = true;
  c.bias = deform_random(rng, static_cast<size_t>(M), bits, bits - 5);
  c.has_mask = true;
  c.mask = deform_random(rng, static_cast<size_t>(N * offset_group * K * O), bits, bits - 1);
  return c;
}

void deform_check(const DeformCase& c, int opset = 22) {
  const Tensor y = deform_run(c, opset);
  const std::vector<double> got = deform_values(y), want = deform_oracle(c);
  REQUIRE(got.size() == want.size());
  int wrong = 0;
  for (size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(double)) != 0 && !(got[i] == 0 && want[i] == 0)) {
      if (wrong++ < 5) {
        INFO("output " << i << ": got " << got[i] << ", want " << want[i]);
        CHECK(false);
      }
    }
  CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("DeformConv: the spec's examples") {
  DeformCase c;
  c.in = {3, 3};
  c.kernel = {2, 2};
  c.x = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  c.w = {1, 1, 1, 1};
  c.out = {2, 2};
  c.offset.assign(8 * 4, 0.0);
  c.offset[0 * 4 + 0] = 0.5;                         // h of kernel point (0, 0) at output (0, 0)
  c.offset[5 * 4 + 1] = static_cast<double>(-0.1f);  // w of kernel point (1, 0) at output (0, 1)
  // Output (0, 0): X(0.5, 0) = 1.5, then 1, 3, 4: 9.5. Output (0, 1): 1 + 2 + X(1, 0.9) = 3.9 + 5: 11.9.
  const std::vector<double> y = deform_values(deform_run(c, 19));
  CHECK(y[0] == 9.5);
  CHECK(y[2] == 20);
  CHECK(y[3] == 24);
  CHECK(y == deform_oracle(c));
  // The mask and bias example: mask 0.5 at kernel point (0, 0) of output (0, 0), 0.5 at (1, 1) of (1, 1)...
  c.has_bias = true;
  c.bias = {1};
  c.has_mask = true;
  c.mask.assign(4 * 4, 1.0);
  c.mask[0 * 4 + 0] = 0.5;  // kernel point (0, 0), output (0, 0): 1.5 * 0.5
  c.mask[3 * 4 + 3] = 0.5;  // kernel point (1, 1), output (1, 1): 8 * 0.5
  const std::vector<double> ym = deform_values(deform_run(c, 22));
  CHECK(ym[0] == 1 + 0.75 + 1 + 3 + 4);
  CHECK(ym[3] == 1 + 4 + 5 + 7 + 4);
  CHECK(ym == deform_oracle(c));
}

TEST_CASE(
    "DeformConv: random 2-D cases with groups, offset groups, strides, dilations and pads match exact rationals") {
  std::mt19937_64 rng(19);
  for (T type : {T::Float, T::Double, T::Float16, T::BFloat16}) {
    CAPTURE(name_of(type));
    // pads {1, 0, 2, 1}: begins (1, 0) then ends (2, 1), as the oracle reads them.
    // spec: DeformConv-19,22: "The format should be as follows: [x1_begin, x2_begin, ..., x1_end, x2_end, ...], where xi_begin is the number of pixels added at the beginning of axis `i` and xi_end is the number of pixels added at the end of axis `i`."
    for (int opset : {19, 22})
      if (opset == 22 || type != T::BFloat16)  // bfloat16 arrives with version 22
        deform_check(deform_random_case(rng, type, {4, 5}, {2, 3}, {1, 2}, {2, 1}, {1, 0, 2, 1}, 2, 4, 4, 2, 2), opset);
    deform_check(deform_random_case(rng, type, {5, 4}, {3, 3}, {}, {}, {1, 1, 1, 1}, 1, 3, 2, 1, 3));
  }
}

TEST_CASE("DeformConv: 1-D and 3-D cases match exact rationals") {
  std::mt19937_64 rng(22);
  deform_check(deform_random_case(rng, T::Float, {7}, {3}, {2}, {2}, {2, 1}, 2, 2, 4, 2, 1));
  deform_check(deform_random_case(rng, T::Double, {7}, {3}, {1}, {1}, {0, 0}, 1, 2, 2, 1, 2));
  deform_check(
      deform_random_case(rng, T::Float, {3, 3, 4}, {2, 2, 2}, {1, 1, 2}, {}, {1, 0, 0, 0, 1, 1}, 1, 2, 2, 1, 2));
  deform_check(deform_random_case(rng, T::Double, {3, 3, 3}, {2, 1, 2}, {}, {}, {}, 1, 2, 1, 1, 1));
}

TEST_CASE("DeformConv: a sum next to a rounding tie is decided exactly") {
  // 1-D, one pixel pair [1, 3], kernel 1, offset 2^-60: the sample is 1 * (1 - 2^-60) + 3 * 2^-60 =
  // 1 + 2^-59. With bias 2^24 (float) the exact sum lies just above the tie 2^24 + 1 and rounds up
  // to 2^24 + 2; in double arithmetic the weight 1 - 2^-60 is 1, the sum the tie itself, and ties to
  // even give 2^24.
  DeformCase c;
  c.in = {2};
  c.kernel = {1};
  c.out = {2};
  c.x = {1, 3};
  c.w = {1};
  c.offset = {0x1p-60, 0};
  c.has_bias = true;
  c.bias = {0x1p24};
  std::vector<double> y = deform_values(deform_run(c));
  CHECK(y[0] == 0x1p24 + 2);
  CHECK(y[1] == 0x1p24 + 4);  // 2^24 + 3 is a tie: to even
  // Below the tie: offset -2^-60 reads pixel -1 (zero) with weight 2^-60 and pixel 0 with 1 - 2^-60.
  c.offset = {-0x1p-60, 0};
  y = deform_values(deform_run(c));
  CHECK(y[0] == 0x1p24);
  // double: the same with bias 2^53.
  c.type = T::Double;
  c.offset = {0x1p-60, 0};
  c.bias = {0x1p53};
  y = deform_values(deform_run(c));
  CHECK(y[0] == 0x1p53 + 2);
  CHECK(y == deform_oracle(c));
  // Cancellation: W = [1, -1] over two channels reading the same pixels; the exact sum is 0 (+0).
  DeformCase z;
  z.C = 2;
  z.in = {2};
  z.kernel = {1};
  z.out = {2};
  z.x = {0.1, 0.7, 0.1, 0.7};
  z.w = {1, -1};
  z.offset = {0.3, -0.2};
  y = deform_values(deform_run(z));
  CHECK(y[0] == 0);
  CHECK(!std::signbit(y[0]));
}

TEST_CASE("DeformConv: results do not depend on the thread count") {
  std::mt19937_64 rng(7);
  const DeformCase c = deform_random_case(rng, T::Float, {9, 8}, {3, 3}, {1, 1}, {1, 1}, {1, 1, 1, 1}, 2, 4, 6, 2, 2);
  const int saved = thread_count();
  set_thread_count(1);
  const std::vector<double> one = deform_values(deform_run(c));
  set_thread_count(3);
  const std::vector<double> three = deform_values(deform_run(c));
  set_thread_count(saved);
  CHECK(std::memcmp(one.data(), three.data(), one.size() * sizeof(double)) == 0);
  CHECK(one == deform_oracle(c));
}

TEST_CASE("DeformConv: bad shapes, attributes and offsets are one-line errors") {
  DeformCase c;
  c.in = {3, 3};
  c.kernel = {2, 2};
  c.out = {2, 2};
  c.x.assign(9, 1.0);
  c.w.assign(4, 1.0);
  c.offset.assign(32, 0.0);
  CHECK(deform_values(deform_run(c)) == std::vector<double>{4, 4, 4, 4});
  DeformCase bad = c;
  bad.out = {3, 3};  // the offset's spatial shape must be the output's
  bad.offset.assign(72, 0.0);
  CHECK_THROWS_WITH_AS(deform_run(bad), doctest::Contains("offset must have shape [1, 8, 2, 2]"), Error);
  bad = c;
  bad.has_mask = true;
  bad.mask.assign(16, 1.0);
  bad.offset_group = 1;
  CHECK(deform_values(deform_run(bad)) == std::vector<double>{4, 4, 4, 4});
  // A mask shaped like the offset (with the spatial rank) is refused.
  CHECK_THROWS_WITH_AS(
      run_single_node("DeformConv", 19,
                      {deform_tensor(T::Float, {1, 1, 3, 3}, c.x), deform_tensor(T::Float, {1, 1, 2, 2}, c.w),
                       deform_tensor(T::Float, {1, 8, 2, 2}, c.offset), std::nullopt,
                       deform_tensor(T::Float, {1, 8, 2, 2}, c.offset)}),
      doctest::Contains("mask must have shape [1, 4, 2, 2]"), Error);
  bad = c;
  bad.offset_group = 2;  // does not divide C = 1
  bad.offset.assign(64, 0.0);
  // spec: DeformConv-19,22: "C must be divisible by offset_group."
  for (int opset : {19, 22})
    CHECK_THROWS_WITH_AS(deform_run(bad, opset), doctest::Contains("offset_group 2 must divide X's channels (1)"),
                         Error);
  bad = c;
  bad.offset[5] = std::nan("");
  CHECK_THROWS_WITH_AS(deform_run(bad), doctest::Contains("offset element 5 (flat index) is NaN"), Error);
  bad = c;
  bad.offset[7] = INFINITY;
  CHECK_THROWS_WITH_AS(deform_run(bad), doctest::Contains("offset element 7 (flat index) is infinite"), Error);
  // Far outside the input an offset reads zeros.
  bad = c;
  bad.offset.assign(32, 1e30);
  CHECK(deform_values(deform_run(bad)) == std::vector<double>{0, 0, 0, 0});
  CHECK_THROWS_WITH_AS(run_single_node("DeformConv", 22,
                                       {deform_tensor(T::Float, {1, 1, 3, 3}, c.x),
                                        deform_tensor(T::Float, {1, 2, 2, 2}, {1, 1, 1, 1, 1, 1, 1, 1}),
                                        deform_tensor(T::Float, {1, 8, 2, 2}, c.offset)}),
                       doctest::Contains("must have C/group = 1 input channels"), Error);
}

namespace deform_conv_rules_tests {

// spec: DeformConv-19,22: "Default is 1 along each axis."
// spec: DeformConv-19,22: "Default is 1."
// spec: DeformConv-19,22: "Default is 0 along each axis."
// spec: DeformConv-19,22: "Default is a tensor of zeros."
// spec: DeformConv-19,22: "Default is a tensor of ones."
TEST_CASE(
    "DeformConv, every version: dilations, strides, group, offset_group 1, pads 0, B zeros and mask ones by default") {
  const Tensor x = f32({1, 1, 2, 2}, {1, 2, 3, 4});
  const Tensor w = f32({1, 1, 1, 1}, {2});
  for (int64_t v : {19, 22}) {
    INFO("DeformConv-", v);
    const std::vector<float> plain = deform(v, x, w, {});
    CHECK(plain == std::vector<float>{2, 4, 6, 8});
    CHECK(plain == deform(v, x, w, {f32({1}, {0}), f32({1, 1, 2, 2}, {1, 1, 1, 1})}, [](OpTester& t) {
            t.attribute("dilations", std::vector<int64_t>{1, 1}).attribute("strides", std::vector<int64_t>{1, 1});
            t.attribute("group", int64_t{1})
                .attribute("offset_group", int64_t{1})
                .attribute("pads", std::vector<int64_t>{0, 0, 0, 0});
          }));
  }
}

// spec: DeformConv-19,22: "C and oC must both be divisible by group."
TEST_CASE("DeformConv, every version: C and oC divisible by group") {
  const Tensor x = f32({1, 1, 2, 2}, {1, 2, 3, 4});
  for (int64_t v : {19, 22}) {
    INFO("DeformConv-", v);
    CHECK_THROWS_AS(deform(v, x, f32({2, 1, 1, 1}, {1, 1}), {}, [](OpTester& t) { t.attribute("group", int64_t{2}); }),
                    Error);
  }
}

}  // namespace deform_conv_rules_tests
