#pragma once
/// \file
/// IIR filtering of contiguous rows, the pass of cupx::signal's lfilter and sosfilt:
///
///   iir_rows(x, y, rows, n, b, nb, a, na, zi)
///       y[r, :] = scipy.signal.lfilter(b, a, x[r, :], zi=zi[r, :]) for each of the `rows` rows of
///       `n` elements: SciPy's direct form II transposed with the coefficients divided by a[0].
///       b and a: device arrays of nb >= 1 and na >= 1 values (a[0] != 0); zi: null (zero state)
///       or rows x (max(na, nb) - 1) values; x and y distinct.
///
/// The filter is its FIR part u = b * x (zi entering u[i] for i < max(na, nb) - 1) through the
/// recurrence y[i] = u[i] - sum_k a_k y[i - k]. The host backend runs each row in order (rows in
/// parallel). The CUDA backend splits each row into chunks of a few elements per thread, runs
/// each chunk from a zero state, and joins the chunks' states by a scan whose operator is the
/// recurrence's companion matrix raised to the chunk length (powers by squaring on the device),
/// so that a row of millions of samples is filtered in parallel. Filters whose companion powers
/// have large entries (narrow bands, high orders: the scan's rounding grows with their square)
/// run in order instead, a thread per segment warmed up until the powers have decayed, decided on
/// the device without a sync; orders above iir_scan_max_order take one thread per row
/// (detail/cuda/linear_recurrence.cuh). Compiled for float and double in
/// src/cupx/signal/filtering.cpp.

#include <cupp/core/config.hpp>
#include <cupp/core/layout.hpp>

namespace cupp::detail {

/// The largest order of a (the length of its state) that the CUDA scan takes.
inline constexpr int iir_scan_max_order = 32;

template <class R>
void iir_rows(const R* x, R* y, index_t rows, index_t n, const R* b, int nb, const R* a, int na,
              const R* zi);

extern template void iir_rows<float>(const float*, float*, index_t, index_t, const float*, int,
                                     const float*, int, const float*);
extern template void iir_rows<double>(const double*, double*, index_t, index_t, const double*, int,
                                      const double*, int, const double*);

} // namespace cupp::detail
