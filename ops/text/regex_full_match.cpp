// ONNX RegexFullMatch, every version (20).
// Y[i] is true when the whole of X[i] matches `pattern`, in RE2 syntax as the spec mandates, run by
// RE2 itself (Debian's libre2) with its default options: UTF-8 pattern and text, leftmost-longest
// off (irrelevant to a full match). Contract: exact. A pattern RE2 refuses is a one-line error with
// RE2's reason, when the model is loaded; a missing pattern is refused too (the spec gives no
// default).
#include <re2/re2.h>

#include <memory>
#include <string>

#include "ops/text/register.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

std::unique_ptr<RE2> regex_full_match_compile(const Attributes& attrs) {
  if (!attrs.has("pattern")) throw Error("attribute 'pattern' is required: the spec gives it no default");
  const std::string& pattern = std::get<std::string>(attrs.get("pattern"));
  RE2::Options options;
  options.set_log_errors(false);
  auto re = std::make_unique<RE2>(pattern, options);
  if (!re->ok())
    throw Error("attribute 'pattern' = " + quote_text(pattern) +
                " is not valid RE2 syntax: " + quote_text(re->error()));
  return re;
}

// The pattern is compiled once, at load; RE2 matches through a const object from any thread.
std::vector<Value> regex_full_match(const KernelContext& ctx, const std::unique_ptr<RE2>& re) {
  const Tensor& x = ctx.input(0);
  Tensor y = Tensor::zeros(ElementType::Bool, x.shape());
  uint8_t* out = x.element_count() ? reinterpret_cast<uint8_t*>(y.mutable_data()) : nullptr;
  const std::vector<std::string>& xs = x.strings();
  for (size_t i = 0; i < xs.size(); ++i) out[i] = RE2::FullMatch(xs[i], *re) ? 1 : 0;
  return {y};
}

}  // namespace

void register_regex_full_match(Registry& registry) {
  OpVersion v;
  v.op_type = "RegexFullMatch";
  v.since_version = 20;
  v.inputs = {{"X", "T1"}};
  v.outputs = {{"Y", "T2"}};
  v.attributes = {{"pattern", AttrType::String}};
  v.type_constraints = {{"T1", TypeSet{ElementType::String}}, {"T2", TypeSet{ElementType::Bool}}};
  v.set_kernel(regex_full_match_compile, regex_full_match);
  registry.add(std::move(v));
  registry.declare_accuracy("RegexFullMatch", {AccuracyKind::Exact, "a decision"});
}

}  // namespace onnx_ref
