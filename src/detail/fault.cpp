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
  if (__atomic_load_n(&r->ready, __ATOMIC_ACQUIRE) == 0) return;
  const fault_record f = *r;
  r->ready = 0;
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
  default:
    throw error("unknown kernel fault " + std::to_string(f.code));
  }
}

} // namespace cupp::detail
