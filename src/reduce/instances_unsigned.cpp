// Explicit instantiations of the whole-array reductions (sum, max, min; see reduction/reduce.hpp)
// for the unsigned dtypes: CUB is compiled here once instead of in every translation unit that
// reduces an array. The dtypes are split over three files so that they compile in parallel.
#include <cupp/reduction/reduce.hpp>

namespace cupp::detail {
#define X(T) CUPP_REDUCE_ARRAY_INSTANCES(, T)
X(std::uint8_t) X(std::uint16_t) X(std::uint32_t) X(std::uint64_t)
#undef X
} // namespace cupp::detail
