#include "ops/ml/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_ml_ops(Registry& registry) {
  register_ml_array_feature_extractor(registry);
  register_ml_binarizer(registry);
  register_cast_map(registry);
  register_ml_category_mapper(registry);
  register_dict_vectorizer(registry);
  register_ml_feature_vectorizer(registry);
  register_ml_imputer(registry);
  register_ml_label_encoder(registry);
  register_ml_linear_classifier(registry);
  register_ml_linear_regressor(registry);
  register_ml_normalizer(registry);
  register_ml_one_hot_encoder(registry);
  register_ml_scaler(registry);
  register_ml_svm_classifier(registry);
  register_ml_svm_regressor(registry);
  register_ml_tree_ensemble(registry);
  register_ml_tree_ensemble_classifier(registry);
  register_ml_tree_ensemble_regressor(registry);
  register_zip_map(registry);
}

}  // namespace onnx_ref
