#include "ops/text/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_text_ops(Registry& registry) {
  register_regex_full_match(registry);
  register_string_concat(registry);
  register_string_normalizer(registry);
  register_string_split(registry);
  register_tfidf_vectorizer(registry);
}

}  // namespace onnx_ref
