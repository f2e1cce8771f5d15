#pragma once
/// \file
/// Errors found inside kernels (an index out of bounds, a boolean assignment of the wrong length).
/// A kernel cannot throw and must not crash, and checking on the host would need a sync after each
/// call; so the first fault is recorded in host-visible memory and raised as a C++ exception at the
/// next sync point (`item()`, copies to the host, printing, `synchronize()`), on either backend.
/// The faulting element is skipped (gathers yield 0); no memory outside the arrays is touched.
/// The record is one per process: a fault is raised once, by whichever host thread reaches a sync
/// point first.

#include <cupp/core/config.hpp>

#include <cstdint>

namespace cupp::detail {

enum class fault_code : int {
  none = 0,
  index_out_of_bounds = 1, // a = index, b = axis, c = size
  invalid_choice = 2,      // np.choose: an entry outside [0, number of choices)
  all_nan = 3,             // nanargmax / nanargmin of a slice of only NaN
  negative_int_power = 4,  // power of integers with a negative exponent
  invalid_parameter = 5,   // a random distribution's array parameter: a = constraint, b = name
  random_sample = 6,       // a random sample's (choice's) check: a = sample_fault, b, c as below
  integer_bounds = 7,      // integers' array bounds: a = bounds_fault, b = the dtype's name
  parameter_relation = 8,  // a random distribution's array parameters together: a = relation_fault
  linalg = 9, // a LAPACK/cuSOLVER info result: a = linalg_fault, b = batch member, c = info
};

/// What a linalg fault found (linalg/ and cupx's linalg: the info results of the factorisations,
/// checked on the device): numpy.linalg.LinAlgError with NumPy's (or SciPy's) messages.
enum class linalg_fault : int {
  singular,        // "Singular matrix" (getrf's info > 0 in solve, inv, tensorsolve, matrix_power)
  not_pd,          // "Matrix is not positive definite" (potrf)
  svd_no_converge, // "SVD did not converge" (gesvd)
  eig_no_converge, // "Eigenvalues did not converge" (syevd, geev)
  lstsq_no_converge, // "SVD did not converge in Linear Least Squares"
  not_finite,        // "Array must not contain infs or NaNs" (eig, eigvals)
  // cupx::linalg (scipy.linalg's messages, which name where it failed: c is the info result)
  minor_not_pd,  // "<c>-th leading minor of the array is not positive definite" (cho_factor)
  zero_diagonal, // "singular matrix: resolution failed at diagonal <c - 1>" (solve_triangular)
};

/// What a random_sample fault found (detail/random/sample.hpp): NumPy's ValueErrors of choice's
/// p in the order NumPy checks them, then cupp's own.
enum class sample_fault : int {
  p_nan,         // "Probabilities contain NaN"
  p_negative,    // "Probabilities are not non-negative"
  p_sum,         // "Probabilities do not sum to 1. ..."
  p_too_few,     // "Fewer non-zero entries in p than size"
  margin_missed, // b candidates found for a sample of c, or b in a bucket of c slots (odds < 1e-32)
};

/// What an integer_bounds fault found (Generator.integers with array bounds): NumPy's ValueErrors,
/// the dtype's name (a string literal) in the record's b.
enum class bounds_fault : int {
  none,
  low_out_of_bounds,  // "low is out of bounds for int8"
  high_out_of_bounds, // "high is out of bounds for int8"
  low_ge_high,        // "low >= high"
  low_gt_high,        // "low > high" (endpoint)
  high_le_0,          // "high <= 0" (low is 0)
  high_lt_0,          // "high < 0" (low is 0, endpoint)
};

/// What a parameter_relation fault found: a distribution's parameters against each other, checked
/// on the host for scalars and in the kernel for arrays, with NumPy's messages.
enum class relation_fault : int {
  none,
  left_gt_mode,     // triangular: "left > mode"
  mode_gt_right,    // "mode > right"
  left_eq_right,    // "left == right"
  counts_too_large, // hypergeometric: "both ngood and nbad must be less than 1000000000"
  sample_too_large, // "ngood + nbad < nsample"
  range_not_finite, // uniform: OverflowError "Range exceeds valid bounds" (arrays)
  range_negative,   // "high - low < 0"
  lam_too_large,    // negative_binomial: "n too large or p too small, see ... Notes"
};

struct fault_record {
  int code;  // 0 while no fault is pending; claimed once with a compare-and-swap
  int ready; // set after the fields below are written
  index_t a, b, c;
};

/// The process-wide record (page-locked, mapped into every device's address space).
[[nodiscard]] fault_record* fault_slot();

/// Raises the pending fault, if any, as cupp's exception and clears it. Called at sync points.
void raise_pending_fault();

/// Records a fault unless one is already pending (the first one wins).
CUPP_HD inline void report_fault(fault_record* r, fault_code code, index_t a, index_t b,
                                 index_t c) {
#if defined(__CUDA_ARCH__)
  if (atomicCAS(&r->code, 0, static_cast<int>(code)) != 0) return;
  r->a = a;
  r->b = b;
  r->c = c;
  __threadfence_system();
  atomicExch(&r->ready, 1);
#else
  int expected = 0;
  if (!__atomic_compare_exchange_n(&r->code, &expected, static_cast<int>(code), false,
                                   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return;
  r->a = a;
  r->b = b;
  r->c = c;
  __atomic_store_n(&r->ready, 1, __ATOMIC_RELEASE);
#endif
}

/// Normalises a possibly negative index into [0, size), reporting a fault (and yielding -1) when
/// it is out of bounds, as NumPy's "index 7 is out of bounds for axis 0 with size 5".
CUPP_HD inline index_t checked_index(fault_record* r, index_t i, index_t axis, index_t size,
                                     fault_code code = fault_code::index_out_of_bounds) {
  const index_t j = i < 0 ? i + size : i;
  if (j < 0 || j >= size) {
    report_fault(r, code, i, axis, size);
    return -1;
  }
  return j;
}

} // namespace cupp::detail
