#pragma once
// The per-step frame RNN, GRU and LSTM share: the steps that have active rows, each active row's
// gate row, and the new hidden state stored in Y_h and Y. Each kernel supplies only its gates.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "ops/recurrent/recurrent_rules.h"

namespace onnx_ref::recurrent {

// A scratch tensor's elements as S (recurrent_scratch allocates them in the node's element type).
template <class S>
S* scratch_data(Tensor& scratch) {
  return reinterpret_cast<S*>(scratch.mutable_data());
}

// Calls step(rows) for each step in order with its active rows, and stops at the first step that
// has none: an entry inactive at one step stays inactive at every later one.
template <class Step>
void for_each_step(const RecurrentShape& s, bool reverse, Step&& step) {
  for (int64_t t = 0; t < s.seq; ++t) {
    const std::vector<ActiveRow> rows = active_rows(s, t, reverse);
    if (rows.empty()) break;
    step(rows);
  }
}

// Row k of the step's left-hand matrix `a` (`cols` columns) for each active row k: [x_t, h, 1, 1]
// (fill_gate_row); then extra(k, at, rest), `at` the row's state offset and `rest` the position
// after the ones, for the columns a kernel adds.
template <class S, class Extra>
void fill_gate_rows(const RecurrentShape& s, const std::vector<ActiveRow>& rows, int64_t d, const S* x, const S* y_h,
                    S* a, int64_t cols, Extra&& extra) {
  for (size_t k = 0; k < rows.size(); ++k) {
    const ActiveRow& row = rows[k];
    const int64_t at = s.state_offset(d, row.batch);
    const int64_t i = static_cast<int64_t>(k);
    S* rest = fill_gate_row(a + i * cols, x + s.x_offset(row.time, row.batch), s.input, y_h + at, s.hidden);
    extra(i, at, rest);
  }
}

// The new hidden state of each active row k, h_j = hidden(k, at, j) with `at` the row's state
// offset, stored in Y_h and in Y at the row's time. hidden may read Y_h[at + j]: it is written after.
template <class S, class Hidden>
void store_hidden(const RecurrentShape& s, const std::vector<ActiveRow>& rows, int64_t d, S* y, S* y_h,
                  Hidden&& hidden) {
  for (size_t k = 0; k < rows.size(); ++k) {
    const ActiveRow& row = rows[k];
    const int64_t at = s.state_offset(d, row.batch);
    S* out = y + s.y_offset(row.time, d, row.batch);
    for (int64_t j = 0; j < s.hidden; ++j) {
      const S h = hidden(static_cast<int64_t>(k), at, j);
      y_h[at + j] = h;
      out[j] = h;
    }
  }
}

}  // namespace onnx_ref::recurrent
