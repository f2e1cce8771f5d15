// Explicit instantiations of the whole-array reductions (sum, max, min; see reduction/reduce.hpp)
// for bool and the floating dtypes (float16, bfloat16, float32, float64), chosen from the dtype
// table by kind: CUB is compiled here once instead of in every translation unit that reduces an
// array. The kinds are split over three files so that they compile in parallel.
#include <cupp/reduction/reduce.hpp>

namespace cupp::detail {
#define CUPP_WHEN_KIND_b(x) x
#define CUPP_WHEN_KIND_i(x)
#define CUPP_WHEN_KIND_u(x)
#define CUPP_WHEN_KIND_f(x) x
#define X(T, name, kind, c_name) CUPP_WHEN_KIND_##kind(CUPP_REDUCE_ARRAY_INSTANCES(, T))
CUPP_DTYPE_TABLE(X)
} // namespace cupp::detail
