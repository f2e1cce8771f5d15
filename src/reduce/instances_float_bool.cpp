// Explicit instantiations of the whole-array reductions (sum, max, min; see reduction/reduce.hpp)
// for bool, float32 and float64: CUB is compiled here once instead of in every translation unit
// that reduces an array. The dtypes are split over three files so that they compile in parallel.
#include <cupp/reduction/reduce.hpp>

namespace cupp::detail {
#define X(T) CUPP_REDUCE_ARRAY_INSTANCES(, T)
X(bool) X(float) X(double)
#undef X
} // namespace cupp::detail
