// Weights packed once (gemm/packed_weights.h): a product reading A from its packed form gives every
// output the exact value rounded once (the integer oracle of helpers/gemm.h) on every thread count,
// a second request for the same weights returns the same packed form, and the entry goes when the
// storage holding the weights goes.
#include "helpers/gemm.h"

#include "gemm/packed_weights.h"

namespace {

// A [M, K] held by a tensor (its storage owns the bytes, as a model's initializer does).
Tensor weights_tensor(const Case& c) {
  return Tensor::from_values<float>(ElementType::Float, {c.M, c.K}, storage<float>(c.a));
}

std::vector<float> run_packed(const Case& c, const Tensor& a, const std::vector<float>& b,
                              const gemm::PackedWeights* packed) {
  std::vector<float> y(static_cast<size_t>(c.M * c.N));
  gemm::GemmArgs<float> g;
  g.M = c.M;
  g.N = c.N;
  g.K = c.K;
  g.A = {a.data_as<float>(), c.K, 1};
  g.B = {b.data(), c.N, 1};
  g.Y = y.data();
  gemm::gemm_with_packed_a(g, packed);
  return y;
}

}  // namespace

TEST_CASE("gemm_with_packed_a: two row tiles and three blocks of K, exact on every thread count") {
  std::mt19937_64 rng(2027);
  // 300 rows: two base tiles of the engine (152 + 148, the last strip partly padding; 3 threads cut
  // them again, so the packed blocks are read in parts); K = 300: blocks of
  // 128, 128 and 44 steps.
  const Case c = random_case(rng, 300, 300, 100, 20, 6);
  const Tensor a = weights_tensor(c);
  const auto b = storage<float>(c.b);
  const auto packed = gemm::cached_packed_weights(a.storage(), a.data_as<float>(), c.M, c.K, c.K);
  REQUIRE(packed != nullptr);
  CHECK(gemm::cached_packed_weights(a.storage(), a.data_as<float>(), c.M, c.K, c.K) ==
        packed);  // kept, not packed again
  for (int threads : {1, 2, 3}) {
    ThreadCount t(threads);
    const auto y = run_packed(c, a, b, packed.get());
    int64_t wrong = 0;
    for (int64_t i = 0; i < c.M; ++i)
      for (int64_t j = 0; j < c.N; ++j)
        if (static_cast<double>(y[static_cast<size_t>(i * c.N + j)]) != round_to_bits(exact_dot(c, i, j), -kShift, 24))
          ++wrong;
    CHECK(wrong == 0);
  }
}

TEST_CASE("packed weights: one entry per operand of a storage, gone with the storage") {
  std::mt19937_64 rng(7);
  const size_t before = gemm::packed_weights_entries();
  {
    const Case c = random_case(rng, 64, 40, 8, 12, 3);
    const Tensor a = weights_tensor(c);
    const float* p = a.data_as<float>();
    // Two groups' halves of one weight tensor are two operands.
    const auto top = gemm::cached_packed_weights(a.storage(), p, 32, 40, 40);
    const auto bottom = gemm::cached_packed_weights(a.storage(), p + 32 * 40, 32, 40, 40);
    REQUIRE(top != nullptr);
    REQUIRE(bottom != nullptr);
    CHECK(top != bottom);
    CHECK(gemm::packed_weights_entries() == before + 2);
  }
  CHECK(gemm::packed_weights_entries() == before);  // the tensor is gone, and its entries with it
}

TEST_CASE("gemm_with_packed: B packed in two column tiles, as stored and transposed, exact on every thread count") {
  std::mt19937_64 rng(31);
  // N = 800: two base column tiles of the engine (408 + 392; 3 threads cut them again, so the
  // packed blocks are read in parts); K = 300: three blocks.
  const Case c = random_case(rng, 20, 300, 800, 20, 6);
  const auto a = storage<float>(c.a);
  const Tensor b = Tensor::from_values<float>(ElementType::Float, {c.K, c.N}, storage<float>(c.b));
  // The same B transposed ([N, K] in memory, read with strides (1, K)), as Gemm's transB reads it.
  std::vector<float> bt_values(static_cast<size_t>(c.K * c.N));
  for (int64_t k = 0; k < c.K; ++k)
    for (int64_t j = 0; j < c.N; ++j) bt_values[static_cast<size_t>(j * c.K + k)] = b.data_as<float>()[k * c.N + j];
  const Tensor bt = Tensor::from_values<float>(ElementType::Float, {c.N, c.K}, bt_values);
  for (const bool transposed : {false, true}) {
    const gemm::MatrixView<float> view = transposed ? gemm::MatrixView<float>{bt.data_as<float>(), 1, c.K}
                                                    : gemm::MatrixView<float>{b.data_as<float>(), c.N, 1};
    const auto packed = gemm::cached_packed_b(transposed ? bt.storage() : b.storage(), view, c.K, c.N);
    REQUIRE(packed != nullptr);
    for (int threads : {1, 2, 3}) {
      ThreadCount t(threads);
      std::vector<float> y(static_cast<size_t>(c.M * c.N));
      gemm::GemmArgs<float> g;
      g.M = c.M;
      g.N = c.N;
      g.K = c.K;
      g.A = {a.data(), c.K, 1};
      g.B = view;
      g.Y = y.data();
      gemm::gemm_with_packed(g, nullptr, packed.get());
      int64_t wrong = 0;
      for (int64_t i = 0; i < c.M; ++i)
        for (int64_t j = 0; j < c.N; ++j)
          if (static_cast<double>(y[static_cast<size_t>(i * c.N + j)]) !=
              round_to_bits(exact_dot(c, i, j), -kShift, 24))
            ++wrong;
      INFO("transposed " << transposed << ", threads " << threads);
      CHECK(wrong == 0);
    }
  }
}
