#pragma once
// ops/ml/: each operator file registers all of its versions through one function declared here;
// register_ml_ops (ops/ml/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_ml_array_feature_extractor(Registry& registry);
void register_ml_binarizer(Registry& registry);
void register_cast_map(Registry& registry);
void register_ml_category_mapper(Registry& registry);
void register_dict_vectorizer(Registry& registry);
void register_ml_feature_vectorizer(Registry& registry);
void register_ml_imputer(Registry& registry);
void register_ml_label_encoder(Registry& registry);
void register_ml_linear_classifier(Registry& registry);
void register_ml_linear_regressor(Registry& registry);
void register_ml_normalizer(Registry& registry);
void register_ml_one_hot_encoder(Registry& registry);
void register_ml_scaler(Registry& registry);
void register_ml_svm_classifier(Registry& registry);
void register_ml_svm_regressor(Registry& registry);
void register_ml_tree_ensemble(Registry& registry);
void register_ml_tree_ensemble_classifier(Registry& registry);
void register_ml_tree_ensemble_regressor(Registry& registry);
void register_zip_map(Registry& registry);

}  // namespace onnx_ref
