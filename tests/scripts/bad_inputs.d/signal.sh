# Bad inputs of the signal operators (ops/signal/): a dft_length below 1, a DFT axis on the
# real/imaginary dimension, a window of size 0, a frame step of 0, mel bands beyond the spectrogram.
# Sourced by tests/scripts/bad_inputs.sh.

signal_node() { echo "node { name: \"s\" op_type: \"$1\" $2 output: \"y\" ${3:-} }"; }
signal_i64() { echo "initializer { name: \"$1\" data_type: 7 int64_data: [$2] }"; }
signal_f32() { echo "initializer { name: \"$1\" data_type: 1 float_data: [$2] }"; }
x_float_1x4x1='name: "x" data_type: 1 dims: 1 dims: 4 dims: 1 float_data: [1, 2, 3, 4]'

# DFT: dft_length must be at least 1.
model signal_dft_length_zero 8 20 "$(signal_node DFT 'input: "x" input: "n"') $(declared x 1 1 4 1) $(signal_i64 n 0) $y_out"
input signal_dft_length_zero "$x_float_1x4x1"
expect_both signal_dft_length_zero "node 's' (#0, DFT-20): dft_length = 0 must be at least 1"

# DFT: the last axis holds the real and imaginary parts and cannot be transformed.
model signal_dft_axis_last 8 20 "$(signal_node DFT 'input: "x" input: "" input: "a"') $(declared x 1 1 4 1) $(signal_i64 a -1) $y_out"
input signal_dft_axis_last "$x_float_1x4x1"
expect_both signal_dft_axis_last "node 's' (#0, DFT-20): axis = -1 is out of range: for an input of rank 3 it must be in [-3, -2] or [0, 1] (the last dimension holds the real and imaginary parts)"

# HannWindow: a size of 0.
model signal_hann_size_zero 8 17 "$(signal_node HannWindow 'input: "x"') $(declared x 7) $y_out"
input signal_hann_size_zero 'name: "x" data_type: 7 int64_data: [0]'
expect_both signal_hann_size_zero "node 's' (#0, HannWindow-17): size = 0 must be at least 1"

# STFT: a frame step of 0.
model signal_stft_step_zero 8 17 "$(signal_node STFT 'input: "x" input: "step"') $(declared x 1 1 4 1) $(signal_i64 step 0) $y_out"
input signal_stft_step_zero "$x_float_1x4x1"
expect_both signal_stft_step_zero "node 's' (#0, STFT-17): frame_step = 0 must be at least 1"

# MelWeightMatrix: bands above the Nyquist frequency reach beyond the spectrogram's bins (the last
# band's peak: 2595 log10(1 + 40000 / 700) x 3/4 mel is 14035 Hz, bin floor(9 x 14035 / 8000) = 15).
model signal_mel_upper_edge 8 17 "$(signal_node MelWeightMatrix 'input: "bins" input: "n" input: "rate" input: "lo" input: "x"')
  $(signal_i64 bins 2) $(signal_i64 n 8) $(signal_i64 rate 8000) $(signal_f32 lo 0) $(declared x 1) $y_out"
input signal_mel_upper_edge 'name: "x" data_type: 1 float_data: [40000]'
expect_both signal_mel_upper_edge "node 's' (#0, MelWeightMatrix-17): the mel bands reach spectrogram bin 15, beyond the floor(dft_length / 2) + 1 = 5 bins: upper_edge_hertz is too high for sample_rate"
