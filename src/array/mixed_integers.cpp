// cupp::array's comparisons and logic between int64 and uint64 arrays (ufunc.hpp): the typed
// operations on the two dtypes as they are, exact where their promotion (float64) would round.
#include "ufunc_loops.hpp"

namespace cupp::detail::ufunc {

array run_mixed_integers(binary_op op, const ndarray<std::int64_t>& s,
                         const ndarray<std::uint64_t>& u, bool swapped) {
  switch (op) {
#define CUPP_CASE(NAME, SUPPORT, RULE)                                                             \
  case binary_op::NAME:                                                                            \
    if constexpr (expr::scalar_rule::RULE == expr::scalar_rule::exact)                             \
      return swapped ? evaluate<ops::NAME>(u, s) : evaluate<ops::NAME>(s, u);                      \
    break;
    CUPP_ARRAY_BINARY_UFUNCS(CUPP_CASE)
#undef CUPP_CASE
  }
  throw value_error("cupp::array: no exact loop for int64 with uint64 (a cupp bug)");
}

} // namespace cupp::detail::ufunc
