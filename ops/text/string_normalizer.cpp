// ONNX StringNormalizer, every version (10).
// X is [C] or [1, C] (the spec accepts only these). Elements equal to a stopword are removed:
// byte for byte when is_case_sensitive = 1, otherwise after Unicode full case folding of both
// (ICU's foldCase, the default folding). The remaining elements are then lowercased or uppercased
// (case_change_action LOWER or UPPER, by ICU's full case mapping for `locale`, default en_US:
// Turkish "tr" maps i to İ, German ß uppercases to SS) or left as they are (NONE). The output keeps
// the input's rank: [C'] or [1, C']; when every element is removed it is [""] ([1] or [1, 1]), as
// the spec says. Contract: exact (a deterministic text transformation).
//
// ONNX's Python reference departs from the spec text (it strips accents and removes stopwords word
// by word inside each element); the spec text is followed here. Text that case mapping or folding
// must read has to be valid UTF-8 (the spec's input is UTF-8 strings); anything else is refused
// rather than silently replaced. An unknown case_change_action or a locale ICU cannot parse is refused
// when the model is loaded.
#include <unicode/locid.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <set>
#include <string>

#include "ops/text/register.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

bool string_normalizer_valid_utf8(const std::string& s) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  int32_t i = 0;
  const int32_t n = static_cast<int32_t>(s.size());
  while (i < n) {
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0) return false;
  }
  return true;
}

icu::UnicodeString string_normalizer_decode(const std::string& s, const char* what) {
  if (s.size() > static_cast<size_t>(INT32_MAX) || !string_normalizer_valid_utf8(s))
    throw Error(std::string(what) + " " + quote_text(s) + " is not valid UTF-8");
  return icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
}

std::string string_normalizer_fold(const std::string& s, const char* what) {
  icu::UnicodeString u = string_normalizer_decode(s, what);
  u.foldCase();
  std::string out;
  u.toUTF8String(out);
  return out;
}

std::string string_normalizer_action(const Attributes& attrs) {
  const std::string& action = std::get<std::string>(attrs.get("case_change_action"));
  if (action != "LOWER" && action != "UPPER" && action != "NONE")
    throw Error("attribute 'case_change_action' = " + quote_text(action) + " is none of LOWER, UPPER, NONE");
  return action;
}

icu::Locale string_normalizer_locale(const Attributes& attrs) {
  const std::string name = attrs.has("locale") ? std::get<std::string>(attrs.get("locale")) : std::string("en_US");
  icu::Locale locale(name.c_str());
  if (name.find('\0') != std::string::npos || locale.isBogus())
    throw Error("attribute 'locale' = " + quote_text(name) + " is not a locale ICU can parse");
  return locale;
}

// The attributes, checked once, at load; the stopwords are folded then too.
struct StringNormalizerParams {
  std::string action;
  icu::Locale locale;
  bool case_sensitive = false;
  std::set<std::string> stops;
};

StringNormalizerParams parse_string_normalizer(const Attributes& attrs) {
  StringNormalizerParams p{
      string_normalizer_action(attrs), string_normalizer_locale(attrs), attrs.get_flag("is_case_sensitive"), {}};
  if (attrs.has("stopwords"))
    for (const std::string& w : std::get<std::vector<std::string>>(attrs.get("stopwords")))
      p.stops.insert(p.case_sensitive ? w : string_normalizer_fold(w, "the stopword"));
  return p;
}

std::vector<Value> string_normalizer(const KernelContext& ctx, const StringNormalizerParams& params) {
  const Tensor& x = ctx.input(0);
  if (!(x.rank() == 1 || (x.rank() == 2 && x.shape()[0] == 1)))
    throw Error("X must be [C] or [1, C], but it is " + x.describe());
  const std::string& action = params.action;
  const icu::Locale& locale = params.locale;
  const bool case_sensitive = params.case_sensitive;
  const std::set<std::string>& stops = params.stops;
  std::vector<std::string> kept;
  for (const std::string& s : x.strings()) {
    if (!stops.empty() && stops.count(case_sensitive ? s : string_normalizer_fold(s, "the element"))) continue;
    if (action == "NONE") {
      kept.push_back(s);
      continue;
    }
    icu::UnicodeString u = string_normalizer_decode(s, "the element");
    if (action == "LOWER")
      u.toLower(locale);
    else
      u.toUpper(locale);
    std::string out;
    u.toUTF8String(out);
    kept.push_back(std::move(out));
  }
  if (kept.empty()) kept.push_back("");
  const int64_t count = static_cast<int64_t>(kept.size());
  return {Tensor::from_strings(x.rank() == 1 ? Shape{count} : Shape{1, count}, std::move(kept))};
}

}  // namespace

void register_string_normalizer(Registry& registry) {
  OpVersion v;
  v.op_type = "StringNormalizer";
  v.since_version = 10;
  v.inputs = {{"X", "tensor(string)"}};
  v.outputs = {{"Y", "tensor(string)"}};
  v.attributes = {{"case_change_action", AttrType::String, false, std::string("NONE")},
                  {"is_case_sensitive", AttrType::Int, false, int64_t{0}},
                  {"locale", AttrType::String},
                  {"stopwords", AttrType::Strings}};
  v.type_constraints = {{"tensor(string)", TypeSet{ElementType::String}, "tensor(string)"}};
  v.set_kernel(parse_string_normalizer, string_normalizer);
  registry.add(std::move(v));
  registry.declare_accuracy("StringNormalizer", {AccuracyKind::Exact, "a deterministic text transformation"});
}

}  // namespace onnx_ref
