// Raising kernel faults (see detail/fault.hpp) at sync points; fault_slot() is per backend.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/random/generate.hpp>

#include <cmath>
#include <string>

namespace cupp::detail {

void raise_pending_fault() {
  fault_record* r = fault_slot();
  // claimed by one thread only: two threads at sync points must not both raise one fault; the
  // fields stay put until code is cleared, since no other fault can be recorded before that
  if (__atomic_exchange_n(&r->ready, 0, __ATOMIC_ACQ_REL) == 0) return;
  const fault_record f = *r;
  __atomic_store_n(&r->code, 0, __ATOMIC_RELEASE);
  switch (static_cast<fault_code>(f.code)) {
  case fault_code::index_out_of_bounds:
    throw index_error("index " + std::to_string(f.a) + " is out of bounds for axis " +
                      std::to_string(f.b) + " with size " + std::to_string(f.c));
  case fault_code::invalid_choice:
    throw value_error("invalid entry in choice array");
  case fault_code::all_nan:
    throw value_error("All-NaN slice encountered");
  case fault_code::negative_int_power:
    throw value_error("Integers to negative integer powers are not allowed.");
  case fault_code::invalid_parameter:
    throw value_error(random::constraint_message(static_cast<random::constraint>(f.a),
                                                 reinterpret_cast<const char*>(f.b),
                                                 f.c ? NAN : 0.0, true));
  case fault_code::integer_bounds:
    random::raise_bounds(static_cast<bounds_fault>(f.a), reinterpret_cast<const char*>(f.b));
  case fault_code::parameter_relation:
    random::raise_relation(static_cast<relation_fault>(f.a), true);
  case fault_code::random_sample:
    switch (static_cast<sample_fault>(f.a)) {
    case sample_fault::p_nan:
      throw value_error("Probabilities contain NaN");
    case sample_fault::p_negative:
      throw value_error("Probabilities are not non-negative");
    case sample_fault::p_sum:
      throw value_error("Probabilities do not sum to 1. See Notes section of docstring for more "
                        "information.");
    case sample_fault::p_too_few:
      throw value_error("Fewer non-zero entries in p than size");
    case sample_fault::margin_missed:
      // a uniform sample's draws held b distinct values, fewer than the c asked for
      throw error("random sample: " + std::to_string(f.b) +
                  " distinct values drawn for a sample of " + std::to_string(f.c) +
                  " (a chance below 1e-32; please report it)");
    }
    break;
  case fault_code::linalg:
    if (f.c < 0) // an argument cupp passed wrongly, not the matrix's fault
      throw error("linalg: LAPACK reported argument " + std::to_string(-f.c) +
                  " invalid (please report it)");
    switch (static_cast<linalg_fault>(f.a)) {
    case linalg_fault::singular:
      throw linalg_error("Singular matrix");
    case linalg_fault::not_pd:
      throw linalg_error("Matrix is not positive definite");
    case linalg_fault::svd_no_converge:
      throw linalg_error("SVD did not converge");
    case linalg_fault::eig_no_converge:
      throw linalg_error("Eigenvalues did not converge");
    case linalg_fault::lstsq_no_converge:
      throw linalg_error("SVD did not converge in Linear Least Squares");
    case linalg_fault::not_finite:
      throw linalg_error("Array must not contain infs or NaNs");
    case linalg_fault::minor_not_pd:
      throw linalg_error(std::to_string(f.c) +
                         "-th leading minor of the array is not positive definite");
    case linalg_fault::zero_diagonal:
      throw linalg_error("singular matrix: resolution failed at diagonal " +
                         std::to_string(f.c - 1));
    }
    break;
  default:
    throw error("unknown kernel fault " + std::to_string(f.code));
  }
}

} // namespace cupp::detail
