// Unit tests: runtime parallel for.
#include "helpers/gemm.h"

TEST_CASE("parallel_for covers the range once, in chunks fixed by n and the thread count") {
  ThreadCount t(3);
  std::vector<int> hits(1000, 0);
  parallel_for(1000, 1, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) ++hits[static_cast<size_t>(i)];
  });
  for (int h : hits) CHECK(h == 1);
  CHECK_THROWS_AS(parallel_for(10, 1,
                               [](int64_t b, int64_t) {
                                 if (b > 0) throw Error("chunk failed");
                               }),
                  Error);
}
