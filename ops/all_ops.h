#pragma once
// Every operator file registers all of its versions through one function listed here.
#include "ops/registry.h"

namespace onnx_ref {

inline constexpr const char* kOpenVinoDomain = "org.openvinotoolkit";

void register_reshape(Registry& registry);
// ops/control/: graphs inside graphs.
void register_if(Registry& registry);
void register_loop(Registry& registry);
void register_scan(Registry& registry);
// ops/sequence/: sequences and optionals.
void register_sequence_empty(Registry& registry);
void register_sequence_construct(Registry& registry);
void register_sequence_insert(Registry& registry);
void register_sequence_at(Registry& registry);
void register_sequence_erase(Registry& registry);
void register_sequence_length(Registry& registry);
void register_concat_from_sequence(Registry& registry);
void register_split_to_sequence(Registry& registry);
void register_sequence_map(Registry& registry);
void register_optional(Registry& registry);
void register_optional_get_element(Registry& registry);
void register_optional_has_element(Registry& registry);

void register_flatten(Registry& registry);
void register_openvino_reshape(Registry& registry);
// ops/ml/: the ai.onnx.ml operators that take or give maps.
void register_zip_map(Registry& registry);
void register_cast_map(Registry& registry);
void register_dict_vectorizer(Registry& registry);
// ops/ml/: the ai.onnx.ml operators that take and give tensors.
void register_ml_tree_ensemble(Registry& registry);
void register_ml_tree_ensemble_regressor(Registry& registry);
void register_ml_tree_ensemble_classifier(Registry& registry);
void register_ml_binarizer(Registry& registry);
void register_ml_array_feature_extractor(Registry& registry);
void register_ml_label_encoder(Registry& registry);
void register_ml_linear_regressor(Registry& registry);
void register_ml_linear_classifier(Registry& registry);
void register_ml_scaler(Registry& registry);
void register_ml_imputer(Registry& registry);
void register_ml_feature_vectorizer(Registry& registry);
void register_ml_category_mapper(Registry& registry);
void register_ml_one_hot_encoder(Registry& registry);
void register_ml_normalizer(Registry& registry);
void register_ml_svm_regressor(Registry& registry);
void register_ml_svm_classifier(Registry& registry);
void register_identity(Registry& registry);
void register_shape(Registry& registry);
void register_size(Registry& registry);
void register_squeeze(Registry& registry);
void register_unsqueeze(Registry& registry);
void register_constant(Registry& registry);
void register_constant_of_shape(Registry& registry);
void register_eye_like(Registry& registry);
void register_reduce_sum(Registry& registry);
void register_reduce_prod(Registry& registry);
void register_reduce_mean(Registry& registry);
void register_reduce_max(Registry& registry);
void register_reduce_min(Registry& registry);
void register_reduce_l1(Registry& registry);
void register_reduce_l2(Registry& registry);
void register_reduce_sum_square(Registry& registry);
void register_reduce_log_sum(Registry& registry);
void register_reduce_log_sum_exp(Registry& registry);
void register_top_k(Registry& registry);
void register_cum_sum(Registry& registry);
void register_cum_prod(Registry& registry);
void register_arg_max(Registry& registry);
void register_arg_min(Registry& registry);
void register_softmax(Registry& registry);
void register_log_softmax(Registry& registry);
void register_hardmax(Registry& registry);
void register_range(Registry& registry);
// ops/math/: element-wise arithmetic, comparison and logic (one engine, ops/math/elementwise.h).
void register_add(Registry& registry);
void register_sub(Registry& registry);
void register_mul(Registry& registry);
void register_div(Registry& registry);
void register_equal(Registry& registry);
void register_less(Registry& registry);
void register_greater(Registry& registry);
void register_not(Registry& registry);
void register_neg(Registry& registry);
void register_abs(Registry& registry);
void register_min(Registry& registry);
void register_max(Registry& registry);
// ops/math/ (numeric/elementary.h): correctly rounded transcendental functions and Pow.
void register_pow(Registry& registry);
void register_sqrt(Registry& registry);
void register_log(Registry& registry);
void register_exp(Registry& registry);
void register_tanh(Registry& registry);
void register_erf(Registry& registry);
void register_sin(Registry& registry);
void register_cos(Registry& registry);
void register_tan(Registry& registry);
void register_asin(Registry& registry);
void register_acos(Registry& registry);
void register_atan(Registry& registry);
void register_sinh(Registry& registry);
void register_cosh(Registry& registry);
void register_asinh(Registry& registry);
void register_acosh(Registry& registry);
void register_atanh(Registry& registry);
// ops/activation/: activations, each its whole expression rounded once.
void register_sigmoid(Registry& registry);
void register_softplus(Registry& registry);
void register_mish(Registry& registry);
void register_gelu(Registry& registry);
void register_swish(Registry& registry);
void register_elu(Registry& registry);
void register_selu(Registry& registry);
void register_celu(Registry& registry);
// ops/activation/ and the rest of ops/math/: activations, rounding, Sum and Mean.
void register_relu(Registry& registry);
void register_leaky_relu(Registry& registry);
void register_thresholded_relu(Registry& registry);
void register_hard_sigmoid(Registry& registry);
void register_hard_swish(Registry& registry);
void register_prelu(Registry& registry);
void register_clip(Registry& registry);
void register_reciprocal(Registry& registry);
void register_floor(Registry& registry);
void register_ceil(Registry& registry);
void register_round(Registry& registry);
void register_sign(Registry& registry);
void register_greater_or_equal(Registry& registry);
void register_less_or_equal(Registry& registry);
void register_sum(Registry& registry);
void register_mean(Registry& registry);
// ops/logic/ and ops/math/: classification, Mod, logical and bitwise operators.
void register_is_nan(Registry& registry);
void register_is_inf(Registry& registry);
void register_mod(Registry& registry);
void register_and(Registry& registry);
void register_or(Registry& registry);
void register_xor(Registry& registry);
void register_bitwise_and(Registry& registry);
void register_bitwise_or(Registry& registry);
void register_bitwise_xor(Registry& registry);
void register_bitwise_not(Registry& registry);
void register_bit_shift(Registry& registry);
void register_softsign(Registry& registry);
void register_shrink(Registry& registry);
void register_transpose(Registry& registry);
void register_expand(Registry& registry);
void register_tile(Registry& registry);
void register_where(Registry& registry);
void register_compress(Registry& registry);
void register_nonzero(Registry& registry);
void register_cast(Registry& registry);
void register_cast_like(Registry& registry);
void register_bit_cast(Registry& registry);

void register_concat(Registry& registry);
void register_split(Registry& registry);
void register_slice(Registry& registry);

void register_gather(Registry& registry);
void register_gather_elements(Registry& registry);
void register_gather_nd(Registry& registry);

void register_scatter_nd(Registry& registry);
void register_scatter_elements(Registry& registry);
void register_scatter(Registry& registry);
void register_reverse_sequence(Registry& registry);
void register_unique(Registry& registry);
void register_non_max_suppression(Registry& registry);
void register_center_crop_pad(Registry& registry);
void register_affine_grid(Registry& registry);
void register_grid_sample(Registry& registry);
// ops/attention/: attention and its building blocks.
void register_attention(Registry& registry);
void register_causal_conv_with_state(Registry& registry);
void register_linear_attention(Registry& registry);
void register_flex_attention(Registry& registry);  // ai.onnx.preview
void register_rotary_embedding(Registry& registry);
void register_tensor_scatter(Registry& registry);

void register_trilu(Registry& registry);
void register_one_hot(Registry& registry);
void register_depth_to_space(Registry& registry);
void register_space_to_depth(Registry& registry);

void register_pad(Registry& registry);

// ops/linalg/: the dot-product operators over the checked GEMM engine (gemm/dot.h).
void register_matmul(Registry& registry);
void register_gemm(Registry& registry);
void register_conv(Registry& registry);
void register_conv_transpose(Registry& registry);
void register_einsum(Registry& registry);
void register_det(Registry& registry);
void register_col2im(Registry& registry);
void register_deform_conv(Registry& registry);
// ops/training/: the ai.onnx.preview.training optimizers (shared rules: ops/training/optimizer_rules.h).
void register_adagrad(Registry& registry);
void register_adam(Registry& registry);
void register_momentum(Registry& registry);
// The 8-bit integer products (ops/linalg/) and (de)quantization (ops/quant/).
void register_matmul_integer(Registry& registry);
void register_conv_integer(Registry& registry);
void register_dynamic_quantize_linear(Registry& registry);
void register_quantize_linear(Registry& registry);
void register_dequantize_linear(Registry& registry);
// The quantized products, requantized exactly (ops/quant/requantize.h).
void register_qlinear_matmul(Registry& registry);
void register_qlinear_conv(Registry& registry);
// ops/pool/: the pools (window rules: ops/window_rules.h).
void register_max_pool(Registry& registry);
void register_average_pool(Registry& registry);
void register_global_average_pool(Registry& registry);
void register_global_max_pool(Registry& registry);
void register_lp_pool(Registry& registry);
void register_global_lp_pool(Registry& registry);
void register_max_unpool(Registry& registry);
void register_roi_align(Registry& registry);
void register_max_roi_pool(Registry& registry);
// ops/normalization/: the normalizations (shared statistics in normalization.h).
void register_batch_normalization(Registry& registry);
void register_instance_normalization(Registry& registry);
void register_layer_normalization(Registry& registry);
void register_lp_normalization(Registry& registry);
void register_mean_variance_normalization(Registry& registry);
void register_group_normalization(Registry& registry);
void register_rms_normalization(Registry& registry);
void register_lrn(Registry& registry);
void register_dropout(Registry& registry);
// ops/loss/: the losses (shared rules in loss_rules.h).
void register_negative_log_likelihood_loss(Registry& registry);
void register_softmax_cross_entropy_loss(Registry& registry);
// ops/resample/: Resize and Upsample (coordinate rules: ops/resample/resize_rules.h).
void register_resize(Registry& registry);
void register_upsample(Registry& registry);
// ops/recurrent/: the recurrent layers (shared rules: ops/recurrent/recurrent_rules.h).
void register_lstm(Registry& registry);
void register_gru(Registry& registry);
void register_rnn(Registry& registry);
// ops/signal/: windows, mel filter banks and Fourier transforms.
void register_hann_window(Registry& registry);
void register_hamming_window(Registry& registry);
void register_blackman_window(Registry& registry);
void register_mel_weight_matrix(Registry& registry);
void register_dft(Registry& registry);
void register_stft(Registry& registry);
// ops/text/: string operators.
void register_string_concat(Registry& registry);
void register_string_split(Registry& registry);
void register_regex_full_match(Registry& registry);
void register_string_normalizer(Registry& registry);
void register_tfidf_vectorizer(Registry& registry);
// ops/image/: ImageDecoder and its per-format decoders.
void register_image_decoder(Registry& registry);
// ops/random/: random generators (streams: ops/random/random_rules.h).
void register_random_uniform(Registry& registry);
void register_random_normal(Registry& registry);
void register_random_uniform_like(Registry& registry);
void register_random_normal_like(Registry& registry);
void register_bernoulli(Registry& registry);
void register_multinomial(Registry& registry);

}  // namespace onnx_ref
