// Explicit instantiations of the whole-array reductions (sum, max, min; see reduction/reduce.hpp)
// for the signed dtypes: CUB is compiled here once instead of in every translation unit that
// reduces an array. The dtypes are split over three files so that they compile in parallel.
#include <cupp/reduction/reduce.hpp>

namespace cupp::detail {
#define X(T) CUPP_REDUCE_ARRAY_INSTANCES(, T)
X(std::int8_t) X(std::int16_t) X(std::int32_t) X(std::int64_t)
#undef X
} // namespace cupp::detail
