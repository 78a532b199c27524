// Einsum's equation rules (see einsum_rules.h).
#include "ops/linalg/einsum_rules.h"

#include <algorithm>

#include "runtime/error.h"

namespace onnx_ref::linalg {

namespace {

// One term: a label per axis position, with kEinsumEllipsis marking where "..." stands.
constexpr int kEinsumEllipsis = -1;

int einsum_letter(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return 26 + (c - 'a');
  return -2;
}

char einsum_char(int label) { return static_cast<char>(label < 26 ? 'A' + label : 'a' + (label - 26)); }

std::vector<int> parse_einsum_term(const std::string& term, const std::string& where) {
  std::vector<int> labels;
  bool ellipsis = false;
  for (size_t i = 0; i < term.size(); ++i) {
    const char c = term[i];
    if (c == '.') {
      if (term.compare(i, 3, "...") != 0)
        throw Error("Einsum equation: " + where + " has a '.' that is not part of \"...\"");
      if (ellipsis) throw Error("Einsum equation: " + where + " has \"...\" more than once");
      ellipsis = true;
      labels.push_back(kEinsumEllipsis);
      i += 2;
      continue;
    }
    const int l = einsum_letter(c);
    if (l < 0)
      throw Error("Einsum equation: " + where + " has the character " + quote_text(std::string(1, c)) +
                  "; terms hold letters a-z, A-Z and \"...\"");
    labels.push_back(l);
  }
  return labels;
}

}  // namespace

EinsumPlan plan_einsum(const std::string& equation, const std::vector<Shape>& inputs) {
  std::string eq;
  for (char c : equation)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') eq.push_back(c);
  const size_t arrow = eq.find("->");
  const bool explicit_out = arrow != std::string::npos;
  if (explicit_out && eq.find("->", arrow + 2) != std::string::npos)
    throw Error("Einsum equation " + quote_text(equation) + " has \"->\" more than once");
  const std::string lhs = explicit_out ? eq.substr(0, arrow) : eq;
  const std::string rhs = explicit_out ? eq.substr(arrow + 2) : std::string();
  if (lhs.find('-') != std::string::npos || lhs.find('>') != std::string::npos || rhs.find('-') != std::string::npos ||
      rhs.find('>') != std::string::npos)
    throw Error("Einsum equation " + quote_text(equation) + " has a '-' or '>' outside one \"->\"");
  if (rhs.find(',') != std::string::npos)
    throw Error("Einsum equation " + quote_text(equation) + " has more than one output term");
  std::vector<std::string> terms;
  size_t start = 0;
  for (;;) {
    const size_t comma = lhs.find(',', start);
    terms.push_back(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (terms.size() != inputs.size())
    throw Error("Einsum equation " + quote_text(equation) + " has " + std::to_string(terms.size()) +
                " input term(s) for " + std::to_string(inputs.size()) + " input(s)");

  // The ellipsis rank of each input and the broadcast ellipsis rank.
  std::vector<std::vector<int>> parsed;
  std::vector<size_t> ell_rank(inputs.size(), 0);
  size_t E = 0;
  for (size_t t = 0; t < terms.size(); ++t) {
    const std::string where = "term " + std::to_string(t) + " " + quote_text(terms[t]);
    parsed.push_back(parse_einsum_term(terms[t], where));
    const auto& labels = parsed.back();
    const bool has_ell = std::count(labels.begin(), labels.end(), kEinsumEllipsis) > 0;
    const size_t letters = labels.size() - (has_ell ? 1 : 0);
    const size_t rank = inputs[t].size();
    if (has_ell ? letters > rank : letters != rank)
      throw Error("Einsum equation: " + where + " names " + std::to_string(letters) + " axes" +
                  (has_ell ? " besides \"...\"" : "") + " but input " + std::to_string(t) + " " +
                  shape_to_string(inputs[t]) + " has rank " + std::to_string(rank));
    if (has_ell) {
      ell_rank[t] = rank - letters;
      E = std::max(E, ell_rank[t]);
    }
  }

  EinsumPlan p;
  p.label_size.assign(52 + E, -1);
  p.strides.assign(inputs.size(), std::vector<int64_t>(52 + E, 0));
  std::vector<int> uses(52 + E, 0);
  for (size_t t = 0; t < parsed.size(); ++t) {
    const Shape& s = inputs[t];
    std::vector<int64_t> axis_stride(s.size(), 1);
    for (size_t a = s.size(); a-- > 1;) axis_stride[a - 1] = axis_stride[a] * s[a];
    size_t axis = 0;
    for (int l : parsed[t]) {
      if (l == kEinsumEllipsis) {
        for (size_t k = 0; k < ell_rank[t]; ++k, ++axis) {
          const int label = static_cast<int>(52 + E - ell_rank[t] + k);
          const int64_t n = s[axis];
          int64_t& size = p.label_size[static_cast<size_t>(label)];
          if (size == -1 || size == 1)
            size = n;
          else if (n != 1 && n != size)
            throw Error("Einsum: the axes \"...\" stands for do not broadcast: input " + std::to_string(t) + " " +
                        shape_to_string(s) + " has " + std::to_string(n) + " where another input has " +
                        std::to_string(size));
          if (n != 1) p.strides[t][static_cast<size_t>(label)] += axis_stride[axis];
          ++uses[static_cast<size_t>(label)];
        }
        continue;
      }
      const int64_t n = s[axis];
      int64_t& size = p.label_size[static_cast<size_t>(l)];
      if (size != -1 && size != n)
        throw Error("Einsum: label '" + std::string(1, einsum_char(l)) + "' has length " + std::to_string(n) +
                    " in input " + std::to_string(t) + " " + shape_to_string(s) + " but " + std::to_string(size) +
                    " elsewhere");
      size = n;
      p.strides[t][static_cast<size_t>(l)] += axis_stride[axis];
      ++uses[static_cast<size_t>(l)];
      ++axis;
    }
  }
  // An ellipsis axis read only with length 1 everywhere has stride 0 everywhere, as it should.

  std::vector<bool> in_out(52 + E, false);
  if (explicit_out) {
    const std::vector<int> out = parse_einsum_term(rhs, "the output term " + quote_text(rhs));
    bool out_ell = false;
    for (int l : out) {
      if (l == kEinsumEllipsis) {
        out_ell = true;
        for (size_t k = 0; k < E; ++k) {
          p.out_labels.push_back(static_cast<int>(52 + k));
          in_out[52 + k] = true;
        }
        continue;
      }
      if (in_out[static_cast<size_t>(l)])
        throw Error("Einsum equation " + quote_text(equation) + ": the output names '" +
                    std::string(1, einsum_char(l)) + "' more than once");
      if (p.label_size[static_cast<size_t>(l)] == -1)
        throw Error("Einsum equation " + quote_text(equation) + ": the output label '" +
                    std::string(1, einsum_char(l)) + "' is in no input term");
      in_out[static_cast<size_t>(l)] = true;
      p.out_labels.push_back(l);
    }
    if (!out_ell && E > 0)
      throw Error("Einsum equation " + quote_text(equation) + ": the inputs' \"...\" stands for " + std::to_string(E) +
                  " axes, so the output term must contain \"...\"");
  } else {
    for (size_t k = 0; k < E; ++k) {
      p.out_labels.push_back(static_cast<int>(52 + k));
      in_out[52 + k] = true;
    }
    for (int l = 0; l < 52; ++l)
      if (uses[static_cast<size_t>(l)] == 1) {
        p.out_labels.push_back(l);
        in_out[static_cast<size_t>(l)] = true;
      }
  }
  for (size_t l = 0; l < 52 + E; ++l)
    if (p.label_size[l] != -1 && !in_out[l]) p.sum_labels.push_back(static_cast<int>(l));
  for (int l : p.out_labels) p.out_shape.push_back(p.label_size[static_cast<size_t>(l)]);
  if (!checked_element_count(p.out_shape))
    throw Error("Einsum output " + shape_to_string(p.out_shape) + " is too large to count");
  return p;
}

}  // namespace onnx_ref::linalg
