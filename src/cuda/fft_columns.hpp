#pragma once
// The column FFT kernel's entry points (CUDA backend, src/cuda/fft_columns.cpp; the kernel is
// fft_columns.cuh): what it takes, and running it.
#include <cupp/detail/fft.hpp>

namespace cupp::detail::fft {

/// Whether the column kernel runs `d`: a complex batch of one power-of-two length from 32 to 2048
/// (complex64) or 4096 (complex128) whose transforms are adjacent in memory (distance 1, rows
/// further apart than the batch), at least one block's columns of them. Measured on an H100
/// against cuFFT's plan for the same layout (axis 0 of 16M complex64): 1.03x to 1.19x.
[[nodiscard]] bool columns_take(const desc& d);

/// The twiddle table of d's precision on the current device, made at the first call for it
/// (once per device and precision, kept for the process: 64 KB at most). A plan keeps it.
[[nodiscard]] const void* columns_table(const desc& d);

/// Runs `d` (columns_take) with `table` (columns_table) on the current stream `count` times, as
/// execute() does.
void run_columns(const desc& d, const void* table, const void* in, void* out, index_t count,
                 index_t in_step, index_t out_step);

} // namespace cupp::detail::fft
